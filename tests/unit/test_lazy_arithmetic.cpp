// Divisions by a non-constant abstracted and made exact on demand
// (encodings/lazy_arithmetic.h): proofs over the abstraction stay proofs, and
// a sat answer's model is a model of the exact formula.
#include <doctest/doctest.h>

#include <set>

#include "encodings/lazy_arithmetic.h"
#include "solver/query_runner.h"

using namespace warpsat;

namespace {

uint64_t value(const z3::model& m, const z3::expr& e) { return m.eval(e, true).get_numeral_uint64(); }

size_t applications_of(const z3::expr& e, const char* prefix) {
  size_t n = 0;
  std::vector<z3::expr> work{e};
  std::set<unsigned> seen;
  while (!work.empty()) {
    z3::expr x = work.back();
    work.pop_back();
    if (!x.is_app() || !seen.insert(Z3_get_ast_id(x.ctx(), x)).second) continue;
    n += x.decl().name().str().rfind(prefix, 0) == 0;
    for (unsigned i = 0; i < x.num_args(); ++i) work.push_back(x.arg(i));
  }
  return n;
}

}  // namespace

TEST_CASE("lazy arithmetic: divisions by a non-constant become functions, shared, and constant divisors stay") {
  z3::context c;
  z3::expr x = c.bv_const("x", 32), y = c.bv_const("y", 32);
  LazyArithmetic lazy(c);
  z3::expr q = z3::udiv(x, y);
  z3::expr f = lazy.abstract(q + q == z3::urem(x, y) && z3::udiv(x, c.bv_val(7, 32)) == y);
  CHECK(lazy.applications() == 2);  // x / y once, x % y; x / 7 stays exact
  CHECK(applications_of(f, "warpsat.lazy.") == 2);
  CHECK(applications_of(f, "bvudiv") == 1);
  CHECK(lazy.unit_operands().size() == 2);
  // Abstracting again names the same applications.
  lazy.abstract(z3::udiv(x, y) == x);
  CHECK(lazy.applications() == 2);
  CHECK(!lazy.axioms().empty());
}

TEST_CASE("lazy arithmetic: 64-bit products of non-constants become functions, narrow or constant factors do not") {
  z3::context c;
  z3::expr a = c.bv_const("a", 32), b = c.bv_const("b", 32), tid = c.bv_const("tid", 10);
  LazyArithmetic lazy(c);
  z3::expr wide = z3::sext(b, 32) * z3::sext(a - b, 32);                   // CUB's bins * (sample - min)
  z3::expr by_constant = z3::sext(a, 32) * z3::sext(c.bv_val(16, 32), 32);  // a numeral the encodings widened
  z3::expr by_id = z3::zext(tid, 54) * z3::sext(b, 32);                     // a thread id widened
  z3::expr narrow = a * b;                                                  // 32 bits
  lazy.abstract(wide == by_constant && by_id == c.bv_val(3, 64) && narrow == a);
  CHECK(lazy.applications() == 1);
  // Its unit operand is the smaller factor: b, not a - b.
  REQUIRE(lazy.unit_operands().size() == 1);
  CHECK(z3::eq(lazy.unit_operands()[0], z3::sext(b, 32)));
}

TEST_CASE("lazy arithmetic: a query answers as it does exact, with a model of the exact formula") {
  z3::context c;
  BranchOptions o;
  BranchResult r;
  QueryRunner q(c, o, "test", r, 10000);
  z3::expr x = c.bv_const("x", 64), y = c.bv_const("y", 64);
  z3::expr_vector none(c);
  std::optional<z3::model> m;
  // A quotient above its dividend: no such division (the axioms prove it).
  CHECK(q.check(none, y != c.bv_val(0, 64) && z3::ugt(z3::udiv(x, y), x), "above") == SmtStatus::Unsat);
  // Unsat only by the exact value at one point: 10 / 3 is 3.
  CHECK(q.check(none, x == c.bv_val(10, 64) && y == c.bv_val(3, 64) && z3::udiv(x, y) == c.bv_val(4, 64), "point") ==
        SmtStatus::Unsat);
  // Sat with a divisor other than one: the model's values divide as they say.
  z3::expr need = z3::udiv(x, y) == c.bv_val(5, 64) && z3::urem(x, y) == c.bv_val(3, 64) &&
                  z3::ugt(y, c.bv_val(4, 64)) && z3::ult(x, c.bv_val(1000, 64));
  REQUIRE(q.check(none, need, "quotient", &m) == SmtStatus::Sat);
  uint64_t xv = value(*m, x), yv = value(*m, y);
  REQUIRE(yv > 4);
  CHECK(xv / yv == 5);
  CHECK(xv % yv == 3);
  // Two lanes' bins that differ, as CUB's integer histogram computes them:
  // (sample - min) * bins / range in 64 bits.
  z3::expr s0 = c.bv_const("s0", 64), s1 = c.bv_const("s1", 64), bins = c.bv_const("bins", 64),
           range = c.bv_const("range", 64);
  z3::expr bin0 = z3::udiv(s0 * bins, range), bin1 = z3::udiv(s1 * bins, range);
  REQUIRE(q.check(none, bin0 != bin1 && z3::ult(bin0, c.bv_val(256, 64)) && z3::ult(bin1, c.bv_val(256, 64)) &&
                            range != c.bv_val(0, 64),
                  "bins", &m) == SmtStatus::Sat);
  uint64_t rv = value(*m, range), bv = value(*m, bins);
  REQUIRE(rv != 0);
  uint64_t b0 = value(*m, s0) * bv / rv, b1 = value(*m, s1) * bv / rv;
  CHECK(b0 != b1);
  CHECK(b0 < 256);
  CHECK(b1 < 256);
}

TEST_CASE("lazy arithmetic: the same answers with divisions bit-blasted (--exact-divisions)") {
  z3::context c;
  BranchOptions o;
  o.lazy_divisions = false;
  BranchResult r;
  QueryRunner q(c, o, "test", r, 10000);
  z3::expr x = c.bv_const("x", 16), y = c.bv_const("y", 16);
  z3::expr_vector none(c);
  CHECK(q.check(none, y != c.bv_val(0, 16) && z3::ugt(z3::udiv(x, y), x), "above") == SmtStatus::Unsat);
  CHECK(q.check(none, z3::udiv(x, y) == c.bv_val(5, 16) && z3::ugt(y, c.bv_val(4, 16)), "quotient") == SmtStatus::Sat);
}
