// CUTLASS example 48's GEMM (examples/48_hopper_warp_specialized_gemm): TF32
// on f32 data, the collective builder's automatic (cooperative) schedule,
// tile 128x128x32, cluster 4x2x1. The configuration below is the example's,
// restated (its .cu holds a main), so GemmKernel is the kernel of
// examples/cutlass/ptx/48_hopper_warp_specialized_gemm.ptx; the Params size
// the emulator checks against the PTX's parameter confirms it.
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "describe.h"
#include "kernels.h"

namespace {

using namespace cute;

using ElementA = float;
using LayoutA = cutlass::layout::RowMajor;
constexpr int AlignmentA = 128 / cutlass::sizeof_bits<ElementA>::value;
using ElementB = float;
using LayoutB = cutlass::layout::ColumnMajor;
constexpr int AlignmentB = 128 / cutlass::sizeof_bits<ElementB>::value;
using ElementC = float;
using LayoutC = cutlass::layout::ColumnMajor;
constexpr int AlignmentC = 128 / cutlass::sizeof_bits<ElementC>::value;
using ElementAccumulator = float;
using TileShape = Shape<_128, _128, _32>;
using ClusterShape = Shape<_4, _2, _1>;

using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape,
    cutlass::epilogue::collective::EpilogueTileAuto, ElementAccumulator, ElementAccumulator, ElementC, LayoutC,
    AlignmentC, ElementC, LayoutC, AlignmentC, cutlass::epilogue::collective::EpilogueScheduleAuto>::CollectiveOp;

using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, ElementA, LayoutA, AlignmentA, ElementB, LayoutB, AlignmentB,
    ElementAccumulator, TileShape, ClusterShape,
    cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>,
    cutlass::gemm::collective::KernelScheduleAuto>::CollectiveOp;

using GemmKernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int>, CollectiveMainloop, CollectiveEpilogue>;

}  // namespace

namespace warpsat_host {

void make_48_tf32_cooperative(KernelLaunch& l) {
  const Problem& p = l.problem;
  // Small integers: every product and partial sum is exact in f32 (and in
  // TF32's 10-bit mantissa), so any accumulation order gives the same D.
  Buffer& a = add_buffer(l, "A", "f32", 4, texts(small_values(uint64_t(p.m) * p.k, -2, 2, 1, p.seed)));
  Buffer& b = add_buffer(l, "B", "f32", 4, texts(small_values(uint64_t(p.n) * p.k, -2, 2, 1, p.seed + 1)));
  Buffer& c = add_buffer(l, "C", "f32", 4, texts(small_values(uint64_t(p.m) * p.n, -4, 4, 0.5, p.seed + 2)));
  Buffer& d = add_buffer(l, "D", "f32", 4, std::vector<std::string>(uint64_t(p.m) * p.n, "0"), true);
  auto stride_a = cutlass::make_cute_packed_stride(typename GemmKernel::StrideA{}, {p.m, p.k, 1});
  auto stride_b = cutlass::make_cute_packed_stride(typename GemmKernel::StrideB{}, {p.n, p.k, 1});
  auto stride_c = cutlass::make_cute_packed_stride(typename GemmKernel::StrideC{}, {p.m, p.n, 1});
  auto stride_d = cutlass::make_cute_packed_stride(typename GemmKernel::StrideD{}, {p.m, p.n, 1});
  cutlass::KernelHardwareInfo hw;
  hw.sm_count = p.sm_count;
  typename GemmKernel::Arguments args{
      cutlass::gemm::GemmUniversalMode::kGemm,
      {p.m, p.n, p.k},
      {device_pointer<float>(a), stride_a, device_pointer<float>(b), stride_b},
      {{float(p.alpha), float(p.beta)}, device_pointer<float>(c), stride_c, device_pointer<float>(d), stride_d},
      hw};
  describe<GemmKernel>(l, args);
  l.notes.push_back("A: M x K row-major f32; B: K x N column-major f32; C, D: M x N column-major f32");
}

}  // namespace warpsat_host
