// Shared loads tied to the stores before their barrier
// (encodings/shared_store_link.h): which stores the memory model names, and
// the proof they make possible, which without the link is out of reach.
#include <doctest/doctest.h>

#include <algorithm>

#include "encodings/memory_model.h"
#include "frontend/analysis/slices.h"
#include "frontend/ptx/parser.h"
#include "solver/branch_analysis.h"
#include "solver/branch_replay.h"

using namespace warpsat;

namespace {

// Every thread stores its warp index at its own word, and after the barrier
// reads its neighbour's (linear ^ 1): the same warp, so the same value.
// `store` and `load` replace the two memory instructions.
std::string kernel(const std::string& store, const std::string& load, const std::string& before_barrier = "") {
  return R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  .reg .b16 %rs<12>;
  .reg .pred %p<3>;
  .shared .align 4 .b8 s[4096];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, s;
  add.s32 %r4, %r3, %r2;
  shr.u32 %r5, %r1, 5;
  mov.u32 %r11, 0;
)" + store + "\n" + before_barrier + R"(
  bar.sync 0;
  xor.b32 %r6, %r1, 1;
  shl.b32 %r7, %r6, 2;
  add.s32 %r8, %r3, %r7;
)" + load + R"(
  setp.ne.s32 %p1, %r9, %r5;
  @%p1 bra SKIP;
  mov.u32 %r11, 1;
SKIP:
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd2, %rd2, %rd3;
  st.global.u32 [%rd2], %r11;
  ret;
}
)";
}

const char* kStore = "  st.shared.u32 [%r4], %r5;";
const char* kLoad = "  ld.shared.u32 %r9, [%r8];";

uint32_t find(const ptx::Function& f, ptx::Opcode op, std::optional<ptx::StateSpace> space = std::nullopt) {
  for (uint32_t i = 0; i < f.instructions.size(); ++i)
    if (f.instructions[i].op == op && (!space || f.instructions[i].space() == space)) return i;
  FAIL("no such instruction");
  return 0;
}

std::optional<std::vector<uint32_t>> feeding(const std::string& text) {
  ptx::Module m = ptx::parse_module(text, "t.ptx");
  const ptx::Function& f = m.functions.at(0);
  analysis::FunctionAnalysis a = analysis::analyse_function(f, m.source);
  MemoryModel model(m, f, a, true);
  return model.feeding_stores(find(f, ptx::Opcode::Ld, ptx::StateSpace::Shared));
}

}  // namespace

TEST_CASE("memory model: the stores an after-barrier shared load may read") {
  {
    ptx::Module m = ptx::parse_module(kernel(kStore, kLoad), "t.ptx");
    const ptx::Function& f = m.functions.at(0);
    auto s = feeding(kernel(kStore, kLoad));
    REQUIRE(s);
    CHECK(*s == std::vector<uint32_t>{find(f, ptx::Opcode::St, ptx::StateSpace::Shared)});
  }
  // Two stores of the interval: both.
  CHECK(feeding(kernel(kStore, kLoad, "  st.shared.u32 [%r3+64], %r1;"))->size() == 2);
  // A store of another width, an atomic, a store in a loop: none.
  CHECK(!feeding(kernel(kStore, kLoad, "  st.shared.u16 [%r3+64], 1;")));
  CHECK(!feeding(kernel(kStore, kLoad, "  atom.shared.add.u32 %r10, [%r3], 1;")));
  CHECK(!feeding(kernel(kStore + std::string("\nAGAIN:\n  st.shared.u32 [%r3+64], %r1;\n  @%p2 bra AGAIN;"), kLoad)));
  // A load of another width than the store.
  CHECK(!feeding(kernel(kStore, "  ld.shared.u16 %rs9, [%r8];\n  cvt.u32.u16 %r9, %rs9;")));
}

TEST_CASE("linked stores: a neighbour's word read after the barrier is proved to hold the same warp index") {
  ptx::Module m = ptx::parse_module(kernel(kStore, kLoad), "t.ptx");
  const ptx::Function& f = m.functions.at(0);
  uint32_t branch = find(f, ptx::Opcode::Bra);
  auto verdict = [&](double budget) {
    BranchOptions o;
    o.solver.timeout_ms = 10000;
    o.launch.concrete_block = true;
    o.launch.block[0] = 96;
    o.linked_store_budget_ms = budget;
    ReplayOptions replay;
    KernelBranches r = check_kernel_branches(m, f, o, &replay);
    auto it = std::find_if(r.branches.begin(), r.branches.end(), [&](const BranchResult& b) { return b.instruction == branch; });
    REQUIRE(it != r.branches.end());
    return std::pair{it->verdict, it->validated};
  };
  auto [linked, validated] = verdict(120000);  // the verdict is under test, not the speed
  CHECK(linked == BranchVerdict::Uniform);
  CHECK(validated);
  // Without the link the two lanes read two words of unknown values.
  CHECK(verdict(0).first == BranchVerdict::Unknown);
}
