#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "solver/term_program.h"

using namespace warpsat;

namespace {

// What Z3 itself makes of `t` at these values of x and y.
uint64_t z3_value(z3::context& c, z3::expr t, const z3::expr& x, const z3::expr& y, uint64_t vx, uint64_t vy) {
  z3::expr_vector from(c), to(c);
  from.push_back(x);
  from.push_back(y);
  to.push_back(c.bv_val(vx, x.get_sort().bv_size()));
  to.push_back(c.bv_val(vy, y.get_sort().bv_size()));
  z3::expr v = t.substitute(from, to).simplify();
  if (v.is_true()) return 1;
  if (v.is_false()) return 0;
  uint64_t out = 0;
  REQUIRE(v.is_numeral_u64(out));
  return out;
}

}  // namespace

TEST_CASE("term program: every operator it compiles agrees with Z3 at random points") {
  z3::context c;
  z3::expr x = c.bv_const("x", 32), y = c.bv_const("y", 32);
  z3::expr w = z3::zext(x, 32) * c.bv_val(0x10001, 64);  // 64 bits
  z3::expr_vector terms(c);
  terms.push_back(x + y * c.bv_val(3, 32) - c.bv_val(7, 32));
  terms.push_back(-x);
  terms.push_back(~x & (y | c.bv_val(0xf0, 32)) ^ c.bv_val(0x5a5a, 32));
  terms.push_back(z3::shl(x, y & c.bv_val(63, 32)));
  terms.push_back(z3::lshr(x, y & c.bv_val(63, 32)));
  terms.push_back(z3::ashr(x, y & c.bv_val(63, 32)));
  terms.push_back(z3::concat(x.extract(7, 0), y.extract(31, 24)));
  terms.push_back(z3::sext(x.extract(15, 0), 48));
  terms.push_back(w + z3::zext(y, 32));
  terms.push_back(z3::ite(z3::ult(x, y), x, y));
  terms.push_back(z3::ule(x, y) && !(z3::slt(x, y)) || (x == y));
  terms.push_back(z3::sge(x, y) != z3::ugt(x, y));
  terms.push_back(z3::sle(x.extract(7, 0), y.extract(7, 0)) && z3::sgt(x, c.bv_val(0, 32)));
  terms.push_back(z3::implies(z3::uge(x, y), x != y));
  terms.push_back(w * w);  // wraps at 64 bits
  z3::expr_vector inputs(c);
  inputs.push_back(x);
  inputs.push_back(y);
  std::optional<TermProgram> p = TermProgram::compile(terms, inputs);
  REQUIRE(p);
  std::mt19937_64 random(28);
  std::vector<uint64_t> values;
  for (int i = 0; i < 300; ++i) {
    uint64_t vx = random() & 0xffffffff, vy = random() & 0xffffffff;
    if (i % 3 == 0) vx &= 0xff, vy &= 0xff;  // small values: comparisons both ways
    if (i % 7 == 0) vx |= 0x80000000;        // negative as signed
    REQUIRE(p->run({vx, vy}, values));
    REQUIRE(values.size() == terms.size());
    for (unsigned t = 0; t < terms.size(); ++t) {
      CAPTURE(t);
      CAPTURE(vx);
      CAPTURE(vy);
      CHECK(values[t] == z3_value(c, terms[t], x, y, vx, vy));
    }
  }
}

TEST_CASE("term program: divisions agree with Z3, and a division by zero is left to Z3") {
  z3::context c;
  z3::expr x = c.bv_const("x", 32), y = c.bv_const("y", 32);
  z3::expr_vector terms(c);
  terms.push_back(z3::udiv(x, y));
  terms.push_back(z3::urem(x, y));
  terms.push_back(x / y);  // signed
  terms.push_back(z3::srem(x, y));
  z3::expr_vector inputs(c);
  inputs.push_back(x);
  inputs.push_back(y);
  std::optional<TermProgram> p = TermProgram::compile(terms, inputs);
  REQUIRE(p);
  std::vector<uint64_t> values;
  for (auto [vx, vy] : std::vector<std::pair<uint64_t, uint64_t>>{
           {100, 7}, {0xfffffff9, 3}, {7, 0xfffffffd}, {0x80000001, 0x7fffffff}, {5, 5}}) {
    REQUIRE(p->run({vx, vy}, values));
    for (unsigned t = 0; t < terms.size(); ++t) CHECK(values[t] == z3_value(c, terms[t], x, y, vx, vy));
  }
  CHECK(!p->run({5, 0}, values));
}

TEST_CASE("term program: a symbol that is no input, or a width over 64 bits, is not compiled") {
  z3::context c;
  z3::expr x = c.bv_const("x", 32), loaded = c.bv_const("loaded", 32);
  z3::expr_vector inputs(c);
  inputs.push_back(x);
  z3::expr_vector free_leaf(c);
  free_leaf.push_back(x + loaded);
  CHECK(!TermProgram::compile(free_leaf, inputs));
  z3::expr_vector wide(c);
  wide.push_back(z3::zext(x, 96) == c.bv_val(3, 128));
  CHECK(!TermProgram::compile(wide, inputs));
  z3::expr_vector function(c);
  z3::func_decl f = c.function("f", c.bv_sort(32), c.bv_sort(32));
  function.push_back(f(x));
  CHECK(!TermProgram::compile(function, inputs));
}
