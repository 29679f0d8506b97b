// wgmma's asynchronous semantics on the emulator: wgmma-groups, wait_group
// N, accumulators chained by MMAs of one shape, and the hazards PTX leaves
// undefined (an accumulator or A register accessed before the wait that
// covers its MMA, a register accessed after the last wgmma.fence, no fence
// at all, warps of a warp group that do not all issue an MMA), each reported
// at the right PTX lines. Small hand-written sm_90a kernels: A and B in
// shared memory are all ones (f16), so an m64n8k16 MMA adds 16 to D.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

namespace {

struct Parts {
  std::string before_fence;
  std::string fence = "  wgmma.fence.sync.aligned;\n";
  std::string after_fence;
  std::string mma = "  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd2, %rd3, %p1, 1, 1, 0, 0;\n";
  std::string after_mma;
  std::string commit = "  wgmma.commit_group.sync.aligned;\n";
  std::string wait = "  wgmma.wait_group.sync.aligned 0;\n";
  std::string after_wait;
};

// A is 64 x 16 f16 at smem (K-major, no swizzle: SBO 128, LBO 1024), B is
// 8 x 16 at smem + 2048 (SBO 128, LBO 128); every element 1.0.
std::string kernel(const Parts& p) {
  return fmt::format(R"(.version 8.0
.target sm_90a
.address_size 64
.extern .shared .align 1024 .b8 smem[];
.visible .entry k(.param .u64 out)
{{
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b32 %a<4>;
  .reg .b64 %rd<16>;
  .reg .f32 %f<20>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, smem;
  shl.b32 %r3, %r1, 2;
  add.u32 %r4, %r2, %r3;
  mov.u32 %r5, 0x3c003c00;
  st.shared.u32 [%r4], %r5;
  st.shared.u32 [%r4+512], %r5;
  st.shared.u32 [%r4+1024], %r5;
  st.shared.u32 [%r4+1536], %r5;
  st.shared.u32 [%r4+2048], %r5;
  bar.sync 0;
  shr.u32 %r6, %r2, 4;
  cvt.u64.u32 %rd1, %r6;
  or.b64 %rd2, %rd1, 0x800400000;
  add.s64 %rd3, %rd1, 0x800080080;
  setp.eq.u32 %p1, %r1, %r1;
  mov.u32 %a0, 0x3c003c00;
  mov.u32 %a1, 0x3c003c00;
  mov.u32 %a2, 0x3c003c00;
  mov.u32 %a3, 0x3c003c00;
  mov.f32 %f1, 0f3F800000;
  mov.f32 %f2, 0f3F800000;
  mov.f32 %f3, 0f3F800000;
  mov.f32 %f4, 0f3F800000;
  mov.f32 %f5, 0f00000000;
  mov.f32 %f6, 0f00000000;
  mov.f32 %f7, 0f00000000;
  mov.f32 %f8, 0f00000000;
{}{}{}{}{}{}{}{}  ld.param.u64 %rd4, [out];
  mul.wide.u32 %rd5, %r1, 32;
  add.s64 %rd6, %rd4, %rd5;
  st.global.v4.f32 [%rd6], {{%f1, %f2, %f3, %f4}};
  st.global.v4.f32 [%rd6+16], {{%f5, %f6, %f7, %f8}};
  ret;
}}
)",
                     p.before_fence, p.fence, p.after_fence, p.mma, p.after_mma, p.commit, p.wait, p.after_wait);
}

struct Outcome {
  std::vector<float> out;  // 8 floats per thread
  std::string error;       // the EmulationError, if any
  uint32_t error_line = 0;
  simt::KernelMetrics metrics;
};

Outcome run(const Parts& p, uint32_t threads = 128) {
  const std::string text = kernel(p);
  ptx::Module m = ptx::parse_module(text, "wgmma_async.ptx");
  simt::Launch l;
  l.kernel = "k";
  l.block[0] = threads;
  l.dynamic_shared_bytes = 4096;
  l.args = {simt::KernelArgument::buffer(std::vector<uint8_t>(threads * 32, 0), "out")};
  Outcome o;
  try {
    simt::RunResult r = simt::run_kernel(m, l);
    o.out.resize(threads * 8);
    std::memcpy(o.out.data(), r.buffers[0].data(), threads * 32);
    o.metrics = r.metrics;
  } catch (const simt::EmulationError& e) {
    o.error = e.message();
    o.error_line = e.where().line;
  }
  return o;
}

