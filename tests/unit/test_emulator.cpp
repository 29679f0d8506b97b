#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>

#include "emulator/simt/emulator.h"
#include "tests/unit/emulator_test_support.h"
#include "emulator/simt/memory.h"
#include "emulator/simt/profile.h"
#include "emulator/simt/program.h"
#include "emulator/simt/state.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::simt;
using namespace warpsat::simt::test;

namespace {
ptx::Module parse(const std::string& body) {
  return ptx::parse_module(".version 8.5\n.target sm_90\n.address_size 64\n" + body, "k.ptx");
}

KernelArgument buffer(size_t bytes) { return KernelArgument::buffer(std::vector<uint8_t>(bytes, 0), "out"); }

KernelArgument scalar_u32(uint32_t v) {
  std::vector<uint8_t> bytes(4);
  std::memcpy(bytes.data(), &v, 4);
  return KernelArgument::scalar(std::move(bytes), "");
}

// out[tid] = tid < 48 ? 1 : 2, as an if/else (instruction counts worked out below).
const char* kIfElse = R"(
.entry k(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 48;
  @%p1 bra $L_small;
  mov.u32 %r2, 2;
  bra.uni $L_done;
$L_small:
  mov.u32 %r2, 1;
$L_done:
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd3, %rd2, %rd3;
  st.global.u32 [%rd3], %r2;
  ret;
})";
}  // namespace

TEST_CASE("an if/else split at tid 48: outputs and exact per-warp branch counts") {
  ptx::Module m = parse(kIfElse);
  Launch l;
  l.block[0] = 256;  // 8 warps; only warp 1 (threads 32..63) splits
  l.args = {buffer(256 * 4)};
  RunResult r = run_kernel(m, l);
  for (size_t i = 0; i < 256; ++i) CHECK(word(r.buffers[0], i) == (i < 48 ? 1u : 2u));
  const KernelMetrics& k = r.metrics;
  // @%p1 bra: once per warp (8); bra.uni: once per warp with not-taken lanes (warps 1..7).
  CHECK(k.branches == 15);
  CHECK(k.divergent_branches == 1);
  CHECK(k.branch_efficiency() == doctest::Approx(100.0 * 14 / 15));
  // Warp 0: 5 + 1 + 4 = 10; warp 1: 5 + 1 + 2 + 4 = 12; warps 2..7: 5 + 2 + 4 = 11 each.
  CHECK(k.warp_instructions == 10 + 12 + 6 * 11);
  // Warp 1 runs the taken path with 16 lanes and the other with 16.
  CHECK(k.thread_instructions == 320 + (5 * 32 + 16 + 2 * 16 + 4 * 32) + 6 * 11 * 32);
  CHECK(k.simt_efficiency() == doctest::Approx(2768.0 / (32 * 88)));
  std::vector<simt::BranchMetrics> per_branch = k.per_branch();
  REQUIRE(per_branch.size() == 1);
  CHECK(per_branch[0].ptx_line == 13);
  CHECK(per_branch[0].executions == 8);
  CHECK(per_branch[0].divergent == 1);
}

TEST_CASE("a loop whose trip count depends on the lane: divergence counted per warp") {
  // Lane l iterates (l & 3) + 1 times. The back-edge branch runs 4 times per
  // warp; the first three split it (some lanes leave), the fourth does not.
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %laneid;
  and.b32 %r2, %r1, 3;
  mov.u32 %r3, 0;
$L_loop:
  add.u32 %r3, %r3, 1;
  setp.le.u32 %p1, %r3, %r2;
  @%p1 bra $L_loop;
  mov.u32 %r4, %tid.x;
  mul.wide.u32 %rd2, %r4, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.u32 [%rd3], %r3;
  ret;
})");
  Launch l;
  l.block[0] = 64;
  l.args = {buffer(64 * 4)};
  RunResult r = run_kernel(m, l);
  for (size_t i = 0; i < 64; ++i) CHECK(word(r.buffers[0], i) == (i & 3) + 1);
  CHECK(r.metrics.branches == 2 * 4);
  CHECK(r.metrics.divergent_branches == 2 * 3);
  CHECK(r.metrics.branch_efficiency() == doctest::Approx(25.0));
}

