// wgmma.mma_async on the emulator, end to end: small sm_90a kernels (made
// here per shape and type) copy a shared-memory image the host laid out,
// read A's fragment and D's old value from global memory into registers,
// issue one wgmma.mma_async between wgmma.fence and wgmma.wait_group, and
// store every thread's D registers. The host lays out the operands with the
// PTX ISA's canonical layouts and reads the fragments with CUTLASS's
// thread-value layouts (wgmma_reference.h), and computes D itself in double
// on values whose sums are exact, so every bit must agree.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "emulator/simt/wgmma.h"
#include "frontend/ptx/parser.h"
#include "wgmma_reference.h"

using namespace warpsat;
using simt::Swizzle;
using ptx::ScalarType;

namespace {

struct Case {
  unsigned n = 8, k = 16;
  ScalarType a = ScalarType::F16, b = ScalarType::F16, d = ScalarType::F32;
  bool a_regs = false, satfinite = false, negate_a = false, negate_b = false, a_mn = false, b_mn = false;
  unsigned a_width = 8, b_width = 8;  // swizzle line in 16-byte chunks: 1 none, 2, 4, 8
  bool scale_d = true;
};

unsigned bits(ScalarType t) {
  switch (t) {
    case ScalarType::F16:
    case ScalarType::BF16: return 16;
    case ScalarType::S8:
    case ScalarType::U8:
    case ScalarType::E4M3:
    case ScalarType::E5M2: return 8;
    default: return 32;
  }
}
bool integer(const Case& c) { return c.d == ScalarType::S32; }
unsigned d_registers(const Case& c) { return c.n * 64 * bits(c.d) / 32 / 128; }

std::string type_name(ScalarType t) { return std::string(ptx::to_string(t)); }

// The kernel: k(img, words, adesc, bdesc, afrag, cfrag, out, scaled).
std::string kernel_ptx(const Case& c) {
  const unsigned r = d_registers(c);
  const bool f32 = c.d == ScalarType::F32;
  std::string dregs, loads, stores;
  for (unsigned j = 0; j < r; ++j) {
    dregs += fmt::format("{}%d{}", j ? ", " : "", j);
    loads += fmt::format("  ld.global.{} %d{}, [%rd14+{}];\n", f32 ? "f32" : "b32", j, 4 * j);
    stores += fmt::format("  st.global.{} [%rd17+{}], %d{};\n", f32 ? "f32" : "b32", 4 * j, j);
  }
  std::string imms;
  if (!integer(c)) {
    imms = fmt::format(", {}, {}", c.negate_a ? -1 : 1, c.negate_b ? -1 : 1);
    if (bits(c.a) == 16) imms += c.a_regs ? fmt::format(", {}", int(c.b_mn)) : fmt::format(", {}, {}", int(c.a_mn), int(c.b_mn));
  }
  std::string shape = fmt::format("m64n{}k{}{}.{}.{}.{}", c.n, c.k, c.satfinite ? ".satfinite" : "", type_name(c.d),
                                  type_name(c.a), type_name(c.b));
  return fmt::format(R"(.version 8.0
.target sm_90a
.address_size 64
.extern .shared .align 1024 .b8 smem[];
.visible .entry k(.param .u64 p_img, .param .u32 p_words, .param .u64 p_adesc, .param .u64 p_bdesc,
                  .param .u64 p_afrag, .param .u64 p_cfrag, .param .u64 p_out, .param .u32 p_scaled)
{{
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<20>;
  .reg .b32 %a<4>;
  .reg .{} %d<{}>;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [p_img];
  ld.param.u32 %r2, [p_words];
  mov.u32 %r5, smem;
  mov.u32 %r3, %r1;
$copy:
  setp.ge.u32 %p1, %r3, %r2;
  @%p1 bra $copied;
  mul.wide.u32 %rd2, %r3, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r4, [%rd3];
  shl.b32 %r6, %r3, 2;
  add.u32 %r7, %r5, %r6;
  st.shared.u32 [%r7], %r4;
  add.u32 %r3, %r3, 128;
  bra $copy;
$copied:
  bar.sync 0;
  fence.proxy.async.shared::cta;
  shr.u32 %r8, %r5, 4;
  cvt.u64.u32 %rd4, %r8;
  ld.param.u64 %rd5, [p_adesc];
  add.s64 %rd6, %rd5, %rd4;
  ld.param.u64 %rd7, [p_bdesc];
  add.s64 %rd8, %rd7, %rd4;
  ld.param.u64 %rd9, [p_afrag];
  mul.wide.u32 %rd10, %r1, 16;
  add.s64 %rd11, %rd9, %rd10;
  ld.global.v4.u32 {{%a0, %a1, %a2, %a3}}, [%rd11];
  ld.param.u64 %rd12, [p_cfrag];
  mul.wide.u32 %rd13, %r1, {};
  add.s64 %rd14, %rd12, %rd13;
{}  ld.param.u32 %r9, [p_scaled];
  setp.ne.u32 %p2, %r9, 0;
  wgmma.fence.sync.aligned;
  wgmma.mma_async.sync.aligned.{} {{{}}}, {}, %rd8, %p2{};
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 0;
  ld.param.u64 %rd15, [p_out];
  mul.wide.u32 %rd16, %r1, {};
  add.s64 %rd17, %rd15, %rd16;
{}  ret;
}}
)",
                     f32 ? "f32" : "b32", r, 4 * r, loads, shape, dregs,
                     c.a_regs ? "{%a0, %a1, %a2, %a3}" : "%rd6", imms, 4 * r, stores);
}

