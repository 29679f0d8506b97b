#include "solver/tiling_optimizer.h"

#include "encodings/gemm_ws_encoding.h"
#include "encodings/query_timer.h"
#include "solver/lex_minimizer.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

namespace warpsat {

const char* to_string(TilingStatus s) {
  switch (s) {
    case TilingStatus::Optimal: return "optimal";
    case TilingStatus::Infeasible: return "infeasible";
    case TilingStatus::Unknown: return "unknown";
  }
  return "?";
}

std::string TilingQuestion::name() const {
  std::string model_part = model == GemmModel::Seed001 ? "" : std::string(".") + to_string(model);
  return fmt::format("tile.M{}.N{}.K{}.{}{}.{}", shape.m, shape.n, shape.k, machine.name, model_part,
                     to_string(objective));
}

namespace {

int64_t as_int64(const z3::expr& e) {
  int64_t v = 0;
  if (!e.is_numeral_i64(v)) throw std::runtime_error("solver model value is not a 64-bit integer: " + e.to_string());
  return v;
}

// z3++ 4.8 lacks these two members of z3::optimize.
std::string optimize_to_smt2(const z3::optimize& opt) {
  return Z3_optimize_to_string(opt.ctx(), const_cast<z3::optimize&>(opt));
}
std::string optimize_reason_unknown(z3::optimize& opt) { return Z3_optimize_get_reason_unknown(opt.ctx(), opt); }

// Owns one Z3 context per question, so questions share no solver state.
class TilingSolver {
 public:
  TilingSolver(const TilingQuestion& q, const SolverOptions& o)
      : q_(q), o_(o), encode_start_(std::chrono::steady_clock::now()),
        terms_(encode_gemm_ws(ctx_, q.shape, q.machine, q.space, q.encoding, q.objective, q.model)), solver_(make_solver()) {
    encode_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - encode_start_).count();
  }

  TilingAnswer run() {
    auto start = std::chrono::steady_clock::now();
    TilingAnswer a;
    if (q_.encoding == GemmEncoding::Array)
      optimise_with_z3_optimize(a);
    else
      optimise_incrementally(a);
    if (a.status == TilingStatus::Optimal) enumerate_co_optimal(a);
    a.solve_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    a.encode_ms = encode_ms_;
    return a;
  }

  std::string optimisation_smt2() {
    if (q_.encoding == GemmEncoding::ClosedForm) {
      // Propositional: the constraints themselves (the objectives are handles, not terms to minimise).
      z3::solver s(ctx_, "QF_FD");
      for (const z3::expr& c : terms_.constraints) s.add(c);
      return s.to_smt2();
    }
    z3::optimize opt = make_optimizer();
    return optimize_to_smt2(opt);
  }

 private:
  z3::params params() {
    z3::params p(ctx_);
    return p;
  }

  // The incremental solver: Z3's plain SMT kernel, which keeps lemmas across
  // checks (the default solver re-preprocesses on its first check).
  // The closed-form encoding is purely propositional (selectors, the depth
  // and the objectives in order encoding), which Z3's incremental SAT solver
  // (QF_FD) handles without the SMT core's preprocessing of every assertion.
  z3::solver make_solver() {
    z3::solver s = q_.encoding == GemmEncoding::ClosedForm ? z3::solver(ctx_, "QF_FD")
                                                           : z3::solver(ctx_, z3::solver::simple());
    z3::params p = params();
    p.set("random_seed", o_.random_seed);
    s.set(p);
    for (const z3::expr& c : terms_.constraints) s.add(c);
    return s;
  }

  z3::optimize make_optimizer() {
    z3::optimize opt(ctx_);
    opt.set(params());
    for (const z3::expr& c : terms_.constraints) opt.add(c);
    // z3::optimize treats several objectives lexicographically, in order.
    if (q_.objective != Objective::Wait) opt.minimize(terms_.total);
    if (q_.objective != Objective::Total) opt.minimize(terms_.wait);
    return opt;
  }

  // Runs one check; an unknown result becomes the answer's reason.
  template <typename CheckFn, typename ReasonFn>
  bool settled(CheckFn check, ReasonFn reason, z3::check_result& r, TilingAnswer& a, const char* what) {
    auto start = std::chrono::steady_clock::now();
    ++a.queries;
    r = check();
    if (r != z3::unknown) return true;
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::string why = reason();
    SmtStatus st = classify_unknown(why, ms, o_.timeout_ms);
    a.status = TilingStatus::Unknown;
    a.reason = st == SmtStatus::Timeout ? fmt::format("{} query: timeout after {:.0f} ms", what, ms)
                                        : fmt::format("{} query: unknown ({})", what, why);
    return false;
  }

  void dump(TilingAnswer& a, const std::string& suffix, const std::string& smt2) {
    if (!o_.dump_dir.empty()) a.dumped.push_back(write_smt2(o_.dump_dir, q_.name() + "." + suffix, smt2));
  }

  ConfigCost read_model(const z3::model& m) {
    if (terms_.read) {
      ModelReading r = terms_.read(m);
      return {r.config, r.cost, r.waves};
    }
    auto v = [&](const z3::expr& e) { return as_int64(m.eval(e, true)); };
    return {{{v(terms_.tm), v(terms_.tn), v(terms_.tk)}, v(terms_.stages)}, {v(terms_.total), v(terms_.wait)},
            v(terms_.waves)};
  }

  std::vector<z3::expr> objectives() {
    std::vector<z3::expr> v;
    if (q_.objective != Objective::Wait) v.push_back(terms_.total);
    if (q_.objective != Objective::Total) v.push_back(terms_.wait);
    return v;
  }

