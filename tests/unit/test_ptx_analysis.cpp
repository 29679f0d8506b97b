#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

#include "frontend/analysis/dot.h"
#include "frontend/analysis/slices.h"
#include "frontend/analysis/statistics.h"
#include "frontend/ptx/parser.h"
#include "frontend/read_file.h"

using namespace warpsat;
using namespace warpsat::analysis;

namespace {
ptx::Module parse(const std::string& body) {
  return ptx::parse_module(".version 8.5\n.target sm_90\n.address_size 64\n" + body, "t.ptx");
}

std::vector<uint32_t> reaching(const FunctionAnalysis& a, uint32_t instruction, ptx::RegId reg) {
  for (const UseDefs& u : a.defs.uses[instruction])
    if (u.reg == reg) return u.defs;
  return {};
}

// Both arms of a branch write %r1; the join reads it. Instruction numbers in comments.
const char* kDiamond = R"(
.entry k(.param .u32 n) {
  .reg .pred %p<3>;
  .reg .b32 %r<6>;
  mov.u32 %r2, %tid.x;
  ld.param.u32 %r3, [n];
  setp.lt.u32 %p1, %r2, %r3;
  @%p1 bra $L_then;
  mov.u32 %r1, 7;
  bra.uni $L_join;
$L_then:
  mov.u32 %r1, 9;
$L_join:
  setp.eq.u32 %p2, %r1, 9;
  @%p2 bra $L_end;
  add.u32 %r4, %r1, 1;
$L_end:
  ret;
})";
// 0 mov tid | 1 ld n | 2 setp | 3 @p1 bra | 4 mov 7 | 5 bra.uni | 6 mov 9 | 7 setp | 8 @p2 bra | 9 add | 10 ret
}  // namespace

TEST_CASE("CFG, dominators and post-dominators of a diamond") {
  ptx::Module m = parse(kDiamond);
  const ptx::Function& f = m.functions[0];
  FunctionAnalysis a = analyse_function(f, m.source);
  const Cfg& cfg = a.cfg;
  REQUIRE(cfg.blocks.size() == 6);
  CHECK(cfg.blocks[0].succs == std::vector<uint32_t>{1, 2});
  CHECK(cfg.blocks[1].succs == std::vector<uint32_t>{3});
  CHECK(cfg.blocks[2].succs == std::vector<uint32_t>{3});
  CHECK(cfg.blocks[3].succs == std::vector<uint32_t>{4, 5});
  CHECK(cfg.blocks[5].exits);
  CHECK(cfg.idom[3] == 0);
  CHECK(cfg.idom[5] == 3);
  CHECK(cfg.reconvergence(0) == 3);  // the if/else meets again at $L_join
  CHECK(cfg.reconvergence(3) == 5);
  CHECK(cfg.reconvergence(5) == cfg.exit_node());
  CHECK(cfg.postdominates(3, 1));
  CHECK(!cfg.postdominates(1, 0));
  CHECK(cfg.loops.empty());
}

TEST_CASE("reaching definitions link every writer of a register, not only the first") {
  ptx::Module m = parse(kDiamond);
  const ptx::Function& f = m.functions[0];
  FunctionAnalysis a = analyse_function(f, m.source);
  ptx::RegId r1 = f.instructions[4].operands[0].reg;
  CHECK(reaching(a, 7, r1) == std::vector<uint32_t>{4, 6});  // HyPA would link only instruction 4
  CHECK(reaching(a, 9, r1) == std::vector<uint32_t>{4, 6});
  CHECK(a.defs.users[4] == std::vector<uint32_t>{7, 9});
}

TEST_CASE("branch slices follow data and control dependences, and name their leaves") {
  ptx::Module m = parse(kDiamond);
  const ptx::Function& f = m.functions[0];
  FunctionAnalysis a = analyse_function(f, m.source);
  REQUIRE(a.slices.size() == 2);
  const BranchSlice& first = a.slices[0];
  CHECK(first.branch == 3);
  CHECK(first.instructions == std::vector<uint32_t>{0, 1, 2, 3});
  CHECK(first.leaves.tid);
  CHECK(first.leaves.kernel_params == std::vector<std::string_view>{"n"});
  CHECK(first.controlling.empty());
  const BranchSlice& second = a.slices[1];
  // %r1's two writers, and, because they are control dependent on it, the first branch and its slice.
  CHECK(second.instructions == std::vector<uint32_t>{0, 1, 2, 3, 4, 6, 7, 8});
  CHECK(second.controlling == std::vector<uint32_t>{3});
  CHECK(a.control_deps[1] == std::vector<uint32_t>{3});
  CHECK(a.control_deps[4] == std::vector<uint32_t>{8});
  CHECK(a.slice_union == 8);
}

TEST_CASE("loops: headers, back edges, loop-carried leaves") {
  ptx::Module m = parse(R"(
.entry k(.param .u32 n) {
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, 0;
$L_loop:
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, %r1;
  @%p1 bra $L_loop;
  ret;
})");
  const ptx::Function& f = m.functions[0];
  FunctionAnalysis a = analyse_function(f, m.source);
  REQUIRE(a.cfg.loops.size() == 1);
  CHECK(a.cfg.loops[0].header == 1);
  CHECK(a.cfg.loops[0].latches == std::vector<uint32_t>{1});
  CHECK(a.cfg.loops[0].blocks == std::vector<uint32_t>{1});
  ptx::RegId r2 = f.instructions[1].operands[0].reg;
  CHECK(reaching(a, 2, r2) == std::vector<uint32_t>{1, 2});
  REQUIRE(a.slices.size() == 1);
  CHECK(a.slices[0].instructions == std::vector<uint32_t>{0, 1, 2, 3, 4});
  CHECK(a.slices[0].leaves.loop_carried);
  CHECK(a.cfg.irreducible_edges == 0);
}

