// The emulator stops a launch whose running warps provably repeat forever
// (emulator/simt/spin_check.h), and never one that would end.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "emulator/simt/emulator.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

ptx::Module parse(const std::string& body) {
  return ptx::parse_module(".version 8.5\n.target sm_90\n.address_size 64\n" + body, "k.ptx");
}

// Runs `m` with one block of `threads` threads and a 16-byte zeroed buffer;
// returns the error (empty when it ended) and the steps it took.
struct Outcome {
  std::string error;
  uint64_t steps = 0;
  uint32_t first_word = 0;
};

Outcome run(const ptx::Module& m, uint32_t threads, EmulatorOptions o = {}) {
  Launch l;
  l.block[0] = threads;
  l.args.push_back(KernelArgument::buffer(std::vector<uint8_t>(16, 0), "buf"));
  Outcome out;
  o.steps_out = &out.steps;
  try {
    RunResult r = run_kernel(m, l, o);
    std::memcpy(&out.first_word, r.buffers[0].data(), 4);
  } catch (const EmulationError& e) {
    out.error = e.what();
  }
  return out;
}

// Warp 0 polls buf[1] while stepping a register through a cycle of `period`
// values, so its state recurs only every `period` iterations.
std::string poll_with_period(int period) {
  return R"(
.entry k(.param .u64 buf) {
  .reg .pred %p<3>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [buf];
  mov.u32 %r4, 0;
$L_poll:
  ld.volatile.global.u32 %r1, [%rd1+4];
  add.u32 %r4, %r4, 1;
  rem.u32 %r4, %r4, )" + std::to_string(period) + R"(;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra $L_poll;
  st.global.u32 [%rd1], %r1;
  ret;
})";
}

}  // namespace

TEST_CASE("a warp polling a word nobody writes is stopped soon, whatever its cycle's period") {
  for (int period : {1, 2, 3, 7, 64, 1000}) {
    CAPTURE(period);
    EmulatorOptions o;
    o.max_steps = 1'000'000;
    Outcome r = run(parse(poll_with_period(period)), 32, o);
    CHECK(r.error.find("warp 0 of block (0,0,0) repeats the same state at PTX line 16 with no memory change: it can "
                       "never finish") != std::string::npos);
    // The check starts after 2^14 instructions; a cycle of p iterations (5
    // instructions each) is confirmed within 4 x lcm(p, 32) iterations more.
    CHECK(r.steps < 16384 + 5 * 4 * 32 * std::max(period, 8) + 1000);
  }
}

TEST_CASE("with the spin check off, the same launch runs into the step limit") {
  EmulatorOptions o;
  o.max_steps = 100'000;
  o.detect_spin = false;
  Outcome r = run(parse(poll_with_period(1)), 32, o);
  CHECK(r.error.find("step limit of 100000 warp instructions") != std::string::npos);
  CHECK(r.steps == 100'001);
}

TEST_CASE("a poll that another warp ends is never stopped, even when that warp stores nothing for long") {
  // Warp 1 counts to 200000 in registers (no stores), then sets buf[1];
  // warp 0 repeats its state all the while, but warp 1 does not.
  ptx::Module m = parse(R"(
.entry k(.param .u64 buf) {
  .reg .pred %p<3>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [buf];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p2, %r2, 32;
  @%p2 bra $L_work;
$L_poll:
  ld.volatile.global.u32 %r1, [%rd1+4];
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra $L_poll;
  st.global.u32 [%rd1], %r1;
  ret;
$L_work:
  mov.u32 %r3, 0;
$L_count:
  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p1, %r3, 200000;
  @%p1 bra $L_count;
  mov.u32 %r4, 5;
  st.volatile.global.u32 [%rd1+4], %r4;
  ret;
})");
  Outcome r = run(m, 64);
  CHECK(r.error.empty());
  CHECK(r.first_word == 5);
}

TEST_CASE("a wait on the clock is never taken for a spin") {
  // The register that held the clock is overwritten, so the warp's state at
  // the branch is the same on every iteration: only the clock moves.
  ptx::Module m = parse(R"(
.entry k(.param .u64 buf) {
  .reg .pred %p<2>;
  .reg .b32 %r<2>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [buf];
$L_wait:
  mov.u64 %rd2, %clock64;
  setp.lt.u64 %p1, %rd2, 100000;
  mov.u64 %rd2, 0;
  @%p1 bra $L_wait;
  mov.u32 %r1, 9;
  st.global.u32 [%rd1], %r1;
  ret;
})");
  Outcome r = run(m, 32);
  CHECK(r.error.empty());
  CHECK(r.first_word == 9);
}
