#include "solver/lex_minimizer.h"

#include <chrono>

#include <fmt/format.h>

#include "encodings/query_timer.h"
#include "encodings/smt_helpers.h"

namespace warpsat {

namespace {

int64_t value_of(const z3::model& m, const z3::expr& e) {
  int64_t v = 0;
  if (!m.eval(e, true).is_numeral_i64(v)) throw std::runtime_error("objective value is not a 64-bit integer");
  return v;
}

// z3::expr_vector copies share one underlying vector; this makes a real copy.
class Minimizer {
 public:
  Minimizer(z3::solver& s, const LexProblem& p) : s_(s), p_(p) {}

  LexMinimum run() {
    // A hinted encoding may state exact values only up to the hint's (the
    // closed form's), so without the hint's model there is no going on.
    z3::check_result first = p_.hint.empty() ? check(assumed_) : check(p_.hint);
    if (first == z3::unsat && !p_.hint.empty()) {
      r_.reason = "the hinted configuration is not a model of its own encoding";
      return finish(SmtStatus::Error);
    }
    if (first != z3::sat) return finish(first == z3::unsat ? SmtStatus::Unsat : r_.status);
    model_ = s_.get_model();
    for (size_t i = 0; i < p_.objectives.size(); ++i)
      if (!minimize(i)) return finish(r_.status);
    r_.model = *model_;
    return finish(SmtStatus::Sat);
  }

 private:
  z3::check_result check(const z3::expr_vector& assumptions) {
    ++r_.checks;
    auto start = std::chrono::steady_clock::now();
    {
      QueryTimer timer(s_.ctx(), p_.timeout_ms);
      last_ = assumptions.empty() ? s_.check() : s_.check(assumptions);
    }
    if (last_ == z3::unknown) {
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      r_.reason = s_.reason_unknown();
      r_.status = classify_unknown(r_.reason, ms, p_.timeout_ms);
    }
    return last_;
  }

  LexMinimum finish(SmtStatus st) {
    r_.status = st;
    return r_;
  }

  // The model's choices as assumption literals.
  z3::expr_vector fixed_choices() {
    z3::expr_vector lits = smt::copy_of(assumed_);
    for (const z3::expr& c : p_.choices) lits.push_back(model_->eval(c, true).is_true() ? c : !c);
    return lits;
  }

  // Binary search for the least value of `obj` the current model's choices
  // admit; leaves model_ at a model attaining it.
  // The first probe asks for one less than the model's value, because models
  // are often tight already; only a loose one costs a binary search.
  bool tighten(const z3::expr& obj, int64_t& value) {
    z3::expr_vector fixed = fixed_choices();
    int64_t lo = 0, hi = value;
    for (bool first = true; lo < hi; first = false) {
      int64_t mid = first ? hi - 1 : lo + (hi - lo) / 2;
      z3::expr_vector assumptions = smt::copy_of(fixed);
      assumptions.push_back(bound_literal(less_than(obj, mid + 1)));
      z3::check_result r = check(assumptions);
      if (r == z3::sat) {
        model_ = s_.get_model();
        hi = objective_value(*model_, obj);
      }
      if (r == z3::unknown) return false;
      if (r == z3::unsat) lo = mid + 1;
    }
    value = hi;
    return true;
  }

  int64_t objective_value(const z3::model& m, const z3::expr& obj) {
    if (!p_.value) return value_of(m, obj);
    for (size_t i = 0; i < p_.objectives.size(); ++i)
      if (z3::eq(p_.objectives[i], obj)) return p_.value(m, i);
    throw std::logic_error("value of an objective the problem does not name");
  }

  z3::expr less_than(const z3::expr& obj, int64_t v) {
    return p_.less_than ? p_.less_than(obj, v) : obj < s_.ctx().int_val(v);
  }

  // A fresh literal that implies `bound`, so bounds are assumed rather than
  // pushed and popped: the solver keeps everything it learns between checks.
  z3::expr bound_literal(const z3::expr& bound) {
    z3::expr lit = s_.ctx().bool_const(fmt::format("bound!{}", next_literal_++).c_str());
    s_.add(z3::implies(lit, bound));
    return lit;
  }

  // The query as a stand-alone SMT-LIB file: the solver's assertions, the
  // optimal values of earlier objectives, and `extra`.
  std::string query_text(const z3::expr& extra, const char* expected) {
    z3::solver copy(s_.ctx(), z3::solver::simple());
    for (const z3::expr& a : s_.assertions())
      if (!mentions_bound_literal(a)) copy.add(a);
    for (const z3::expr& e : equalities_) copy.add(e);
    copy.add(extra);
    return fmt::format("; expected: {}\n{}", expected, copy.to_smt2());
  }

  static bool mentions_bound_literal(const z3::expr& a) {
    return a.is_app() && a.decl().decl_kind() == Z3_OP_IMPLIES && a.arg(0).is_const() &&
           a.arg(0).decl().name().str().rfind("bound!", 0) == 0;
  }

  bool minimize(size_t i) {
    const z3::expr& obj = p_.objectives[i];
    int64_t best = objective_value(*model_, obj);
    if (!tighten(obj, best)) return false;
    for (;;) {
      z3::expr_vector below = smt::copy_of(assumed_);
      below.push_back(bound_literal(less_than(obj, best)));
      z3::check_result r = check(below);
      if (r == z3::unknown) return false;
      if (r == z3::unsat) break;
      model_ = s_.get_model();
      int64_t v = objective_value(*model_, obj);
      if (!tighten(obj, v)) return false;
      best = v;
    }
    z3::expr at_best = !less_than(obj, best) && less_than(obj, best + 1);
    if (p_.dump) {
      p_.dump(p_.names[i] + ".optimality", query_text(less_than(obj, best), "unsat"));
      p_.dump(p_.names[i] + ".witness", query_text(at_best, "sat"));
    }
    assumed_.push_back(bound_literal(at_best));
    equalities_.push_back(at_best);
    r_.values.push_back(best);
    return true;
  }

  z3::solver& s_;
  const LexProblem& p_;
  LexMinimum r_;
  z3::check_result last_ = z3::unknown;
  std::optional<z3::model> model_;
  unsigned next_literal_ = 0;
  z3::expr_vector assumed_{s_.ctx()};      // literals for earlier objectives' optima
  std::vector<z3::expr> equalities_;       // those optima, for query files
};

}  // namespace

LexMinimum minimize_lexicographic(z3::solver& solver, const LexProblem& problem) {
  return Minimizer(solver, problem).run();
}

}  // namespace warpsat
