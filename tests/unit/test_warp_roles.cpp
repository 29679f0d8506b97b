// Warp-specialized code (encodings/warp_roles.h, encodings/param_address.h):
// the elected lane of a mask, a value taken to another thread's ids, and
// which addresses are a kernel parameter's bytes.
#include <doctest/doctest.h>

#include <z3++.h>

#include "encodings/param_address.h"
#include "encodings/warp_roles.h"

using namespace warpsat;

TEST_CASE("warp roles: elect.sync elects the lowest lane of its mask") {
  z3::context c;
  auto lane_of = [&](uint32_t mask) {
    uint64_t v = 0;
    REQUIRE(lowest_lane(c.bv_val(mask, 32)).simplify().is_numeral_u64(v));
    return v;
  };
  CHECK(lane_of(0xffffffffu) == 0);
  CHECK(lane_of(0xffff0000u) == 16);
  CHECK(lane_of(0x80000000u) == 31);
  CHECK(lane_of(0x00000006u) == 1);
  CHECK(lane_of(0) == 32);
  // A symbolic mask: proved for every mask with bit 5 lowest.
  z3::expr m = c.bv_const("m", 32);
  z3::solver s(c);
  s.add((m & c.bv_val(63, 32)) == c.bv_val(32, 32));
  s.add(lowest_lane(m) != c.bv_val(5, 32));
  CHECK(s.check() == z3::unsat);
}

TEST_CASE("warp roles: a function of the thread's ids is taken to the source lane's ids") {
  z3::context c;
  z3::expr x = c.bv_const("tid0.x", 10);
  z3::expr wide = z3::zext(x, 22);
  // threadIdx.x / 128 + a parameter: exact in thread 0 of the warp.
  z3::expr own = z3::lshr(wide, c.bv_val(7, 32)) + c.bv_const("param.n", 32);
  z3::expr src = c.bv_val(300, 10);
  auto shared = [](const std::string& n) { return n.rfind("param.", 0) == 0; };
  auto v = value_in_thread(own, {x}, {src}, shared);
  REQUIRE(v.has_value());
  z3::solver s(c);
  s.add(*v != c.bv_val(2, 32) + c.bv_const("param.n", 32));
  CHECK(s.check() == z3::unsat);
  // A per-thread value (a load of written memory) cannot be taken across.
  z3::expr loaded = own + c.bv_const("load.3.t0", 32);
  CHECK_FALSE(value_in_thread(loaded, {x}, {src}, shared).has_value());
}

TEST_CASE("warp roles: a parameter's bytes through ld.param and through cvta.param") {
  z3::context c;
  z3::expr p = c.bv_const("address.params", 64), window = c.bv_const("address.window.param", 64);
  auto at = [&](const z3::expr& a, bool generic) { return param_field(a, generic); };
  auto k = [&](uint64_t v) { return c.bv_val(v, 64); };
  auto f = at(p + k(640) - k(628), false);  // ld.param [%rd2+-628], %rd2 = params + 640
  REQUIRE(f.has_value());
  CHECK(f->name == "params");
  CHECK(f->offset == 12);
  f = at(p + k(896) + window + k(4), true);  // cvta.param of params + 896, then [+4]
  REQUIRE(f.has_value());
  CHECK(f->offset == 900);
  CHECK_FALSE(at(p + k(8), true).has_value());            // generic without the window: a global address
  CHECK_FALSE(at(p + window + k(8), false).has_value());  // .param space with the window: not a param address
  CHECK_FALSE(at(p + c.bv_const("r", 64), false).has_value());  // a computed offset
}