// ---- values: small integers (sums exact in every accumulator type) ----

uint32_t float_bits(ScalarType t, int v) {
  int exp_bits = 8, frac_bits = 23;
  if (t == ScalarType::F16) exp_bits = 5, frac_bits = 10;
  if (t == ScalarType::BF16) exp_bits = 8, frac_bits = 7;
  if (t == ScalarType::E4M3) exp_bits = 4, frac_bits = 3;
  if (t == ScalarType::E5M2) exp_bits = 5, frac_bits = 2;
  if (v == 0) return 0;
  const uint32_t sign = v < 0 ? 1u << (exp_bits + frac_bits) : 0;
  unsigned a = static_cast<unsigned>(std::abs(v)), e = 0;
  while ((a >> e) > 1) ++e;
  const uint32_t frac = ((a << frac_bits) >> e) & ((1u << frac_bits) - 1);
  return sign | ((e + (1u << (exp_bits - 1)) - 1) << frac_bits) | frac;
}

double value(ScalarType t, uint32_t b) {
  if (t == ScalarType::S8) return static_cast<int8_t>(b);
  if (t == ScalarType::U8) return static_cast<uint8_t>(b);
  if (t == ScalarType::S32) return static_cast<int32_t>(b);
  if (t == ScalarType::F32 || t == ScalarType::TF32) {
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  int exp_bits = t == ScalarType::F16 ? 5 : t == ScalarType::BF16 ? 8 : t == ScalarType::E4M3 ? 4 : 5;
  int frac_bits = t == ScalarType::F16 ? 10 : t == ScalarType::BF16 ? 7 : t == ScalarType::E4M3 ? 3 : 2;
  const int bias = (1 << (exp_bits - 1)) - 1;
  const uint32_t frac = b & ((1u << frac_bits) - 1), e = (b >> frac_bits) & ((1u << exp_bits) - 1);
  double m = e == 0 ? std::ldexp(frac, 1 - bias - frac_bits) : std::ldexp(frac + (1u << frac_bits), int(e) - bias - frac_bits);
  return ((b >> (exp_bits + frac_bits)) & 1) ? -m : m;
}

// A random operand element: integers (all of s8/u8), or floats -3..3.
uint32_t random_element(std::mt19937& rng, ScalarType t) {
  if (t == ScalarType::S8 || t == ScalarType::U8) return rng() & 0xff;
  return float_bits(t, static_cast<int>(rng() % 7) - 3);
}

std::map<std::string, std::unique_ptr<ptx::Module>>& modules() {
  static std::map<std::string, std::unique_ptr<ptx::Module>> m;
  return m;
}

template <typename T>
simt::KernelArgument words_arg(const std::vector<T>& v, const char* name) {
  std::vector<uint8_t> b(std::max<size_t>(v.size(), 1) * sizeof(T), 0);
  if (!v.empty()) std::memcpy(b.data(), v.data(), v.size() * sizeof(T));
  return simt::KernelArgument::buffer(std::move(b), name);
}
simt::KernelArgument scalar_arg(uint64_t v, size_t bytes, const char* name) {
  std::vector<uint8_t> b(bytes);
  std::memcpy(b.data(), &v, bytes);
  return simt::KernelArgument::scalar(std::move(b), name);
}

// Where an operand goes: its descriptor (start relative to the image) and
// its elements' byte addresses.
struct Placed {
  simt::MatrixDescriptor desc;
  uint64_t end = 0;
};
Placed place(unsigned mn_extent, bool mn_major, unsigned width, unsigned element_bytes, uint64_t start) {
  const unsigned t = 16 / element_bytes;
  uint32_t lbo, sbo;
  if (!mn_major) {
    sbo = width == 1 ? 128 : 128 * width;
    lbo = width == 1 ? ((mn_extent + 7) / 8) * sbo : 16;
  } else if (width == 1) {
    sbo = 128;
    lbo = ((mn_extent + t - 1) / t) * sbo;
  } else {
    lbo = 128 * width;
    sbo = ((mn_extent + t * width - 1) / (t * width)) * lbo;
  }
  const Swizzle s = width == 1 ? Swizzle::None : width == 2 ? Swizzle::B32 : width == 4 ? Swizzle::B64 : Swizzle::B128;
  Placed p{{static_cast<uint32_t>(start), lbo, sbo, 0, s}, 0};
  const unsigned k_extent = 32 / element_bytes;
  for (unsigned mn = 0; mn < mn_extent; ++mn)
    for (unsigned k = 0; k < k_extent; ++k)
      p.end = std::max(p.end, wgmma_reference::canonical_address(mn_major, width, element_bytes, start, lbo, sbo, mn, k) +
                                  element_bytes);
  return p;
}

// Runs one case with random data; returns the number of wrong D elements.
int run_case(const Case& c, std::mt19937& rng) {
  const std::string text = kernel_ptx(c);
  auto& cache = modules()[text];
  if (!cache) cache = std::make_unique<ptx::Module>(ptx::parse_module(text, "wgmma_test.ptx"));
  const unsigned ab = bits(c.a) / 8, bb = bits(c.b) / 8, r = d_registers(c);
  std::vector<uint32_t> A(64 * c.k), B(c.n * c.k), C(64 * c.n);  // B as [n][k]
  for (auto& v : A) v = random_element(rng, c.a);
  for (auto& v : B) v = random_element(rng, c.b);
  for (auto& v : C) v = integer(c) ? rng() : float_bits(c.d, static_cast<int>(rng() % 61) - 30);
  if (c.a == ScalarType::TF32)  // the 13 bits a tf32 ignores
    for (auto& v : A) v |= rng() & 0x1fff;

  Placed pb = place(c.n, c.b_mn, c.b_width, bb, 0);
  Placed pa = place(64, c.a_mn, c.a_width, ab, (pb.end + 1023) / 1024 * 1024);
  const uint64_t size = (std::max(pa.end, pb.end) + 15) / 16 * 16;
  std::vector<uint8_t> image(size, 0xab);  // garbage wherever no element lives
  auto put = [&](const Placed& p, bool mn_major, unsigned width, unsigned eb, unsigned mn, unsigned k, uint32_t v) {
    const uint64_t at = wgmma_reference::canonical_address(mn_major, width, eb, p.desc.start, p.desc.leading,
                                                           p.desc.stride, mn, k);
    std::memcpy(&image[at], &v, eb);
  };
  for (unsigned n = 0; n < c.n; ++n)
    for (unsigned k = 0; k < c.k; ++k) put(pb, c.b_mn, c.b_width, bb, n, k, B[n * c.k + k]);
  if (!c.a_regs)
    for (unsigned m = 0; m < 64; ++m)
      for (unsigned k = 0; k < c.k; ++k) put(pa, c.a_mn, c.a_width, ab, m, k, A[m * c.k + k]);
  std::vector<uint32_t> words(size / 4);
  std::memcpy(words.data(), image.data(), size);

  std::vector<uint32_t> afrag(128 * 4, 0), cfrag(128 * r, 0);
  const unsigned a_bits = bits(c.a), d_bits = bits(c.d);
  for (unsigned t = 0; t < 128; ++t) {
    for (unsigned v = 0; v < 64 * c.k / 128; ++v) {
      const long off = wgmma_reference::a_fragment_offset(a_bits, t, v);
      const uint32_t mask = a_bits == 32 ? ~0u : (1u << a_bits) - 1;
      afrag[t * 4 + v * a_bits / 32] |= (A[(off % 64) * c.k + off / 64] & mask) << (v * a_bits % 32);
    }
    for (unsigned v = 0; v < 64 * c.n / 128; ++v) {
      const long off = wgmma_reference::accumulator_offset(t, v);
      const uint32_t mask = d_bits == 32 ? ~0u : (1u << d_bits) - 1;
      cfrag[t * r + v * d_bits / 32] |= (C[(off % 64) * c.n + off / 64] & mask) << (v * d_bits % 32);
    }
  }
  simt::Launch l;
  l.kernel = "k";
  l.block[0] = 128;
  l.dynamic_shared_bytes = size;
  l.args = {words_arg(words, "img"),
            scalar_arg(words.size(), 4, "words"),
            scalar_arg(simt::encode_descriptor(pa.desc), 8, "adesc"),
            scalar_arg(simt::encode_descriptor(pb.desc), 8, "bdesc"),
            words_arg(afrag, "afrag"),
            words_arg(cfrag, "cfrag"),
            words_arg(std::vector<uint32_t>(128 * r, 0), "out"),
            scalar_arg(c.scale_d ? 1 : 0, 4, "scaled")};
  simt::RunResult res = simt::run_kernel(*cache, l);
  std::vector<uint32_t> out(128 * r);
  std::memcpy(out.data(), res.buffers[6].data(), out.size() * 4);
  CHECK(res.metrics.wgmma_instructions == 1);
  CHECK(res.metrics.wgmma_flops == uint64_t{2} * 64 * c.n * c.k);

  int wrong = 0;
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned v = 0; v < 64 * c.n / 128; ++v) {
      const long off = wgmma_reference::accumulator_offset(t, v);
      const unsigned m = static_cast<unsigned>(off % 64), n = static_cast<unsigned>(off / 64);
      const uint32_t mask = d_bits == 32 ? ~0u : (1u << d_bits) - 1;
      const uint32_t got = (out[t * r + v * d_bits / 32] >> (v * d_bits % 32)) & mask;
      double sum = c.scale_d ? value(c.d, C[m * c.n + n]) : 0;
      for (unsigned k = 0; k < c.k; ++k) {
        uint32_t av = A[m * c.k + k];
        if (c.a == ScalarType::TF32) av &= ~0x1fffu;
        sum += (c.negate_a ? -1 : 1) * value(c.a, av) * (c.negate_b ? -1 : 1) * value(c.b, B[n * c.k + k]);
      }
      if (integer(c)) {
        const auto exact = static_cast<int64_t>(sum);
        const int64_t want = c.satfinite ? std::clamp<int64_t>(exact, INT32_MIN, INT32_MAX)
                                         : static_cast<int32_t>(static_cast<uint32_t>(exact));
        wrong += static_cast<int32_t>(got) != want;
      } else {
        wrong += value(c.d, got) != sum;
      }
    }
  return wrong;
}

