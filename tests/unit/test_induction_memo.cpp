// The loop induction's memo (encodings/induction_memo.h): fingerprints that
// two Z3 contexts agree on, and a second encoding of the same loop in a
// fresh context answered without a query.
#include <doctest/doctest.h>

#include "encodings/branch_encoding.h"
#include "encodings/induction_memo.h"
#include "encodings/term_fingerprint.h"
#include "frontend/analysis/slices.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

TEST_CASE("fingerprints: the same term in two contexts, whatever order they made its symbols in") {
  z3::context a, b;
  z3::expr ax = a.bv_const("x", 8), ay = a.bv_const("y", 8);
  z3::expr by = b.bv_const("y", 8), bx = b.bv_const("x", 8);  // the other order: other AST ids
  z3::expr ta = (ax * ay + a.bv_val(3, 8) == ay && z3::ult(ax, ay)).simplify();
  z3::expr tb = (bx * by + b.bv_val(3, 8) == by && z3::ult(bx, by)).simplify();
  smt::Fingerprinter fa, fb;
  CHECK(fa.of(ta) == fb.of(tb));
  // Commutative arguments in either order are one formula; others are not.
  CHECK(fa.of(ax * ay) == fa.of(ay * ax));
  CHECK(!(fa.of(ax - ay) == fa.of(ay - ax)));
  CHECK(!(fa.of(z3::ult(ax, ay)) == fa.of(z3::ult(ay, ax))));
  // Widths, numerals and names count.
  CHECK(!(fa.of(ax) == fa.of(a.bv_const("x", 16))));
  CHECK(!(fa.of(ax + a.bv_val(1, 8)) == fa.of(ax + a.bv_val(2, 8))));
  CHECK(!(fa.of(ax) == fa.of(ay)));
  CHECK(fa.of(ax.extract(3, 0)) == fb.of(bx.extract(3, 0)));
  CHECK(!(fa.of(ax.extract(3, 0)) == fa.of(ax.extract(4, 1))));
}

TEST_CASE("induction memo: a loop encoded again in a fresh context asks no induction query") {
  // A value carried around a loop that is the same in every lane of a warp
  // only through the launch's shape (the warp index, with 64 threads a
  // block): the induction must ask Z3, and proves it.
  ptx::Module m = ptx::parse_module(R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u32 n)
{
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, 0;
  mov.u32 %r3, %tid.x;
  shr.u32 %r3, %r3, 5;
$L:
  mul.lo.u32 %r4, %r3, 3;
  setp.gt.u32 %p1, %r4, %r1;
  @%p1 bra $S;
  add.u32 %r3, %r3, 1;
$S:
  setp.gt.u32 %p3, %r3, 9;
  @%p3 bra $T;
$T:
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p2, %r2, %r1;
  @%p2 bra $L;
  ret;
}
)",
                                    "memo.ptx");
  const ptx::Function& f = m.functions[0];
  analysis::FunctionAnalysis an = analysis::analyse_function(f, m.source);
  uint32_t branch = 0;
  for (uint32_t i = 0; i < f.instructions.size(); ++i)
    if (analysis::is_conditional_branch(f.instructions[i])) {
      branch = i;
      break;
    }
  LaunchSpec launch;
  launch.concrete_block = true;
  launch.block[0] = 64;
  InductionMemo memo;
  auto encode = [&](TimeStats& stats, InductionMemo* with = nullptr) {
    z3::context c;
    BranchEncodingOptions o;
    o.unroll = 1;
    o.induction_memo = with ? with : &memo;
    o.stats = &stats;
    BranchEncoding e = encode_branch(c, m, f, an, branch, launch, o);
    REQUIRE(e.unsupported.empty());
    // The warp index stays exact: no split at the first branch in any iteration.
    z3::solver s(c);
    for (const z3::expr& b : e.base) s.add(b);
    s.add(e.same_warp);
    z3::expr_vector splits(c);
    for (const BranchInstance& i : e.instances) splits.push_back(split_at(e, i));
    s.add(z3::mk_or(splits));
    return s.check();
  };
  auto outcomes = [](const TimeStats& stats) {
    for (const TimeStats::Row& r : stats.rows())
      if (r.kind == "induction") return r.outcomes;
    return std::map<std::string, size_t>{};
  };
  TimeStats first, second;
  CHECK(encode(first) == z3::unsat);
  CHECK(outcomes(first).count("answered by another encoding") == 0);
  CHECK(!outcomes(first).empty());
  CHECK(encode(second) == z3::unsat);
  std::map<std::string, size_t> again = outcomes(second);
  CHECK(again.count("answered by another encoding") == 1);
  CHECK(again.size() == 1);
  // A kernel whose induction has spent its budget in other encodings
  // proves nothing more: the warp index is no longer known to be equal in
  // both lanes, and the split query finds them apart.
  InductionMemo spent;
  spent.spend(BranchEncodingOptions{}.induction_kernel_budget_rlimit);
  TimeStats third;
  CHECK(encode(third, &spent) == z3::sat);
  CHECK(outcomes(third).empty());
}
