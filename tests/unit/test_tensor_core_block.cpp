// The whole-MMA form of Hopper's f32 accumulation (hopper_mma_f32_finite,
// doubles, four columns per vector) against the per-element form
// (hopper_dot_f32_finite, integer shifts) it replaced in the emulator's hot
// loop: every element equal, bit for bit, on operands chosen to reach the
// edges of the model: zeros of both signs, subnormals, the widest exponent
// spreads, sums that cancel to zero, accumulators far above and below the
// products, and both the vector path (N a multiple of 8) and the scalar one.
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <utility>
#include <random>
#include <vector>

#include "emulator/fp/format.h"
#include "emulator/fp/integer_mma.h"
#include "emulator/fp/tensor_core_sum.h"
#include "emulator/simt/wgmma.h"

using namespace warpsat::fp;

namespace {

// A random encoding of f, weighted toward the values that stress the model.
uint32_t random_operand(const Format& f, std::mt19937_64& rng, bool narrow) {
  const uint32_t sign = (rng() & 1) ? static_cast<uint32_t>(f.sign_mask()) : 0;
  const uint32_t frac = static_cast<uint32_t>(rng() & f.frac_mask());
  const uint32_t top = (1u << f.exp_bits) - 1;
  uint32_t field;
  switch (rng() % 8) {
    case 0: return sign;                  // a zero
    case 1: field = 0; break;             // a subnormal
    case 2: field = 1 + rng() % 3; break;  // the smallest normals
    default:
      // Near 1 (sums that cancel and carry) or anywhere below the top.
      field = narrow ? static_cast<uint32_t>(f.bias() - 2 + rng() % 5) : static_cast<uint32_t>(1 + rng() % (top - 1));
  }
  uint32_t bits = sign | (field << f.frac_bits) | frac;
  // e4m3 has no infinity; its all-ones pattern is NaN: keep it finite.
  if (!f.has_inf && (bits & f.abs_mask()) == f.abs_mask()) bits -= 1;
  return bits;
}

void check_block(const Format& f, unsigned n, unsigned k, bool with_c, bool narrow, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const unsigned m = 64;
  const int kept = hopper_kept_bits(f);
  REQUIRE(kept > 0);
  std::vector<uint32_t> a(size_t{m} * k), b(size_t{n} * k), c(size_t{m} * n), d(size_t{m} * n);
  for (auto& v : a) v = random_operand(f, rng, narrow);
  for (auto& v : b) v = random_operand(f, rng, narrow);
  for (auto& v : c) v = random_operand(kF32, rng, narrow);
  // A few rows whose products cancel exactly: b's column 0 mirrors column 1.
  for (unsigned i = 0; i < k; ++i) b[i] = b[k + i] ^ static_cast<uint32_t>(f.sign_mask());
  DecodedMatrix da, db;
  decode_matrix(f, a.data(), m, k, false, da);
  decode_matrix(f, b.data(), n, k, true, db);
  hopper_mma_f32_finite(da, db, with_c ? c.data() : nullptr, m, n, k, kept, d.data());
  std::vector<TensorOperand> ta(a.size()), tb(b.size());
  for (size_t i = 0; i < a.size(); ++i) ta[i] = decode_operand(f, a[i]);
  for (size_t i = 0; i < b.size(); ++i) tb[i] = decode_operand(f, b[i]);
  unsigned mismatches = 0;
  for (unsigned r = 0; r < m; ++r)
    for (unsigned col = 0; col < n; ++col) {
      const uint32_t want = hopper_dot_f32_finite(ta.data() + size_t{r} * k, f.frac_bits, tb.data() + size_t{col} * k,
                                                  f.frac_bits, k, with_c ? &c[size_t{r} * n + col] : nullptr, kept);
      if (d[size_t{r} * n + col] != want && ++mismatches <= 3)
        FAIL_CHECK("row " << r << " column " << col << ": " << d[size_t{r} * n + col] << " instead of "
                          << want);
    }
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("tensor cores: the whole-MMA Hopper sum equals the per-element one, bit for bit") {
  struct Case {
    const char* name;
    Format f;
    unsigned k;
  };
  // tf32 arrives in f32's layout with its 13 low bits cleared by the caller;
  // random f32 bits here exercise the same arithmetic with more bits.
  const Case cases[] = {{"f16", kF16, 16}, {"bf16", kBF16, 16}, {"e4m3", kE4M3, 32}, {"e5m2", kE5M2, 32},
                        {"tf32", kF32, 8}};
  uint64_t seed = 1;
  for (const Case& cs : cases)
    for (unsigned n : {8u, 24u, 12u})  // 12: not a multiple of 8, the scalar path
      for (bool with_c : {false, true})
        for (bool narrow : {false, true}) {
          CAPTURE(cs.name);
          CAPTURE(n);
          CAPTURE(with_c);
          CAPTURE(narrow);
          check_block(cs.f, n, cs.k, with_c, narrow, seed++);
        }
}

TEST_CASE("tensor cores: the whole-MMA sum's zeros keep IEEE 754's sign") {
  // Every product -0 and no accumulator: -0. One +0 product: +0.
  const unsigned m = 64, n = 8, k = 16;
  std::vector<uint32_t> a(size_t{m} * k, 0x8000u), b(size_t{n} * k, 0x3c00u), d(size_t{m} * n);
  b[k] = 0x0000u;  // column 1 multiplies one term by +0: -0 * +0 is -0 too
  a[1] = 0x0000u;  // row 0, term 1: +0 * 1 = +0
  DecodedMatrix da, db;
  decode_matrix(kF16, a.data(), m, k, false, da);
  decode_matrix(kF16, b.data(), n, k, true, db);
  hopper_mma_f32_finite(da, db, nullptr, m, n, k, hopper_kept_bits(kF16), d.data());
  CHECK(d[0] == 0u);                // row 0 holds a +0 product
  CHECK(d[n] == 0x80000000u);       // row 1: all -0
  CHECK(d[n + 1] == 0x80000000u);   // row 1, column 1: -0 * +0 = -0 as well
}

TEST_CASE("tensor cores: the whole-MMA sum at the ends of f32's range") {
  // tf32 in f32's layout: a sum that reaches 2^128 stops at the largest
  // finite value (round toward zero); one below 2^-126 is subnormal.
  const unsigned m = 64, n = 8, k = 8;
  std::vector<uint32_t> a(size_t{m} * k, 0), b(size_t{n} * k, 0), c(size_t{m} * n, 0), d(size_t{m} * n);
  a[0] = 0x3f800000u;        // row 0: 1.0 * b's first term
  b[0] = 0x7f000000u;        // column 0: 2^127
  c[0] = 0x7f000000u;        // plus 2^127: 2^128, just past f32's range
  c[2 * n] = 0x00000003u;    // row 2 (no products): a subnormal accumulator
  a[k] = 0x00800000u;        // row 1: 2^-126 * 0.5 = a subnormal
  b[k] = 0x3f000000u;        // (column 1's first term)
  DecodedMatrix da, db;
  decode_matrix(kF32, a.data(), m, k, false, da);
  decode_matrix(kF32, b.data(), n, k, true, db);
  hopper_mma_f32_finite(da, db, c.data(), m, n, k, hopper_kept_bits(kF32), d.data());
  CHECK(d[0] == 0x7f7fffffu);
  CHECK(d[2 * n] == 0x00000003u);
  CHECK(d[n + 1] == 0x00400000u);
}

TEST_CASE("tensor cores: a wgmma's infinities and NaNs take the exact sum's IEEE rules, the rest the block sum") {
  warpsat::simt::WgmmaMultiplier mul;
  warpsat::simt::WgmmaShape s;
  s.n = 16, s.k = 16, s.a = s.b = warpsat::ptx::ScalarType::F16, s.d = warpsat::ptx::ScalarType::F32;
  std::vector<uint32_t> a(64 * 16, 0x3c00 /* 1 */), b(16 * 16, 0x4000 /* 2 */), c(64 * 16, 0x3f800000), d(64 * 16);
  b[3 * 16 + 5] = 0x7c00;  // +inf in column 3 of B
  mul.multiply(s, a.data(), b.data(), c.data(), d.data());
  CHECK(d[0] == 0x42040000u);            // 1 + 16 * 2 = 33
  CHECK(d[3] == 0x7f800000u);            // column 3: +inf
  CHECK(d[40 * 16 + 3] == 0x7f800000u);  // in every row
  b[3 * 16 + 5] = 0x4000;
  c[5 * 16 + 7] = 0x7fc00000;  // a NaN accumulator at row 5, column 7
  mul.multiply(s, a.data(), b.data(), c.data(), d.data());
  CHECK(d[3] == 0x42040000u);
  CHECK(d[5 * 16 + 7] == 0x7fffffffu);   // the NaN accumulator: the canonical NaN
  CHECK(d[5 * 16 + 8] == 0x42040000u);   // its neighbours untouched
  CHECK(d[63 * 16 + 15] == 0x42040000u);
}

TEST_CASE("tensor cores: decode_matrix gives every operand decode_operand's value and exponent, in both layouts") {
  // Every f16, bf16 and fp8 encoding (and random f32 ones), laid out as
  // A (row by row) and as B (term by term), at sizes that take the vector
  // path (rows and terms multiples of four) and the scalar one.
  struct Case {
    const char* name;
    Format f;
    uint32_t patterns;  // 0: random f32 bits
  };
  const Case cases[] = {{"f16", kF16, 1u << 16}, {"bf16", kBF16, 1u << 16}, {"e4m3", kE4M3, 256},
                        {"e5m2", kE5M2, 256},    {"f32", kF32, 0}};
  std::mt19937_64 rng(7);
  for (const Case& cs : cases)
    for (auto [rows, terms] : {std::pair{64u, 16u}, std::pair{128u, 32u}, std::pair{6u, 5u}})
      for (bool transposed : {false, true}) {
        CAPTURE(cs.name);
        CAPTURE(rows);
        CAPTURE(terms);
        CAPTURE(transposed);
        const size_t count = size_t{rows} * terms;
        for (uint32_t base = 0; base < std::max<uint32_t>(cs.patterns, 1); base += static_cast<uint32_t>(count)) {
          std::vector<uint32_t> bits(count);
          for (size_t i = 0; i < count; ++i)
            // Upper bits set beyond the format's width: the decode ignores them.
            bits[i] = cs.patterns ? ((base + i) % cs.patterns) | (cs.patterns << 1) : static_cast<uint32_t>(rng());
          DecodedMatrix out;
          decode_matrix(cs.f, bits.data(), rows, terms, transposed, out);
          unsigned mismatches = 0;
          for (unsigned r = 0; r < rows; ++r) {
            bool special = false;
            for (unsigned i = 0; i < terms; ++i) {
              const TensorOperand o = decode_operand(cs.f, bits[size_t{r} * terms + i]);
              special |= o.special;
              const size_t at = transposed ? size_t{i} * rows + r : size_t{r} * terms + i;
              double want = std::ldexp(static_cast<double>(o.sig), (o.sig ? o.exp : 0) - cs.f.frac_bits);
              if (o.negative) want = -want;
              const bool same = out.value[at] == want && std::signbit(out.value[at]) == o.negative &&
                                out.exp[at] == o.exp;
              if (!same && ++mismatches <= 3)
                FAIL_CHECK("operand " << bits[size_t{r} * terms + i] << ": " << out.value[at] << ", 2^"
                                      << out.exp[at] << " instead of " << want << ", 2^" << o.exp);
            }
            if (out.special[r] != special && ++mismatches <= 3) FAIL_CHECK("row " << r << "'s infinity or NaN");
          }
          CHECK(mismatches == 0);
        }
      }
}

TEST_CASE("tensor cores: any_f32_special finds an infinity or a NaN anywhere among the accumulators") {
  std::vector<uint32_t> c(64 * 24 + 5, 0x3f800000u);  // not a multiple of 8: the tail counts too
  CHECK_FALSE(any_f32_special(c.data(), c.size()));
  CHECK_FALSE(any_f32_special(c.data(), 0));
  for (size_t at : {size_t{0}, size_t{7}, size_t{8}, c.size() - 9, c.size() - 1})
    for (uint32_t special : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f800001u}) {
      CAPTURE(at);
      CAPTURE(special);
      std::vector<uint32_t> d = c;
      d[at] = special;
      CHECK(any_f32_special(d.data(), d.size()));
    }
  c[3] = 0x7f7fffffu;  // the largest finite value is not special
  CHECK_FALSE(any_f32_special(c.data(), c.size()));
}

TEST_CASE("tensor cores: the integer MMA equals the exact sum, signed and unsigned, wrapped or saturated") {
  std::mt19937_64 rng(5);
  std::vector<int32_t> scratch;
  for (unsigned n : {8u, 24u, 12u})  // 12: not a multiple of 8, the scalar path
    for (unsigned k : {16u, 32u})
      for (int signs = 0; signs < 4; ++signs)
        for (bool satfinite : {false, true})
          for (bool with_c : {false, true}) {
            CAPTURE(n);
            CAPTURE(k);
            CAPTURE(signs);
            CAPTURE(satfinite);
            const bool as = signs & 1, bs = signs & 2;
            const unsigned m = 64;
            std::vector<uint32_t> a(size_t{m} * k), b(size_t{n} * k), c(size_t{m} * n), d(size_t{m} * n);
            // Extremes often (all ones, the sign bit alone), upper bits set beyond the byte.
            auto byte = [&] {
              const uint32_t pick = rng() % 4;
              return (pick == 0 ? 0xffu : pick == 1 ? 0x80u : static_cast<uint32_t>(rng() & 0xff)) | 0xab00u;
            };
            for (auto& v : a) v = byte();
            for (auto& v : b) v = byte();
            // Accumulators near both ends of s32, so that sums pass them.
            for (auto& v : c) v = static_cast<uint32_t>(rng() % 2 ? INT32_MAX - static_cast<int32_t>(rng() % 4000000)
                                                                  : INT32_MIN + static_cast<int32_t>(rng() % 4000000));
            integer_mma(a.data(), as, b.data(), bs, with_c ? c.data() : nullptr, m, n, k, satfinite, d.data(), scratch);
            unsigned wrong = 0;
            for (unsigned r = 0; r < m; ++r)
              for (unsigned col = 0; col < n; ++col) {
                int64_t sum = with_c ? int64_t{static_cast<int32_t>(c[size_t{r} * n + col])} : 0;
                for (unsigned i = 0; i < k; ++i) {
                  const uint32_t x = a[size_t{r} * k + i] & 0xff, y = b[size_t{col} * k + i] & 0xff;
                  sum += int64_t{as ? static_cast<int8_t>(x) : static_cast<int32_t>(x)} *
                         int64_t{bs ? static_cast<int8_t>(y) : static_cast<int32_t>(y)};
                }
                if (satfinite) sum = std::clamp<int64_t>(sum, INT32_MIN, INT32_MAX);
                wrong += d[size_t{r} * n + col] != static_cast<uint32_t>(sum);
              }
            CHECK(wrong == 0);
          }
}
