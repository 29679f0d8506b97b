// wgmma's pieces apart from the emulator's scheduling (emulator/simt/wgmma.h):
// the matrix descriptor's bits, the shared-memory layouts it describes
// (against the PTX ISA's worked examples and its table of canonical
// layouts), the register fragments (against CUTLASS's thread-value
// layouts) and the multiply-accumulate on whole matrices (against a host
// computation in double on exactly representable values).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <set>
#include <vector>

#include "emulator/simt/wgmma.h"
#include "wgmma_reference.h"

using namespace warpsat::simt;
using warpsat::ptx::ScalarType;

TEST_CASE("wgmma descriptor: the PTX ISA's bit fields") {
  // start 0x1230 -> 0x123 in bits 0-13, LBO 0x40 -> 4 in 16-29, SBO 0x400 ->
  // 0x40 in 32-45, base offset 5 in 49-51, 64B swizzle (2) in 62-63.
  const uint64_t bits = 0x123ull | 4ull << 16 | 0x40ull << 32 | 5ull << 49 | 2ull << 62;
  MatrixDescriptor d = decode_descriptor(bits);
  CHECK(d.start == 0x1230);
  CHECK(d.leading == 0x40);
  CHECK(d.stride == 0x400);
  CHECK(d.base_offset == 5);
  CHECK(d.swizzle == Swizzle::B64);
  CHECK(encode_descriptor(d) == bits);
  CHECK(decode_descriptor(1ull << 62).swizzle == Swizzle::B128);
  CHECK(decode_descriptor(3ull << 62).swizzle == Swizzle::B32);
  CHECK(decode_descriptor(0).swizzle == Swizzle::None);
  // Unused bits are ignored; each field keeps 14 bits.
  CHECK(decode_descriptor(bits | 0xc000ull | 0xc0000000ull).start == 0x1230);
  CHECK(decode_descriptor(0x3fffull).start == 0x3fff0);
}

namespace {

// One of the PTX ISA's examples: the exact layout (in elements, MN mode then
// K mode), the swizzle width in chunks, LBO and SBO in bytes.
struct IsaExample {
  const char* name;
  bool mn_major;
  unsigned width, element_bytes;
  wgmma_reference::Mode mn, k;
  unsigned mn_extent, k_extent;
  uint32_t lbo, sbo;
};

}  // namespace

TEST_CASE("wgmma shared-memory layouts: the PTX ISA's worked examples") {
  const IsaExample examples[] = {
      // K-major, no swizzle, tf32: ((8,2),(4,4)):((4,32),(1,64)), LBO 64*4, SBO 32*4.
      {"K none tf32", false, 1, 4, {{8, 2}, {4, 32}}, {{4, 4}, {1, 64}}, 16, 8, 256, 128},
      // K-major, 32B, tf32: Swizzle<1,4,3> o ((8,2),(4,4)):((8,64),(1,4)), SBO 64*4.
      {"K 32B tf32", false, 2, 4, {{8, 2}, {8, 64}}, {{4, 4}, {1, 4}}, 16, 8, 16, 256},
      // MN-major, no swizzle, bf16: ((8,1,2),(8,2)):((1,8,64),(8,128)), LBO 128*2, SBO 64*2.
      {"MN none bf16", true, 1, 2, {{8, 1, 2}, {1, 8, 64}}, {{8, 2}, {8, 128}}, 16, 16, 256, 128},
      // MN-major, 32B, bf16: Swizzle<1,4,3> o ((8,2,2),(8,2)):((1,8,128),(16,256)), LBO 128*2, SBO 256*2.
      {"MN 32B bf16", true, 2, 2, {{8, 2, 2}, {1, 8, 128}}, {{8, 2}, {16, 256}}, 32, 16, 256, 512},
      // MN-major, 64B, bf16: Swizzle<2,4,3> o ((8,4,2),(8,2)):((1,8,256),(32,512)), LBO 256*2, SBO 512*2.
      {"MN 64B bf16", true, 4, 2, {{8, 4, 2}, {1, 8, 256}}, {{8, 2}, {32, 512}}, 64, 16, 512, 1024},
  };
  for (const IsaExample& x : examples) {
    CAPTURE(x.name);
    const Swizzle s = x.width == 1 ? Swizzle::None : x.width == 2 ? Swizzle::B32 : Swizzle::B64;
    for (uint64_t start : {uint64_t{0}, uint64_t{0x2000}}) {
      SharedOperand op{{static_cast<uint32_t>(start), x.lbo, x.sbo, 0, s}, x.mn_major, x.element_bytes * 8};
      int wrong = 0;
      for (unsigned mn = 0; mn < x.mn_extent; ++mn)
        for (unsigned k = 0; k < x.k_extent; ++k) {
          uint64_t byte = start + static_cast<uint64_t>(x.mn(mn) + x.k(k)) * x.element_bytes;
          byte ^= ((byte >> 7) & (x.width - 1)) << 4;
          wrong += operand_address(op, mn, k) != byte;
        }
      CHECK(wrong == 0);
    }
  }
}

