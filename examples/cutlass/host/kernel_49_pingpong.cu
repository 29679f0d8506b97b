// CUTLASS example 49's ping-pong GEMM (examples/
// 49_hopper_gemm_with_collective_builder, its fifth kernel: "Ping-pong
// warp-specialized TMA schedule with automatically-selected stage count"):
// f16 x f16 -> f32, f16 C and D, tile 128x128x64, mainloop cluster 2x1x1
// (the epilogue built for 1x1x1, as the example builds it), TMA epilogue,
// persistent scheduler. Restated from the example as kernel_49_stream_k.cu
// restates its sixth, so GemmKernel is the kernel of
// examples/cutlass/ptx/49_collective_builder.ptx whose name holds
// KernelTmaWarpSpecializedPingpong; the Params size the emulator checks
// against the PTX's parameter confirms it.
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/operations.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass/gemm/kernel/tile_scheduler.hpp"

#include "describe.h"
#include "kernels.h"

namespace {

using namespace cute;

using Element = cutlass::half_t;
constexpr int kAlignment = 16 / sizeof(Element);
using TileShape = Shape<_128, _128, _64>;

using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, Shape<_1, _1, _1>,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float, Element, cutlass::layout::ColumnMajor, kAlignment,
    Element, cutlass::layout::ColumnMajor, kAlignment, cutlass::epilogue::TmaWarpSpecialized,
    cutlass::epilogue::fusion::LinearCombination<Element, float, Element, float,
                                                 cutlass::FloatRoundStyle::round_to_nearest>>::CollectiveOp;

using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Element, cutlass::layout::RowMajor, kAlignment, Element,
    cutlass::layout::ColumnMajor, kAlignment, float, TileShape, Shape<_2, _1, _1>,
    cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>,
    cutlass::gemm::KernelTmaWarpSpecializedPingpong>::CollectiveOp;

using GemmKernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, CollectiveMainloop,
                                                        CollectiveEpilogue, cutlass::gemm::PersistentScheduler>;

}  // namespace

namespace warpsat_host {

void make_49_pingpong(KernelLaunch& l) {
  typename GemmKernel::Arguments args = f16_tn_arguments<GemmKernel>(l);
  describe<GemmKernel>(l, args);
  l.notes.push_back(kF16TnLayout);
}

}  // namespace warpsat_host
