// The thread-variance analysis (frontend/analysis/thread_variance.h): which
// branches it proves uniform with no solver, and, as much, which it must
// not (each "varies" below is a branch some launch splits).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>

#include "frontend/analysis/thread_variance.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::analysis;

namespace {

// The label a conditional branch of the first function with a body jumps to ->
// "uniform" or "varies".
std::map<std::string, std::string> verdicts(const std::string& body, VarianceAssumptions assume = {}) {
  ptx::Module m = ptx::parse_module(".version 8.5\n.target sm_90a\n.address_size 64\n" + body, "t.ptx");
  const ptx::Function& f = *std::find_if(m.functions.begin(), m.functions.end(),
                                          [](const ptx::Function& g) { return g.has_body; });
  FunctionAnalysis a = analyse_function(f, m.source);
  ThreadVariance tv = thread_variance(f, a, assume);
  std::map<std::string, std::string> out;
  for (uint32_t i = 0; i < f.instructions.size(); ++i)
    if (is_conditional_branch(f.instructions[i]))
      out[std::string(f.instructions[i].operands[0].text)] = tv.uniform(i) ? "uniform" : "varies";
  return out;
}

}  // namespace

TEST_CASE("thread variance: thread ids vary, CTA ids and parameters do not") {
  auto v = verdicts(R"(
.entry k(.param .u32 n) {
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  ld.param.u32 %r3, [n];
  setp.lt.u32 %p1, %r2, %r3;
  @%p1 bra $A;
$A:
  shr.u32 %r4, %r1, 5;
  setp.eq.u32 %p2, %r4, 0;
  @%p2 bra $B;
$B:
  mov.u32 %r5, %laneid;
  add.u32 %r6, %r5, %r3;
  setp.eq.u32 %p3, %r6, 0;
  @%p3 bra $C;
$C:
  ret;
})");
  CHECK(v.at("$A") == "uniform");  // ctaid.x < n
  CHECK(v.at("$B") == "varies");  // tid.x / 32 == 0: the analysis does not see warps
  CHECK(v.at("$C") == "varies");  // laneid + n
}

TEST_CASE("thread variance: a value merged after a divergent branch varies, one from before it does not") {
  auto v = verdicts(R"(
.entry k(.param .u32 n) {
  .reg .pred %p<5>;
  .reg .b32 %r<8>;
  ld.param.u32 %r3, [n];
  add.u32 %r4, %r3, 1;
  mov.u32 %r2, %tid.x;
  setp.lt.u32 %p1, %r2, 16;
  @%p1 bra $THEN;
  mov.u32 %r1, 7;
  bra.uni $JOIN;
$THEN:
  mov.u32 %r1, 9;
$JOIN:
  setp.eq.u32 %p2, %r1, 9;
  @%p2 bra $X;
$X:
  setp.eq.u32 %p3, %r4, 9;
  @%p3 bra $Y;
$Y:
  ret;
})");
  CHECK(v.at("$THEN") == "varies");   // tid.x < 16
  CHECK(v.at("$X") == "varies");  // the join's r1: 7 in some lanes, 9 in others
  CHECK(v.at("$Y") == "uniform"); // n + 1, computed before the split
}

TEST_CASE("thread variance: inside a branch's arm, lanes that took it agree") {
  auto v = verdicts(R"(
.entry k(.param .u32 n) {
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  mov.u32 %r2, %tid.x;
  setp.lt.u32 %p1, %r2, 16;
  @%p1 bra $END;
  ld.param.u32 %r3, [n];
  setp.eq.u32 %p2, %r3, 3;
  @%p2 bra $END2;
$END2:
  ret;
$END:
  ret;
})");
  CHECK(v.at("$END") == "varies");
  CHECK(v.at("$END2") == "uniform");
}

