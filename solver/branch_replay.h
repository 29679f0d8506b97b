// Replays branch verdicts on the emulator (the project's central rule):
// no warp may split at a "uniform" branch, an "unreachable" branch is never
// executed, each range's outcome holds for every thread run, and a
// divergent branch's witness warp splits as the witness says when run with
// the witness's parameters and memory. A contradiction throws
// CrossValidationError with the query written out.
#pragma once

#include <optional>
#include <string>

#include "emulator/simt/emulator.h"
#include "solver/branch_analysis.h"

namespace warpsat {

enum class ReplayFault {
  None,
  FlipUniform,    // report a uniform branch as divergent, with a made-up witness
  FlipDivergent,  // report a divergent branch as uniform
};

struct ReplayOptions {
  // The launch to replay for concrete launches (a launch file's buffers);
  // without it, buffers are zero-filled and scalars 0.
  std::optional<simt::Launch> launch;
  // Launches the user gives (`--replay-launch FILE`) that the verdicts of a
  // launch left free are replayed on too, beside the made-up ones: a
  // CUTLASS kernel's real Params reach the mainloop and epilogue that made-
  // up bytes seldom do. Each must meet the kernel's launch description and
  // assumptions (check_kernel_branches says which it breaks); a launch of
  // another kernel is not run.
  struct FileLaunch {
    std::string source;  // the file, for messages
    simt::Launch launch;
  };
  std::vector<FileLaunch> replay_launches;
  size_t sample_warps = 4096;  // at least this many warps when a grid is too large to run whole
  // Warp instructions for the launches the replay makes up, each, and all
  // of them together per kernel: the any-launch shapes, and the witnesses.
  uint64_t made_up_steps_per_launch = uint64_t{1} << 20;
  uint64_t shape_steps_total = uint64_t{1} << 24;
  uint64_t witness_steps_total = uint64_t{1} << 24;
  // Random-data runs of the launches of witnesses that did not split:
  // rounds per branch, and warp instructions for all of them per kernel.
  // Each runs one CTA until the split it looks for, or, when it runs as
  // soon as its branch's witness did not split, 2^16 warp instructions
  // past it (so that it shows the splits of the branches after it); a
  // short budget each leaves room for many.
  uint64_t fuzz_rounds = 6;
  uint64_t fuzz_steps_per_launch = uint64_t{1} << 18;
  uint64_t fuzz_steps_total = uint64_t{1} << 25;
  // The exploration before the queries (symbolic launches): warp
  // instructions for each random-data launch and for all of them per
  // kernel. Short runs: a CTA of CUB's sweep kernels shows its splits in a
  // few thousand warp instructions, and many short runs see more than a
  // few long ones.
  uint64_t explore_steps_per_launch = uint64_t{1} << 14;
  uint64_t explore_steps_total = uint64_t{1} << 23;
  ReplayFault fault = ReplayFault::None;
  std::string dump_dir;        // where the disagreeing query goes ("." when empty)
  // Run the race detector on the launches the uniform verdicts are checked
  // on: the given launch, or with a symbolic launch the any-launch shapes
  // (made-up parameters and data, each meeting the assumptions). A race is
  // a finding about the kernel, not a contradiction: it goes into
  // KernelBranches::races (the given launch's apart from made-up ones),
  // and the verdicts that read shared memory after a barrier as race-free
  // are marked race_conditional; a replay that contradicts one of those in
  // a launch that raced in shared memory leaves it not validated, saying
  // why. With --no-race-free nothing relies on it, and nothing is checked.
  // Witness and random-data runs are not checked: their data are picked to
  // split one branch.
  bool racecheck = false;
};

void replay_branches(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& options,
                     KernelBranches& result, const ReplayOptions& replay);

// `warpsat branches` for one kernel: its .reqntid/.maxntid join the launch,
// a launch description no launch meets is an input error, then every branch
// is analysed and, unless `replay` is null, replayed (a contradiction throws
// CrossValidationError).
KernelBranches check_kernel_branches(const ptx::Module& m, const ptx::Function& kernel, BranchOptions& options,
                                     const ReplayOptions* replay);

// A cached answer (`branches --cache`) against concrete runs, cheaper than
// the replay that validated it when it was stored: the given launch (a
// concrete one), or the first `shapes` any-launch shapes that meet the
// assumptions; every uniform and unreachable verdict, range and path is
// checked against them, and the witness of every divergent verdict the
// solver found (a split seen in a run needs that run's random data, which
// the cache does not keep) is replayed. A verdict these runs contradict,
// or a cached branch list that is not the kernel's, throws
// CrossValidationError as the replay does; `cached` is left as it was.
void replay_cached_verdicts(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& options,
                            const KernelBranches& cached, const ReplayOptions& replay, size_t shapes = 2);

// The divergence query of one branch as SMT-LIB (for disagreement reports).
std::string branch_query_smt2(const ptx::Module& m, const ptx::Function& kernel, uint32_t branch,
                              const BranchOptions& options);

}  // namespace warpsat
