// The queries that decide one branch (BranchSolver::decide): a split the
// emulator saw confirmed, reachability, divergence on 1-D blocks then every
// shape, the search for a witness a replay can run, and the loop-iteration
// and elected-lane questions.
#include <fmt/format.h>

#include "encodings/branch_view.h"
#include "encodings/smt_helpers.h"
#include "solver/branch_analysis_detail.h"

namespace warpsat::branch_analysis_detail {

namespace {

// Reachability queries in a row without an answer before a kernel is asked
// no more (its branches are uniform with reachability left open).
constexpr size_t kMaxReachabilityFailures = 3;

}  // namespace

// "One elected lane" (encodings/warp_roles.h): where every elect.sync of
// the slice elects the same constant lane L and no split leaves lane L
// out (both lanes of every split other than L: unsat), the warp splits
// into its elected lane and the rest, by design.
void BranchSolver::ask_elected(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r,
                               const z3::expr_vector& pair, const std::vector<z3::expr>& any) {
  if (e.elected_lanes.empty() || e.threads != 2 || any.empty()) return;
  std::optional<uint64_t> lane;
  for (const z3::expr& l : e.elected_lanes) {
    uint64_t k = 0;
    if (!l.simplify().is_numeral_u64(k) || k > 31 || (lane && *lane != k)) return;
    lane = k;
  }
  z3::expr others = e.lane[0] != c.bv_val(*lane, 32) && e.lane[1] != c.bv_val(*lane, 32);
  if (q.check(pair, any_of(c, any) && others, "split-beyond-elected") != SmtStatus::Unsat) return;
  r.elected_lane = static_cast<uint32_t>(*lane);
}

// The base every question about the two tracked lanes together asks over.
z3::expr_vector BranchSolver::two_lanes(const BranchEncoding& e) {
  z3::expr_vector pair = smt::copy_of(e.base);
  pair.push_back(e.same_warp);
  return pair;
}

std::string BranchSolver::imprecision_text(const BranchEncoding& e) const {
  std::string s;
  for (const auto& why : e.imprecision) s += (s.empty() ? "" : "; ") + why;
  return s;
}

// Whether the branch is proved unreachable (its verdict then set); a
// branch some run reached is not asked. `open` tells whether reachability
// stayed undecided.
bool BranchSolver::unreachable(z3::context& c, const BranchEncoding& e, QueryRunner& q, BranchResult& r,
                               const std::vector<z3::expr>& reach, const z3::expr& one_d, bool symbolic, bool& open) {
  open = false;
  if (seen_ && seen_->reached.count(r.instruction)) return false;
  open = true;
  if (reachability_failures_ >= kMaxReachabilityFailures || no_answer_.spent()) return false;
  SmtStatus reached = symbolic ? q.check_quick(e.base, any_of(c, reach) && one_d, "reachable-1d") : SmtStatus::Unsat;
  if (reached != SmtStatus::Sat) reached = q.check_quick(e.base, any_of(c, reach), "reachable");
  if (reached == SmtStatus::Unsat) {
    r.verdict = BranchVerdict::Unreachable;
    r.reason = "no thread of any launch that meets the assumptions reaches it";
    reachability_failures_ = 0;
    return true;
  }
  open = reached != SmtStatus::Sat;
  reachability_failures_ = open ? reachability_failures_ + 1 : 0;
  return false;
}

// Returns whether the full unrolling depth may decide what this could not:
// a split only beyond the unrolled iterations, or a query without an answer.
// `only_seen`: ask only whether a split the emulator saw is confirmed.
bool BranchSolver::decide(z3::context& c, BranchEncoding& e, QueryRunner& q, BranchResult& r, bool only_seen) {
  if (!e.unsupported.empty()) {
    r.verdict = BranchVerdict::Unknown;
    r.reason = "cannot encode: " + e.unsupported;
    return false;
  }
  // Once the kernel's time without answers is spent, the full unrolling
  // depth is not tried after a query without an answer either: it asks
  // more, on the quick try alone (CUTLASS's FP8 GEMM: 128 copies of the
  // amax reduction's bounds test each timed out three times, 390 s).
  auto timeout = [&](SmtStatus st, const char* what) {
    r.verdict = BranchVerdict::Unknown;
    r.reason = fmt::format("solver {} on the {} query", to_string(st), what);
    return !no_answer_.spent();
  };
  r.imprecision.assign(e.imprecision.begin(), e.imprecision.end());
  if (!e.floats) r.float_results = float_unknowns(e);
  r.replay_decides = false;
  std::vector<z3::expr> reach, precise, any;
  for (const BranchInstance& i : e.instances) {
    reach.push_back(any_of(c, i.reach));
    z3::expr split = split_at(e, i);
    any.push_back(split);
    if (!i.beyond) precise.push_back(split);
  }
  // A split implies the branch is reached, so reachability is asked only
  // when no split exists (to tell "unreachable" from "uniform").
  std::optional<z3::model> model;
  z3::expr_vector pair = two_lanes(e);
  // With a symbolic block, two lanes ask about 1-D blocks first: they need
  // no multiplier for the linear thread id, and most splits show up in them.
  // A split there is a split; only "none there" needs every shape. (The
  // whole-warp retry is there to prove uniformity, so it goes straight on.)
  z3::expr one_d = e.ntid[1] == c.bv_val(1, 32) && e.ntid[2] == c.bv_val(1, 32);
  bool symbolic = !o_.launch.concrete_block && e.threads == 2;
  if (seen_ && e.threads == 2 && !r.indexed)
    if (auto it = seen_->splits.find(r.instruction); it != seen_->splits.end()) {
      if (!o_.confirm_seen_splits) {
        take_seen(r);
        ask_elected(c, e, q, r, pair, any);
        return false;
      }
      if (confirm_seen(c, e, q, it->second, pair, any, r)) return false;
    }
  if (only_seen) return true;
  // Uniform by dependence alone: no divergence query, only whether any
  // thread gets there (a branch no run reached may be dead code).
  if (proved_by_dependence(r.instruction) && e.threads == 2) {
    bool reach_open = false;
    if (unreachable(c, e, q, r, reach, one_d, symbolic, reach_open)) return false;
    r.verdict = BranchVerdict::Uniform;
    r.reason = std::string(kUniformByDependence) +
               (reach_open ? " (whether any thread reaches it was not decided)" : "");
    return false;
  }
  // A copy of a source line whose divergence query had no answer (an
  // unrolled loop's bounds tests): the launch a run reached it in first.
  bool family_open = o_.reached_launch_first || open_families_.count(family_of(r));
  if (family_open && split_from_reaching_run(c, e, q, pair, precise, r)) return false;
  if (o_.bitblast_first && proved_bitblasted(e, q, pair, any, r)) return false;
  SmtStatus st = SmtStatus::Unsat;
  // In a loop, the first occurrence alone first: a small query, and where
  // most splits show.
  if (precise.size() > 1)
    st = q.check(pair, symbolic ? precise[0] && one_d : precise[0], symbolic ? "divergent-first-1d" : "divergent-first", &model);
  if (st != SmtStatus::Sat && symbolic) st = q.check(pair, any_of(c, precise) && one_d, "divergent-1d", &model);
  // Every block shape is rarely easier than 1-D blocks alone: after a 1-D
  // query without an answer it gets the quick try only (CUB's select
  // sweep: 28 such pairs timed out, 2 s each; 4 found a split).
  // Nor does the full unrolling depth answer a 1-D question the first
  // iteration could not (it asks more): the branch stays unknown there.
  // (Going deeper after such timeouts cost CUB's select sweep 2.5 s a
  // branch, for 12 branches, and answered none.)
  if (symbolic && st != SmtStatus::Sat && st != SmtStatus::Unsat) {
    SmtStatus any_shape = no_answer_.spent() ? st : q.check_quick(pair, any_of(c, precise), "divergent", &model);
    if (any_shape != SmtStatus::Sat) {
      if (proved_by_a_retry(c, e, q, pair, any, r)) return false;
      open_families_.insert(family_of(r));
      if (!family_open && split_from_reaching_run(c, e, q, pair, precise, r)) return false;
      timeout(st, "divergence");
      return false;
    }
    st = any_shape;
  }
  // With 1-D blocks proved, this one is mostly a proof: the SMT core
  // finds it in a millisecond (90% of them on CUB) or spends its whole
  // quick try before Z3's default solver does, so that try is short.
  // Every occurrence asks more than the first: after the first without an
  // answer, and the kernel's time for such queries spent, it is not asked.
  bool first_open = precise.size() > 1 && st != SmtStatus::Sat && st != SmtStatus::Unsat;
  if (st != SmtStatus::Sat && !(first_open && no_answer_.spent()))
    st = q.check(pair, any_of(c, precise), "divergent", &model, symbolic ? kProofQuickRlimit : kQuickRlimit);
  if (st == SmtStatus::Sat) {
    // Prefer a witness a replay can run (pointers at device-like addresses),
    // at the occurrence the model splits.
    std::optional<z3::model> nice;
    z3::expr split = any_of(c, precise);
    const BranchInstance* split_instance = nullptr;  // the occurrence `split` is, and the witness names
    for (const BranchInstance& i : e.instances)
      if (!i.beyond && model->eval(split_at(e, i), true).is_true()) {
        split = split_at(e, i);
        split_instance = &i;
        break;
      }
    z3::expr replay = split && replayable_constraints(c, e, m_, f_, pointer_fields_, split);
    // First with the block shape of the model found (constant factors keep
    // the address arithmetic of a whole warp cheap), then with any shape.
    z3::expr same_block = c.bool_val(true);
    for (int d = 0; d < 3; ++d) same_block = same_block && e.ntid[d] == model->eval(e.ntid[d], true);
    // Small parameter values first: a loop bound of two billion would make
    // the replay run past its step budget before it reaches the branch.
    // The first CTA too, where it can be: a reader looks there first.
    z3::expr small = small_params(c, e, m_, f_, pointer_fields_) && small_ctas(c, e);
    // Quickest when it holds: the model's own block shape, thread ids and
    // loaded values, only the pointers moved into a replay's windows (a
    // float or a multiplication already solved is not solved again), in
    // the first CTA, with small parameters first (a replay of a loop over
    // a million items spends the budget every other witness needs), then
    // the model's own.
    PinnedQuery pinned(c), pinned_params(c);
    for (PinnedQuery* p : {&pinned, &pinned_params}) {
      for (int d = 0; d < 3; ++d) p->pin(e.ntid[d], model->eval(e.ntid[d], true)), p->pin(e.ctaid[d], 0);
      pin_model_values(*model, e, false, *p);
    }
    pin_model_values(*model, e, true, pinned_params);
    // Each next try is looser and no easier: after one that ran out of
    // time the rest would too (five timeouts were 10 s a branch on CUB's
    // select kernel), and the split stands without a replayable witness.
    // A whole warp's unpinned witness searches get the quick try only:
    // they rarely finish (CUB's select sweep: two of 8.5 s each, both
    // timeouts), and the split stands without one, for the replays of the
    // model's launch and their random data to show. The model's own
    // parameters pin more than small ones constrain: that try is made
    // after the first ran out of time too (the quotients of CUB's
    // integer histogram fold to constants there).
    bool gave_up = false;
    bool whole_warp = e.threads > 2;
    auto witness = [&](const z3::expr& extra, const char* name, const PinnedQuery* pins = nullptr,
                       bool tighter = false) {
      if (gave_up && !tighter) return false;
      SmtStatus st = pins         ? q.check_alone(pins->apply(z3::mk_and(pair) && extra), name, &nice)
                     : whole_warp ? q.check_quick(pair, extra, name, &nice)
                                  : q.check(pair, extra, name, &nice);
      gave_up = gave_up || (st != SmtStatus::Sat && st != SmtStatus::Unsat);
      if (st == SmtStatus::Sat && pins) pins->complete(*nice);
      return st == SmtStatus::Sat;
    };
    bool replayable = witness(replay && small, "witness-pinned", &pinned) ||
                      witness(replay, "witness-pinned-params", &pinned_params, true) ||
                      witness(replay && same_block && small, "witness") ||
                      witness(replay && same_block, "witness-large") || witness(replay, "witness-any-block");
    // The witness names the occurrence the searches constrained (an
    // occurrence found split only in the witness's model may read loads
    // no search placed).
    const z3::model& wm = replayable ? *nice : *model;
    if (split_instance && wm.eval(split, true).is_true()) r.witness = witness_from(wm, e, *split_instance, f_, replayable);
    r.verdict = BranchVerdict::Divergent;
    ask_elected(c, e, q, r, pair, any);
    r.replay_decides = !e.imprecision.empty();
    r.reason = e.imprecision.empty()
                   ? "two lanes of one warp can reach it together and go different ways"
                   : "two lanes can go different ways in the model, which is not exact here (" + imprecision_text(e) +
                         "): the replay decides";
    return false;
  }
  // A branch some run reached is reachable: no query needed. Otherwise
  // reachability only tells "unreachable" from "uniform", both of which
  // mean no warp splits there: it gets the quick try alone, and without
  // an answer the branch is uniform (CUB's select sweep spent 57 s on
  // reachability queries that timed out, each then made unknown).
  // After kMaxReachabilityFailures in a row without an answer, a kernel
  // is asked no more (the select sweep: 12 of 13 timed out, 0.5 s each).
  bool reach_open = false;
  if (st == SmtStatus::Unsat && unreachable(c, e, q, r, reach, one_d, symbolic, reach_open)) return false;
  if (st != SmtStatus::Unsat) {
    if (proved_by_a_retry(c, e, q, pair, any, r)) return false;
    open_families_.insert(family_of(r));
    if (!family_open && split_from_reaching_run(c, e, q, pair, precise, r)) return false;
    return timeout(st, "divergence");
  }
  const char* reach_note = reach_open ? " (whether any thread reaches it was not decided)" : "";
  if (any.size() == precise.size()) {
    r.verdict = BranchVerdict::Uniform;
    r.reason = fmt::format("proved: no two lanes of a warp can reach it together and go different ways{}", reach_note);
    return false;
  }
  st = q.check(pair, any_of(c, any), "divergent-any-iteration");
  if (st == SmtStatus::Unsat) {
    r.verdict = BranchVerdict::Uniform;
    r.reason = fmt::format("proved for every loop iteration (loop-carried values proved equal in both lanes by "
                           "induction){}",
                           reach_note);
    return false;
  }
  if (st != SmtStatus::Sat) {
    if (proved_by_a_retry(c, e, q, pair, any, r)) return false;
    return timeout(st, "divergence (all iterations)");
  }
  r.verdict = BranchVerdict::Unknown;
  r.reason = fmt::format("uniform in the first {} iterations of the enclosing loops; beyond them the values "
                         "carried around the loop are not known",
                         e.unroll);
  return true;
}

// The source position a branch is a copy of (an unrolled loop repeats
// one line's test with other constants): the innermost line and column
// and the line everything is inlined into.
std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t> BranchSolver::family_of(const BranchResult& r) {
  return {r.loc.file, r.loc.line, r.loc.column, r.loc.outer_file, r.loc.outer_line};
}

// The source position a branch is at with every call site of its inline
// chain (file, line, column of each, innermost first).
std::vector<uint32_t> BranchSolver::call_chain_of(const BranchResult& r) const {
  std::vector<uint32_t> chain{r.loc.file, r.loc.line, r.loc.column};
  for (uint32_t site = r.loc.inlined_at; site && site <= m_.inline_sites.size();) {
    const ptx::InlineSite& s = m_.inline_sites[site - 1];
    chain.insert(chain.end(), {s.file, s.line, s.column});
    if (s.inlined_at == site) break;
    site = s.inlined_at;
  }
  return chain;
}

// A split the emulator saw before any query: the encoding pinned to that
// run's launch, CTA, lanes and parameters (its loads left free) must allow
// a split at some occurrence, beyond the unrolled iterations included.
// Sat: divergent, with the run as the witness, and neither a witness
// search nor a deeper unrolling is needed. Anything else: the usual
// queries decide, and a proof of uniformity would then contradict the
// run in the replay (exit 3), as it should.
bool BranchSolver::confirm_seen(z3::context& c, const BranchEncoding& e, QueryRunner& q, const SeenSplit& s,
                                const z3::expr_vector& pair, const std::vector<z3::expr>& any, BranchResult& r) {
  const Witness& w = s.witness;
  // The run's values replace the symbols they pin (pinned_query.h).
  PinnedQuery pins(c);
  for (int d = 0; d < 3; ++d) {
    pins.pin(e.ntid[d], w.block[d]);
    pins.pin(e.nctaid[d], w.grid[d]);
    pins.pin(e.ctaid[d], w.cta[d]);
    for (int t = 0; t < 2; ++t) pins.pin(e.tid[t][d], w.tid[t][d]);
  }
  for (const auto& [name, term] : e.params) {
    unsigned bits = term.get_sort().bv_size();
    for (const auto& [n, v] : w.params)
      if (n == name && bits <= 64) pins.pin(term, v);
    for (const auto& [n, bytes] : w.aggregates) {
      if (n != name || bytes.size() * 8 != bits || bytes.empty()) continue;
      z3::expr value = c.bv_val(bytes.back(), 8);
      for (size_t i = bytes.size() - 1; i-- > 0;) value = z3::concat(value, c.bv_val(bytes[i], 8));
      pins.pin(term, value.simplify());
    }
  }
  if (q.check_alone(pins.apply(z3::mk_and(pair) && any_of(c, any)), "seen-split") != SmtStatus::Sat) return false;
  r.verdict = BranchVerdict::Divergent;
  r.seen_split = true;
  r.confirmed = true;
  r.replay_decides = false;
  r.witness = w;
  r.reason = "the emulator saw two lanes of one warp go different ways in a launch that meets the assumptions, and "
             "the encoding allows that very split";
  return true;
}

}  // namespace warpsat::branch_analysis_detail
