// emulator/fp/fixed_dot: the fixed-point dot product must give ExactSum's
// bits (dot.h) on every input: random bit patterns (NaN, infinities,
// subnormals, signed zeros), values of narrow and of very wide range, exact
// cancellation, and accumulators far larger or smaller than the products.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <ios>
#include <random>
#include <vector>

#include "emulator/fp/dot.h"
#include "emulator/fp/fixed_dot.h"

using namespace warpsat::fp;

namespace {

struct Case {
  const Format* in;
  const Format* acc;
  uint64_t nan;
  unsigned terms;
};

uint32_t random_bits(std::mt19937& rng, const Format& f) {
  return static_cast<uint32_t>(rng() & ((uint64_t{1} << f.width()) - 1));
}

// A value of f whose unbiased exponent lies in [lo, hi] (normal numbers), sign random.
uint32_t random_in_range(std::mt19937& rng, const Format& f, int lo, int hi) {
  const int e = lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1));
  const uint64_t biased = static_cast<uint64_t>(e + f.bias());
  const uint64_t frac = rng() & f.frac_mask();
  return static_cast<uint32_t>(((rng() & 1) ? f.sign_mask() : 0) | (biased << f.frac_bits) | frac);
}

uint64_t reference(const Format& in, const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, unsigned row,
                   unsigned col, unsigned terms, const Format* cf, uint64_t c, const Format& d, uint64_t nan) {
  ExactSum s;
  if (cf) s.add(*cf, c);
  for (unsigned i = 0; i < terms; ++i) s.add_product(in, a[row * terms + i], in, b[col * terms + i]);
  return s.round(d, nan);
}

void check_all(const Case& k, const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, unsigned rows,
               const std::vector<uint32_t>& c) {
  FixedRows fa, fb;
  fa.assign(*k.in, a.data(), rows, k.terms);
  fb.assign(*k.in, b.data(), rows, k.terms);
  int differ = 0;
  // A row at a time, as wgmma does.
  std::vector<double> scratch;
  for (bool with_c : {false, true})
    for (unsigned r = 0; r < rows; ++r) {
      std::vector<uint32_t> out(rows);
      fixed_dot_row(fa, r, fb, with_c ? k.acc : nullptr, c.data() + r * rows, *k.acc, k.nan, out.data(), scratch);
      for (unsigned col = 0; col < rows; ++col)
        differ += out[col] != reference(*k.in, a, b, r, col, k.terms, with_c ? k.acc : nullptr, c[r * rows + col],
                                        *k.acc, k.nan);
    }
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned col = 0; col < rows; ++col)
      for (bool with_c : {false, true}) {
        const uint64_t cv = c[r * rows + col];
        const Format* cf = with_c ? k.acc : nullptr;
        uint64_t want = reference(*k.in, a, b, r, col, k.terms, cf, cv, *k.acc, k.nan);
        uint64_t got = fixed_dot(fa, r, fb, col, cf, cv, *k.acc, k.nan);
        if (want != got) {
          if (++differ <= 3) MESSAGE("row ", r, " col ", col, " with c ", with_c, ": want 0x", std::hex, want, " got 0x", got);
        }
      }
  CHECK(differ == 0);
}

const Case kCases[] = {{&kF16, &kF32, kNaNF32, 16}, {&kF16, &kF16, kNaNF16, 16}, {&kBF16, &kF32, kNaNF32, 16},
                       {&kF32, &kF32, kNaNF32, 8},  {&kE4M3, &kF32, kNaNF32, 32}, {&kE5M2, &kF16, kNaNF16, 32}};

}  // namespace

TEST_CASE("fixed_dot equals ExactSum on random bit patterns of every wgmma format") {
  std::mt19937 rng(29);
  for (const Case& k : kCases) {
    const unsigned rows = 12;
    std::vector<uint32_t> a(rows * k.terms), b(rows * k.terms), c(rows * rows);
    for (int round = 0; round < 4; ++round) {
      for (auto& v : a) v = random_bits(rng, *k.in);
      for (auto& v : b) v = random_bits(rng, *k.in);
      for (auto& v : c) v = random_bits(rng, *k.acc);
      if (k.in == &kF32)  // tf32 operands: the low 13 bits are zero
        for (auto* m : {&a, &b})
          for (auto& v : *m) v &= ~0x1fffu;
      check_all(k, a, b, rows, c);
    }
  }
}

