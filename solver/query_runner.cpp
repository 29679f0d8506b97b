#include "solver/query_runner.h"

#include <fmt/format.h>

#include "encodings/query_timer.h"
#include "encodings/smt_helpers.h"
#include "solver/lazy_arithmetic.h"

namespace warpsat {

SmtStatus QueryRunner::check(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                             std::optional<z3::model>* model, unsigned quick_rlimit) {
  return ask(base, extra, name, model, session_, false, quick_rlimit);
}

SmtStatus QueryRunner::check_quick(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                                   std::optional<z3::model>* model) {
  return ask(base, extra, name, model, session_, true);
}

SmtStatus QueryRunner::check_alone(const z3::expr& query, const std::string& name, std::optional<z3::model>* model) {
  return ask(z3::expr_vector(c_), query, name, model, nullptr, false, kPinnedQuickRlimit);
}

SmtStatus QueryRunner::ask(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                           std::optional<z3::model>* model, QuerySession* session, bool quick_only,
                           unsigned quick_rlimit) {
  auto start = std::chrono::steady_clock::now();
  if (no_answer_ && no_answer_->spent()) {
    quick_only = true;
    quick_rlimit = std::min(quick_rlimit, kQuickRlimit / 3);
  }
  unsigned limit = timeout_ms_;
  if (deadline_) {
    // A pass with a budget of its own (exact floats): no query runs past it.
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_ - start).count();
    unsigned cap = static_cast<unsigned>(std::max<long long>(1, left));
    limit = limit ? std::min(limit, cap) : cap;
  }
  auto elapsed = [&] { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(); };
  unsigned quick = limit ? std::min(limit, kQuickTimeoutMs) : kQuickTimeoutMs;
  // Divisions by a non-constant are uninterpreted functions until a model
  // needs them exact (lazy_arithmetic.h).
  LazyArithmetic lazy(c_);
  z3::expr asked = o_.lazy_divisions ? lazy.abstract(extra) : extra;
  if (lazy.any()) asked = asked && z3::mk_and(lazy.axioms());
  z3::expr_vector lemmas(c_), fresh(c_);  // every lemma so far; those the last model needed
  size_t rounds = 0;
  // Whether a sat answer's model holds in the exact formula; if not, the
  // lemmas it needs are added and the query is asked again.
  auto exact_model = [&](const z3::model& m) {
    if (!lazy.any() || m.eval(extra, true).is_true()) return true;
    fresh = lazy.refine(m, rounds >= kPointLemmaRounds);
    ++rounds;
    for (const z3::expr& l : fresh) lemmas.push_back(l);
    return false;
  };
  auto with_lemmas = [&] { return lemmas.empty() ? asked : asked && z3::mk_and(lemmas); };
  // Right after the first model that got a division wrong: every divisor
  // one, which the axioms make exact. Most splits through a quotient
  // (a histogram's bin) need no particular divisor, and this finds one
  // at once where lemmas move the model from one wrong value to the next.
  z3::expr_vector ones(c_);
  for (const z3::expr& d : lazy.unit_operands()) ones.push_back(d == c_.bv_val(1, d.get_sort().bv_size()));
  bool ones_tried = !lazy.any();
  auto try_ones = [&] {
    bool now = rounds == 1 && !ones_tried;
    ones_tried = ones_tried || now;
    return now;
  };
  std::optional<z3::solver> s;
  std::optional<z3::model> found;
  std::string reason;
  // Floats: the SMT core's lazy bit-blasting is several times slower
  // than the default solver's eager one, so it gets no first try.
  z3::check_result cr = z3::unknown;
  bool gave_up = true;
  if (!floats_) {
    // Bounded by Z3's resource count, not the clock, so that which
    // queries get past it (and the models they give) do not depend on
    // the machine's load: -j N writes what -j 1 writes. On the
    // encoding's session when there is one: its terms are already there.
    for (bool again = true; again;) {
      again = false;
      bool ones_now = try_ones();
      z3::expr q = ones_now ? with_lemmas() && z3::mk_and(ones) : with_lemmas();
      if (session) {
        cr = session->check(base, q, kQuickTimeoutScale * quick, quick_rlimit);
        reason = session->reason_unknown();
        if (cr == z3::sat) found = session->model();
      } else {
        cr = run(s, z3::solver(c_, z3::solver::simple()), kQuickTimeoutScale * quick, base, q, quick_rlimit);
        reason = cr == z3::unknown ? s->reason_unknown() : "";
        if (cr == z3::sat) found = s->get_model();
      }
      if (cr == z3::sat && !exact_model(*found)) {
        found.reset();
        cr = z3::unknown;
        reason = "resource limits: the model of the abstracted divisions was not exact";
        again = rounds < kQuickRefinementRounds;
      } else if (ones_now && cr != z3::sat) {
        again = true;  // no split with every divisor one: say nothing, ask without
      }
    }
    gave_up = cr == z3::unknown && (is_time_limit_reason(reason) || reason.find("resource") != std::string::npos);
  }
  double spent = elapsed();
  bool fell_back = gave_up && !(quick_only && !floats_) && (!limit || spent < limit);
  if (fell_back) {
    auto left = [&] { return limit ? std::max(1u, limit - static_cast<unsigned>(std::min<double>(limit, elapsed()))) : 0u; };
    cr = run(s, z3::solver(c_), left(), base, with_lemmas());
    // Refined on the same solver: after its first check Z3's default
    // solver goes on incrementally instead of bit-blasting anew.
    while (cr == z3::sat && !exact_model(s->get_model()) && rounds < kMaxRefinementRounds &&
           (!limit || elapsed() < limit)) {
      for (const z3::expr& l : fresh) s->add(l);
      // Only the checks run under the timer: past its limit it interrupts
      // the context every 10 ms, and a model evaluated then throws
      // "canceled" (CUB's cub_more under load: exit 70, an internal error).
      if (try_ones()) {
        {
          QueryTimer timer(c_, left());
          cr = s->check(ones);
        }
        if (cr == z3::sat && s->get_model().eval(extra, true).is_true()) break;
      }
      QueryTimer timer(c_, left());
      cr = s->check();
    }
    if (cr == z3::sat && lazy.any() && !s->get_model().eval(extra, true).is_true()) cr = z3::unknown;
    reason = cr == z3::unknown ? s->reason_unknown() : "";
    if (cr == z3::sat) found = s->get_model();
  }
  double ms = elapsed();
  ++r_.queries;
  SmtStatus st = cr == z3::sat ? SmtStatus::Sat : cr == z3::unsat ? SmtStatus::Unsat
                                                                   : classify_unknown(reason, ms, limit);
  if (no_answer_ && st != SmtStatus::Sat && st != SmtStatus::Unsat) no_answer_->spent_ms += ms;
  if (TimeStats* stats = o_.encoding.stats) {
    bool whole_warp = stem_.ends_with(".warp");
    std::string kind = floats_ ? "exact-float " + name : whole_warp ? "whole-warp " + name : name;
    std::string outcome = to_string(st);
    if (fell_back) outcome += " (default solver)";
    if (lazy.any()) outcome += rounds ? fmt::format(" (divisions made exact {}x)", rounds) : " (divisions abstracted)";
    stats->record(kind, outcome, ms);
  }
  if (!o_.solver.dump_dir.empty()) {
    z3::solver d(c_);
    for (const z3::expr& b : base) d.add(b);
    d.add(extra);
    r_.dumped.push_back(write_smt2(o_.solver.dump_dir, stem_ + "." + name,
                                   fmt::format("; warpsat query {}.{}\n; expected: {}\n{}", stem_, name,
                                               to_string(st), d.to_smt2())));
  }
  if (st == SmtStatus::Sat && model) *model = *found;
  last_ms_ = ms;
  return st;
}

z3::check_result QueryRunner::run(std::optional<z3::solver>& s, z3::solver solver, unsigned timeout_ms,
                                  const z3::expr_vector& base, const z3::expr& extra, unsigned rlimit) {
  s.emplace(std::move(solver));
  // A resource count marks the quick try on the SMT core; the default
  // solver runs by the clock alone.
  z3::params p = rlimit ? smt::smt_core_params(c_, rlimit) : z3::params(c_);
  p.set("random_seed", o_.solver.random_seed);
  s->set(p);
  for (const z3::expr& b : base) s->add(b);
  s->add(extra);
  QueryTimer timer(c_, timeout_ms);
  return s->check();
}

}  // namespace warpsat