TEST_CASE("wgmma shared-memory layouts: every canonical layout of the PTX ISA's table") {
  std::mt19937 rng(90);
  for (bool mn_major : {false, true})
    for (unsigned width : {1u, 2u, 4u, 8u})
      for (unsigned bytes : {1u, 2u, 4u}) {
        CAPTURE(mn_major);
        CAPTURE(width);
        CAPTURE(bytes);
        const unsigned t = 16 / bytes, k_extent = 32 / bytes;  // one instruction: 32 bytes of K
        const unsigned mn_extent = 64 + 8 * (rng() % 25);
        // Offsets leave room for the blocks they skip, plus padding.
        const uint32_t atom = 128 * width;
        const uint32_t pad = (rng() % 3) * (width == 1 ? 16 : atom * 8);
        uint32_t lbo, sbo;
        if (!mn_major) {
          sbo = (width == 1 ? 128 : 8 * 16 * width) + pad;
          lbo = width == 1 ? (mn_extent / 8) * sbo + 64 : 16;
        } else if (width == 1) {
          sbo = 128 + pad;
          lbo = (mn_extent / t + 1) * sbo;
        } else {
          lbo = atom + pad;
          sbo = (mn_extent / (t * width) + 1) * lbo;
        }
        const Swizzle s = width == 1 ? Swizzle::None : width == 2 ? Swizzle::B32 : width == 4 ? Swizzle::B64 : Swizzle::B128;
        const uint32_t start = 1024 * (rng() % 8) + (mn_major ? 0 : 32 * (rng() % (width == 1 ? 1 : width / 2)));
        SharedOperand op{{start, lbo, sbo, 0, s}, mn_major, bytes * 8};
        int wrong = 0;
        std::set<uint64_t> seen;
        for (unsigned mn = 0; mn < mn_extent; ++mn)
          for (unsigned k = 0; k < k_extent; ++k) {
            const uint64_t want = wgmma_reference::canonical_address(mn_major, width, bytes, start, lbo, sbo, mn, k);
            wrong += operand_address(op, mn, k) != want;
            seen.insert(want);
          }
        CHECK(wrong == 0);
        CHECK(seen.size() == size_t{mn_extent} * k_extent);  // no two elements share a byte
      }
}

TEST_CASE("wgmma shared-memory gather: elements, bounds and the base offset") {
  // A K-major 128B-swizzled f16 operand of 64 rows: element (m, k) holds m * 64 + k.
  std::vector<uint8_t> shared(16384, 0);
  SharedOperand op{{0x1000, 16, 1024, 0, Swizzle::B128}, false, 16};
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned k = 0; k < 16; ++k) {
      uint16_t v = static_cast<uint16_t>(m * 64 + k);
      std::memcpy(&shared[operand_address(op, m, k)], &v, 2);
    }
  std::vector<uint32_t> out(64 * 16);
  CHECK(gather_shared(op, 64, 16, shared.data(), shared.size(), out.data()).empty());
  int wrong = 0;
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned k = 0; k < 16; ++k) wrong += out[m * 16 + k] != m * 64 + k;
  CHECK(wrong == 0);
  // The base offset the ISA asks for a pattern starting at line 3 is accepted; another is not.
  op.desc.start = 0x1180;
  op.desc.base_offset = 3;
  CHECK(gather_shared(op, 64, 16, shared.data(), shared.size(), out.data()).empty());
  op.desc.base_offset = 2;
  CHECK(gather_shared(op, 64, 16, shared.data(), shared.size(), out.data()).find("base offset 2") != std::string::npos);
  // Past the end of shared memory: named, not read.
  op.desc = {0x3800, 16, 1024, 0, Swizzle::B128};
  CHECK(gather_shared(op, 64, 16, shared.data(), shared.size(), out.data()).find("past the 16384 bytes") !=
        std::string::npos);
}

