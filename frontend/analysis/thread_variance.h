// Which values may differ between two lanes of one warp: a dependence
// analysis over a kernel's PTX, in the manner of LLVM's divergence analysis
// (docs/branches.md, "Thread variance").
//
// A value varies when it comes from a per-thread source (%tid, %laneid,
// memory other threads may write, shuffles, atomics, ...), is computed from
// a value that varies, or is merged at a join of paths that two lanes may
// have taken differently (a branch whose condition varies, a loop they may
// leave after different trip counts). A conditional branch whose condition
// varies by none of these is taken the same way by every lane of a warp
// that reaches it together: that is a proof of uniformity no solver is
// asked for, under the assumptions below (the ones the encoding makes).
// Everything the analysis does not know varies, so a "uniform" is sound and
// a "varies" only means "not shown".
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/slices.h"

namespace warpsat::analysis {

// The assumptions `warpsat branches` states in its report (encodings/
// branch_options.h has the same three, and the same defaults): the analysis
// takes each only where the options do.
struct VarianceAssumptions {
  // Two lanes of a warp that load one address at the same point read the
  // same value (no data race changes it between them).
  bool race_free = true;
  // A register read before it is written holds one value in every thread.
  bool undefined_registers_shared = true;
  // The lanes of a warp that run one mbarrier try_wait/test_wait together on
  // the same barrier and phase see the same result.
  bool warp_waits_agree = true;
};

struct ThreadVariance {
  // Per instruction: whether a register it writes may hold different
  // values in two lanes of one warp that execute it together.
  std::vector<bool> varying;
  // Per instruction: a conditional branch (or guarded ret/exit) whose
  // condition may differ between two lanes of a warp.
  std::vector<bool> divergent;
  // Whether `branch`'s condition is the same in every lane of a warp that
  // reaches it together (the negation of divergent[branch]).
  bool uniform(uint32_t branch) const { return !divergent[branch]; }
};

// The analysis of kernel `f` (an .entry: a called function's parameters
// are per-call values and every branch there is reported as varying).
ThreadVariance thread_variance(const ptx::Function& f, const FunctionAnalysis& a,
                               const VarianceAssumptions& assume = {});

}  // namespace warpsat::analysis
