#include "solver/query_session.h"

#include <fmt/format.h>

#include "encodings/query_timer.h"
#include "encodings/smt_helpers.h"

namespace warpsat {

namespace {
unsigned id_of(const z3::expr& e) { return Z3_get_ast_id(e.ctx(), e); }
}  // namespace

QuerySession::QuerySession(z3::context& c, const z3::expr_vector& level0, unsigned random_seed, unsigned rlimit,
                           bool defer, bool abstract)
    : c_(c), rlimit_(rlimit), solver_(c, z3::solver::simple()), deferred_(level0), level0_terms_(c) {
  if (abstract && holds_wide_products(level0, kAbstractedBaseProductBits)) lazy_.emplace(c);
  // Z3 counts `rlimit` from where each check starts, so every query gets
  // the same budget however many came before it.
  z3::params p = smt::smt_core_params(c, rlimit);
  p.set("random_seed", random_seed);
  solver_.set(p);
  if (!defer) start();
}

void QuerySession::start() {
  if (!started_) {
    started_ = true;
    for (const z3::expr& b : deferred_)
      if (level0_.insert(id_of(b)).second) {
        solver_.add(abstracted(b));
        if (lazy_) level0_terms_.push_back(b);
      }
    deferred_ = z3::expr_vector(c_);
  }
  for (; pushed_ < level_; ++pushed_) {
    solver_.push();
    axioms_given_at_.push_back(axioms_given_);
  }
}

z3::expr QuerySession::abstracted(const z3::expr& e) {
  return lazy_ ? lazy_->abstract_into(e, solver_, axioms_given_) : e;
}

bool QuerySession::exact_base(const z3::model& m, const z3::expr_vector& base, bool exact) {
  // The level-0 terms a query's base does not repeat hold in every query too.
  if (!lazy_ || !lazy_->any() || m.eval(z3::mk_and(base) && z3::mk_and(level0_terms_), true).is_true()) return true;
  for (const z3::expr& l : lazy_->refine(m, exact, false)) solver_.add(l);
  return false;
}

z3::check_result QuerySession::check(const z3::expr_vector& base, const z3::expr& extra, unsigned timeout_ms,
                                     unsigned rlimit) {
  start();
  z3::expr_vector assumed(c_);
  for (const z3::expr& b : base) {
    unsigned id = id_of(b);
    if (level0_.count(id)) continue;
    auto it = guards_.find(id);
    if (it == guards_.end()) {
      z3::expr g = c_.bool_const(fmt::format("warpsat.guard.{}.{}", level_, guards_.size()).c_str());
      solver_.add(z3::implies(g, abstracted(b)));
      it = guards_.emplace(id, Guard{g, level_}).first;
    }
    assumed.push_back(it->second.literal);
  }
  z3::expr q = c_.bool_const(fmt::format("warpsat.query.{}", queries_++).c_str());
  solver_.add(z3::implies(q, extra));
  assumed.push_back(q);
  auto budget = [&](unsigned limit) {
    solver_.set(smt::smt_core_params(c_, limit));
  };
  bool own_budget = rlimit && rlimit != rlimit_;
  if (own_budget) budget(rlimit);
  z3::check_result r;
  {
    QueryTimer timer(c_, timeout_ms);
    r = solver_.check(assumed);
  }
  if (own_budget) budget(rlimit_);
  // The model (when sat) is the caller's to take before the next query;
  // retiring q lets the solver drop the query's clauses from its search.
  if (r == z3::sat) last_model_ = solver_.get_model();
  last_reason_ = r == z3::unknown ? solver_.reason_unknown() : "";
  solver_.add(!q);
  return r;
}

void QuerySession::push() {
  ++level_;
  if (started_) {
    solver_.push();
    axioms_given_at_.push_back(axioms_given_);
    ++pushed_;
  }
}

void QuerySession::pop() {
  --level_;
  if (pushed_ > level_) {
    solver_.pop();
    --pushed_;
    // The axioms asserted in the scope went with it: given again when
    // their applications are next asserted.
    axioms_given_ = axioms_given_at_.back();
    axioms_given_at_.pop_back();
  }
  std::erase_if(guards_, [&](const auto& g) { return g.second.level > level_; });
}

}  // namespace warpsat