TEST_CASE("recursion through a .func, with .param passing") {
  ptx::Module m = parse(R"(
.func (.param .b32 ret) fact(.param .b32 n) {
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  ld.param.b32 %r1, [n];
  setp.le.s32 %p1, %r1, 1;
  @%p1 bra $L_base;
  add.s32 %r2, %r1, -1;
  {
  .param .b32 arg;
  .param .b32 res;
  st.param.b32 [arg], %r2;
  call.uni (res), fact, (arg);
  ld.param.b32 %r3, [res];
  }
  mul.lo.s32 %r4, %r3, %r1;
  st.param.b32 [ret], %r4;
  ret;
$L_base:
  st.param.b32 [ret], 1;
  ret;
}
.entry k(.param .u64 out) {
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  {
  .param .b32 arg;
  .param .b32 res;
  st.param.b32 [arg], %r1;
  call.uni (res), fact, (arg);
  ld.param.b32 %r2, [res];
  }
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.u32 [%rd3], %r2;
  ret;
})");
  Launch l;
  l.block[0] = 8;
  l.args = {buffer(8 * 4)};
  RunResult r = run_kernel(m, l);
  uint32_t f = 1;
  for (uint32_t i = 0; i < 8; ++i) {
    f *= std::max(i, 1u);
    CHECK(word(r.buffers[0], i) == f);  // i! (with 0! = 1)
  }
}

// CUTLASS's inline assembly: every `{ }` block declares `.reg .pred P1` and a
// `LAB_WAIT:` loop. Each branch must land in its own block (ir.h, "Scoped names").
TEST_CASE("labels and registers of sibling and nested blocks run as PTX scopes them") {
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  {
  .reg .pred P1;
  .reg .b32 %n;
  mov.u32 %n, 0;
  LAB_WAIT:
  add.u32 %n, %n, 1;
  setp.lt.u32 P1, %n, 3;
  @P1 bra LAB_WAIT;
  add.u32 %r2, %r2, %n;
  }
  {
  .reg .pred P1;
  .reg .b32 %n;
  mov.u32 %n, 0;
  LAB_WAIT:
  add.u32 %n, %n, 10;
  setp.lt.u32 P1, %n, %r1;
  @P1 bra LAB_WAIT;
  {
    .reg .b32 %n;
    mov.u32 %n, 1000;
    add.u32 %r2, %r2, %n;
    bra DONE;
  }
  DONE:
  add.u32 %r2, %r2, %n;
  }
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.u32 [%rd3], %r2;
  ret;
})");
  Launch l;
  l.block[0] = 64;
  l.args = {buffer(64 * 4)};
  RunResult r = run_kernel(m, l);
  for (uint32_t i = 0; i < 64; ++i) {
    uint32_t second = std::max(10u, (i + 9) / 10 * 10);  // counts by 10 until it reaches tid
    CHECK(word(r.buffers[0], i) == 3 + 1000 + second);
  }
}

TEST_CASE("barriers order shared-memory traffic across warps") {
  // Each thread writes its id to shared memory, syncs, then reads its
  // neighbour's (in another warp for thread 31 -> 32).
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .shared .align 4 .b32 s[64];
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, s;
  add.s32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  bar.sync 0;
  add.s32 %r5, %r1, 1;
  and.b32 %r5, %r5, 63;
  shl.b32 %r5, %r5, 2;
  add.s32 %r6, %r3, %r5;
  ld.shared.u32 %r7, [%r6];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.u32 [%rd3], %r7;
  ret;
})");
  Launch l;
  l.block[0] = 64;
  l.args = {buffer(64 * 4)};
  RunResult r = run_kernel(m, l);
  for (uint32_t i = 0; i < 64; ++i) CHECK(word(r.buffers[0], i) == (i + 1) % 64);
}

