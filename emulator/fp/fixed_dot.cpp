#include "emulator/fp/fixed_dot.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <stdexcept>

#include "emulator/fp/dot.h"
#include "emulator/fp/softfloat.h"

namespace warpsat::fp {

namespace {

__extension__ typedef __int128 i128;
using soft::u128;

int bit_length(u128 v) {
  const auto hi = static_cast<uint64_t>(v >> 64);
  return hi ? 128 - std::countl_zero(hi) : 64 - std::countl_zero(static_cast<uint64_t>(v));
}

u128 magnitude(i128 v) { return v < 0 ? u128(0) - static_cast<u128>(v) : static_cast<u128>(v); }

uint32_t full_mask(unsigned terms) { return terms >= 32 ? ~uint32_t{0} : (uint32_t{1} << terms) - 1; }

// soft::unpack, inline for normal numbers (nearly all of them).
inline soft::Unpacked unpack(const Format& f, uint64_t bits) {
  const uint64_t field = (bits & f.exp_mask()) >> f.frac_bits;
  if (field != 0 && field != (f.exp_mask() >> f.frac_bits)) [[likely]] {
    soft::Unpacked u;
    u.kind = soft::Kind::finite;
    u.sign = (bits & f.sign_mask()) != 0;
    u.exp = static_cast<int>(field) - f.bias() - f.frac_bits;
    u.sig = (bits & f.frac_mask()) | (uint64_t{1} << f.frac_bits);
    return u;
  }
  return soft::unpack(f, bits);
}

// The same result by ExactSum, for rows that do not fit fixed point.
uint64_t exact_dot(const FixedRows& a, const uint32_t* ra, const FixedRows& b, const uint32_t* rb, const Format* cf,
                   uint64_t c, const Format& d, uint64_t nan) {
  ExactSum sum;
  if (cf) sum.add(*cf, c);
  for (unsigned i = 0; i < a.terms(); ++i) sum.add_product(a.format(), ra[i], b.format(), rb[i]);
  return sum.round(d, nan);
}

// (-1)^sign * mag * 2^exp rounded to nearest even into d, mag != 0: what
// soft::round_pack gives, taken directly when the result is a normal
// number, which is nearly always.
uint64_t round_nearest(const Format& d, bool sign, u128 mag, int exp) {
  const int p = d.precision(), lead_bits = bit_length(mag), lead = exp + lead_bits - 1;
  if (lead >= d.emin() && lead < d.bias() && lead_bits <= 64) [[likely]] {  // the same, in 64 bits
    const auto m = static_cast<uint64_t>(mag);
    uint64_t kept;
    int top = lead;
    if (lead_bits > p) {
      const int shift = lead_bits - p;
      kept = m >> shift;
      const uint64_t rest = m & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
      if (rest > half || (rest == half && (kept & 1))) ++kept;
      if (kept >> p) kept >>= 1, ++top;
    } else {
      kept = m << (p - lead_bits);
    }
    return (sign ? d.sign_mask() : 0) | (static_cast<uint64_t>(top + d.bias()) << d.frac_bits) | (kept & d.frac_mask());
  }
  const int len = lead_bits;
  if (lead >= d.emin() && lead < d.bias() && len <= 126) {
    u128 kept = mag;
    int top = lead;
    if (len > p) {
      const int shift = len - p;
      kept = mag >> shift;
      const u128 rest = mag & ((u128{1} << shift) - 1), half = u128{1} << (shift - 1);
      if (rest > half || (rest == half && (kept & 1))) ++kept;
      if (kept >> p) kept >>= 1, ++top;  // rounded up into the next binade (top <= bias: still finite)
    } else {
      kept = mag << (p - len);
    }
    const uint64_t frac = static_cast<uint64_t>(kept) & d.frac_mask();
    return (sign ? d.sign_mask() : 0) | (static_cast<uint64_t>(top + d.bias()) << d.frac_bits) | frac;
  }
  soft::Exact x;
  x.sign = sign;
  x.sig = mag;
  x.exp = exp;
  return soft::round_pack(d, x, soft::RoundOpts{});
}

// The exact products' sum (sum * 2^exp) plus c, rounded into d; falls back
// to ExactSum for a c that is infinite, NaN, or too far from the sum to add
// in 126 bits. `zero_products`/`negative_products` (one bit per term) decide
// the sign of an exact zero.
uint64_t finish(i128 sum, int exp, const Format* cf, uint64_t c, const Format& d, uint64_t nan, uint32_t zero_products,
                uint32_t negative_products, uint32_t full, const FixedRows& a, const uint32_t* ra, const FixedRows& b,
                const uint32_t* rb) {
  soft::Unpacked cu;
  if (cf) {
    cu = unpack(*cf, c);
    if (cu.kind == soft::Kind::nan || cu.kind == soft::Kind::inf) return exact_dot(a, ra, b, rb, cf, c, d, nan);
    if (cu.kind == soft::Kind::finite) {
      const i128 cs = cu.sign ? -static_cast<i128>(cu.sig) : static_cast<i128>(cu.sig);
      const int shift = cu.exp - exp;
      if (sum == 0) {
        sum = cs;
        exp = cu.exp;
      } else if (shift >= 0 && shift + 64 - std::countl_zero(cu.sig) <= 124) {
        sum += cs << shift;
      } else if (shift < 0 && bit_length(magnitude(sum)) - shift <= 124) {
        sum = (sum << -shift) + cs;
        exp = cu.exp;
      } else {
        return exact_dot(a, ra, b, rb, cf, c, d, nan);
      }
    }
  }
  if (sum == 0) {
    // IEEE's sign of an exact zero sum: -0 only when every addend was -0.
    if (zero_products != full || (cf && cu.kind == soft::Kind::finite)) return soft::zero_bits(d, false);
    const bool products_negative = (negative_products & full) == full;
    const bool c_negative = !cf || cu.sign;
    return soft::zero_bits(d, full != 0 ? products_negative && c_negative : (cf != nullptr && cu.sign));
  }
  return round_nearest(d, sum < 0, magnitude(sum), exp);
}

// finish() for the common case, in 64 bits, for an accumulator and result
// of format F (f32 or f16: its fields are constants here): a sum below 2^53
// (the double path), c zero or a normal number not far above the sum's last
// bit (or below it, with the sum still below 2^61 at c's scale), a normal
// result. Returns false, leaving `out` alone, otherwise.
template <int ExpBits, int FracBits>
[[gnu::always_inline]] inline bool finish_fast(int64_t sum, int exp, bool has_c, uint64_t c, uint64_t& out) {
  constexpr Format f{ExpBits, FracBits, true};
  constexpr uint64_t field_max = (uint64_t{1} << ExpBits) - 1;
  if (has_c) {
    const uint64_t field = (c >> FracBits) & field_max;
    if (field == 0 || field == field_max) {
      if ((c & f.abs_mask()) != 0) return false;  // subnormal, inf, NaN
    } else {
      int shift = static_cast<int>(field) - f.bias() - FracBits - exp;
      if (shift < 0) {
        // c's last bit lies below the sum's (operands without their trailing
        // zero bits, fixed_dot.h): the sum moves up to c's scale instead,
        // when it stays below 2^61.
        const int up = -shift;
        const uint64_t mag = sum < 0 ? 0 - static_cast<uint64_t>(sum) : static_cast<uint64_t>(sum);
        if (up > 61 || (mag >> (61 - up)) != 0) return false;
        sum = static_cast<int64_t>(static_cast<uint64_t>(sum) << up);
        exp -= up;
        shift = 0;
      }
      if (shift > 62 - 1 - f.precision() - 1) return false;
      const auto cs = static_cast<int64_t>((c & f.frac_mask()) | (uint64_t{1} << FracBits)) << shift;
      sum += (c & f.sign_mask()) ? -cs : cs;  // |sum| < 2^53 + 2^61
    }
  }
  if (sum == 0) return false;
  const bool sign = sum < 0;
  const uint64_t m = sign ? 0 - static_cast<uint64_t>(sum) : static_cast<uint64_t>(sum);
  constexpr int p = f.precision();
  const int len = 64 - std::countl_zero(m), lead = exp + len - 1;
  if (lead < f.emin() || lead >= f.bias()) return false;
  // Normalize to the leading bit at 63, round at bit 63 - (p - 1) to nearest
  // even: add half an ulp minus one, plus the ulp's own low bit. Without
  // branches: the bits decide it at random.
  const uint64_t n = m << (64 - len);
  constexpr int drop = 64 - p;
  const uint64_t rounded = n + ((uint64_t{1} << (drop - 1)) - 1) + ((n >> drop) & 1);
  const bool carry = rounded < n;  // rounded up past 2^64: the next binade
  const uint64_t kept = carry ? (uint64_t{1} << (p - 1)) : rounded >> drop;
  const int top = lead + (carry ? 1 : 0);
  out = (sign ? f.sign_mask() : 0) | (static_cast<uint64_t>(top + f.bias()) << FracBits) | (kept & f.frac_mask());
  return true;
}

// acc[col] += a[i] * b[i][col] for every term i and column, four columns
// per step in a vector of doubles (GCC's vector extension), the terms in
// order for each column. Every value is an integer whose products and sums
// stay below 2^53: exact whichever instructions do it, fused or not.
#define WARPSAT_ACCUMULATE_BODY                                               \
  typedef double Vec __attribute__((vector_size(32)));                       \
  for (unsigned i = 0; i < terms; ++i) {                                      \
    const auto av = static_cast<double>(a[i]);                                \
    if (av == 0) continue;                                                    \
    const double* bt = by_term + size_t{i} * padded;                          \
    const Vec va = {av, av, av, av};                                          \
    for (unsigned g = 0; g < groups; ++g) {                                   \
      Vec x, y;                                                               \
      __builtin_memcpy(&x, acc + 4 * g, sizeof x);                            \
      __builtin_memcpy(&y, bt + 4 * g, sizeof y);                             \
      x += va * y;                                                            \
      __builtin_memcpy(acc + 4 * g, &x, sizeof x);                            \
    }                                                                         \
  }

void accumulate(double* acc, const int64_t* a, const double* by_term, unsigned padded, unsigned groups,
                unsigned terms) {
  WARPSAT_ACCUMULATE_BODY
}

#if defined(__x86_64__) && defined(__GNUC__)
// The same with 256-bit vectors where the CPU has them (chosen at run time).
[[gnu::target("avx2,fma")]] void accumulate_avx2(double* acc, const int64_t* a, const double* by_term,
                                                 unsigned padded, unsigned groups, unsigned terms) {
  WARPSAT_ACCUMULATE_BODY
}
#endif
#undef WARPSAT_ACCUMULATE_BODY

}  // namespace

void FixedRows::assign(const Format& f, const uint32_t* bits, unsigned rows, unsigned terms, bool by_term) {
  if (terms > kMaxTerms) throw std::invalid_argument("FixedRows: too many terms per row");
  format_ = f;
  rows_ = rows;
  terms_ = terms;
  bits_.assign(bits, bits + size_t{rows} * terms);
  sig_.assign(size_t{rows} * terms, 0);
  padded_rows_ = (rows + 3) / 4 * 4;
  by_term_.assign(by_term ? size_t{padded_rows_} * terms : 0, 0.0);
  exp_.assign(rows, 0);
  fixed_.assign(rows, 1);
  double_.assign(rows, 0);
  zero_.assign(rows, 0);
  negative_.assign(rows, 0);
  const uint64_t field_max = f.exp_mask() >> f.frac_bits;
  uint64_t sig[kMaxTerms];
  int exp[kMaxTerms];
  for (unsigned r = 0; r < rows; ++r) {
    const uint32_t* row = bits + size_t{r} * terms;
    int low = INT_MAX, high = INT_MIN;  // the lowest and the highest bit any nonzero value of the row uses
    uint32_t zero = 0, negative = 0;
    bool special = false;
    for (unsigned i = 0; i < terms; ++i) {
      const uint64_t v = row[i], field = (v & f.exp_mask()) >> f.frac_bits, frac = v & f.frac_mask();
      negative |= static_cast<uint32_t>((v & f.sign_mask()) != 0) << i;
      if (field != 0 && field != field_max) [[likely]] {
        sig[i] = frac | (uint64_t{1} << f.frac_bits);
        exp[i] = static_cast<int>(field) - f.bias() - f.frac_bits;
      } else if (field == 0) {
        sig[i] = frac;  // a subnormal, or zero
        exp[i] = f.emin() - f.frac_bits;
        if (frac == 0) {
          zero |= uint32_t{1} << i;
          continue;
        }
      } else {
        const soft::Unpacked u = soft::unpack(f, v);  // the top binade: inf, NaN, or (e4m3) a number
        if (u.kind != soft::Kind::finite) {
          special = true;
          continue;
        }
        sig[i] = u.sig;
        exp[i] = u.exp;
      }
      // Without its trailing zero bits (exact): a tf32 value in f32's layout
      // has 13 of them, and small integers many, so rows span fewer bits
      // and take the double path more often.
      const int zeros = std::countr_zero(sig[i]);
      sig[i] >>= zeros;
      exp[i] += zeros;
      low = std::min(low, exp[i]);
      high = std::max(high, exp[i] + 64 - std::countl_zero(sig[i]));
    }
    zero_[r] = zero;
    negative_[r] = negative;
    if (special) {  // inf, NaN: ExactSum's rules decide
      fixed_[r] = 0;
      continue;
    }
    if (low == INT_MAX) {  // all zeros: sig 0, exp 0
      double_[r] = 1;
      continue;
    }
    if (high - low > kMaxRowBits) {
      fixed_[r] = 0;
      continue;
    }
    exp_[r] = low;
    double_[r] = high - low <= kDoubleRowBits;
    for (unsigned i = 0; i < terms; ++i) {
      if (zero & (uint32_t{1} << i)) continue;
      const auto m = static_cast<int64_t>(sig[i] << (exp[i] - low));
      const int64_t sv = (negative & (uint32_t{1} << i)) ? -m : m;
      sig_[size_t{r} * terms + i] = sv;
      if (double_[r] && by_term) by_term_[size_t{i} * padded_rows_ + r] = static_cast<double>(sv);  // exact: |sv| < 2^24
    }
  }
}

uint64_t fixed_dot(const FixedRows& a, unsigned row, const FixedRows& b, unsigned col, const Format* cf, uint64_t c,
                   const Format& d, uint64_t nan) {
  const unsigned terms = a.terms_;
  const uint32_t* ra = a.bits_.data() + size_t{row} * terms;
  const uint32_t* rb = b.bits_.data() + size_t{col} * terms;
  if (!a.fixed_[row] || !b.fixed_[col]) return exact_dot(a, ra, b, rb, cf, c, d, nan);
  const int64_t* sa = a.sig_.data() + size_t{row} * terms;
  const int64_t* sb = b.sig_.data() + size_t{col} * terms;
  i128 sum = 0;
  for (unsigned i = 0; i < terms; ++i) sum += static_cast<i128>(sa[i]) * sb[i];
  return finish(sum, a.exp_[row] + b.exp_[col], cf, c, d, nan, a.zero_[row] | b.zero_[col],
                a.negative_[row] ^ b.negative_[col], full_mask(terms), a, ra, b, rb);
}

void fixed_dot_row(const FixedRows& a, unsigned row, const FixedRows& b, const Format* cf, const uint32_t* c,
                   const Format& d, uint64_t nan, uint32_t* out, std::vector<double>& scratch) {
  const unsigned terms = a.terms_, cols = b.rows_;
  if (!a.double_[row]) {
    for (unsigned col = 0; col < cols; ++col) out[col] = static_cast<uint32_t>(fixed_dot(a, row, b, col, cf, cf ? c[col] : 0, d, nan));
    return;
  }
  // Every column at once: acc[col] += a[i] * b[col][i], exact in double
  // (integers below 2^24, products below 2^48, sums below 2^53). Columns not
  // held in doubles read 0 here and are done again below.
  const unsigned groups = (cols + 3) / 4;
  scratch.assign(size_t{groups} * 4, 0.0);
  double* acc = scratch.data();
  const int64_t* sa = a.sig_.data() + size_t{row} * terms;
#if defined(__x86_64__) && defined(__GNUC__)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    accumulate_avx2(acc, sa, b.by_term_.data(), b.padded_rows_, groups, terms);
  else
#endif
    accumulate(acc, sa, b.by_term_.data(), b.padded_rows_, groups, terms);
  const uint32_t* ra = a.bits_.data() + size_t{row} * terms;
  const uint32_t full = full_mask(terms);
  const bool f32 = d.exp_bits == 8 && d.frac_bits == 23, f16 = d.exp_bits == 5 && d.frac_bits == 10;
  const bool same_c = !cf || (cf->exp_bits == d.exp_bits && cf->frac_bits == d.frac_bits);
  const int row_exp = a.exp_[row];
  for (unsigned col = 0; col < cols; ++col) {
    if (!b.double_[col]) {
      out[col] = static_cast<uint32_t>(fixed_dot(a, row, b, col, cf, cf ? c[col] : 0, d, nan));
      continue;
    }
    const auto sum = static_cast<int64_t>(acc[col]);  // an integer below 2^53: exact
    const int exp = row_exp + b.exp_[col];
    const uint64_t cv = cf ? c[col] : 0;
    uint64_t fast;
    if (same_c && ((f32 && finish_fast<8, 23>(sum, exp, cf != nullptr, cv, fast)) ||
                   (f16 && finish_fast<5, 10>(sum, exp, cf != nullptr, cv, fast)))) [[likely]] {
      out[col] = static_cast<uint32_t>(fast);
      continue;
    }
    out[col] = static_cast<uint32_t>(finish(sum, exp, cf, cv, d, nan, a.zero_[row] | b.zero_[col],
                                            a.negative_[row] ^ b.negative_[col], full, a, ra, b,
                                            b.bits_.data() + size_t{col} * terms));
  }
}

}  // namespace warpsat::fp
