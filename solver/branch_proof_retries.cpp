// A divergence query without an answer, asked again in ways that can only
// prove the branch uniform: about the outcomes alone, exact and
// bit-blasted, and with the values both lanes share abstracted.
#include <algorithm>

#include <fmt/format.h>

#include "encodings/branch_view.h"
#include "solver/branch_analysis_detail.h"
#include "solver/uniform_abstraction.h"

namespace warpsat::branch_analysis_detail {

namespace {

// The exact divergence query bit-blasted (proved_bitblasted): its resource
// units (CUTLASS's INT8 ping-pong epilogue tests: 3.0 million, 1.1 s), a
// clock limit in multiples of --timeout-ms against a stalled check only,
// and the tries per kernel that prove nothing before it gets no more.
constexpr unsigned kBitblastRlimit = 6000000;
constexpr unsigned kBitblastClockScale = 20;
constexpr size_t kMaxBitblastFailures = 10;  // also the outcomes-alone and shared-value retries'
constexpr size_t kBitblastFailuresBeforeAProof = 3;

}  // namespace

// A divergence query without an answer, asked again as it is, divisions
// and products exact, on Z3's default solver alone (bit-blasting to SAT),
// within kBitblastRlimit resource units: the quick try abstracts the
// divisions (lazy_arithmetic.h) and runs on the SMT core, which is what
// most queries need, but a proof through the tile scheduler's fast
// divisions and the pipeline's phase bits is a few seconds of SAT search
// that the SMT core does not find in its resources (CUTLASS's INT8
// ping-pong: every divergence query without an answer was unsat in 0.2 to
// 1.3 s this way). Over every occurrence in `any`, the abstracted
// iterations included: unsat proves the branch uniform in every
// iteration. Sat or no answer leaves the verdict as it was. After
// kMaxBitblastFailures tries without a proof, a kernel gets no more.
bool BranchSolver::proved_bitblasted(const BranchEncoding& e, QueryRunner& q, const z3::expr_vector& pair,
                                     const std::vector<z3::expr>& any, BranchResult& r) {
  if (e.threads != 2 || any.empty() || e.floats || bitblast_failures_ >= kMaxBitblastFailures) return false;
  // A kernel whose first tries all failed: the rest mostly fail too, each
  // spending its whole resource count (CUTLASS 57 #1: 10 tries, 35 s, no
  // proof, once its sessions no longer bit-blast their bases).
  if (bitblast_proofs_ == 0 && bitblast_failures_ >= kBitblastFailuresBeforeAProof) return false;
  // As the shared-value retry: the copies of one source line reached
  // through one chain of calls ask one question, and after two that
  // proved nothing and none that proved, the rest are not asked (CUB's
  // select sweep: 13 tries on its unrolled scatter tests, 10 sat, no
  // proof, most of 14 s of CPU).
  SharedTries& tries = bitblast_tries_[call_chain_of(r)];
  if (tries.proved == 0 && tries.failed >= kSharedTriesPerFamily) return false;
  unsigned clock = o_.solver.timeout_ms ? kBitblastClockScale * o_.solver.timeout_ms : 0;
  if (q.check_bitblasted(pair, any_of(e.base.ctx(), any), "divergent-bitblasted", kBitblastRlimit, clock) !=
      SmtStatus::Unsat) {
    ++bitblast_failures_;
    ++tries.failed;
    return false;
  }
  ++tries.proved;
  ++bitblast_proofs_;
  proved_by_retry(e, r,
                  "on the exact query bit-blasted, divisions and products exact: no two lanes of a warp can reach it "
                  "together and go different ways");
  return true;
}

// A divergence query without an answer, asked again in the ways that can
// only prove: cheapest first (the outcomes alone, on a tenth of the quick
// try), then exact and bit-blasted, then with the shared values
// abstracted. True where one proved the branch uniform (`r` says how).
bool BranchSolver::proved_by_a_retry(z3::context& c, const BranchEncoding& e, QueryRunner& q,
                                     const z3::expr_vector& pair, const std::vector<z3::expr>& any, BranchResult& r) {
  return proved_outcomes_alone(c, e, q, r) || proved_bitblasted(e, q, pair, any, r) ||
         proved_with_shared_values_abstracted(c, e, q, pair, any, r);
}

// A divergence query without an answer, asked again about the outcomes
// alone: whether the two lanes' outcomes can differ at some occurrence,
// whether or not they reach it. Dropping the reach conditions only
// weakens the query, so unsat still proves that no two lanes of a warp go
// different ways wherever they both get there. CUTLASS's role dispatch
// (`warp_group_role == Producer`, a shuffled warp-group index) is reached
// only after the grouped tile scheduler's search over the problem shapes,
// whose loops the exact query carried and timed out on; its outcome
// itself is a function of the warp alone, proved at once.
bool BranchSolver::proved_outcomes_alone(z3::context& c, const BranchEncoding& e, QueryRunner& q,
                                         BranchResult& r) {
  if (e.threads != 2 || e.instances.empty()) return false;
  // As the other retries: the copies of one source line reached through
  // one chain of calls stop after two tries that proved nothing and none
  // that proved (57's unrolled epilogue tests read per-lane data).
  SharedTries& tries = outcome_tries_[call_chain_of(r)];
  if (tries.proved == 0 && tries.failed >= kSharedTriesPerFamily) return false;
  if (o_.thread_variance && outcome_failures_ >= kMaxBitblastFailures) return false;
  std::vector<z3::expr> differ;
  for (const BranchInstance& i : e.instances) differ.push_back(i.out[0] != i.out[1]);
  // The values both lanes share taken as unknowns (uniform_abstraction.h),
  // on a solver of its own, over the base constraints what is left
  // depends on: the kernel's whole base (every loop's facts in a union
  // encoding) took more than the quick try to take in, and the shared
  // values (the tile scheduler's divisions) are what the exact query could
  // not get past. The SMT core proves these in a moment or not at all: a
  // branch whose outcome reads per-lane data is satisfiable here and says
  // nothing.
  UniformAbstraction shared(c);
  z3::expr outcomes = shared.abstract(any_of(c, differ));
  z3::expr asked = z3::mk_and(base_cone(e, outcomes)) && e.same_warp && outcomes;
  if (q.check_alone(asked, "divergent-outcomes-alone", nullptr, true, kProofQuickRlimit) != SmtStatus::Unsat) {
    ++outcome_failures_;
    ++tries.failed;
    return false;
  }
  ++tries.proved;
  proved_by_retry(e, r,
                  "from the outcomes alone, whatever the path to it: no two lanes of a warp can compute different "
                  "outcomes here");
  return true;
}

// The verdict of a retry's proof over every occurrence the encoding has
// (the abstracted iterations included); `how` says what was proved.
void BranchSolver::proved_by_retry(const BranchEncoding& e, BranchResult& r, std::string_view how) {
  bool loops = std::any_of(e.instances.begin(), e.instances.end(), [](const BranchInstance& i) { return i.beyond; });
  r.verdict = BranchVerdict::Uniform;
  r.reason = fmt::format("proved{} {} (whether any thread reaches it was not decided)",
                         loops ? " for every loop iteration" : "", how);
}

// A divergence query without an answer, asked again with every value the
// two lanes share abstracted (uniform_abstraction.h): unsat proves the
// branch uniform at every occurrence in `any` (beyond the unrolled
// iterations too, as the all-iterations query would); anything else
// leaves the verdict as it was. Whether a thread reaches the branch is
// not asked: that query has the same shared values to solve.
bool BranchSolver::proved_with_shared_values_abstracted(z3::context& c, const BranchEncoding& e, QueryRunner& q,
                                                        const z3::expr_vector& pair, const std::vector<z3::expr>& any,
                                                        BranchResult& r) {
  if (e.threads != 2 || any.empty()) return false;
  UniformAbstraction shared(c);
  z3::expr asked = shared.abstract(any_of(c, any));
  if (shared.unknowns() == 0) return false;  // nothing shared: the query that had no answer
  // The copies of one source line reached through one chain of calls (an
  // unrolled loop's tests) ask one question: after two copies whose try
  // proved nothing and none that it proved, the rest are not tried (CUB's
  // select sweep: 27 tries, 3.4 s, no proof, on the ten copies of two
  // scatter tests). Other call sites are other questions: CUTLASS's
  // ping-pong waits (`barrier.h:426`) on different pipelines are
  // proved at some sites and not at others.
  SharedTries& tries = shared_tries_[call_chain_of(r)];
  if (tries.proved == 0 && tries.failed >= kSharedTriesPerFamily) return false;
  if (o_.thread_variance && shared_failures_ >= kMaxBitblastFailures) return false;
  // The quick try alone, on a third of its resources: where the shared
  // values were what the exact query could not get past, the proof is
  // quick (CUTLASS's mbarrier waits); where they are not, no time helps
  // (CUTLASS's FP8 GEMM: 135 of 143 such queries timed out, 37 s).
  if (q.check_quick(pair, asked, "divergent-shared-abstracted", nullptr, kQuickRlimit / 3) != SmtStatus::Unsat) {
    ++shared_failures_;
    ++tries.failed;
    return false;
  }
  ++tries.proved;
  proved_by_retry(e, r,
                  "with the values both lanes share taken as unknowns (the exact query had no answer): no two lanes "
                  "of a warp go different ways here whatever those values are");
  return true;
}

}  // namespace warpsat::branch_analysis_detail
