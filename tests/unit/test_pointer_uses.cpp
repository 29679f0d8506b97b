#include <doctest/doctest.h>

#include "frontend/analysis/cfg.h"
#include "frontend/analysis/pointer_uses.h"
#include "frontend/analysis/reaching_defs.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

namespace {
std::vector<analysis::PointerUses> uses_of(const ptx::Module& m) {
  const ptx::Function& f = m.functions.at(0);
  analysis::Cfg cfg = analysis::build_cfg(f, m.source);
  return analysis::pointer_parameter_uses(f, analysis::reaching_definitions(f, cfg, m.source));
}
}  // namespace

TEST_CASE("pointer uses: loads and stores through a parameter, past cvta, add and mad.wide") {
  ptx::Module m = ptx::parse_module(R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 b, .param .u64 c, .param .u32 n, .param .u64 d)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<12>;
  .reg .f32 %f<3>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  ld.param.u32 %r1, [n];
  ld.param.u64 %rd11, [d];
  cvta.to.global.u64 %rd4, %rd1;
  cvta.to.global.u64 %rd5, %rd2;
  mov.u32 %r2, %tid.x;
  mul.wide.u32 %rd6, %r2, 4;
  add.s64 %rd7, %rd4, %rd6;
  ld.global.v2.f32 {%f1, %f2}, [%rd7+8];
  mad.wide.u32 %rd8, %r2, 4, %rd5;
  st.global.f32 [%rd8], %f1;
  setp.lt.u64 %p1, %rd3, %rd11;
  @%p1 bra DONE;
  ld.u8 %r3, [%rd3];
  st.global.u64 [%rd8], %rd11;
DONE:
  ret;
}
)",
                                    "k.ptx");
  std::vector<analysis::PointerUses> u = uses_of(m);
  REQUIRE(u.size() == 5);
  REQUIRE(u[0].accesses.size() == 1);  // a: the vector load, as its elements' type
  CHECK(u[0].accesses[0].type == ptx::ScalarType::F32);
  CHECK(!u[0].accesses[0].store);
  REQUIRE(u[1].accesses.size() == 2);  // b: the f32 store, and the u64 store of d's value
  CHECK(u[1].accesses[0].store);
  CHECK(u[1].accesses[0].type == ptx::ScalarType::F32);
  CHECK(u[1].accesses[1].type == ptx::ScalarType::U64);
  REQUIRE(u[2].accesses.size() == 1);  // c: compared (not followed), and loaded without cvta
  CHECK(u[2].accesses[0].type == ptx::ScalarType::U8);
  CHECK(u[3].accesses.empty());  // a scalar
  CHECK(u[4].accesses.empty());  // d: stored as a value, not an address
  CHECK(u[4].escapes);
  CHECK(!u[0].escapes);
}