TEST_CASE("thread variance: a loop lanes leave after different trip counts") {
  auto v = verdicts(R"(
.entry k(.param .u32 n) {
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  mov.u32 %r2, %tid.x;
  mov.u32 %r1, 0;
$LOOP:
  add.u32 %r1, %r1, 1;
  setp.eq.u32 %p2, %r1, 5;
  @%p2 bra $SKIP;
$SKIP:
  setp.lt.u32 %p1, %r1, %r2;
  @%p1 bra $LOOP;
  setp.eq.u32 %p3, %r1, 8;
  @%p3 bra $END;
$END:
  ret;
})");
  CHECK(v.at("$SKIP") == "uniform");  // in the loop, the lanes still in it are at the same trip
  CHECK(v.at("$LOOP") == "varies");   // i < tid.x
  CHECK(v.at("$END") == "varies");   // after the loop, each lane's own trip count
}

TEST_CASE("thread variance: shuffles, votes and memory") {
  const char* kernel = R"(
.entry k(.param .u64 p) {
  .reg .pred %p<9>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<4>;
  .local .b32 mine;
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 7;
  mov.u32 %r3, 0;
  mov.u32 %r4, 31;
  mov.u32 %r5, -1;
  shfl.sync.idx.b32 %r6|%p1, %r2, %r3, %r4, %r5;
  setp.eq.u32 %p2, %r6, 0;
  @%p2 bra $A;
$A:
  shfl.sync.down.b32 %r7|%p1, %r2, 1, 31, -1;
  setp.eq.u32 %p3, %r7, 0;
  @%p3 bra $B;
$B:
  vote.sync.any.pred %p4, %p3, -1;
  @%p4 bra $C;
$C:
  ld.param.u64 %rd1, [p];
  ld.global.u32 %r8, [%rd1];
  setp.eq.u32 %p5, %r8, 0;
  @%p5 bra $D;
$D:
  ld.local.u32 %r9, [mine];
  setp.eq.u32 %p6, %r9, 0;
  @%p6 bra $E;
$E:
  atom.global.add.u32 %r10, [%rd1], 1;
  setp.eq.u32 %p7, %r10, 0;
  @%p7 bra $F;
$F:
  ld.volatile.global.u32 %r11, [%rd1];
  setp.eq.u32 %p8, %r11, 0;
  @%p8 bra $G;
$G:
  ret;
})";
  auto v = verdicts(kernel);
  CHECK(v.at("$A") == "uniform");  // lane 0's tid.x / 128 for the whole warp (CUTLASS's warp-group index)
  CHECK(v.at("$B") == "varies");   // shfl.down
  CHECK(v.at("$C") == "uniform");  // vote.any over every lane
  CHECK(v.at("$D") == "uniform");  // one global address, race-free
  CHECK(v.at("$E") == "varies");   // each thread's own local memory
  CHECK(v.at("$F") == "varies");   // an atomic's old value
  CHECK(v.at("$G") == "varies");   // a volatile load races with no store: a flag may change between lanes
  // Without the race-free assumption a global load another thread may
  // write varies; the kernel's parameter does not.
  auto racy = verdicts(kernel, {.race_free = false});
  CHECK(racy.at("$D") == "varies");
  CHECK(racy.at("$C") == "uniform");
}

TEST_CASE("thread variance: a call's own .param and mbarrier waits") {
  const char* kernel = R"(
.extern .func (.param .b32 r) f(.param .b32 a);
.entry k(.param .u64 bar) {
  .reg .pred %p<6>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  {
  .param .b32 a0;
  .param .b32 r0;
  st.param.b32 [a0], %r1;
  call.uni (r0), f, (a0);
  ld.param.b32 %r2, [r0];
  }
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra $A;
$A:
  ld.param.u64 %rd1, [bar];
  cvta.to.shared.u64 %rd2, %rd1;
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%rd2], 0;
  @%p2 bra $B;
$B:
  ret;
})";
  auto v = verdicts(kernel);
  CHECK(v.at("$A") == "varies");   // a call's result, per thread
  CHECK(v.at("$B") == "uniform");  // one barrier and phase for the warp
  CHECK(verdicts(kernel, {.warp_waits_agree = false}).at("$B") == "varies");
}

TEST_CASE("thread variance: a called function's branches are not proved") {
  auto v = verdicts(R"(
.func g(.param .b32 a) {
  .reg .pred %p<2>;
  .reg .b32 %r<2>;
  ld.param.b32 %r1, [a];
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra $A;
$A:
  ret;
})");
  CHECK(v.at("$A") == "varies");
}
