// The branch queries' solver plumbing: one incremental solver per encoding
// (solver/query_session.h), pinned queries folded before solving
// (solver/pinned_query.h), and the float-operation count that keeps large
// float cones out of the exact pass (encodings/fp_terms.h).
#include <doctest/doctest.h>

#include "encodings/fp_terms.h"
#include "solver/pinned_query.h"
#include "solver/query_runner.h"
#include "solver/query_session.h"

using namespace warpsat;

TEST_CASE("query session: a retired query constrains nothing after it") {
  z3::context c;
  z3::expr x = c.bv_const("x", 8);
  z3::expr_vector base(c);
  base.push_back(z3::ult(x, c.bv_val(10, 8)));
  QuerySession s(c, base, 0, 0);
  z3::expr_vector none(c);
  CHECK(s.check(none, x == c.bv_val(3, 8), 0) == z3::sat);
  CHECK(s.model().eval(x).get_numeral_uint() == 3);
  // x == 3 was retired: x == 4 is satisfiable, and the base still holds.
  CHECK(s.check(none, x == c.bv_val(4, 8), 0) == z3::sat);
  CHECK(s.check(none, x == c.bv_val(12, 8), 0) == z3::unsat);
  CHECK(s.queries() == 3);
}

TEST_CASE("query session: base terms outside level 0 hold only in the queries that name them") {
  z3::context c;
  z3::expr x = c.bv_const("x", 8);
  z3::expr_vector level0(c);
  QuerySession s(c, level0, 0, 0);
  z3::expr_vector with(c);
  with.push_back(x == c.bv_val(1, 8));
  z3::expr_vector without(c);
  CHECK(s.check(with, x == c.bv_val(2, 8), 0) == z3::unsat);
  CHECK(s.check(without, x == c.bv_val(2, 8), 0) == z3::sat);
  // The guard literal is reused, and still guards after a scope ends.
  {
    QuerySession::Scope scope(s);
    CHECK(s.check(with, x == c.bv_val(2, 8), 0) == z3::unsat);
  }
  CHECK(s.check(with, x == c.bv_val(1, 8), 0) == z3::sat);
  CHECK(s.check(without, x == c.bv_val(5, 8), 0) == z3::sat);
}

TEST_CASE("query session: deferred, the solver gets the base and the open scopes only at the first check") {
  z3::context c;
  z3::expr x = c.bv_const("x", 8);
  z3::expr_vector base(c);
  base.push_back(z3::ult(x, c.bv_val(10, 8)));
  CHECK(QuerySession(c, base, 0, 0).started());  // not deferred: at once
  QuerySession s(c, base, 0, 0, true);
  z3::expr_vector with(c);
  with.push_back(x == c.bv_val(7, 8));
  // Branches whose queries all took kept answers: scopes, no check.
  for (int i = 0; i < 3; ++i) {
    QuerySession::Scope scope(s);
  }
  CHECK_FALSE(s.started());
  {
    QuerySession::Scope outer(s);
    {
      QuerySession::Scope inner(s);
      CHECK(s.check(with, x == c.bv_val(8, 8), 0) == z3::unsat);  // the guarded term holds
      CHECK(s.started());
      CHECK(s.check(with, x == c.bv_val(7, 8), 0) == z3::sat);
      z3::expr_vector none(c);
      CHECK(s.check(none, x == c.bv_val(12, 8), 0) == z3::unsat);  // the base holds
    }
    // The inner scope's guard went with it: a new one is made here.
    CHECK(s.check(with, x == c.bv_val(7, 8), 0) == z3::sat);
    CHECK(s.model().eval(x).get_numeral_uint() == 7);
  }
  CHECK(s.check(with, x == c.bv_val(9, 8), 0) == z3::unsat);
  z3::expr_vector none(c);
  CHECK(s.check(none, x == c.bv_val(9, 8), 0) == z3::sat);
  CHECK(s.queries() == 6);
}

TEST_CASE("query session: a resource limit makes a hard query unknown, and the next query still answers") {
  z3::context c;
  z3::expr a = c.bv_const("a", 64), b = c.bv_const("b", 64);
  z3::expr_vector level0(c);
  QuerySession s(c, level0, 0, 2000);
  z3::expr_vector none(c);
  // Factoring a 64-bit semiprime: far beyond 2,000 resource units.
  z3::expr hard = a * b == c.bv_val(uint64_t{4294967291u} * uint64_t{4294967279u}, 64) &&
                  z3::ugt(a, c.bv_val(1, 64)) && z3::ugt(b, c.bv_val(1, 64)) &&
                  z3::ult(a, c.bv_val(uint64_t{1} << 32, 64)) && z3::ult(b, c.bv_val(uint64_t{1} << 32, 64));
  {
    QuerySession::Scope scope(s);  // as a branch's queries are
    CHECK(s.check(none, hard, 0) == z3::unknown);
    CHECK(!s.reason_unknown().empty());
  }
  CHECK(s.check(none, a == c.bv_val(7, 64), 0) == z3::sat);
}