std::string describe(const Case& c) {
  return fmt::format("m64n{}k{} {}.{}.{} {} A {}{} B {}{}{}{}{}", c.n, c.k, type_name(c.d), type_name(c.a),
                     type_name(c.b), c.a_regs ? "RS" : "SS", c.a_mn ? "MN" : "K", c.a_width, c.b_mn ? "MN" : "K",
                     c.b_width, c.negate_a ? " -A" : "", c.negate_b ? " -B" : "", c.scale_d ? "" : " D=AB");
}

void check(const Case& c, std::mt19937& rng) {
  INFO(describe(c));
  CHECK(run_case(c, rng) == 0);
}

}  // namespace

TEST_CASE("wgmma on the emulator: every N from 8 to 256, f16 x f16 -> f32, A from shared memory and registers") {
  std::mt19937 rng(1);
  for (unsigned n = 8; n <= 256; n += 8)
    for (bool regs : {false, true}) {
      Case c;
      c.n = n;
      c.a_regs = regs;
      check(c, rng);
    }
}

TEST_CASE("wgmma on the emulator: every type, accumulator and operand source") {
  std::mt19937 rng(2);
  struct Types {
    ScalarType a, b, d;
    unsigned k;
  };
  const Types types[] = {
      {ScalarType::F16, ScalarType::F16, ScalarType::F16, 16},   {ScalarType::F16, ScalarType::F16, ScalarType::F32, 16},
      {ScalarType::BF16, ScalarType::BF16, ScalarType::F32, 16}, {ScalarType::TF32, ScalarType::TF32, ScalarType::F32, 8},
      {ScalarType::E4M3, ScalarType::E4M3, ScalarType::F32, 32}, {ScalarType::E4M3, ScalarType::E5M2, ScalarType::F16, 32},
      {ScalarType::E5M2, ScalarType::E4M3, ScalarType::F32, 32}, {ScalarType::E5M2, ScalarType::E5M2, ScalarType::F16, 32},
      {ScalarType::S8, ScalarType::S8, ScalarType::S32, 32},     {ScalarType::S8, ScalarType::U8, ScalarType::S32, 32},
      {ScalarType::U8, ScalarType::S8, ScalarType::S32, 32},     {ScalarType::U8, ScalarType::U8, ScalarType::S32, 32}};
  for (const Types& t : types)
    for (unsigned n : {8u, 24u, 64u, 256u})
      for (bool regs : {false, true}) {
        Case c;
        c.a = t.a, c.b = t.b, c.d = t.d, c.k = t.k, c.n = n, c.a_regs = regs;
        if (c.d == ScalarType::S32 && n == 24) c.n = 48;  // s32 shapes: N = 8, 16, 24, 32, 48, ...
        check(c, rng);
        if (c.d == ScalarType::S32) {
          c.satfinite = true;
          check(c, rng);
        }
      }
}

