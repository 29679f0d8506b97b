// Values both tracked lanes share taken as unknowns (solver/uniform_abstraction.h):
// an unsatisfiable abstraction is a proof about the original, and only terms
// free of lane-varying symbols are replaced.
#include <doctest/doctest.h>

#include "solver/uniform_abstraction.h"

using namespace warpsat;

namespace {

z3::check_result check(z3::context& c, const z3::expr& e) {
  z3::solver s(c);
  s.add(e);
  return s.check();
}

}  // namespace

TEST_CASE("uniform abstraction: which symbols vary by lane") {
  CHECK(lane_varying_symbol("tid0.x"));
  CHECK(lane_varying_symbol("tid1.z"));
  CHECK(lane_varying_symbol("load.7.t1"));
  CHECK(lane_varying_symbol("entry.r12.t0"));
  CHECK(lane_varying_symbol("writer.load.3.t0.x"));
  CHECK(lane_varying_symbol("fn.cvt.12.e0"));
  CHECK(lane_varying_symbol("inactive_lane.4.t1"));
  CHECK_FALSE(lane_varying_symbol("param._Z6kernelPi_param_2"));
  CHECK_FALSE(lane_varying_symbol("ctaid.x"));
  CHECK_FALSE(lane_varying_symbol("nctaid.y"));
  CHECK_FALSE(lane_varying_symbol("cluster._cluster_ctaid.1"));
  CHECK_FALSE(lane_varying_symbol("loop2.r8289.4"));
  CHECK_FALSE(lane_varying_symbol("warp_value.3.120"));
  CHECK_FALSE(lane_varying_symbol("total.times"));  // ".t" not followed by a thread index
}

TEST_CASE("uniform abstraction: a shared value compared in both lanes stays one unknown, and the proof holds") {
  z3::context c;
  z3::expr m = c.bv_const("param.m", 64), d = c.bv_const("param.d", 64), cta = c.bv_const("ctaid.x", 64);
  z3::expr t0 = c.bv_const("tid0.x", 64), t1 = c.bv_const("tid1.x", 64);
  // The tile's residue: a 128-bit product's high half (a fast division), shared.
  z3::expr hi = z3::zext(cta, 64) * z3::zext(d, 64);
  z3::expr residue = m - hi.extract(127, 64) * c.bv_val(128, 64);
  // Both lanes test the same row (tid / 32 within a warp): never split.
  z3::expr row0 = z3::lshr(t0, 5), row1 = z3::lshr(t1, 5);
  z3::expr split = z3::ult(row0, residue) != z3::ult(row1, residue);
  z3::expr same_warp = row0 == row1;
  UniformAbstraction shared(c);
  z3::expr abstracted = shared.abstract(split);
  CHECK(shared.unknowns() == 1);  // the residue, once, though both lanes read it
  CHECK(check(c, same_warp && abstracted) == z3::unsat);
  CHECK(check(c, same_warp && split) == z3::unsat);  // what the abstraction proved
  // The same term in a later call is the same unknown.
  z3::expr again = shared.abstract(z3::ult(row0, residue));
  CHECK(shared.unknowns() == 1);
  CHECK(check(c, same_warp && again && !shared.abstract(z3::ult(row1, residue))) == z3::unsat);
}

TEST_CASE("uniform abstraction: lanes that read their own columns can split, and nothing per lane is replaced") {
  z3::context c;
  z3::expr n = c.bv_const("param.n", 32), t0 = c.bv_const("tid0.x", 32), t1 = c.bv_const("tid1.x", 32);
  z3::expr v0 = c.bv_const("load.3.t0", 32), v1 = c.bv_const("load.3.t1", 32);
  z3::expr split = z3::ult(t0 + v0, n * n) != z3::ult(t1 + v1, n * n);
  UniformAbstraction shared(c);
  z3::expr abstracted = shared.abstract(split);
  CHECK(shared.unknowns() == 1);  // n * n only
  CHECK(check(c, abstracted) == z3::sat);
  // A formula with nothing shared but symbols is returned unchanged.
  UniformAbstraction none(c);
  z3::expr lanes = z3::ult(t0, n) != z3::ult(t1, n);
  CHECK(none.abstract(lanes).id() == lanes.id());
  CHECK(none.unknowns() == 0);
  // A wholly shared formula becomes one Boolean unknown: satisfiable, no proof.
  UniformAbstraction whole(c);
  z3::expr b = whole.abstract(z3::ult(n * n, n + 1));
  CHECK(b.is_bool());
  CHECK(whole.unknowns() == 1);
}