TEST_CASE("faults name the instruction, the thread and the address") {
  // Thread 5 stores one element past the end of a 5-element buffer.
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .reg .b32 %r<2>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
})");
  Launch l;
  l.block[0] = 6;
  l.args = {buffer(5 * 4)};
  std::string e = error_of(m, l);
  CHECK(e.starts_with("k.ptx:12:3: error: out-of-bounds global store of 4 byte(s) at address 0x"));
  CHECK(e.find("thread (5,0,0) of block (0,0,0)") != std::string::npos);
}

TEST_CASE("deadlock, runaway loops and unimplemented instructions stop the run with a reason") {
  ptx::Module deadlock = parse(R"(
.entry k() {
  .reg .pred %p<2>;
  .reg .b32 %r<2>;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bra $L_first;
  bar.sync 1;
  ret;
$L_first:
  bar.sync 0;
  ret;
})");
  Launch two_warps;
  two_warps.block[0] = 64;
  std::string e = error_of(deadlock, two_warps);
  CHECK(e.find("deadlock in block (0,0,0)") != std::string::npos);
  CHECK(e.find("barrier 0 of block (0,0,0): 32 of 64 threads arrived; waiting:\n    warp 0 of block (0,0,0) at PTX "
               "line 14: bar.sync 0;") != std::string::npos);
  CHECK(e.find("barrier 1 of block (0,0,0): 32 of 64 threads arrived; waiting:\n    warp 1 of block (0,0,0) at PTX "
               "line 11: bar.sync 1;") != std::string::npos);

  ptx::Module spin = parse(".entry k() {\n$L:\n  bra.uni $L;\n}");
  Launch one;
  EmulatorOptions o;
  o.max_steps = 1000;
  try {
    run_kernel(spin, one, o);
    FAIL("expected the step limit");
  } catch (const EmulationError& err) {
    CHECK(std::string(err.what()).find("step limit of 1000 warp instructions") != std::string::npos);
  }

  ptx::Module tex = parse(R"(
.entry k() {
  .reg .f32 %f<5>;
  .reg .b64 %rd<2>;
  tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f1, %f2}];
  ret;
})");
  CHECK(error_of(tex, one).starts_with("k.ptx:8:3: error: the emulator does not implement 'tex.2d.v4.f32.f32'"));
}

TEST_CASE("on_branch can end a launch early, mid-loop, without a fault") {
  // Every lane spins on a conditional branch forever; the callback stops the
  // launch at the third execution of the branch, in the first of 4 CTAs.
  ptx::Module spin = parse(R"(
.entry k() {
  .reg .pred %p<2>;
  .reg .b32 %r<2>;
  mov.u32 %r1, %tid.x;
$L:
  setp.lt.u32 %p1, %r1, 4096;
  @%p1 bra $L;
  ret;
})");
  Launch l;
  l.block[0] = 64;
  l.grid[0] = 4;
  EmulatorOptions o;
  o.max_steps = 1u << 20;
  int seen = 0;
  // steps_out is current at each call: the loop is setp, bra (after mov),
  // so the k-th execution of the branch comes after 1 + 2k instructions.
  uint64_t steps = 0;
  o.steps_out = &steps;
  std::vector<uint64_t> steps_seen;
  o.on_branch = [&](const Cta& c, const Warp&, uint32_t, uint32_t, uint32_t active, uint32_t taken) {
    CHECK(c.id[0] == 0);
    CHECK(active == taken);
    steps_seen.push_back(steps);
    return ++seen == 3;
  };
  RunResult r = run_kernel(spin, l, o);
  CHECK(r.stopped);
  CHECK(seen == 3);
  CHECK(r.metrics.warp_instructions < 16);
  CHECK(steps_seen == std::vector<uint64_t>{3, 5, 7});
}

TEST_CASE("runs are deterministic, and exited lanes leave barriers") {
  // Threads >= 40 exit before the barrier; the rest still pass it.
  ptx::Module m = parse(R"(
.entry k(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, 40;
  @%p1 exit;
  bar.sync 0;
  mov.u32 %r2, %clock;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.u32 [%rd3], %r2;
  ret;
})");
  Launch l;
  l.block[0] = 64;
  l.args = {buffer(64 * 4)};
  RunResult a = run_kernel(m, l), b = run_kernel(m, l);
  CHECK(a.buffers == b.buffers);
  CHECK(word(a.buffers[0], 39) != 0);  // %clock is the warp's step count: deterministic, non-zero
  CHECK(word(a.buffers[0], 40) == 0);  // exited before storing
}

