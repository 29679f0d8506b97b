// Memory metrics (emulator/simt/memory_metrics): the counting rules on
// address patterns worked out by hand, and the emulator's per-instruction
// counts on small kernels.
#include <doctest/doctest.h>

#include <string>

#include "emulator/simt/emulator.h"
#include "emulator/simt/line_metrics.h"
#include "emulator/simt/wgmma.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

struct Lanes {
  uint64_t a[32];
};
Lanes strided(uint64_t base, uint64_t stride) {
  Lanes l;
  for (unsigned i = 0; i < 32; ++i) l.a[i] = base + i * stride;
  return l;
}

}  // namespace

TEST_CASE("memory metrics: sectors and lines of global requests") {
  // 32 lanes x 4 bytes, consecutive: 128 bytes, 4 sectors, one line.
  Lanes c = strided(0x1000, 4);
  CHECK(count_sectors(c.a, ~0u, 4).sectors == 4);
  CHECK(count_sectors(c.a, ~0u, 4).lines == 1);
  // Shifted by one word: the 128 bytes straddle 5 sectors and 2 lines.
  Lanes s = strided(0x1004, 4);
  CHECK(count_sectors(s.a, ~0u, 4).sectors == 5);
  CHECK(count_sectors(s.a, ~0u, 4).lines == 2);
  // A stride of 32 words: every lane its own sector and line.
  Lanes t = strided(0x1000, 128);
  CHECK(count_sectors(t.a, ~0u, 4).sectors == 32);
  CHECK(count_sectors(t.a, ~0u, 4).lines == 32);
  // 16 bytes a lane, consecutive: 512 bytes, 16 sectors, 4 lines.
  Lanes v = strided(0x1000, 16);
  CHECK(count_sectors(v.a, ~0u, 16).sectors == 16);
  // Half the lanes active: 64 bytes, 2 sectors.
  CHECK(count_sectors(c.a, 0x0000ffffu, 4).sectors == 2);
  // Every lane on one word: one sector.
  Lanes b = strided(0x1000, 0);
  CHECK(count_sectors(b.a, ~0u, 4).sectors == 1);
}

TEST_CASE("memory metrics: shared wavefronts, bank conflicts and broadcast") {
  // Consecutive words: 32 banks, one wavefront.
  Lanes c = strided(0, 4);
  WavefrontCount w = count_wavefronts(c.a, ~0u, 4);
  CHECK(w.wavefronts == 1);
  CHECK(w.ideal == 1);
  CHECK(w.ways == 1);
  // A stride of 32 words: one bank, 32 words, 32 ways.
  Lanes col = strided(0, 128);
  CHECK(count_wavefronts(col.a, ~0u, 4).wavefronts == 32);
  // A stride of 33 words (a padded row): banks (33 i) % 32 = i, conflict free.
  Lanes pad = strided(0, 132);
  CHECK(count_wavefronts(pad.a, ~0u, 4).wavefronts == 1);
  // A stride of 2 words: 16 banks, two words each.
  Lanes two = strided(0, 8);
  CHECK(count_wavefronts(two.a, ~0u, 4).wavefronts == 2);
  // Every lane on one word: a broadcast, one wavefront.
  Lanes one = strided(64, 0);
  CHECK(count_wavefronts(one.a, ~0u, 4).wavefronts == 1);
  // Atomics too (an H200's ncu counts one wavefront); the atomic unit's
  // same-address serialisation is counted apart.
  CHECK(same_address_lanes(one.a, ~0u) == 32);
  // Two lanes on each word of 16 consecutive ones: broadcast within a bank.
  Lanes pairs;
  for (unsigned i = 0; i < 32; ++i) pairs.a[i] = (i / 2) * 4;
  CHECK(count_wavefronts(pairs.a, ~0u, 4).wavefronts == 1);
  CHECK(same_address_lanes(pairs.a, ~0u) == 2);
  // 8 bytes a lane, consecutive: two half-warp phases, one wavefront each.
  Lanes d = strided(0, 8);
  WavefrontCount w8 = count_wavefronts(d.a, ~0u, 8);
  CHECK(w8.wavefronts == 2);
  CHECK(w8.ideal == 2);
  // 16 bytes a lane, consecutive: four quarter-warp phases.
  Lanes q = strided(0, 16);
  CHECK(count_wavefronts(q.a, ~0u, 16).wavefronts == 4);
  CHECK(count_wavefronts(q.a, ~0u, 16).ideal == 4);
  // 16 bytes a lane with a 256-byte stride: each phase's 8 rows on banks 0-3, 8 ways.
  Lanes r = strided(0, 256);
  CHECK(count_wavefronts(r.a, ~0u, 16).wavefronts == 32);
  CHECK(count_wavefronts(r.a, ~0u, 16).ways == 8);
  // Only lanes 0-7 active, 16 bytes: one phase.
  CHECK(count_wavefronts(q.a, 0xffu, 16).wavefronts == 1);
}

