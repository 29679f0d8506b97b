// CUTLASS example 49's cooperative stream-K GEMM (examples/
// 49_hopper_gemm_with_collective_builder, its sixth kernel; example_49.h):
// TMA cooperative epilogue, stream-K tile scheduler, so GemmKernel is the
// kernel of examples/cutlass/ptx/49_collective_builder.ptx whose name holds
// StreamKScheduler; the Params size the emulator checks
// against the PTX's parameter confirms it. Stream-K (asked for: the
// Arguments' decomposition mode) splits a tile's K loop among CTAs: they add
// their partial sums through the workspace, each waiting on a flag there
// (sm90_tile_scheduler_stream_k.hpp's fixup), which no made-up launch of
// `warpsat branches` reaches (docs/benchmarks.md).
#include <stdexcept>
#include <string>

#include "example_49.h"  // first: describe.h needs the CUTLASS headers it includes
#include "describe.h"
#include "kernels.h"

namespace {

using GemmKernel = warpsat_host::Example49<cutlass::gemm::KernelTmaWarpSpecializedCooperative,
                                           cutlass::epilogue::TmaWarpSpecializedCooperative,
                                           cutlass::gemm::StreamKScheduler>::GemmKernel;

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