TEST_CASE("slices mode reconstructs full mode's counts, or says why it cannot") {
  ptx::Module m = parse(kIfElse);
  Launch l;
  l.block[0] = 256;
  l.args = {buffer(256 * 4)};
  KernelProfile full = profile_kernel(m, l, ProfileMode::Full), sliced = profile_kernel(m, l, ProfileMode::Slices);
  REQUIRE(full.ok);
  REQUIRE(sliced.ok);
  CHECK(sliced.mode == ProfileMode::Slices);
  CHECK(sliced.slice_instructions < sliced.reachable_instructions);
  CHECK(sliced.metrics.warp_instructions == full.metrics.warp_instructions);
  CHECK(sliced.metrics.thread_instructions == full.metrics.thread_instructions);
  CHECK(sliced.metrics.divergent_branches == full.metrics.divergent_branches);

  ptx::Module reads_written = parse(R"(
.entry k(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  st.u32 [%rd1], 7;
  ld.u32 %r1, [%rd1];
  setp.eq.u32 %p1, %r1, 7;
  @%p1 bra $L;
$L:
  ret;
})");
  Launch one;
  one.args = {buffer(4)};
  KernelProfile p = profile_kernel(reads_written, one, ProfileMode::Slices);
  CHECK(p.mode == ProfileMode::Full);
  CHECK(p.fallback == "a branch in k depends on generic memory the kernel writes");
}

TEST_CASE("a launch that does not fit the kernel is an input error") {
  ptx::Module m = parse(kIfElse);
  Launch l;
  l.args = {buffer(4), scalar_u32(1)};
  CHECK_THROWS_AS(run_kernel(m, l), InputError);
}

TEST_CASE("lazily mapped device memory: made-up launches follow any device pointer, deterministically") {
  // Each thread loads a word through a pointer passed as a plain value (no
  // buffer behind it) and stores it to out[tid].
  ptx::Module m = parse(R"(
.entry k(.param .u64 p, .param .u64 out) {
  .reg .b32 %r<3>;
  .reg .b64 %rd<7>;
  ld.param.u64 %rd1, [p];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r2;
  ret;
})");
  Launch l;
  l.block[0] = 64;
  std::vector<uint8_t> pointer(8);
  uint64_t address = uint64_t{1} << 44;
  std::memcpy(pointer.data(), &address, 8);
  l.args = {KernelArgument::scalar(pointer, "p"), buffer(64 * 4)};
  // Without lazy mapping the load faults, and steps_out still reports.
  EmulatorOptions plain;
  uint64_t steps = 0;
  plain.steps_out = &steps;
  CHECK_THROWS(run_kernel(m, l, plain));
  CHECK(steps > 0);
  EmulatorOptions lazy;
  lazy.lazy_device_seed = 7;
  RunResult a = run_kernel(m, l, lazy), b = run_kernel(m, l, lazy);
  CHECK(a.buffers[1] == b.buffers[1]);
  std::set<uint32_t> distinct;
  for (size_t i = 0; i < 64; ++i) distinct.insert(word(a.buffers[1], i));
  CHECK(distinct.size() > 8);  // varied words, not zeros
  lazy.lazy_device_seed = 8;
  CHECK(run_kernel(m, l, lazy).buffers[1] != a.buffers[1]);
  // Outside device memory's window nothing is mapped.
  uint64_t low = 0x1000;
  std::memcpy(l.args[0].bytes.data(), &low, 8);
  CHECK_THROWS(run_kernel(m, l, lazy));
  // The budget bounds what is mapped.
  std::memcpy(l.args[0].bytes.data(), &address, 8);
  lazy.lazy_device_bytes = 1024;
  CHECK_THROWS(run_kernel(m, l, lazy));
}

