// Issue 28's invariant (encodings/parameter_terms.h, docs/branches.md,
// "Parameters and assumptions"): the parameter an assumption names is the
// term ld.param of it reads, in every encoding the branch analysis builds.
// Each encoding below is asked whether a branch on that parameter can split
// with and without the assumption: without, it can (so the check can fail);
// with, it cannot.
#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>

#include "encodings/branch_encoding.h"
#include "encodings/parameter_terms.h"
#include "frontend/analysis/slices.h"
#include "frontend/assumption.h"
#include "frontend/diagnostics.h"
#include "frontend/kernel_params.h"
#include "frontend/ptx/parser.h"
#include "solver/branch_analysis.h"

using namespace warpsat;

namespace {

// Three branches on the parameters: t < (the neighbour's shared word, which
// every thread set to n before the barrier), t < n, and (float)t < f.
// With n == 64 (f == 64.0f) and 64 threads, none splits.
const char* const kKernel = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 n, .param .f32 f)
{
  .reg .b32 %r<12>;
  .reg .f32 %f<4>;
  .reg .b64 %rd<6>;
  .reg .pred %p<4>;
  .shared .align 4 .b8 s[4096];
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [n];
  ld.param.f32 %f1, [f];
  mov.u32 %r2, %tid.x;
  mov.u32 %r10, 0;
  shl.b32 %r3, %r2, 2;
  mov.u32 %r4, s;
  add.s32 %r5, %r4, %r3;
  st.shared.u32 [%r5], %r1;
  bar.sync 0;
  xor.b32 %r6, %r2, 1;
  shl.b32 %r7, %r6, 2;
  add.s32 %r8, %r4, %r7;
  ld.shared.u32 %r9, [%r8];
  setp.lt.u32 %p1, %r2, %r9;
  @%p1 bra A;
  add.u32 %r10, %r10, 1;
A:
  setp.lt.u32 %p2, %r2, %r1;
  @%p2 bra B;
  add.u32 %r10, %r10, 2;
B:
  cvt.rn.f32.u32 %f2, %r2;
  setp.lt.f32 %p3, %f2, %f1;
  @%p3 bra C;
  add.u32 %r10, %r10, 4;
C:
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r10;
  ret;
}
)";

std::vector<uint32_t> branches_of(const ptx::Function& f) {
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < f.instructions.size(); ++i)
    if (f.instructions[i].op == ptx::Opcode::Bra && f.instructions[i].has_guard) out.push_back(i);
  return out;
}

// Whether two lanes of one warp can split at `branch` in `e`.
bool can_split(const BranchEncoding& e, uint32_t branch) {
  REQUIRE(e.unsupported.empty());
  z3::context& c = e.base.ctx();
  z3::solver s(c);
  for (const z3::expr& b : e.base) s.add(b);
  s.add(e.same_warp);
  z3::expr_vector splits(c);
  for (const BranchInstance& i : e.instances)
    if (i.branch == branch) splits.push_back(split_at(e, i));
  REQUIRE(!splits.empty());
  s.add(z3::mk_or(splits));
  z3::check_result r = s.check();
  REQUIRE(r != z3::unknown);
  return r == z3::sat;
}

LaunchSpec block_of_64(std::vector<std::string> assumptions, const ptx::Function& k) {
  LaunchSpec l;
  l.concrete_block = true;
  l.block[0] = 64;
  l.assumptions = assumptions_for_kernel(assumptions, k);
  return l;
}

}  // namespace

