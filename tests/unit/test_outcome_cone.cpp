// The base constraints a branch's outcomes depend on (encodings/branch_view.h,
// base_cone): what the outcomes-alone retry asks over. A constraint is
// kept where it mentions a symbol the outcomes or same_warp use, or one a
// kept constraint uses; one about the path alone is left out.
#include <doctest/doctest.h>

#include "encodings/branch_view.h"

using namespace warpsat;

TEST_CASE("outcome cone: constraints linked to the outcomes are kept, the path's alone are not") {
  z3::context c;
  z3::expr t0 = c.bv_const("tid0.x", 32), t1 = c.bv_const("tid1.x", 32);
  z3::expr n = c.bv_const("ntid.x", 32), p = c.bv_const("param.p", 64), q = c.bv_const("param.q", 64);
  z3::expr k = c.bv_const("param.k", 32);
  BranchEncoding e{.base = z3::expr_vector(c),
                   .same_warp = z3::lshr(t0, 5) == z3::lshr(t1, 5) && t0 != t1};
  e.base.push_back(z3::ult(t0, n) && z3::ult(t1, n));      // 0: links ntid.x
  e.base.push_back(n == c.bv_val(256, 32));                // 1: through 0
  e.base.push_back(p * q == c.bv_val(1000003, 64));        // 2: the path's alone
  e.base.push_back(z3::ugt(k, c.bv_val(3, 32)));           // 3: an outcome's parameter
  BranchInstance i;
  i.reach = {p * q == c.bv_val(1000003, 64), p * q == c.bv_val(1000003, 64)};
  i.out = {z3::ite(z3::lshr(t0, 7) == k, c.bv_val(1, 1), c.bv_val(0, 1)),
           z3::ite(z3::lshr(t1, 7) == k, c.bv_val(1, 1), c.bv_val(0, 1))};
  e.instances.push_back(i);
  z3::expr_vector kept = base_cone(e, i.out[0] != i.out[1]);
  REQUIRE(kept.size() == 3);
  CHECK(z3::eq(kept[0], e.base[0]));
  CHECK(z3::eq(kept[1], e.base[1]));
  CHECK(z3::eq(kept[2], e.base[3]));
  // What the retry asks: over the cone, the outcomes cannot differ in one warp.
  z3::solver s(c);
  s.add(z3::mk_and(kept) && e.same_warp && i.out[0] != i.out[1]);
  CHECK(s.check() == z3::unsat);
}