TEST_CASE("lazily mapped device memory takes a tensor map copied to a pointer a made-up launch made up") {
  // CUTLASS's pointer-array kernels copy their tensor maps from shared
  // memory to a workspace whose pointer a made-up Params holds.
  ptx::Module m = ptx::parse_module(R"(.version 8.3
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 ws) {
  .reg .b32 %r<3>;
  .reg .b64 %rd<3>;
  .shared .align 128 .b8 smap[128];
  ld.param.u64 %rd1, [ws];
  mov.u32 %r1, smap;
  tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%rd1], [%r1], 128;
  ret;
})", "k.ptx");
  Launch l;
  l.block[0] = 32;
  std::vector<uint8_t> pointer(8);
  uint64_t address = uint64_t{1} << 40;
  std::memcpy(pointer.data(), &address, 8);
  l.args = {KernelArgument::scalar(pointer, "ws")};
  CHECK_THROWS_WITH(run_kernel(m, l, {}), doctest::Contains("outside device memory"));
  EmulatorOptions lazy;
  lazy.lazy_device_seed = 7;
  CHECK_NOTHROW(run_kernel(m, l, lazy));
}

TEST_CASE("a lazily mapped range never overlaps an allocation") {
  DeviceMemory mem;
  uint64_t base = mem.allocate("buf", 100);
  // Right after the buffer (inside its guard gap): mapped from its end on.
  Allocation* a = mem.map_lazily(base + 200, 4, 1, uint64_t{1} << 20);
  REQUIRE(a);
  CHECK(a->base() >= base + 100);
  CHECK(mem.find(base + 200, 4) == a);
  CHECK(mem.find(base, 100)->name() == "buf");
  // Straddling the buffer's end: no mapping.
  CHECK(mem.map_lazily(base + 98, 4, 1, uint64_t{1} << 20) == nullptr);
}

TEST_CASE("lazily mapped memory filled with one word reads that word everywhere") {
  // A replay that wants a tile counter (read through an atomic) or a staged
  // tile to hold one value fills the memory it maps with it.
  DeviceMemory mem;
  uint64_t address = kDeviceBase + (uint64_t{1} << 36) + 12;
  Allocation* a = mem.map_lazily(address, 4, 1, uint64_t{1} << 20, LazyFill{LazyFill::Kind::Word, 0x90a00u});
  REQUIRE(a);
  for (uint64_t at : {address, address + 4096, a->base()}) {
    uint32_t v = 0;
    a->read(at - a->base(), &v, 4);
    CHECK(v == 0x90a00u);
  }
  // The first `n` words a fill maps at `address` (seed 7).
  auto words_of = [&](LazyFill fill, size_t n) {
    DeviceMemory m;
    Allocation* x = m.map_lazily(address, 4, 7, uint64_t{1} << 20, fill);
    REQUIRE(x);
    std::vector<uint32_t> w(n);
    x->read(0, w.data(), n * 4);
    return w;
  };
  // Sparse: most words zero, none of them the varied fill's small integers.
  std::vector<uint32_t> sparse = words_of(LazyFill{LazyFill::Kind::Sparse, 0}, 1024);
  size_t zeros = std::count(sparse.begin(), sparse.end(), 0u);
  CHECK(zeros > 600);
  CHECK(zeros < 1000);
  // Very sparse (word 4): one word in 64 non-zero, a few flags per tile.
  std::vector<uint32_t> rare = words_of(LazyFill{LazyFill::Kind::Sparse, 4}, 4096);
  size_t nonzero = rare.size() - std::count(rare.begin(), rare.end(), 0u);
  CHECK(nonzero > 20);
  CHECK(nonzero < 150);
  // Short runs (word 2): runs of two or three equal words, a run starting
  // at every 4 KiB too, so a warp's items hold nearly only non-trivial runs.
  // (Two neighbouring runs may draw the same value and read as one.)
  std::vector<uint32_t> words = words_of(LazyFill{LazyFill::Kind::ShortRuns, 2}, 4096);
  size_t runs = 0, ones = 0;
  for (size_t w = 0; w < words.size();) {
    size_t end = w + 1;
    while (end < words.size() && words[end] == words[w]) ++end;
    ones += end - w == 1;
    ++runs;
    w = end;
  }
  CHECK(ones <= 4);  // a run cut short by one of the four restarts in these 16 KiB
  CHECK(runs > 4096 / 4);  // mostly runs of 2 and 3, mean 2.5
  CHECK(runs < 4096 / 2);
  // Mixed: about half the words the given one, the rest varied, so that
  // neighbouring items are equal in some lanes and not in others.
  DeviceMemory mixed;
  Allocation* x = mixed.map_lazily(address, 4, 7, uint64_t{1} << 20, LazyFill{LazyFill::Kind::Mixed, 0x40000002u});
  REQUIRE(x);
  size_t same = 0;
  for (uint64_t w = 0; w < 1024; ++w) {
    uint32_t v = 0;
    x->read(w * 4, &v, 4);
    same += v == 0x40000002u;
  }
  CHECK(same > 350);
  CHECK(same < 674);
}

