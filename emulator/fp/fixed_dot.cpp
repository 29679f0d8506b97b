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

uint64_t full_mask(unsigned terms) { return terms >= 64 ? ~uint64_t{0} : (uint64_t{1} << terms) - 1; }

// The same result by ExactSum, for rows that do not fit fixed point.
uint64_t exact_dot(const FixedRows& a, const uint32_t* ra, const FixedRows& b, const uint32_t* rb, const Format* cf,
                   uint64_t c, const Format& d, uint64_t nan) {
  ExactSum sum;
  if (cf) sum.add(*cf, c);
  for (unsigned i = 0; i < a.terms(); ++i) sum.add_product(a.format(), ra[i], b.format(), rb[i]);
  return sum.round(d, nan);
}

}  // namespace

void FixedRows::assign(const Format& f, const uint32_t* bits, unsigned rows, unsigned terms) {
  if (terms > kMaxTerms) throw std::invalid_argument("FixedRows: too many terms per row");
  format_ = f;
  rows_ = rows;
  terms_ = terms;
  bits_.assign(bits, bits + size_t{rows} * terms);
  sig_.assign(size_t{rows} * terms, 0);
  exp_.assign(rows, 0);
  fixed_.assign(rows, 1);
  zero_.assign(rows, 0);
  negative_.assign(rows, 0);
  std::vector<soft::Unpacked> u(terms);
  for (unsigned r = 0; r < rows; ++r) {
    int low = INT_MAX, high = INT_MIN;  // the lowest and the highest bit any nonzero value of the row uses
    for (unsigned i = 0; i < terms; ++i) {
      u[i] = soft::unpack(f, bits[size_t{r} * terms + i]);
      if (u[i].sign) negative_[r] |= uint64_t{1} << i;
      switch (u[i].kind) {
        case soft::Kind::zero: zero_[r] |= uint64_t{1} << i; break;
        case soft::Kind::finite:
          low = std::min(low, u[i].exp);
          high = std::max(high, u[i].exp + 64 - std::countl_zero(u[i].sig));
          break;
        default: fixed_[r] = 0; break;  // inf, NaN: ExactSum's rules decide
      }
    }
    if (!fixed_[r] || low == INT_MAX) continue;  // an all-zero row is fixed: sig 0, exp 0
    if (high - low > kMaxRowBits) {
      fixed_[r] = 0;
      continue;
    }
    exp_[r] = low;
    for (unsigned i = 0; i < terms; ++i)
      if (u[i].kind == soft::Kind::finite) {
        const auto v = static_cast<int64_t>(u[i].sig << (u[i].exp - low));
        sig_[size_t{r} * terms + i] = u[i].sign ? -v : v;
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
  int exp = a.exp_[row] + b.exp_[col];

  soft::Unpacked cu;
  if (cf) {
    cu = soft::unpack(*cf, c);
    if (cu.kind == soft::Kind::nan || cu.kind == soft::Kind::inf) return exact_dot(a, ra, b, rb, cf, c, d, nan);
  }
  if (cf && cu.kind == soft::Kind::finite) {
    // Fold c into the fixed-point sum when both fit in 126 bits, else let
    // ExactSum do it: only a c far larger or smaller than every product.
    const int shift = cu.exp - exp;
    const i128 cs = cu.sign ? -static_cast<i128>(cu.sig) : static_cast<i128>(cu.sig);
    const int sum_bits = sum == 0 ? 0 : bit_length(magnitude(sum));
    if (sum == 0) {
      sum = cs;
      exp = cu.exp;
    } else if (shift >= 0 && shift + 64 - std::countl_zero(cu.sig) <= 124) {
      sum += cs << shift;
    } else if (shift < 0 && sum_bits - shift <= 124) {
      sum = (sum << -shift) + cs;
      exp = cu.exp;
    } else {
      return exact_dot(a, ra, b, rb, cf, c, d, nan);
    }
  }
  if (sum == 0) {
    // IEEE's sign of an exact zero sum: -0 only when every addend was -0.
    const uint64_t full = full_mask(terms);
    const uint64_t zero_products = a.zero_[row] | b.zero_[col];
    if (zero_products != full || (cf && cu.kind == soft::Kind::finite)) return soft::zero_bits(d, false);
    const bool products_negative = ((a.negative_[row] ^ b.negative_[col]) & full) == full;
    const bool c_negative = !cf || cu.sign;
    return soft::zero_bits(d, terms > 0 ? products_negative && c_negative : (cf != nullptr && cu.sign));
  }
  soft::Exact x;
  x.sign = sum < 0;
  x.sig = magnitude(sum);
  x.exp = exp;
  return soft::round_pack(d, x, soft::RoundOpts{});
}

}  // namespace warpsat::fp