TEST_CASE("a guarded write does not kill the earlier definition") {
  ptx::Module m = parse(R"(
.entry k() {
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  mov.u32 %r3, %laneid;
  setp.lt.u32 %p1, %r3, 4;
  mov.u32 %r1, 1;
  @%p1 mov.u32 %r1, 2;
  add.u32 %r2, %r1, 0;
  ret;
})");
  const ptx::Function& f = m.functions[0];
  FunctionAnalysis a = analyse_function(f, m.source);
  CHECK(reaching(a, 4, f.instructions[2].operands[0].reg) == std::vector<uint32_t>{2, 3});
}

TEST_CASE("static counts by category, counted independently") {
  ptx::Module m = parse(R"(
.entry k(.param .u64 p) {
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .f32 %f<4>;
  .reg .f64 %fd<3>;
  .reg .b16 %h<3>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  add.s32 %r1, %r2, %r3;
  add.f32 %f1, %f2, %f3;
  fma.rn.f64 %fd1, %fd2, %fd2, %fd2;
  add.f16 %h1, %h2, %h2;
  cvt.f64.f32 %fd2, %f1;
  setp.lt.f32 %p1, %f1, %f2;
  ld.global.f32 %f3, [%rd1];
  st.shared.u32 [%r1], %r2;
  bar.sync 0;
  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f1}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f1};
  mov.u32 %r4, %tid.x;
  @%p1 bra $L_end;
$L_end:
  ret;
})");
  StaticCounts c = count_instructions(m.functions[0]);
  auto n = [&](Category k) { return c.by_category[static_cast<size_t>(k)]; };
  auto s = [&](MemorySpace k) { return c.by_space[static_cast<size_t>(k)]; };
  CHECK(c.instructions == 14);
  CHECK(n(Category::Integer) == 1);  // add.s32
  CHECK(n(Category::Fp32) == 2);     // add.f32, setp.lt.f32
  CHECK(n(Category::Fp64) == 2);     // fma.rn.f64, cvt.f64.f32
  CHECK(n(Category::Fp16) == 1);     // add.f16
  CHECK(n(Category::Memory) == 3);   // ld.param, ld.global, st.shared
  CHECK(s(MemorySpace::Param) == 1);
  CHECK(s(MemorySpace::Global) == 1);
  CHECK(s(MemorySpace::Shared) == 1);
  CHECK(n(Category::Sync) == 1);     // bar.sync
  CHECK(n(Category::Tensor) == 1);   // mma
  CHECK(n(Category::Other) == 1);    // mov
  CHECK(n(Category::Control) == 2);  // bra, ret
}

TEST_CASE("the DOT graph marks branches, reconvergence points and back edges") {
  ptx::Module m = parse(kDiamond);
  FunctionAnalysis a = analyse_function(m.functions[0], m.source);
  std::string dot = cfg_to_dot(m.functions[0], a);
  CHECK(dot.find("digraph \"k\"") != std::string::npos);
  CHECK(dot.find("b0 [label=\"line 8") != std::string::npos);
  CHECK(dot.find("b0 -> b1;") != std::string::npos);
  CHECK(dot.find("b3 [label=\"$L_join") != std::string::npos);
  CHECK(dot.find("fillcolor=\"#d0f0d0\"") != std::string::npos);
  CHECK(dot.find("xlabel=\"branch\"") != std::string::npos);
}

TEST_CASE("a branch to an unknown brx table target is an input error") {
  CHECK_THROWS(parse(R"(
.entry k() {
  .reg .b32 %r<2>;
  bra $L_missing;
})"));
}

// build_cfg finds loops with a dominator-tree interval test; Cfg::dominates
// walks idom chains. Both must agree on every function we have: a block
// Boost leaves without an immediate dominator (CUB's onesweep kernel has
// one) is a root of its own, and a test that ignored it lost a loop and
// called the kernel irreducible.
TEST_CASE("every back edge whose head dominates its tail is a loop, on every example and corpus kernel") {
  std::vector<std::string> files;
  for (const std::string dir : {std::string(WARPSAT_SOURCE_DIR) + "/examples/kernels/ptx",
                                std::string(WARPSAT_SHARED_DIR) + "/corpus/hypa"})
    if (std::filesystem::is_directory(dir))
      for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".ptx") files.push_back(e.path().string());
  REQUIRE(!files.empty());
  size_t loops = 0;
  for (const std::string& file : files) {
    ptx::Module m = ptx::parse_module(read_file(file, size_t{1} << 26), file);
    for (const ptx::Function& f : m.functions) {
      if (!f.has_body) continue;
      Cfg cfg = build_cfg(f, file);
      std::map<uint32_t, std::vector<uint32_t>> expected;  // header -> latches
      for (uint32_t b = 0; b < cfg.blocks.size(); ++b)
        if (cfg.reachable[b])
          for (uint32_t h : cfg.blocks[b].succs)
            if (cfg.dominates(h, b)) expected[h].push_back(b);
      std::map<uint32_t, std::vector<uint32_t>> found;
      for (const Loop& l : cfg.loops) found[l.header] = l.latches;
      for (auto& [h, latches] : found) std::sort(latches.begin(), latches.end());
      INFO(file, " ", f.name);
      CHECK(found == expected);
      loops += found.size();
    }
  }
  CHECK(loops > 0);
}