TEST_CASE("parameter terms: an assumption constrains the parameter every encoding reads") {
  ptx::Module m = ptx::parse_module(kKernel, "t.ptx");
  const ptx::Function& k = m.functions.at(0);
  analysis::FunctionAnalysis a = analysis::analyse_function(k, m.source);
  std::vector<uint32_t> b = branches_of(k);
  REQUIRE(b.size() == 3);
  const uint32_t linked = b[0], bound = b[1], floating = b[2];
  std::vector<std::string> n_is_64 = {"param1 == 64"}, f_is_64 = {"param2 == 1115684864"};  // 64.0f's bits
  LaunchSpec free = block_of_64({}, k), n64 = block_of_64(n_is_64, k), f64 = block_of_64(f_is_64, k);
  // By its PTX name, and with the block fixed by assumptions instead.
  LaunchSpec by_name = block_of_64({"n == 64"}, k);
  LaunchSpec symbolic;
  symbolic.assumptions = assumptions_for_kernel({"ntid.x == 64", "ntid.y == 1", "ntid.z == 1", "param1 == 64"}, k);
  BranchEncodingOptions plain;
  z3::context c;

  SUBCASE("one branch, two lanes") {
    CHECK(can_split(encode_branch(c, m, k, a, bound, free, plain), bound));
    CHECK_FALSE(can_split(encode_branch(c, m, k, a, bound, n64, plain), bound));
    CHECK_FALSE(can_split(encode_branch(c, m, k, a, bound, by_name, plain), bound));
    CHECK_FALSE(can_split(encode_branch(c, m, k, a, bound, symbolic, plain), bound));
  }
  SUBCASE("the kernel's branches in one encoding") {
    CHECK(can_split(encode_branches(c, m, k, a, b, free, plain), bound));
    CHECK_FALSE(can_split(encode_branches(c, m, k, a, b, n64, plain), bound));
  }
  SUBCASE("a whole warp") {
    BranchEncodingOptions warp = plain;
    warp.whole_warp = true;
    CHECK(can_split(encode_branch(c, m, k, a, bound, free, warp), bound));
    CHECK_FALSE(can_split(encode_branch(c, m, k, a, bound, n64, warp), bound));
  }
  SUBCASE("exact floats") {
    BranchEncodingOptions exact = plain;
    exact.exact_floats = true;
    CHECK(can_split(encode_branch(c, m, k, a, floating, free, exact), floating));
    CHECK_FALSE(can_split(encode_branch(c, m, k, a, floating, f64, exact), floating));
  }
  SUBCASE("a shared load tied to the stores before the barrier (the writer's n is the reader's)") {
    BranchEncodingOptions link = plain;
    link.link_shared_stores = true;
    CHECK(can_split(encode_branch(c, m, k, a, linked, free, link), linked));
    CHECK_FALSE(can_split(encode_branch(c, m, k, a, linked, n64, link), linked));
  }
  SUBCASE("the stores of the unwritten queries, and the feasibility check, hold the same term") {
    BranchEncoding e = encode_branch(c, m, k, a, bound, n64, plain);
    BranchEncoding stores = encode_stores(c, m, k, a, {static_cast<uint32_t>(k.instructions.size() - 2)}, n64, plain);
    BranchEncoding none = encode_branches(c, m, k, a, {}, n64, plain);  // launch_exists' encoding
    auto n_of = [](const BranchEncoding& x) {
      auto it = std::find_if(x.params.begin(), x.params.end(), [](const auto& p) { return p.first == "n"; });
      REQUIRE(it != x.params.end());
      return it->second;
    };
    CHECK(z3::eq(n_of(e), n_of(stores)));
    CHECK(z3::eq(n_of(e), n_of(none)));
    for (const BranchEncoding* x : {&stores, &none}) {
      z3::solver s(c);
      for (const z3::expr& t : x->base) s.add(t);
      s.add(n_of(*x) != c.bv_val(64, 32));
      CHECK(s.check() == z3::unsat);
    }
  }
  SUBCASE("a launch's value meets the assumptions as the same term") {
    LaunchSpec given = n64;
    given.param_values = {std::nullopt, 1, std::nullopt};  // n = 1, against n == 64
    BranchEncoding e = encode_branches(c, m, k, a, {}, given, plain);
    z3::solver s(c);
    for (const z3::expr& t : e.base) s.add(t);
    CHECK(s.check() == z3::unsat);
    given.param_values[1] = 64;
    BranchEncoding ok = encode_branches(c, m, k, a, {}, given, plain);
    z3::solver s2(c);
    for (const z3::expr& t : ok.base) s2.add(t);
    CHECK(s2.check() == z3::sat);
    // A fixed parameter is no free symbol a witness must give.
    CHECK(std::none_of(ok.params.begin(), ok.params.end(), [](const auto& p) { return p.first == "n"; }));
  }
  SUBCASE("a source name, paramN and the PTX name are one term; a name for two parameters is refused") {
    SourceParameterNames source{{"dst", "count", "scale"}, "k.cu:3"};
    std::vector<Assumption> by_source = assumptions_for_kernel({"count == 64 && scale != 0"}, k, &source);
    CHECK(names_in(*by_source[0].expr) == std::vector<std::string>{"n", "f"});
    LaunchSpec l = block_of_64({}, k);
    l.assumptions = by_source;
    CHECK_FALSE(can_split(encode_branch(c, m, k, a, bound, l, plain), bound));
    SourceParameterNames clash{{"dst", "param2", "scale"}, "k.cu:3"};  // param2 is f's paramN
    CHECK_THROWS_AS(assumptions_for_kernel({"param2 == 1"}, k, &clash), InputError);
    SourceParameterNames shadow{{"f", "count", "scale"}, "k.cu:3"};  // f is the third's PTX name
    CHECK_THROWS_AS(assumptions_for_kernel({"f == 1"}, k, &shadow), InputError);
    CHECK_THROWS_AS(assumptions_for_kernel({"count == 1"}, k), InputError);  // no source names given
  }
  SUBCASE("a name that is no parameter is warpsat's bug, never a fresh symbol") {
    ParameterTerms terms(c, k, free);
    CHECK_THROWS_AS(terms.assumption_value("m"), std::logic_error);
    CHECK_THROWS_AS(terms.assumption_value("out_of_thin_air"), std::logic_error);
    // Signed, from the parameter's own width.
    z3::expr v = terms.assumption_value("n");
    CHECK(v.get_sort().bv_size() == 64);
    z3::solver s(c);
    s.add(*terms.term(1) == c.bv_val(0xffffffffu, 32));
    s.add(v != c.bv_val(static_cast<uint64_t>(-1), 64));
    CHECK(s.check() == z3::unsat);
  }
}

