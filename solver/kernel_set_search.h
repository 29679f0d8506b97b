// The exact search behind `tile --max-kernels K` (docs/kernel-sets.md): a
// branch and bound over the candidates rule 5 left, which proves the
// optimum itself or gives up past a node budget.
//
// Symmetry: a set is reached once, its members picked in one fixed order
// (the candidates sorted by their Lagrangian reduced cost, most promising
// first), never as a permutation.
// Dominance: below a node, a candidate that improves no shape over the
// kernels already picked is never picked (it cannot lower the objective).
// Bound: at a node with kernels P picked and r more allowed, for any
// multipliers λ every completion S = P ∪ Q (Q among the candidates still
// open, |Q| <= r) costs at least
//     Σ_s μ_s + (the r most negative g_c over the open candidates),
//     μ_s = min(cur_s, λ_s),  g_c = Σ_s min(0, a_cs − μ_s),
// where cur_s is shape s's best weighted total over P and a_cs candidate c's
// (min(cur_s, min_Q a_·s) >= μ_s + Σ_{c∈Q} min(0, a_cs − μ_s), shape by
// shape). With the λ of the root's Lagrangian bound this is the linear
// relaxation's bound at every node; a node whose bound is not below the
// best set found is closed.
//
// Pure arithmetic (no Z3): what it proves, Z3 then confirms with one
// pseudo-Boolean query (solver/kernel_set.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsat {

struct KernelSetSearch {
  bool complete = false;     // every node was closed: `best` is optimal
  std::vector<size_t> best;  // indices into the candidates
  int64_t objective = 0;     // Σ_s weight_s × min over best of total_{c,s}
  size_t nodes = 0;
  long double lower_bound = 0;  // the root's bound (complete or not)
};

// totals[c][s], weights[s] as for kernel_set_bound; `incumbent` a set of at
// most k candidates (its objective the first upper bound); `lambda` per shape
// in weighted totals (KernelSetBound::lambda); stops, incomplete, after
// `timeout_ms` milliseconds of wall clock (0: no limit).
KernelSetSearch branch_and_bound(const std::vector<std::vector<int64_t>>& totals, const std::vector<int64_t>& weights,
                                 size_t k, const std::vector<size_t>& incumbent, const std::vector<long double>& lambda,
                                 unsigned timeout_ms);

}  // namespace warpsat