TEST_CASE("query session: an abstracted base's products are functions until a model needs them exact") {
  z3::context c;
  z3::expr a = c.bv_const("a", 128), b = c.bv_const("b", 128), p = c.bv_const("p", 128);
  z3::expr_vector base(c);
  base.push_back(a * b == p);  // a 128-bit product of non-constants: abstracted
  base.push_back(a == c.bv_val(3, 128) && b == c.bv_val(5, 128));
  z3::expr_vector none(c);
  QuerySession s(c, base, 0, 0, false, true);
  CHECK(s.abstracts());
  // A base whose products are 64 bits wide stays exact: Z3 solves those
  // faster than the abstraction's refinement rounds.
  z3::expr a64 = c.bv_const("a64", 64), b64 = c.bv_const("b64", 64);
  z3::expr_vector narrow(c);
  narrow.push_back(a64 * b64 == c.bv_val(15, 64));
  CHECK_FALSE(QuerySession(c, narrow, 0, 0, false, true).abstracts());
  // The axioms alone prove what holds for every product: a factor of one
  // gives the other factor.
  CHECK(s.check(none, a == c.bv_val(1, 128) && p != b, 0) == z3::unsat);
  // 3 * 5 == 16 is false, but the abstraction allows it at first; the base
  // is level 0, not repeated in the query's base, and is checked all the same.
  z3::expr wrong = p == c.bv_val(16, 128);
  REQUIRE(s.check(none, wrong, 0) == z3::sat);
  CHECK_FALSE(s.exact_base(s.model(), none, false));  // the product's value at (3, 5) is asserted
  CHECK(s.check(none, wrong, 0) == z3::unsat);
  // The exact product is a model of the exact base.
  REQUIRE(s.check(none, p == c.bv_val(15, 128), 0) == z3::sat);
  CHECK(s.exact_base(s.model(), none, false));
}

TEST_CASE("pinned query: pinned symbols fold away, and the model gets their values back") {
  z3::context c;
  z3::expr narrow = c.bv_const("tid.x", 10);
  z3::expr tid = z3::zext(narrow, 22);  // how the encodings keep thread ids
  z3::expr n = c.bv_const("count.n", 32);
  z3::expr v = c.bv_const("v", 32);
  PinnedQuery pins(c);
  pins.pin(tid, 5);
  pins.pin(n, 40);
  pins.pin(v * c.bv_val(2, 32), c.bv_val(8, 32));  // not a symbol: stays an equality
  z3::expr q = pins.apply(z3::ult(tid, n) && z3::ult(v, c.bv_val(100, 32)));
  // Both symbols are gone from the query; the equality on v is kept.
  std::string text = q.to_string();
  CHECK(text.find("tid.x") == std::string::npos);
  CHECK(text.find("count.n") == std::string::npos);
  z3::solver s(c);
  s.add(q);
  REQUIRE(s.check() == z3::sat);
  z3::model m = s.get_model();
  pins.complete(m);
  CHECK(m.eval(tid, true).get_numeral_uint() == 5);
  CHECK(m.eval(n, true).get_numeral_uint() == 40);
  CHECK((m.eval(v * c.bv_val(2, 32), true).get_numeral_uint() == 8));
  // A value too wide for the narrow symbol is kept as an equality (unsat here).
  PinnedQuery wide(c);
  wide.pin(tid, 4096);
  z3::solver w(c);
  w.add(wide.apply(c.bool_val(true)));
  CHECK(w.check() == z3::unsat);
}

TEST_CASE("float operations are counted up to a cap, each shared term once") {
  z3::context c;
  z3::sort f32 = c.fpa_sort<32>();
  z3::expr a = c.constant("a", f32), b = c.constant("b", f32);
  z3::expr sum = a + b;
  z3::expr prod = sum * sum;  // sum is shared: counted once
  std::vector<z3::expr> roots{prod > a, sum < b};
  CHECK(float_operations(roots, 100) == 2);
  CHECK(float_operations(roots, 1) == 1);
  CHECK(float_operations({}, 100) == 0);
}

TEST_CASE("query runner: once a kernel's budget for queries without an answer is spent, no query falls back") {
  z3::context c;
  BranchOptions o;
  BranchResult r;
  QueryRunner q(c, o, "test", r, 2000);
  NoAnswerBudget budget{1000};
  q.no_answer_budget(&budget);
  z3::expr x = c.bv_const("x", 32);
  z3::expr_vector none(c);
  // A quick try of 100 resource units gives up at once; the default solver
  // answers.
  z3::expr easy = x * c.bv_val(7, 32) == c.bv_val(91, 32) && z3::ult(x, c.bv_val(100, 32));
  CHECK(q.check(none, easy, "easy", nullptr, 100) == SmtStatus::Sat);
  CHECK(budget.spent_ms == 0);
  // A query without an answer counts.
  QueryRunner hard_runner(c, o, "test", r, 50);
  hard_runner.no_answer_budget(&budget);
  z3::expr a = c.bv_const("a", 64), b = c.bv_const("b", 64);
  z3::expr hard = a * b == c.bv_val(uint64_t{4294967291u} * uint64_t{4294967279u}, 64) &&
                  z3::ugt(a, c.bv_val(1, 64)) && z3::ugt(b, c.bv_val(1, 64)) &&
                  z3::ult(a, c.bv_val(uint64_t{1} << 32, 64)) && z3::ult(b, c.bv_val(uint64_t{1} << 32, 64));
  CHECK(hard_runner.check(none, hard, "hard", nullptr, 100) != SmtStatus::Sat);
  CHECK(budget.spent_ms > 0);
  // Spent: the same easy query gets the quick try alone, which gives up.
  budget.spent_ms = budget.limit_ms;
  CHECK(budget.spent());
  SmtStatus st = q.check(none, easy, "easy-again", nullptr, 100);
  CHECK(st != SmtStatus::Sat);
  CHECK(st != SmtStatus::Unsat);
}
