// CUTLASS example 56's two GEMMs (examples/56_hopper_ptr_array_batched_gemm):
// a pointer-array batched GEMM, f16 x f16 -> f32 accumulation, f16 C and D,
// TMA epilogue; cooperative (tile 256x128x64, cluster 1x2x1) and ping-pong
// (tile 64x128x64, cluster 1x1x1). Each batch's A, B, C and D are found
// through device arrays of pointers; the kernel copies its tensor maps into
// the workspace and replaces their global addresses per batch
// (tensormap.replace). The configurations are the example's, restated (its
// .cu holds a main), so the two GemmKernels are the two kernels of
// examples/cutlass/ptx/56_hopper_ptr_array_batched_gemm.ptx; the Params size
// the emulator checks against the PTX's parameter confirms it.
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/group_array_problem_shape.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "describe.h"
#include "kernels.h"

namespace {

using namespace cute;

using ElementA = cutlass::half_t;
using LayoutA = cutlass::layout::RowMajor;
constexpr int AlignmentA = 128 / cutlass::sizeof_bits<ElementA>::value;
using ElementB = cutlass::half_t;
using LayoutB = cutlass::layout::ColumnMajor;
constexpr int AlignmentB = 128 / cutlass::sizeof_bits<ElementB>::value;
using ElementC = cutlass::half_t;
using LayoutC = cutlass::layout::ColumnMajor;
constexpr int AlignmentC = 128 / cutlass::sizeof_bits<ElementC>::value;
using ElementAccumulator = float;
// The example's two schedules (CooperativeConfig, PingpongConfig there).
struct Cooperative {
  using TileShape = Shape<_256, _128, _64>;
  using ClusterShape = Shape<_1, _2, _1>;
  using KernelSchedule = cutlass::gemm::KernelPtrArrayTmaWarpSpecializedCooperative;
  using EpilogueSchedule = cutlass::epilogue::PtrArrayTmaWarpSpecializedCooperative;
};
struct Pingpong {
  using TileShape = Shape<_64, _128, _64>;
  using ClusterShape = Shape<_1, _1, _1>;
  using KernelSchedule = cutlass::gemm::KernelPtrArrayTmaWarpSpecializedPingpong;
  using EpilogueSchedule = cutlass::epilogue::PtrArrayTmaWarpSpecializedPingpong;
};

template <class Config>
struct Kernel {
  using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, typename Config::TileShape, typename Config::ClusterShape,
      cutlass::epilogue::collective::EpilogueTileAuto, ElementAccumulator, ElementAccumulator, ElementC, LayoutC,
      AlignmentC, ElementC, LayoutC, AlignmentC, typename Config::EpilogueSchedule>::CollectiveOp;

  using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, ElementA, LayoutA, AlignmentA, ElementB, LayoutB,
      AlignmentB, ElementAccumulator, typename Config::TileShape, typename Config::ClusterShape,
      cutlass::gemm::collective::StageCountAutoCarveout<
          static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>,
      typename Config::KernelSchedule>::CollectiveOp;

  using GemmKernel = cutlass::gemm::kernel::GemmUniversal<cutlass::gemm::ArrayProblemShape<Shape<int, int, int, int>>,
                                                          CollectiveMainloop, CollectiveEpilogue>;
};

}  // namespace

namespace warpsat_host {

namespace {

template <class GemmKernel>
void make_56_ptr_array(KernelLaunch& l) {
  using half = cutlass::half_t;
  const Problem& p = l.problem;
  const int batches = p.batches;
  // Each batch's matrices are buffers of their own; the pointer arrays hold
  // their addresses (the launch file's pointers inside a buffer).
  std::vector<std::string> as, bs, cs, ds;
  for (int i = 0; i < batches; ++i) {
    const std::string s = std::to_string(i);
    uint64_t seed = p.seed + 4 * i;
    // Small integers (|A*B| sums stay below 2^11): exact in f32 and in f16.
    add_buffer(l, "A" + s, "f16", 2, texts(small_values(uint64_t(p.m) * p.k, -2, 2, 1, seed)));
    add_buffer(l, "B" + s, "f16", 2, texts(small_values(uint64_t(p.n) * p.k, -2, 2, 1, seed + 1)));
    add_buffer(l, "C" + s, "f16", 2, texts(small_values(uint64_t(p.m) * p.n, -4, 4, 0.5, seed + 2)));
    add_buffer(l, "D" + s, "f16", 2, std::vector<std::string>(uint64_t(p.m) * p.n, "0"), true);
    as.push_back("A" + s), bs.push_back("B" + s), cs.push_back("C" + s), ds.push_back("D" + s);
  }
  Buffer& ptr_a = add_pointer_buffer(l, "ptr_A", as);
  Buffer& ptr_b = add_pointer_buffer(l, "ptr_B", bs);
  Buffer& ptr_c = add_pointer_buffer(l, "ptr_C", cs);
  Buffer& ptr_d = add_pointer_buffer(l, "ptr_D", ds);
  auto stride_a = cutlass::make_cute_packed_stride(typename GemmKernel::StrideA{}, {p.m, p.k, 1});
  auto stride_b = cutlass::make_cute_packed_stride(typename GemmKernel::StrideB{}, {p.n, p.k, 1});
  auto stride_c = cutlass::make_cute_packed_stride(typename GemmKernel::StrideC{}, {p.m, p.n, 1});
  auto stride_d = cutlass::make_cute_packed_stride(typename GemmKernel::StrideD{}, {p.m, p.n, 1});
  typename GemmKernel::Arguments args{
      cutlass::gemm::GemmUniversalMode::kArray,
      {{p.m, p.n, p.k, batches}},
      {device_pointer<const half*>(ptr_a), stride_a, device_pointer<const half*>(ptr_b), stride_b},
      {{float(p.alpha), float(p.beta)}, device_pointer<const half*>(ptr_c), stride_c, device_pointer<half*>(ptr_d),
       stride_d},
      hardware(p)};
  Buffer& workspace = add_buffer(l, "workspace", "u8", 1,
                                 std::vector<std::string>(GemmKernel::get_workspace_size(args), "0"), true);
  describe<GemmKernel>(l, args, device_pointer<void>(workspace));
  l.notes.push_back("batch i: A<i>: M x K row-major f16; B<i>: K x N column-major f16; C<i>, D<i>: M x N "
                    "column-major f16; ptr_A .. ptr_D: their addresses; workspace: GemmKernel::get_workspace_size");
}

}  // namespace

void make_56_ptr_array_cooperative(KernelLaunch& l) { make_56_ptr_array<Kernel<Cooperative>::GemmKernel>(l); }
void make_56_ptr_array_pingpong(KernelLaunch& l) { make_56_ptr_array<Kernel<Pingpong>::GemmKernel>(l); }

}  // namespace warpsat_host
