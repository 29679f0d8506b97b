// Issue 28, item 3: every launch the replay runs a verdict's proof on (a
// witness's, the concrete launch's) is checked against the assumptions
// first. A launch that breaks one is warpsat's own contradiction
// (CrossValidationError, exit 3), never "validated". The witnesses here are
// injected, as a query that ignored the assumptions would have made them.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "frontend/analysis/cfg.h"
#include "frontend/assumption.h"
#include "frontend/ptx/parser.h"
#include "solver/branch_replay.h"
#include "solver/cross_validation.h"

using namespace warpsat;

namespace {

// if (tid.x < n) out[tid.x] = 1;
const char* const kKernel = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 n)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd2, %rd2, %rd3;
  mov.u32 %r3, 1;
  st.global.u32 [%rd2], %r3;
DONE:
  ret;
}
)";

uint32_t branch_of(const ptx::Function& k) {
  for (uint32_t i = 0; i < k.instructions.size(); ++i)
    if (analysis::is_conditional_branch(k.instructions[i])) return i;
  FAIL("no branch");
  return 0;
}

// A divergent verdict whose witness is warp 1 of a 64-thread block, lanes 7
// (thread 39) and 8 (thread 40), with n as given: n = 40 splits them.
KernelBranches divergent_with_n(const ptx::Function& k, uint64_t n) {
  KernelBranches r;
  r.name = std::string(k.name);
  BranchResult& b = r.branches.emplace_back();
  b.instruction = branch_of(k);
  b.ptx_line = k.instructions[b.instruction].pos.line;
  b.verdict = BranchVerdict::Divergent;
  Witness w;
  w.block[0] = 64;
  w.warp = 1;
  w.lane[0] = 7, w.lane[1] = 8;
  w.tid[0][0] = 39, w.tid[1][0] = 40;
  w.outcome[0] = 0, w.outcome[1] = 1;  // 39 < 40: not taken (bra skips on >=); 40: taken
  w.params = {{"n", n}};
  w.replayable = true;
  b.witness = w;
  return r;
}

std::string dump_dir() {
  std::filesystem::path d = std::filesystem::temp_directory_path() / "warpsat_witness_assumptions";
  std::filesystem::create_directories(d);
  return d.string();
}

}  // namespace

TEST_CASE("witness replay: a witness that breaks an assumption is a contradiction, never validated") {
  ptx::Module m = ptx::parse_module(kKernel, "k.ptx");
  const ptx::Function& k = m.functions.at(0);
  ReplayOptions ro;
  ro.dump_dir = dump_dir();
  ro.fuzz_rounds = 0;

  // The control: n = 40 meets n <= 64, and the replay reproduces the split.
  BranchOptions meets;
  meets.launch.assumptions = assumptions_for_kernel({"param1 <= 64"}, k);
  KernelBranches ok = divergent_with_n(k, 40);
  CHECK_NOTHROW(replay_branches(m, k, meets, ok, ro));
  CHECK(ok.branches[0].validated);

  // The same witness under n == 64: it splits in the emulator all the same,
  // but its launch is one the verdict does not speak of.
  BranchOptions pinned;
  pinned.launch.assumptions = assumptions_for_kernel({"param1 == 64"}, k);
  KernelBranches bad = divergent_with_n(k, 40);
  try {
    replay_branches(m, k, pinned, bad, ro);
    FAIL("a witness with n = 40 under n == 64 was accepted");
  } catch (const CrossValidationError& e) {
    REQUIRE(e.mismatches().size() == 1);
    CHECK(e.mismatches()[0].find("violates the assumption 'param1 == 64'") != std::string::npos);
    CHECK(e.mismatches()[0].find("n = 40") != std::string::npos);
    CHECK(std::filesystem::exists(e.query_path()));
  }
  CHECK_FALSE(bad.branches[0].validated);
}

TEST_CASE("concrete replay: the launch a uniform verdict is replayed with meets the assumptions") {
  ptx::Module m = ptx::parse_module(kKernel, "k.ptx");
  const ptx::Function& k = m.functions.at(0);
  ReplayOptions ro;
  ro.dump_dir = dump_dir();
  BranchOptions o;
  o.launch.concrete_block = o.launch.concrete_grid = true;
  o.launch.block[0] = 64;
  o.launch.assumptions = assumptions_for_kernel({"param1 == 64"}, k);
  auto uniform = [&](uint64_t n) {
    KernelBranches r;
    r.name = std::string(k.name);
    BranchResult& b = r.branches.emplace_back();
    b.instruction = branch_of(k);
    b.verdict = BranchVerdict::Uniform;
    r.chosen_parameters = {{"n", n}};
    return r;
  };
  // n = 64, the value the analysis chose: every thread has t < n.
  KernelBranches good = uniform(64);
  CHECK_NOTHROW(replay_branches(m, k, o, good, ro));
  CHECK(good.branches[0].validated);
  // n = 0 (what the replay ran before issue 28): no warp splits there
  // either, but the launch breaks n == 64 and proves nothing.
  KernelBranches zero = uniform(0);
  CHECK_THROWS_WITH_AS(replay_branches(m, k, o, zero, ro),
                       doctest::Contains("solver and concrete execution disagree"), CrossValidationError);
  CHECK_FALSE(zero.branches[0].validated);
}