TEST_CASE("memory metrics: wgmma operands, one core matrix a wavefront") {
  // m64n64k16 f16, K-major, 128B swizzle, as ws_gemm_sm90.cu lays A out:
  // rows 128 bytes apart, the next 8 rows at SBO 1024. Each core matrix's
  // eight 16-byte chunks are XORed onto eight different bank groups.
  MatrixDescriptor d;
  d.start = 0x400 + 32;  // the second k16 slice of a 1024-aligned tile
  d.leading = 16;
  d.stride = 1024;
  d.swizzle = Swizzle::B128;
  SharedOperand a{d, false, 16};
  WavefrontCount w = operand_wavefronts(a, 64, 16);
  CHECK(w.ideal == 64 * 16 * 2 / 128);  // 16 core matrices
  CHECK(w.wavefronts == w.ideal);
  CHECK(w.ways == 1);
  // Every mode and both majors: the canonical layouts are conflict-free.
  for (Swizzle sw : {Swizzle::None, Swizzle::B32, Swizzle::B64, Swizzle::B128})
    for (bool mn_major : {false, true}) {
      MatrixDescriptor e;
      e.start = 0x800;
      e.swizzle = sw;
      e.leading = sw == Swizzle::None ? 128 : 8 * swizzle_span(sw);
      e.stride = sw == Swizzle::None ? 256 : 8 * swizzle_span(sw) * 2;
      WavefrontCount v = operand_wavefronts({e, mn_major, 16}, 64, 16);
      CAPTURE(swizzle_span(sw));
      CAPTURE(mn_major);
      CHECK(v.ideal == 16);
      CHECK(v.wavefronts == 16);
    }
  // What the swizzle avoids: the same rows of 128 bytes without the XOR put
  // a core matrix's eight chunks on one bank group, 8-way.
  uint64_t rows[8];
  for (unsigned r = 0; r < 8; ++r) rows[r] = 0x400 + r * 128 + 32;
  WavefrontCount plain = count_wavefronts(rows, 0xffu, 16);
  CHECK(plain.wavefronts == 8);
  CHECK(plain.ways == 8);
  for (unsigned r = 0; r < 8; ++r) rows[r] = swizzle_address(Swizzle::B128, rows[r]);
  CHECK(count_wavefronts(rows, 0xffu, 16).wavefronts == 1);
}

TEST_CASE("memory metrics: a remapped shared array is one to one") {
  SharedRemap pad{.base = 0, .bytes = 32 * 128, .row_bytes = 128, .pad_bytes = 4, .target = 8192};
  CHECK(pad.apply(0) == 8192);
  CHECK(pad.apply(128) == 8192 + 132);
  CHECK(pad.apply(32 * 128) == 32 * 128);  // outside the array
  CHECK(pad.extra_bytes() == 32 * 132);
  SharedRemap x{.base = 0, .bytes = 32 * 128, .row_bytes = 128, .xor_words = true};
  CHECK(x.apply(128) == 128 + 4);  // row 1, word 0 -> word 1
  std::vector<bool> hit(32 * 32, false);
  for (uint64_t o = 0; o < 32 * 128; o += 4) hit[x.apply(o) / 4] = true;
  CHECK(std::count(hit.begin(), hit.end(), true) == 32 * 32);
}