TEST_CASE("fixed_dot equals ExactSum on narrow values, wide rows, cancellation and zeros") {
  std::mt19937 rng(2029);
  for (const Case& k : kCases) {
    const unsigned rows = 10;
    const int top = k.in->bias(), bottom = k.in->emin();
    std::vector<uint32_t> a(rows * k.terms), b(rows * k.terms), c(rows * rows);
    // Narrow: the fixed-point path throughout.
    for (auto& v : a) v = random_in_range(rng, *k.in, -3, 3);
    for (auto& v : b) v = random_in_range(rng, *k.in, -3, 3);
    for (auto& v : c) v = random_in_range(rng, *k.acc, -2, 4);
    check_all(k, a, b, rows, c);
    // Wide: rows spanning the whole exponent range (bf16, tf32 fall back).
    for (auto& v : a) v = random_in_range(rng, *k.in, bottom, top);
    for (auto& v : b) v = random_in_range(rng, *k.in, bottom, top);
    for (auto& v : c) v = random_in_range(rng, *k.acc, k.acc->emin(), k.acc->bias());
    check_all(k, a, b, rows, c);
    // Exact cancellation: b's second half negates its first half's products,
    // and signed zeros in between.
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned i = 0; i < k.terms / 2; ++i) {
        uint32_t x = random_in_range(rng, *k.in, -2, 2), y = random_in_range(rng, *k.in, -2, 2);
        a[r * k.terms + i] = x;
        a[r * k.terms + k.terms / 2 + i] = x;
        b[r * k.terms + i] = y;
        b[r * k.terms + k.terms / 2 + i] = static_cast<uint32_t>(y ^ k.in->sign_mask());
        if (rng() % 4 == 0) a[r * k.terms + i] = a[r * k.terms + k.terms / 2 + i] = (rng() & 1) ? static_cast<uint32_t>(k.in->sign_mask()) : 0;
      }
    for (auto& v : c) v = (rng() % 3 == 0) ? static_cast<uint32_t>(k.acc->sign_mask()) : (rng() % 2 ? 0 : random_in_range(rng, *k.acc, -3, 3));
    check_all(k, a, b, rows, c);
    // All zeros of random signs: the sign of an exact zero sum.
    for (auto* m : {&a, &b})
      for (auto& v : *m) v = (rng() & 1) ? static_cast<uint32_t>(k.in->sign_mask()) : 0;
    for (auto& v : c) v = (rng() & 1) ? static_cast<uint32_t>(k.acc->sign_mask()) : 0;
    check_all(k, a, b, rows, c);
    // An accumulator far larger, or far smaller, than every product.
    for (auto& v : a) v = random_in_range(rng, *k.in, -1, 1);
    for (auto& v : b) v = random_in_range(rng, *k.in, -1, 1);
    for (unsigned i = 0; i < c.size(); ++i)
      c[i] = random_in_range(rng, *k.acc, i % 2 ? k.acc->bias() - 1 : k.acc->emin(), i % 2 ? k.acc->bias() : k.acc->emin() + 1);
    check_all(k, a, b, rows, c);
  }
}

TEST_CASE("fixed_dot rounds ties to even, in the double path and the 128-bit one") {
  // f16 operands, f32 accumulator: one product 2^-24 (half an ulp of 1.0)
  // on top of c = 1.0 (even: stays) and c = 1 + 2^-23 (odd: up to 1 + 2^-22).
  for (uint32_t wide : {0u, 1u}) {
    std::vector<uint32_t> a(16, 0), b(16, 0);
    a[3] = 0x0c00;  // 2^-12
    b[3] = 0x0c00;
    if (wide) a[5] = 0x7800, b[5] = 0;  // 2^15 times 0: a row spanning 40 bits, not the double path
    FixedRows fa, fb;
    fa.assign(kF16, a.data(), 1, 16);
    fb.assign(kF16, b.data(), 1, 16);
    std::vector<double> scratch;
    for (auto [c, want] : {std::pair<uint32_t, uint32_t>{0x3f800000u, 0x3f800000u}, {0x3f800001u, 0x3f800002u},
                           {0xbf800001u, 0xbf800000u}}) {
      CHECK(fixed_dot(fa, 0, fb, 0, &kF32, c, kF32, kNaNF32) == want);
      uint32_t out = 0;
      fixed_dot_row(fa, 0, fb, &kF32, &c, kF32, kNaNF32, &out, scratch);
      CHECK(out == want);
    }
  }
}

namespace {
// n (|n| <= 8) in format f, exactly.
uint32_t small_integer(const Format& f, int n) {
  if (n == 0) return 0;
  const unsigned m = static_cast<unsigned>(n < 0 ? -n : n);
  const int e = std::bit_width(m) - 1;
  // 8 in a format of 2 fraction bits (e5m2) has e > frac_bits: the bits
  // below the leading one are all zero there, shifted right, not by a
  // negative count.
  const uint64_t rest = uint64_t{m} - (uint64_t{1} << e);
  const int shift = f.frac_bits - e;
  const uint64_t frac = shift >= 0 ? rest << shift : rest >> -shift;
  return static_cast<uint32_t>((n < 0 ? f.sign_mask() : 0) | (uint64_t(e + f.bias()) << f.frac_bits) | frac);
}
}  // namespace

TEST_CASE("fixed_dot equals ExactSum on small integers beside accumulators of finer or coarser scale") {
  // CUTLASS's test data are small integers: without their trailing zero
  // bits their rows take the double path with the sum's last bit above c's,
  // so the fast rounding moves the sum to c's scale (up to 2^61), or falls
  // back when c is far finer or far coarser.
  std::mt19937 rng(4029);
  for (const Case& k : kCases) {
    const unsigned rows = 10;
    std::vector<uint32_t> a(rows * k.terms), b(rows * k.terms), c(rows * rows);
    const int acc_top = k.acc->bias(), acc_bottom = k.acc->emin();
    for (int spread : {2, 8}) {
      for (auto* m : {&a, &b})
        for (auto& v : *m) v = small_integer(*k.in, static_cast<int>(rng() % (2 * spread + 1)) - spread);
      for (int lo : {-3, acc_bottom, std::max(acc_bottom, -40)}) {
        for (auto& v : c) v = random_in_range(rng, *k.acc, lo, std::min(lo + 10, acc_top));
        check_all(k, a, b, rows, c);
      }
      for (auto& v : c) v = random_in_range(rng, *k.acc, acc_top - 8, acc_top);
      check_all(k, a, b, rows, c);
    }
  }
}
