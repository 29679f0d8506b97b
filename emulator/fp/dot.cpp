#include "emulator/fp/dot.h"

#include <bit>
#include <stdexcept>

namespace warpsat::fp {

using soft::Kind;
using soft::u128;
using soft::Unpacked;

namespace {

void check_format(const Format& f) {
  if (f.exp_bits > 8) throw std::invalid_argument("ExactSum holds formats with at most 8 exponent bits");
}

}  // namespace

void ExactSum::add_zero(bool negative) {
  any_term_ = true;
  if (!negative) all_negative_zero_ = false;
}

void ExactSum::add_term(bool negative, u128 sig, int exp) {
  any_term_ = true;
  any_nonzero_ = true;
  all_negative_zero_ = false;
  const int pos = exp - kLsb;  // >= 0 for every format check_format admits
  const int limb = pos / 64, shift = pos % 64;
  const auto lo = static_cast<uint64_t>(sig), hi = static_cast<uint64_t>(sig >> 64);
  uint64_t words[3];
  if (shift == 0) {
    words[0] = lo, words[1] = hi, words[2] = 0;
  } else {
    words[0] = lo << shift;
    words[1] = (lo >> (64 - shift)) | (hi << shift);
    words[2] = hi >> (64 - shift);
  }
  // Add or subtract modulo 2^640, carrying (borrowing) through the limbs above.
  uint64_t carry = 0;
  for (int i = limb; i < kLimbs; ++i) {
    const uint64_t w = i - limb < 3 ? words[i - limb] : 0;
    if (i - limb >= 3 && carry == 0) break;
    if (!negative) {
      const uint64_t s = acc_[i] + w;
      const uint64_t c1 = s < w ? 1 : 0;
      acc_[i] = s + carry;
      carry = c1 + (acc_[i] < carry ? 1 : 0);
    } else {
      const uint64_t d = acc_[i] - w;
      const uint64_t b1 = acc_[i] < w ? 1 : 0;
      const uint64_t b2 = d < carry ? 1 : 0;
      acc_[i] = d - carry;
      carry = b1 + b2;
    }
  }
}

void ExactSum::add_product(const Format& fa, uint64_t a, const Format& fb, uint64_t b) {
  check_format(fa);
  check_format(fb);
  const Unpacked x = soft::unpack(fa, a), y = soft::unpack(fb, b);
  const bool negative = x.sign != y.sign;
  if (x.kind == Kind::nan || y.kind == Kind::nan) {
    nan_ = true;
  } else if (x.kind == Kind::inf || y.kind == Kind::inf) {
    if (x.kind == Kind::zero || y.kind == Kind::zero) nan_ = true;  // 0 * inf
    else (negative ? neg_inf_ : pos_inf_) = true;
  } else if (x.kind == Kind::zero || y.kind == Kind::zero) {
    add_zero(negative);
  } else {
    add_term(negative, u128{x.sig} * y.sig, x.exp + y.exp);
  }
}

void ExactSum::add(const Format& f, uint64_t c) {
  check_format(f);
  const Unpacked x = soft::unpack(f, c);
  switch (x.kind) {
    case Kind::nan: nan_ = true; break;
    case Kind::inf: (x.sign ? neg_inf_ : pos_inf_) = true; break;
    case Kind::zero: add_zero(x.sign); break;
    case Kind::finite: add_term(x.sign, x.sig, x.exp); break;
  }
}

uint64_t ExactSum::round(const Format& f, uint64_t nan, Rounding mode) const {
  if (nan_ || (pos_inf_ && neg_inf_)) return nan;
  if (pos_inf_ || neg_inf_) return soft::inf_bits(f, neg_inf_);
  std::array<uint64_t, kLimbs> m = acc_;
  const bool negative = (m[kLimbs - 1] >> 63) != 0;
  if (negative) {  // magnitude = -m (two's complement)
    uint64_t carry = 1;
    for (uint64_t& w : m) {
      w = ~w + carry;
      carry = (carry && w == 0) ? 1 : 0;
    }
  }
  int top = -1;  // index of the leading bit
  for (int i = kLimbs - 1; i >= 0 && top < 0; --i)
    if (m[i]) top = i * 64 + 63 - std::countl_zero(m[i]);
  if (top < 0) {
    bool sign = any_nonzero_ ? mode == Rounding::rm : (any_term_ && all_negative_zero_);
    return soft::zero_bits(f, sign);
  }
  // Keep the leading 124 bits (far more than any format's precision plus a
  // rounding bit); everything below becomes the sticky bit.
  const int low = top >= 123 ? top - 123 : 0;
  auto bits64 = [&](int pos) -> uint64_t {  // bits [pos, pos + 64)
    const int i = pos / 64, s = pos % 64;
    if (i >= kLimbs) return 0;
    uint64_t v = m[i] >> s;
    if (s && i + 1 < kLimbs) v |= m[i + 1] << (64 - s);
    return v;
  };
  u128 sig = (u128{bits64(low + 64)} << 64) | bits64(low);
  const int width = top - low + 1;
  if (width < 128) sig &= (u128{1} << width) - 1;
  bool sticky = false;
  for (int i = 0; i < low / 64 && !sticky; ++i) sticky = m[i] != 0;
  if (!sticky && low % 64) sticky = (m[low / 64] & ((uint64_t{1} << (low % 64)) - 1)) != 0;
  soft::Exact x{negative, sig, kLsb + low, sticky};
  soft::RoundOpts o;
  o.mode = mode;
  return soft::round_pack(f, x, o);
}

}  // namespace warpsat::fp
