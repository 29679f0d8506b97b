// The race detector (emulator/simt/racecheck): the cases the file tests in
// tests/files/racecheck/ do not reach, checked on RaceReport itself.
#include <doctest/doctest.h>

#include <string>

#include "emulator/simt/emulator.h"
#include "frontend/ptx/parser.h"
#include "encodings/branch_encoding.h"
#include "solver/branch_replay.h"
#include "solver/cross_validation.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

ptx::Module parse(const std::string& body) {
  return ptx::parse_module(".version 8.5\n.target sm_90\n.address_size 64\n" + body, "k.ptx");
}

RaceReport races(const ptx::Module& m, uint32_t threads, uint32_t blocks = 1, bool racecheck = true) {
  Launch l;
  l.block[0] = threads;
  l.grid[0] = blocks;
  l.args = {KernelArgument::buffer(std::vector<uint8_t>(1024, 0), "out")};
  EmulatorOptions o;
  o.racecheck = racecheck;
  return run_kernel(m, l, o).races;
}

}  // namespace

TEST_CASE("racecheck: lanes of one store writing one word race with each other (WAW)") {
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .shared .align 4 .b32 s;
  .reg .b32 %r<2>;
  mov.u32 %r1, %tid.x;
  st.shared.u32 [s], %r1;
  ret;
})");
  RaceReport r = races(m, 32);
  REQUIRE(r.races.size() == 1);
  const Race& race = r.races[0];
  CHECK(race.hazard() == "WAW");
  CHECK(race.space == RaceSpace::Shared);
  CHECK(race.first_address == 0);
  CHECK(race.first.thread == 0);
  CHECK(race.second.thread == 1);
  CHECK(race.first.ptx_line == race.second.ptx_line);
  CHECK(race.first.function == "k");
  CHECK(race.conflicts == 31 * 4);  // each lane after the first, on each byte
  CHECK(r.conflicts == race.conflicts);
  // Off, nothing is checked.
  CHECK(races(m, 32, 1, false).empty());
}

TEST_CASE("racecheck: bar.arrive orders the producer's earlier stores only") {
  // Warp 0 stores a, arrives at barrier 1 and stores b; warp 1 waits at
  // barrier 1 and reads both: a is ordered, b races.
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .shared .align 4 .b32 a[32];
  .shared .align 4 .b32 b[32];
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  mov.u32 %r1, %warpid;
  mov.u32 %r2, %laneid;
  shl.b32 %r3, %r2, 2;
  mov.u32 %r4, a;
  add.u32 %r4, %r4, %r3;
  mov.u32 %r5, b;
  add.u32 %r5, %r5, %r3;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra $CONSUMER;
  st.shared.u32 [%r4], 1;
  bar.arrive 1, 64;
  st.shared.u32 [%r5], 2;
  ret;
$CONSUMER:
  bar.sync 1, 64;
  ld.shared.u32 %r6, [%r4];
  ld.shared.u32 %r7, [%r5];
  ret;
})");
  RaceReport r = races(m, 64);
  REQUIRE(r.races.size() == 1);
  CHECK(r.races[0].hazard() == "RAW");
  CHECK(r.races[0].first_address == 128);  // b[0]
  CHECK(r.races[0].first.thread == 0);
  CHECK(r.races[0].second.thread == 32);
  CHECK(r.races[0].second.ptx_line == r.races[0].first.ptx_line + 5);
  CHECK(r.races[0].conflicts == 32 * 4);
}

TEST_CASE("racecheck: an atomic races with a plain access, never with another atomic") {
  // Every thread adds to s atomically, then reads it, without a barrier:
  // warp 1's atomics come after warp 0's plain reads.
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .shared .align 4 .b32 s;
  .reg .b32 %r<3>;
  atom.shared.add.u32 %r1, [s], 1;
  ld.shared.u32 %r2, [s];
  ret;
})");
  RaceReport r = races(m, 64);
  REQUIRE(!r.races.empty());
  CHECK(r.races[0].hazard() == "WAR");
  CHECK(r.races[0].first.kind() == "read");
  CHECK(r.races[0].second.kind() == "atomic");
  CHECK(r.races[0].second.atomic);
  CHECK(r.races[0].first.cta_xyz[0] == 0);
  for (const Race& race : r.races) CHECK(!(race.first.atomic && race.second.atomic));
}

