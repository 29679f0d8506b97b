// CUTLASS example 49's cooperative stream-K GEMM (examples/
// 49_hopper_gemm_with_collective_builder, its sixth kernel): f16 x f16 ->
// f32, f16 C and D, tile 128x128x64, mainloop cluster 2x1x1 (the epilogue
// built for 1x1x1, as the example builds it), TMA cooperative epilogue,
// stream-K tile scheduler. The configuration is the example's, restated
// (its .cu holds a main and builds each kernel inside a class template), so
// GemmKernel is the kernel of examples/cutlass/ptx/49_collective_builder.ptx
// whose name holds StreamKScheduler; the Params size the emulator checks
// against the PTX's parameter confirms it. Stream-K (asked for: the
// Arguments' decomposition mode) splits a tile's K loop among CTAs: they add
// their partial sums through the workspace, each waiting on a flag there
// (sm90_tile_scheduler_stream_k.hpp's fixup), which no made-up launch of
// `warpsat branches` reaches (docs/benchmarks.md).
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/operations.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass/gemm/kernel/tile_scheduler.hpp"
#include <stdexcept>
#include <string>

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
    Element, cutlass::layout::ColumnMajor, kAlignment, cutlass::epilogue::TmaWarpSpecializedCooperative,
    cutlass::epilogue::fusion::LinearCombination<Element, float, Element, float,
                                                 cutlass::FloatRoundStyle::round_to_nearest>>::CollectiveOp;

using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Element, cutlass::layout::RowMajor, kAlignment, Element,
    cutlass::layout::ColumnMajor, kAlignment, float, TileShape, Shape<_2, _1, _1>,
    cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>,
    cutlass::gemm::KernelTmaWarpSpecializedCooperative>::CollectiveOp;

using GemmKernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, CollectiveMainloop,
                                                        CollectiveEpilogue, cutlass::gemm::StreamKScheduler>;

}  // namespace

namespace warpsat_host {

void make_49_stream_k(KernelLaunch& l) {
  typename GemmKernel::Arguments args = f16_tn_arguments<GemmKernel>(l);
  using cutlass::gemm::kernel::detail::DecompositionMode;
  // Stream-K itself, not the data-parallel split CUTLASS's heuristic picks
  // for so few tiles (and a workspace of 0 bytes with it); or split-K in
  // three (Problem::scheduler "split_k"): each tile's K loop cut in thirds.
  args.scheduler.decomposition_mode = DecompositionMode::StreamK;
  if (l.problem.scheduler == "split_k") {
    args.scheduler.decomposition_mode = DecompositionMode::SplitK;
    args.scheduler.splits = 3;
  } else if (!l.problem.scheduler.empty()) {
    throw std::invalid_argument("unknown scheduler '" + l.problem.scheduler + "' (split_k)");
  }
  // The workspace holds the partial sums and the flags, zero as CUTLASS's
  // initialize_workspace leaves them.
  Buffer& workspace = add_buffer(l, "workspace", "u8", 1,
                                 std::vector<std::string>(GemmKernel::get_workspace_size(args), "0"), true);
  describe<GemmKernel>(l, args, device_pointer<void>(workspace));
  l.notes.push_back(std::string(kF16TnLayout) +
                    "; workspace: GemmKernel::get_workspace_size (stream-K partial sums and flags)");
}

}  // namespace warpsat_host