// The PTX line of the first line of `text` holding `needle`.
uint32_t line_of(const Parts& p, const std::string& needle) {
  const std::string text = kernel(p);
  uint32_t line = 1;
  for (size_t at = 0; at < text.size(); ++line) {
    size_t end = text.find('\n', at);
    if (text.substr(at, end - at).find(needle) != std::string::npos) return line;
    at = end + 1;
  }
  return 0;
}

}  // namespace

TEST_CASE("wgmma async: the correct kernel computes D = A B + D and reports nothing") {
  Outcome o = run({});
  REQUIRE(o.error.empty());
  for (unsigned t = 0; t < 128; ++t) {
    CHECK(o.out[t * 8] == 17.0f);
    CHECK(o.out[t * 8 + 3] == 17.0f);
  }
  CHECK(o.metrics.wgmma_instructions == 1);
  CHECK(o.metrics.wgmma_flops == 2 * 64 * 8 * 16);
  // Two warp groups, each its own MMA.
  Outcome two = run({}, 256);
  REQUIRE(two.error.empty());
  CHECK(two.out[255 * 8] == 17.0f);
  CHECK(two.metrics.wgmma_instructions == 2);
}

TEST_CASE("wgmma async: accumulators chained by MMAs of one shape, groups and wait_group N") {
  Parts chain;
  chain.mma += chain.mma;  // two MMAs into %f1..%f4 before one wait: 1 + 16 + 16
  Outcome o = run(chain);
  REQUIRE(o.error.empty());
  CHECK(o.out[0] == 33.0f);
  CHECK(o.metrics.wgmma_instructions == 2);

  // Group 1 into %f1..%f4, group 2 into %f5..%f8; wait_group 1 covers the first only.
  Parts groups;
  groups.mma += "  wgmma.commit_group.sync.aligned;\n"
                "  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f5, %f6, %f7, %f8}, %rd2, %rd3, %p1, 1, 1, 0, 0;\n";
  groups.wait = "  wgmma.wait_group.sync.aligned 1;\n  add.f32 %f9, %f1, %f2;\n  wgmma.wait_group.sync.aligned 0;\n";
  groups.after_wait = "  add.f32 %f5, %f5, %f9;\n";
  o = run(groups);
  REQUIRE(o.error.empty());
  CHECK(o.out[0] == 17.0f);
  CHECK(o.out[4] == 16.0f + 34.0f);

  Parts early = groups;
  early.wait = "  wgmma.wait_group.sync.aligned 1;\n  add.f32 %f9, %f5, %f2;\n  wgmma.wait_group.sync.aligned 0;\n";
  o = run(early);
  CHECK(o.error.find("wgmma hazard: %f5 is read here") != std::string::npos);
  CHECK(o.error_line == line_of(early, "add.f32 %f9, %f5"));
  CHECK(o.error.find(fmt::format("PTX line {}", line_of(early, "{%f5, %f6"))) != std::string::npos);
}

TEST_CASE("wgmma async: an accumulator read or written before its wait_group is reported with both lines") {
  Parts read;
  read.after_mma = "  add.f32 %f9, %f3, %f3;\n";
  Outcome o = run(read);
  CHECK(o.error.find("wgmma hazard: %f3 is read here while it is the accumulator of the wgmma.mma_async at PTX line " +
                     std::to_string(line_of(read, "wgmma.mma_async"))) != std::string::npos);
  CHECK(o.error_line == line_of(read, "add.f32 %f9"));

  Parts write;
  write.after_wait = "";
  write.after_mma = "  mov.f32 %f2, 0f40000000;\n";
  o = run(write);
  CHECK(o.error.find("%f2 is written here") != std::string::npos);
  CHECK(o.error_line == line_of(write, "mov.f32 %f2, 0f40000000"));

  // Committed but waited for with nothing: the MMA is not in a group yet.
  Parts uncommitted;
  uncommitted.commit = "";
  uncommitted.after_wait = "  add.f32 %f9, %f1, %f1;\n  wgmma.commit_group.sync.aligned;\n  wgmma.wait_group.sync.aligned 0;\n";
  o = run(uncommitted);
  CHECK(o.error.find("%f1 is read here") != std::string::npos);
  CHECK(o.error_line == line_of(uncommitted, "add.f32 %f9"));

  // A fragment registers are in flight too.
  Parts a_regs;
  a_regs.mma = "  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, {%a0, %a1, %a2, %a3}, %rd3, %p1, 1, 1, 0;\n";
  Outcome fine = run(a_regs);
  REQUIRE(fine.error.empty());
  CHECK(fine.out[0] == 17.0f);
  a_regs.after_mma = "  mov.u32 %a2, 0;\n";
  o = run(a_regs);
  CHECK(o.error.find("%a2 is written here while it is an A fragment register of the wgmma.mma_async") !=
        std::string::npos);
}