// PTX declares `int` and `unsigned` parameters alike (.u32); the mangled name
// tells them apart, and an assumption reads an unsigned one as the C++ source
// does: `n < 1` for an unsigned n means n == 0, not also n >= 2^31.
TEST_CASE("parameter terms: an unsigned C++ parameter is zero-extended in assumptions") {
  const char* text = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry _Z1kPjji(.param .u64 _Z1kPjji_param_0, .param .u32 _Z1kPjji_param_1, .param .u32 _Z1kPjji_param_2)
{
  ret;
}
)";
  ptx::Module m = ptx::parse_module(text, "u.ptx");
  const ptx::Function& k = m.functions.at(0);
  CHECK(unsigned_scalar_params(k) == std::vector<bool>{false, true, false});
  const uint8_t all_ones[4] = {0xff, 0xff, 0xff, 0xff};
  CHECK(parameter_value(all_ones, 4, true) == 4294967295);
  CHECK(parameter_value(all_ones, 4, false) == -1);

  z3::context c;
  LaunchSpec launch;
  ParameterTerms terms(c, k, launch);
  std::vector<z3::expr> ntid = {c.bv_val(32, 32), c.bv_val(1, 32), c.bv_val(1, 32)}, nctaid = ntid;
  auto only_zero = [&](const std::string& assumption, size_t index) {
    std::vector<Assumption> a = assumptions_for_kernel({assumption}, k);
    z3::solver s(c);
    s.add(assumption_term(terms, ntid, nctaid, *a.at(0).expr) != c.bv_val(0, 64));
    s.add(*terms.term(index) != c.bv_val(0, 32));
    return s.check() == z3::unsat;
  };
  CHECK(only_zero("param1 < 1", 1));        // unsigned int
  CHECK_FALSE(only_zero("param2 < 1", 2));  // int: any negative value too

  // An extern "C" kernel's name says nothing: every parameter is signed.
  ptx::Module plain = ptx::parse_module(
      ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u32 n)\n{\n  ret;\n}\n", "c.ptx");
  CHECK(unsigned_scalar_params(plain.functions.at(0)) == std::vector<bool>{false});
}
