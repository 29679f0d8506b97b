// Live spans of registers (frontend/analysis/liveness.h) and the emulator's
// register slots built on them (emulator/simt/register_slots.cpp): registers
// that are never live at once share a slot, and the kernel computes the same.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "emulator/simt/decode.h"
#include "emulator/simt/emulator.h"
#include "emulator/simt/memory.h"
#include "frontend/analysis/liveness.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

namespace {
ptx::Module parse(const std::string& body) {
  return ptx::parse_module(".version 8.5\n.target sm_90\n.address_size 64\n" + body, "t.ptx");
}

ptx::RegId reg(const ptx::Function& f, const std::string& name) {
  for (size_t i = 0; i < f.registers.size(); ++i)
    if (f.registers[i].name() == name) return static_cast<ptx::RegId>(i);
  FAIL("no register " << name);
  return 0;
}

// Instruction numbers in comments.
const char* kLoop = R"(
.entry k(.param .u64 out) {
  .reg .pred %p<3>;
  .reg .b32 %r<10>;
  .reg .b64 %rd<3>;
  mov.u32 %r1, %tid.x;
  add.u32 %r2, %r1, 1;
  add.u32 %r3, %r2, %r7;
  mov.u32 %r4, 0;
$L_loop:
  add.u32 %r4, %r4, %r3;
  mul.lo.u32 %r5, %r4, 3;
  setp.lt.u32 %p1, %r5, 100;
  @%p1 bra $L_loop;
  setp.eq.u32 %p2, %r4, 0;
  @%p2 mov.u32 %r6, 5;
  add.u32 %r8, %r4, %r6;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd2, %rd1, %rd2;
  st.global.u32 [%rd2], %r8;
  ret;
})";
}  // namespace

TEST_CASE("live spans: from the first write to the last read, around loops, and what entry leaves undefined") {
  ptx::Module m = parse(kLoop);
  const ptx::Function& f = m.functions[0];
  analysis::Cfg cfg = analysis::build_cfg(f, m.source);
  std::vector<analysis::LiveSpan> s = analysis::register_live_spans(f, cfg);
  auto span = [&](const char* name) { return s[reg(f, name)]; };
  CHECK(span("%r2").first == 1);
  CHECK(span("%r2").last == 2);
  // Read at 2 and in every iteration of the loop (4..7): live until its back edge.
  CHECK(span("%r3").first == 2);
  CHECK(span("%r3").last == 7);
  CHECK(span("%r5").first == 5);
  CHECK(span("%r5").last == 6);
  // %tid.x is read for the store's address at the end.
  CHECK(span("%r1").first == 0);
  CHECK(span("%r1").last == 12);
  // Read before any write, and a guarded write's old value: their value at entry matters.
  CHECK(span("%r7").live_at_entry);
  CHECK(span("%r6").live_at_entry);
  CHECK_FALSE(span("%r4").live_at_entry);
  CHECK(span("%r9").empty());
}

TEST_CASE("registers never live at once share a slot, and the kernel computes what it did with a slot each") {
  // 64 registers in a chain, each read once by the next: two slots hold them.
  std::string body = ".entry chain(.param .u64 out) {\n  .reg .b32 %r<66>;\n  .reg .b64 %rd<3>;\n  mov.u32 %r0, %tid.x;\n";
  for (int i = 1; i <= 64; ++i) body += "  add.u32 %r" + std::to_string(i) + ", %r" + std::to_string(i - 1) + ", " + std::to_string(i) + ";\n";
  body += "  ld.param.u64 %rd1, [out];\n  mov.u32 %r65, %tid.x;\n  mul.wide.u32 %rd2, %r65, 4;\n  add.s64 %rd2, %rd1, %rd2;\n";
  body += "  st.global.u32 [%rd2], %r64;\n  ret;\n}\n";
  ptx::Module m = parse(body + kLoop);
  simt::DeviceMemory memory;
  simt::Program p = simt::load_program(m, memory);
  simt::ensure_decoded(p, 0);
  // The .b32 chain in two slots, %rd1 and %rd2, the scratch and carry slots.
  CHECK(p.functions[0].register_slots <= 6);
  CHECK(p.functions[0].register_slots < m.functions[0].registers.size());

  auto run = [&](const char* kernel) {
    simt::Launch l;
    l.kernel = kernel;
    l.block[0] = 40;
    l.args = {simt::KernelArgument::buffer(std::vector<uint8_t>(40 * 4, 0), "out")};
    return simt::run_kernel(m, l).buffers[0];
  };
  std::vector<uint8_t> chain = run("chain");
  for (uint32_t t = 0; t < 40; ++t) {
    uint32_t v;
    std::memcpy(&v, chain.data() + 4 * t, 4);
    CHECK(v == t + 64 * 65 / 2);
  }
  // The loop adds r3 = tid + 1 (+ %r7, never written: 0) until 3·sum reaches
  // 100; %r6 is 0 where its guarded write did not run (sum != 0 always).
  std::vector<uint8_t> loop = run("k");
  for (uint32_t t = 0; t < 40; ++t) {
    uint32_t sum = 0;
    do sum += t + 1;
    while (sum * 3 < 100);
    uint32_t v;
    std::memcpy(&v, loop.data() + 4 * t, 4);
    CHECK(v == sum);
  }
}