TEST_CASE("wgmma register fragments: CUTLASS's thread-value layouts") {
  int wrong = 0;
  for (unsigned t = 0; t < 128; ++t) {
    for (unsigned i = 0; i < 128; ++i) {  // N = 256: 128 accumulator elements per thread
      const long off = wgmma_reference::accumulator_offset(t, i);
      const Cell c = accumulator_cell(t, i);
      wrong += c.row != off % 64 || c.col != off / 64;
    }
    for (unsigned bits : {8u, 16u, 32u})
      for (unsigned i = 0; i < 128 / bits; ++i) {  // 64 x (256 / bits) elements over 128 threads
        const long off = wgmma_reference::a_fragment_offset(bits, t, i);
        const Cell c = a_register_cell(bits, t, i);
        wrong += c.row != off % 64 || c.col != off / 64;
      }
  }
  CHECK(wrong == 0);
  // Each fragment covers its matrix exactly once.
  for (unsigned bits : {8u, 16u, 32u}) {
    const unsigned k = 256 / bits, per_thread = 64 * k / 128;
    std::set<std::pair<unsigned, unsigned>> cells;
    for (unsigned t = 0; t < 128; ++t)
      for (unsigned i = 0; i < per_thread; ++i) {
        const Cell c = a_register_cell(bits, t, i);
        CHECK(c.row < 64);
        CHECK(c.col < k);
        cells.insert({c.row, c.col});
      }
    CHECK(cells.size() == size_t{64} * k);
  }
}

