// The second pass over the branches the first left open
// (refine_open_branches): asked again with exact floating-point terms, or
// with shared loads tied to the stores before their barrier.
#include <algorithm>

#include <fmt/format.h>

#include "encodings/fp_terms.h"
#include "solver/branch_analysis_detail.h"

namespace warpsat::branch_analysis_detail {

namespace {

// Floating-point operations on a branch's occurrences beyond which the
// exact-float pass does not try it (too_many_floats).
constexpr size_t kMaxExactFloatOperations = 16;

}  // namespace

// Left undecided by the first pass (and the replay, when there is one).
bool BranchSolver::left_open(const BranchResult& r) {
  return r.verdict == BranchVerdict::Unknown ||
         (r.verdict == BranchVerdict::Divergent && r.replay_decides && !r.validated);
}

// `first`'s branch asked again by solve(), the first try's cost counted in.
BranchResult BranchSolver::solve_again(const BranchResult& first, bool exact_floats, bool linked_stores,
                                       bool same_address_stores) {
  BranchResult again = solve(first.instruction, exact_floats, linked_stores, same_address_stores);
  again.solve_ms += first.solve_ms;
  again.encode_ms += first.encode_ms;
  again.queries += first.queries;
  return again;
}

// Branches floating point left open (after the replay, when there is
// one), asked again one by one with exact IEEE terms while the budget
// lasts. A proof or an exact split replaces the first verdict; anything
// else keeps it. Returns the indices of those whose verdict improved.
std::vector<size_t> BranchSolver::retry_with_exact_floats(std::vector<BranchResult>& results) {
  auto start = std::chrono::steady_clock::now();
  deadline_ = start + std::chrono::milliseconds(static_cast<int64_t>(o_.exact_float_budget_ms));
  std::vector<size_t> changed;
  for (BranchResult& r : results) {
    bool floats = std::find(r.imprecision.begin(), r.imprecision.end(), kFloatImprecision) != r.imprecision.end();
    if (!left_open(r) || !floats || elapsed_ms(start) >= o_.exact_float_budget_ms) continue;
    // Each of these results is at least two floating-point terms of the
    // exact encoding (the operation and its operands taken from their
    // bits; on CUB's histogram sweep 4 became 13 and 8 became 17): past
    // the cap, building it (and freeing what Z3 made of it, seconds a
    // branch there) is for nothing.
    if (2 * r.float_results > kMaxExactFloatOperations) continue;
    // Floating point is not all that stands between it and a verdict
    // (CUB's histogram sweep: loads of memory the kernel writes, whose
    // witnesses no replay can map): the exact terms would still leave it
    // open, after 5 s of building and freeing them.
    if (r.imprecision.size() > 1) continue;
    BranchResult exact = solve_again(r, true, false);
    bool better = exact.verdict == BranchVerdict::Uniform || exact.verdict == BranchVerdict::Unreachable ||
                  (exact.verdict == BranchVerdict::Divergent &&
                   (!exact.replay_decides || exact.imprecision.size() < r.imprecision.size()));
    if (!better) continue;
    r = std::move(exact);
    changed.push_back(static_cast<size_t>(&r - results.data()));
  }
  return changed;
}

// Branches that shared memory read after a barrier alone left open,
// asked again one by one with those loads tied to the stores before the
// barrier (shared_store_link.h) while the budget lasts. A proof or a split
// the replay needs no help with replaces the first verdict.
std::vector<size_t> BranchSolver::retry_with_linked_stores(std::vector<BranchResult>& results) {
  auto start = std::chrono::steady_clock::now();
  std::vector<size_t> changed;
  // The load tied to the one value every thread stores at its address (a
  // tile's item count thread 0 broadcasts): a search for a witness, no
  // proof. Only a split comes back, and the replay must reproduce it
  // (replay_decides) or the branch stays unknown.
  auto split_through_stored_value = [&](const BranchResult& r) -> std::optional<BranchResult> {
    BranchResult w = solve_again(r, false, true, true);
    if (w.verdict != BranchVerdict::Divergent || w.whole_warp) return std::nullopt;
    w.replay_decides = true;
    if (std::find(w.imprecision.begin(), w.imprecision.end(), kSharedAfterBarrierImprecision) == w.imprecision.end())
      w.imprecision.push_back(kSharedAfterBarrierImprecision);
    return w;
  };
  for (BranchResult& r : results) {
    bool shared_only = r.imprecision.size() == 1 && r.imprecision[0] == kSharedAfterBarrierImprecision;
    if (!left_open(r) || !shared_only || elapsed_ms(start) >= o_.linked_store_budget_ms) continue;
    // A split the first pass found only through the shared value (its
    // witness kept, unconfirmed) is most likely real (CUB's bounds tests
    // of a partial tile's store): the witness search first, the proof
    // after. Otherwise the proof first.
    bool split_first = r.witness.has_value();
    std::optional<BranchResult> better;
    if (split_first) better = split_through_stored_value(r);
    if (!better) {
      BranchResult linked = solve_again(r, false, true);
      if (linked.verdict == BranchVerdict::Uniform || linked.verdict == BranchVerdict::Unreachable ||
          (linked.verdict == BranchVerdict::Divergent && !linked.replay_decides))
        better = std::move(linked);
    }
    if (!better && !split_first && elapsed_ms(start) < o_.linked_store_budget_ms)
      better = split_through_stored_value(r);
    if (!better) continue;
    r = std::move(*better);
    changed.push_back(static_cast<size_t>(&r - results.data()));
  }
  return changed;
}

// Whether `e`'s occurrences hold more floating-point operations than
// exact terms are tried for; then `r` says so. Bit-blasting a hundred
// f32 operations took Z3 seconds a query, and freeing what it built took
// half a minute more (CUB's histogram sweep: 43 s for one branch).
bool BranchSolver::too_many_floats(const BranchEncoding& e, BranchResult& r) {
  size_t n = float_operations(instance_terms(e), kMaxExactFloatOperations + 1);
  if (n <= kMaxExactFloatOperations) return false;
  r.verdict = BranchVerdict::Unknown;
  r.reason = fmt::format("more than {} floating-point operations reach it: too many for exact terms",
                         kMaxExactFloatOperations);
  return true;
}

}  // namespace warpsat::branch_analysis_detail
