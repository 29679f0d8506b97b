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
  TnOperands<GemmKernel> o = tn_operands<GemmKernel>(l, "f32", 4, texts);
  typename GemmKernel::Arguments args{
      cutlass::gemm::GemmUniversalMode::kGemm,
      {p.m, p.n, p.k},
      {device_pointer<float>(*o.a), o.stride_a, device_pointer<float>(*o.b), o.stride_b},
      {{float(p.alpha), float(p.beta)}, device_pointer<float>(*o.c), o.stride_c, device_pointer<float>(*o.d), o.stride_d},
      hardware(p)};
  describe<GemmKernel>(l, args);
  l.notes.push_back("A: M x K row-major f32; B: K x N column-major f32; C, D: M x N column-major f32");
}

}  // namespace warpsat_host