TEST_CASE("memory metrics: the emulator counts per instruction, per line and per kernel") {
  // Each lane loads in[tid * 2] (a stride of 8 bytes: 256 bytes, 8 sectors,
  // 2 lines), stores s[tid * 32] (one bank, 32 ways), loads s[0] (broadcast),
  // and adds to out[0] atomically (32 lanes on one address).
  ptx::Module m = ptx::parse_module(R"(.version 8.5
.target sm_90
.address_size 64
.file 1 "k.cu"
.entry k(.param .u64 in, .param .u64 out) {
  .shared .align 4 .b8 s[8192];
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 8;
  add.s64 %rd4, %rd1, %rd3;
  .loc 1 10 1
  ld.global.u32 %r2, [%rd4];
  shl.b32 %r3, %r1, 7;
  mov.u32 %r4, s;
  add.s32 %r4, %r4, %r3;
  .loc 1 11 1
  st.shared.u32 [%r4], %r2;
  .loc 1 12 1
  ld.shared.u32 %r5, [s];
  atom.global.add.u32 %r5, [%rd2], %r5;
  ret;
})",
                                    "k.ptx");
  Launch l;
  l.block[0] = 64;
  l.args = {KernelArgument::buffer(std::vector<uint8_t>(1024, 1), "in"),
            KernelArgument::buffer(std::vector<uint8_t>(4, 0), "out")};
  EmulatorOptions o;
  o.memory_metrics = true;
  KernelMetrics k = run_kernel(m, l, o).metrics;
  REQUIRE(k.memory.measured);
  const AccessCounters& gl = k.memory[MemClass::GlobalLoad];
  CHECK(gl.requests == 2);
  CHECK(gl.sectors == 16);
  CHECK(gl.lines == 4);
  CHECK(gl.bytes_requested == 256);
  CHECK(k.memory.efficiency(MemClass::GlobalLoad) == doctest::Approx(50.0));
  const AccessCounters& ss = k.memory[MemClass::SharedStore];
  CHECK(ss.requests == 2);
  CHECK(ss.wavefronts == 64);
  CHECK(ss.bank_conflicts() == 62);
  CHECK(ss.max_ways == 32);
  CHECK(k.memory[MemClass::SharedLoad].wavefronts == 2);
  const AccessCounters& at = k.memory[MemClass::GlobalAtomic];
  CHECK(at.requests == 2);
  CHECK(at.atomic_serial == 64);
  CHECK(at.max_ways == 32);
  // Kernel parameters are not memory traffic.
  CHECK(!k.memory[MemClass::LocalLoad].any());
  // Per source line: line 11 holds the shared store.
  bool found = false;
  for (const LineMetrics& line : per_source_line(k, m, LineAttribution::Innermost))
    if (line.line == 11) {
      found = true;
      CHECK(line.memory[MemClass::SharedStore].wavefronts == 64);
      CHECK(!line.memory[MemClass::GlobalLoad].any());
    }
  CHECK(found);
  // Off, nothing is measured.
  CHECK(!run_kernel(m, l, EmulatorOptions{}).metrics.memory.measured);
  // Padding the array by a word per 128-byte row: the store is conflict free.
  o.shared_remap = SharedRemap{.base = 0, .bytes = 8192, .row_bytes = 128, .pad_bytes = 4};
  KernelMetrics padded = run_kernel(m, l, o).metrics;
  CHECK(padded.memory[MemClass::SharedStore].wavefronts == 2);
  CHECK(padded.memory[MemClass::SharedLoad].wavefronts == 2);
}