TEST_CASE("racecheck: global memory across CTAs, with thread and block coordinates") {
  // Thread (1,0,0) of each of two blocks writes out[0]; each also reads
  // out[1 + ctaid], which only it touches: one race, between the blocks.
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  setp.eq.u32 %p1, %r1, 1;
  @%p1 st.global.u8 [%rd1], %r2;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  @%p1 ld.global.u32 %r3, [%rd3+4];
  ret;
})");
  RaceReport r = races(m, 2, 2);
  REQUIRE(r.races.size() == 1);
  const Race& race = r.races[0];
  CHECK(race.space == RaceSpace::Global);
  CHECK(race.hazard() == "WAW");
  CHECK(race.conflicts == 1);  // one byte
  CHECK(race.first.cta == 0);
  CHECK(race.second.cta == 1);
  CHECK(race.second.cta_xyz[0] == 1);
  CHECK(race.first.thread_xyz[0] == 1);
  CHECK(race.second.thread_xyz[0] == 1);
}

TEST_CASE("racecheck in branch replays: a race is a finding, and explains a contradiction of a race-free reading") {
  // Neighbours exchange through shared memory without a barrier, then a
  // branch on the thread index (divergent, with a witness) follows.
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .shared .align 4 .b32 s[64];
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, s;
  add.u32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  add.u32 %r5, %r1, 1;
  and.b32 %r5, %r5, 63;
  shl.b32 %r5, %r5, 2;
  add.u32 %r5, %r3, %r5;
  ld.shared.u32 %r6, [%r5];
  setp.lt.u32 %p1, %r1, 40;
  @%p1 bra $L_done;
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r6;
$L_done:
  ret;
})");
  const ptx::Function& k = m.functions.at(0);
  auto options = [] {
    BranchOptions o;
    o.solver.timeout_ms = 10000;
    o.launch.concrete_block = o.launch.concrete_grid = true;
    o.launch.block[0] = 64;
    return o;
  };
  ReplayOptions replay;
  BranchOptions plain = options();
  KernelBranches unchecked = check_kernel_branches(m, k, plain, &replay);  // off: not looked for
  CHECK(unchecked.races.empty());
  replay.racecheck = true;
  BranchOptions checked = options();
  KernelBranches found = check_kernel_branches(m, k, checked, &replay);
  REQUIRE(!found.races.empty());
  CHECK(found.races[0].given_launch);
  CHECK(found.races[0].launch == "grid 1x1x1, block 64x1x1");
  CHECK(found.races[0].space == "shared");
  CHECK(found.races[0].text.find("race on shared memory") != std::string::npos);
  REQUIRE(found.branches.size() == 1);
  CHECK(found.branches[0].verdict == BranchVerdict::Divergent);
  CHECK_FALSE(found.branches[0].race_conditional);  // a split the replay saw stands whatever races

  // A uniform verdict whose encoding read shared memory after a barrier as
  // race-free, contradicted in the launch that races there: the race
  // explains it (conditional, not validated), no exception.
  KernelBranches planted = found;
  planted.races.clear();
  BranchResult& b = planted.branches[0];
  b.verdict = BranchVerdict::Uniform;
  b.witness.reset();
  b.ranges.reset();
  b.validated = false;
  b.validation.clear();
  planted.paths.clear();
  b.imprecision = {kSharedAfterBarrierImprecision};
  BranchOptions again = options();
  KernelBranches explained = planted;
  CHECK_NOTHROW(replay_branches(m, k, again, explained, replay));
  CHECK(explained.branches[0].race_conditional);
  CHECK_FALSE(explained.branches[0].validated);
  CHECK(explained.branches[0].validation.find("not re-derived: proved uniform, but warp") != std::string::npos);
  CHECK(!explained.races.empty());
  // The same contradiction of a verdict that read no shared memory as
  // race-free is warpsat's: exit 3's exception.
  KernelBranches unexplained = planted;
  unexplained.branches[0].imprecision.clear();
  CHECK_THROWS_AS(replay_branches(m, k, again, unexplained, replay), CrossValidationError);
  // And without --racecheck nothing explains it either.
  KernelBranches unlooked = planted;
  ReplayOptions quiet;
  CHECK_THROWS_AS(replay_branches(m, k, again, unlooked, quiet), CrossValidationError);
}