TEST_CASE("lazily mapped runs of equal words average the length asked for, the same in every chunk") {
  // Run-length encoding and reduce-by-key split a warp only where its
  // number of runs falls between item slots; words in runs of a chosen
  // mean length give each density.
  for (uint32_t mean : {2u, 8u, 32u}) {
    DeviceMemory mem;
    uint64_t address = kDeviceBase + (uint64_t{1} << 36);
    Allocation* a = mem.map_lazily(address, 4, 3, uint64_t{1} << 20, LazyFill{LazyFill::Kind::Runs, mean});
    REQUIRE(a);
    const uint64_t words = a->size() / 4;
    size_t starts = 0, small = 0;
    uint32_t last = ~0u;
    for (uint64_t w = 0; w < words; ++w) {
      uint32_t v = 0;
      a->read(w * 4, &v, 4);
      small += v < 128;
      starts += v != last;
      last = v;
    }
    CHECK(small == words);
    double mean_length = static_cast<double>(words) / static_cast<double>(starts);
    CHECK(mean_length > 0.8 * mean);
    CHECK(mean_length < 1.2 * mean);
    // The next chunk, mapped on its own, continues the run the first one
    // ends with: the fill is a function of the address.
    DeviceMemory both;
    Allocation* whole = both.map_lazily(address, a->size() + 8, 3, uint64_t{1} << 20, LazyFill{LazyFill::Kind::Runs, mean});
    REQUIRE(whole);
    Allocation* next = mem.map_lazily(a->base() + a->size(), 4, 3, uint64_t{1} << 20, LazyFill{LazyFill::Kind::Runs, mean});
    REQUIRE(next);
    uint32_t x = 0, y = 0;
    whole->read(a->size() + 4 - (a->base() - whole->base()), &x, 4);
    next->read(4, &y, 4);
    CHECK(x == y);
  }
}

TEST_CASE("a program cache reuses decoded functions only for launches whose variables land where they did") {
  // The kernel reads a .global variable by its address, which decoding bakes
  // into the load; a launch whose buffers move the variable must not reuse it.
  ptx::Module m = parse(R"(
.global .u32 g = 7;
.entry k(.param .u64 out, .param .u64 pad) {
  .reg .b32 %r<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ld.global.u32 %r1, [g];
  mov.u32 %r2, %tid.x;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
})");
  ProgramCache cache;
  EmulatorOptions o;
  o.program_cache = &cache;
  auto launch = [&](size_t pad_bytes) {
    Launch l;
    l.block[0] = 4;
    l.args = {buffer(16), KernelArgument::buffer(std::vector<uint8_t>(pad_bytes, 0), "pad")};
    return run_kernel(m, l, o);
  };
  RunResult first = launch(16);
  RunResult again = launch(16);        // same layout: the cached ops
  RunResult moved = launch(1u << 20);  // the variable lands 1 MiB further on
  for (const RunResult* r : {&first, &again, &moved})
    for (size_t i = 0; i < 4; ++i) CHECK(word(r->buffers[0], i) == 7u);
  CHECK(again.metrics.warp_instructions == first.metrics.warp_instructions);
  CHECK(moved.metrics.warp_instructions == first.metrics.warp_instructions);
}
