// Rule 5 of the kernel-set pruning (docs/kernel-sets.md): a Lagrangian lower
// bound on the best objective of at most K kernels, and the candidates it
// proves no set as good as a known one can contain.
//
// Relaxing "every shape is assigned exactly once" with a multiplier λ_s per
// shape leaves, for any λ, the lower bound
//   L(λ) = Σ_s λ_s + (sum of the K most negative ρ_c),
//   ρ_c  = Σ_s min(0, weight_s × total_{c,s} − λ_s),
// and, for a set forced to contain candidate c, the same with ρ_c taken and
// the K − 1 most negative of the others. When that bound exceeds the
// objective of a set already found, no set containing c is as good: c is
// never built in an optimal set. λ is improved by subgradient steps.
//
// Pure arithmetic (no Z3): what is left goes to the solver, which proves
// the optimum over it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsat {

struct KernelSetBound {
  long double lower_bound = 0;  // the best L(λ) found: no set of at most K kernels is cheaper
  std::vector<bool> excluded;   // per candidate: in no set whose objective is at most `upper`
  std::vector<long double> lambda;  // the multipliers of the best bound, per shape (weighted totals)
  unsigned iterations = 0;
};

// totals[c][s]: candidate c's total on shape s; weights[s]; `upper`: the
// objective of some set of at most k candidates.
KernelSetBound kernel_set_bound(const std::vector<std::vector<int64_t>>& totals, const std::vector<int64_t>& weights,
                                size_t k, int64_t upper, unsigned max_iterations = 3000);

}  // namespace warpsat