TEST_CASE("a frame reused by a later block or call starts with the registers read before written at zero") {
  // Block 0 alone writes %r2 (a guarded write: %r2 is live at entry); the
  // later blocks, which take block 0's register file once it ends, and the
  // second call of f, which takes the first's, must read 0 there, not 77.
  ptx::Module m = parse(R"(
.func (.reg .b32 ret) f(.reg .b32 first) {
  .reg .pred %q;
  .reg .b32 %v;
  setp.ne.u32 %q, first, 0;
  @%q mov.u32 %v, 77;
  mov.u32 ret, %v;
  ret;
}
.entry reuse(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<3>;
  mov.u32 %r1, %ctaid.x;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mov.u32 %r2, 77;
  mov.u32 %r3, %tid.x;
  mad.lo.u32 %r4, %r1, 32, %r3;
  selp.u32 %r5, 1, 0, %p1;
  { .reg .b32 %a, %b;
    call (%a), f, (%r5);
    call (%b), f, (0);
    add.u32 %r6, %a, %b;
  }
  mad.lo.u32 %r7, %r6, 1000, %r2;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r4, 4;
  add.s64 %rd2, %rd1, %rd2;
  st.global.u32 [%rd2], %r7;
  ret;
})");
  simt::Launch l;
  l.kernel = "reuse";
  l.block[0] = 32;
  l.grid[0] = 3;
  l.args = {simt::KernelArgument::buffer(std::vector<uint8_t>(96 * 4, 0), "out")};
  std::vector<uint8_t> out = simt::run_kernel(m, l).buffers[0];
  for (uint32_t t = 0; t < 96; ++t) {
    CAPTURE(t);
    uint32_t v;
    std::memcpy(&v, out.data() + 4 * t, 4);
    // Block 0: its first call gives 77, its second 0, and %r2 = 77.
    CHECK(v == (t < 32 ? 77u * 1000 + 77 : 0u));
  }
}

namespace {
// The spans as first written: every live register extended at every
// instruction (over the same block liveness). Kept as the oracle for the
// faster form, which extends only at the ends of each stretch where a
// register is live.
std::vector<analysis::LiveSpan> spans_by_every_instruction(const ptx::Function& f, const analysis::Cfg& cfg) {
  std::vector<analysis::LiveSpan> spans(f.registers.size());
  if (cfg.blocks.empty()) return spans;
  const std::vector<analysis::RegisterAccess> access = analysis::register_accesses(f);
  const analysis::BlockLiveness l = analysis::block_liveness(f, cfg, access);
  auto extend = [&](size_t r, uint32_t i) {
    analysis::LiveSpan& s = spans[r];
    s.first = s.empty() ? i : std::min(s.first, i);
    s.last = std::max(s.last, i);
  };
  for (size_t b = 0; b < cfg.blocks.size(); ++b) {
    analysis::BitSet live = l.out[b];
    for (uint32_t i = cfg.blocks[b].end; i-- > cfg.blocks[b].first;) {
      for (ptx::RegId r : access[i].defs) extend(r, i), live.reset(r);
      for (ptx::RegId r : access[i].uses) live.set(r);
      live.for_each_set([&](size_t r) { extend(r, i); });
    }
  }
  l.in[0].for_each_set([&](size_t r) { spans[r].live_at_entry = true; });
  return spans;
}
}  // namespace

TEST_CASE("live spans by the ends of each live stretch equal those by every instruction, on CUTLASS and CUB") {
  size_t functions = 0, registers = 0;
  for (const char* path : {"examples/cutlass/ptx/48_hopper_warp_specialized_gemm.ptx",
                           "examples/cutlass/ptx/fp16_pingpong_c1x1.ptx", "bench/cub/cub_second.sm_80.ptx"}) {
    CAPTURE(path);
    ptx::Module m = ptx::read_module(std::string(WARPSAT_SOURCE_DIR) + "/" + path);
    for (const ptx::Function& f : m.functions) {
      if (!f.has_body) continue;
      analysis::Cfg cfg = analysis::build_cfg(f, m.source);
      std::vector<analysis::LiveSpan> fast = analysis::register_live_spans(f, cfg);
      std::vector<analysis::LiveSpan> slow = spans_by_every_instruction(f, cfg);
      REQUIRE(fast.size() == slow.size());
      size_t differ = 0;
      for (size_t r = 0; r < fast.size(); ++r)
        differ += fast[r].first != slow[r].first || fast[r].last != slow[r].last ||
                  fast[r].live_at_entry != slow[r].live_at_entry;
      CAPTURE(f.name);
      CHECK(differ == 0);
      ++functions;
      registers += fast.size();
    }
  }
  CHECK(functions >= 10);
  CHECK(registers > 10000);
}