TEST_CASE("wgmma async: wgmma.fence before the first MMA and between a register access and the MMA") {
  Parts no_fence;
  no_fence.fence = "";
  Outcome o = run(no_fence);
  CHECK(o.error.find("no wgmma.fence before this wgmma.mma_async") != std::string::npos);
  CHECK(o.error_line == line_of(no_fence, "wgmma.mma_async"));

  Parts late_write;
  late_write.after_fence = "  mov.f32 %f3, 0f40000000;\n";
  o = run(late_write);
  CHECK(o.error.find(fmt::format("uses %f3 as accumulator, which the instruction at PTX line {} accessed after the "
                                 "warp's last wgmma.fence",
                                 line_of(late_write, "mov.f32 %f3, 0f40000000"))) != std::string::npos);
  CHECK(o.error_line == line_of(late_write, "wgmma.mma_async"));

  // A read after the fence counts too (the MMA then writes what was read).
  Parts late_read;
  late_read.after_fence = "  add.f32 %f9, %f4, %f4;\n";
  o = run(late_read);
  CHECK(o.error.find("uses %f4 as accumulator") != std::string::npos);
  // Accessed before the fence: fine.
  Parts fenced;
  fenced.before_fence = "  add.f32 %f9, %f4, %f4;\n  mov.f32 %f3, 0f3F800000;\n";
  CHECK(run(fenced).error.empty());

  // A second MMA of another shape into the same accumulators before the wait.
  Parts other_shape;
  other_shape.mma += "  wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, "
                     "%rd2, %rd3, %p1, 1, 1, 0, 0;\n";
  o = run(other_shape);
  CHECK(o.error.find("of another shape (m64n8k16.f32.f16.f16)") != std::string::npos);
}

TEST_CASE("wgmma async: a warp group that does not issue an MMA together, a partial warp group, varying descriptors") {
  // Warps 2 and 3 skip the MMA: warps 0 and 1 wait for it forever.
  Parts half;
  half.before_fence = "  setp.lt.u32 %p2, %r1, 64;\n";
  half.mma = "  @%p2 " + half.mma.substr(2);
  Outcome o = run(half);
  CHECK(o.error.find("deadlock") != std::string::npos);
  CHECK(o.error.find(fmt::format("waits at wgmma.wait_group (PTX line {}) for the wgmma.mma_async at PTX line {}, "
                                 "which warp(s) 2, 3 of its warp group have not executed",
                                 line_of(half, "wgmma.wait_group"), line_of(half, "wgmma.mma_async"))) !=
        std::string::npos);
  // ... and with no wait (and no read of D), the block ends with the MMA half issued.
  half.wait = "";
  half.after_wait = "  ret;\n";
  o = run(half);
  CHECK(o.error.find("executed by warp(s) 0, 1 of warp group 0 of block (0,0,0) but never by warp(s) 2, 3") !=
        std::string::npos);
  CHECK(o.error_line == line_of(half, "wgmma.mma_async"));

  CHECK(run({}, 96).error.find("needs a whole warp group of 128 threads (warps 0..3)") != std::string::npos);

  Parts varying;
  varying.after_fence = "  cvt.u64.u32 %rd7, %r1;\n  add.s64 %rd3, %rd3, %rd7;\n";
  varying.fence = "";
  varying.before_fence = "  wgmma.fence.sync.aligned;\n";
  o = run(varying);
  CHECK(o.error.find("the B matrix descriptor differs between the threads of the warp") != std::string::npos);
}