TEST_CASE("wgmma on the emulator: K- and MN-major operands under every swizzle, negation, D = A B") {
  std::mt19937 rng(3);
  for (ScalarType t : {ScalarType::F16, ScalarType::BF16})
    for (bool a_mn : {false, true})
      for (bool b_mn : {false, true})
        for (unsigned aw : {1u, 2u, 4u, 8u})
          for (unsigned bw : {1u, 2u, 4u, 8u}) {
            Case c;
            c.a = c.b = t;
            c.n = (aw + bw) % 2 ? 136 : 16;
            c.a_mn = a_mn, c.b_mn = b_mn, c.a_width = aw, c.b_width = bw;
            check(c, rng);
          }
  for (ScalarType t : {ScalarType::TF32, ScalarType::E4M3, ScalarType::S8})
    for (unsigned w : {1u, 2u, 4u, 8u}) {
      Case c;
      c.a = c.b = t;
      c.k = t == ScalarType::TF32 ? 8 : 32;
      c.d = t == ScalarType::S8 ? ScalarType::S32 : ScalarType::F32;
      c.n = 32;
      c.a_width = w, c.b_width = 9 - w == 8 ? 8 : w;
      check(c, rng);
    }
  for (bool na : {false, true})
    for (bool nb : {false, true})
      for (bool scale : {false, true}) {
        Case c;
        c.n = 40;
        c.negate_a = na, c.negate_b = nb, c.scale_d = scale;
        check(c, rng);
        c.a_regs = true;
        check(c, rng);
        c.a = c.b = ScalarType::E5M2;
        c.k = 32;
        check(c, rng);
      }
}