  // The reference path: seed 001's z3::optimize over the Array encoding.
  void optimise_with_z3_optimize(TilingAnswer& a) {
    z3::optimize opt = make_optimizer();
    if (!o_.dump_dir.empty()) dump(a, "optimum", optimize_to_smt2(opt));
    z3::check_result r;
    auto check = [&] {
      QueryTimer timer(ctx_, o_.timeout_ms);
      return opt.check();
    };
    if (!settled(check, [&] { return optimize_reason_unknown(opt); }, r, a, "optimisation")) return;
    if (r == z3::unsat) return infeasible(a);
    a.status = TilingStatus::Optimal;
    a.best = a.optimiser_model = read_model(opt.get_model());
  }

  // The fast path: linear search on the incremental solver (lex_minimizer.h).
  void optimise_incrementally(TilingAnswer& a) {
    LexProblem p{objectives(), {}, terms_.choices, {}, o_.timeout_ms, terms_.hint, terms_.less_than, {}};
    if (terms_.read)
      p.value = [&](const z3::model& m, size_t i) {
        Cost c = terms_.read(m).cost;
        return p.names[i] == "total" ? c.total : c.wait;
      };
    if (q_.objective != Objective::Wait) p.names.push_back("total");
    if (q_.objective != Objective::Total) p.names.push_back("wait");
    if (!o_.dump_dir.empty()) p.dump = [&](const std::string& suffix, const std::string& smt2) { dump(a, suffix, smt2); };
    LexMinimum m = minimize_lexicographic(solver_, p);
    a.queries += m.checks;
    if (m.status == SmtStatus::Timeout || m.status == SmtStatus::Unknown || m.status == SmtStatus::Error) {
      a.status = TilingStatus::Unknown;
      a.reason = fmt::format("optimisation query: {} ({})", to_string(m.status), m.reason);
      return;
    }
    if (m.status == SmtStatus::Unsat) return infeasible(a);
    a.status = TilingStatus::Optimal;
    a.best = a.optimiser_model = read_model(*m.model);
  }

  void infeasible(TilingAnswer& a) {
    a.status = TilingStatus::Infeasible;
    a.reason = "no configuration of the search space fits the machine's limits";
  }

  // Every configuration whose primary objective equals the optimum: one
  // satisfiable query per configuration, each blocked in turn, and a final
  // unsat query that proves the list complete.
  void enumerate_co_optimal(TilingAnswer& a) {
    z3::solver& s = solver_;
    const z3::expr& primary = q_.objective == Objective::Wait ? terms_.wait : terms_.total;
    // Guarded by a literal so the enumeration leaves the solver's meaning unchanged.
    z3::expr enumerating = ctx_.bool_const("enumerating_co_optimal");
    int64_t optimum = primary_value(q_.objective, a.best.cost);
    z3::expr at_optimum = terms_.less_than ? !terms_.less_than(primary, optimum) && terms_.less_than(primary, optimum + 1)
                                           : primary == ctx_.int_val(optimum);
    s.add(z3::implies(enumerating, at_optimum));
    z3::expr_vector assume(ctx_);
    assume.push_back(enumerating);
    z3::solver record(ctx_, z3::solver::simple());  // what the query files show
    if (!o_.dump_dir.empty()) {
      for (const z3::expr& c : terms_.constraints) record.add(c);
      record.add(at_optimum);
    }
    for (size_t round = 0;; ++round) {
      if (!o_.dump_dir.empty()) dump(a, fmt::format("co-optimal.{}", round), record.to_smt2());
      z3::check_result r;
      auto check = [&] {
        QueryTimer timer(ctx_, o_.timeout_ms);
        return s.check(assume);
      };
      if (!settled(check, [&] { return s.reason_unknown(); }, r, a, "co-optimal enumeration")) return;
      if (r == z3::unsat) break;
      ConfigCost found = read_model(s.get_model());
      a.co_optimal.push_back(found);
      const Tile& t = found.config.tile;
      z3::expr block = terms_.selects ? !terms_.selects(found.config)
                                      : !(terms_.tm == ctx_.int_val(t.tm) && terms_.tn == ctx_.int_val(t.tn) &&
                                          terms_.tk == ctx_.int_val(t.tk) &&
                                          terms_.stages == ctx_.int_val(found.config.stages));
      s.add(z3::implies(enumerating, block));
      if (!o_.dump_dir.empty()) record.add(block);
    }
    std::sort(a.co_optimal.begin(), a.co_optimal.end(),
              [](const ConfigCost& x, const ConfigCost& y) { return x.config < y.config; });
    // The optimiser's model is one optimal configuration; the reported best is
    // the preferred one among all of them, so that ties resolve the same way
    // in the solver and in the exhaustive sweep.
    for (const ConfigCost& c : a.co_optimal)
      if (preferred(q_.objective, c.cost, c.config, a.best.cost, a.best.config, q_.machine)) a.best = c;
  }

  z3::context ctx_;
  const TilingQuestion& q_;
  const SolverOptions& o_;
  std::chrono::steady_clock::time_point encode_start_;
  double encode_ms_ = 0;
  GemmWsTerms terms_;
  z3::solver solver_;
};

}  // namespace

TilingAnswer optimize_tiling(const TilingQuestion& q, const SolverOptions& options) {
  return TilingSolver(q, options).run();
}

std::string tiling_query_smt2(const TilingQuestion& q) {
  SolverOptions o;
  return TilingSolver(q, o).optimisation_smt2();
}

}  // namespace warpsat