namespace {

// Exactly representable values of each type, as bits, and their values.
double value_of(ScalarType t, uint32_t bits) {
  auto decode = [](uint32_t v, int exp_bits, int frac_bits, bool has_inf) {
    const int bias = (1 << (exp_bits - 1)) - 1;
    const uint32_t frac = v & ((1u << frac_bits) - 1), e = (v >> frac_bits) & ((1u << exp_bits) - 1);
    const bool sign = (v >> (exp_bits + frac_bits)) & 1;
    (void)has_inf;
    double m = e == 0 ? std::ldexp(frac, 1 - bias - frac_bits) : std::ldexp(frac + (1u << frac_bits), int(e) - bias - frac_bits);
    return sign ? -m : m;
  };
  switch (t) {
    case ScalarType::F16: return decode(bits, 5, 10, true);
    case ScalarType::BF16: return decode(bits, 8, 7, true);
    case ScalarType::E4M3: return decode(bits, 4, 3, false);
    case ScalarType::E5M2: return decode(bits, 5, 2, true);
    case ScalarType::S8: return static_cast<int8_t>(bits);
    case ScalarType::U8: return static_cast<uint8_t>(bits);
    default: {
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
  }
}

// The bits of a small integer (|v| <= 15) in a floating-point type.
uint32_t bits_of(ScalarType t, int v) {
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

}  // namespace

TEST_CASE("wgmma arithmetic on whole matrices: every type against the host, negation, scale-d") {
  struct TypeCase {
    ScalarType a, b, d;
    unsigned k;
  };
  const TypeCase cases[] = {{ScalarType::F16, ScalarType::F16, ScalarType::F32, 16},
                            {ScalarType::F16, ScalarType::F16, ScalarType::F16, 16},
                            {ScalarType::BF16, ScalarType::BF16, ScalarType::F32, 16},
                            {ScalarType::TF32, ScalarType::TF32, ScalarType::F32, 8},
                            {ScalarType::E4M3, ScalarType::E5M2, ScalarType::F32, 32},
                            {ScalarType::E5M2, ScalarType::E4M3, ScalarType::F16, 32},
                            {ScalarType::S8, ScalarType::U8, ScalarType::S32, 32},
                            {ScalarType::U8, ScalarType::U8, ScalarType::S32, 32}};
  std::mt19937 rng(64);
  WgmmaMultiplier mul;
  for (const TypeCase& tc : cases)
    for (bool negate : {false, true})
      for (bool accumulate : {false, true}) {
        WgmmaShape s;
        s.n = 24;
        s.k = tc.k;
        s.a = tc.a, s.b = tc.b, s.d = tc.d;
        const bool integer = s.integer();
        s.negate_a = negate && !integer;
        s.negate_b = false;
        std::vector<uint32_t> a(64 * s.k), b(s.n * s.k), c(64 * s.n), d(64 * s.n);
        for (auto& v : a) v = integer ? rng() & 0xff : bits_of(tc.a, static_cast<int>(rng() % 7) - 3);
        for (auto& v : b) v = integer ? rng() & 0xff : bits_of(tc.b, static_cast<int>(rng() % 7) - 3);
        for (auto& v : c) v = integer ? rng() : bits_of(tc.d, static_cast<int>(rng() % 31) - 15);
        if (tc.a == ScalarType::TF32)  // low bits a tf32 ignores: must not count
          for (auto& v : a) v |= rng() & 0x1fff;
        mul.multiply(s, a.data(), b.data(), accumulate ? c.data() : nullptr, d.data());
        int wrong = 0;
        for (unsigned m = 0; m < 64; ++m)
          for (unsigned n = 0; n < s.n; ++n) {
            double sum = accumulate ? (integer ? double(int32_t(c[m * s.n + n])) : value_of(tc.d, c[m * s.n + n])) : 0;
            for (unsigned k = 0; k < s.k; ++k) {
              uint32_t av = a[m * s.k + k];
              if (tc.a == ScalarType::TF32) av &= ~0x1fffu;
              sum += (s.negate_a ? -1 : 1) * value_of(tc.a, av) * value_of(tc.b, b[n * s.k + k]);
            }
            const uint32_t got = d[m * s.n + n];
            if (integer) wrong += static_cast<int64_t>(static_cast<int32_t>(got)) != static_cast<int64_t>(int32_t(int64_t(sum)));
            else wrong += value_of(tc.d, got) != sum;
          }
        CAPTURE(static_cast<int>(tc.a));
        CAPTURE(negate);
        CAPTURE(accumulate);
        CHECK(wrong == 0);
      }
}

TEST_CASE("wgmma arithmetic: s32 wraps, .satfinite clamps, NaN and rounding once") {
  WgmmaMultiplier mul;
  WgmmaShape s;
  s.n = 8, s.k = 32, s.a = ScalarType::S8, s.b = ScalarType::S8, s.d = ScalarType::S32;
  std::vector<uint32_t> a(64 * 32, 0x7f), b(8 * 32, 0x7f), c(64 * 8, 0x7fffff00u), d(64 * 8);
  mul.multiply(s, a.data(), b.data(), c.data(), d.data());
  CHECK(d[0] == static_cast<uint32_t>(int64_t{0x7fffff00} + 32 * 127 * 127 - (int64_t{1} << 32)));
  s.satfinite = true;
  mul.multiply(s, a.data(), b.data(), c.data(), d.data());
  CHECK(d[0] == 0x7fffffffu);
  // f16 x f16 -> f32: 1 + 2^-24 * 16 products of 2^-12 * 2^-12 rounds once
  // (exactly 1 + 2^-20), where adding them one by one in f32 would drop each.
  s = WgmmaShape{};
  s.n = 8, s.k = 16, s.a = s.b = ScalarType::F16, s.d = ScalarType::F32;
  std::vector<uint32_t> fa(64 * 16, 0x0c00 /* 2^-12 */), fb(8 * 16, 0x0c00), fc(64 * 8, 0x3f800000), fd(64 * 8);
  mul.multiply(s, fa.data(), fb.data(), fc.data(), fd.data());
  CHECK(fd[0] == 0x3f800008u);  // 1 + 16 * 2^-24 = 1 + 2^-20
  fa[0] = 0x7e00;                // a NaN in row 0
  mul.multiply(s, fa.data(), fb.data(), fc.data(), fd.data());
  CHECK(fd[0] == 0x7fffffffu);
  CHECK(fd[8] == 0x3f800008u);   // row 1 unaffected
}
