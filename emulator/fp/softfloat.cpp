#include "emulator/fp/softfloat.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace warpsat::fp::soft {
namespace {

int bit_length(u128 v) {
  const auto high = static_cast<uint64_t>(v >> 64);
  if (high != 0) return 128 - std::countl_zero(high);
  return 64 - std::countl_zero(static_cast<uint64_t>(v));
}

u128 low_mask(int bits) { return bits >= 128 ? ~u128{0} : (u128{1} << bits) - 1; }

// The count of 2^q units nearest to (sig + t) * 2^exp in direction `mode`,
// t as in Exact. When sticky, exp < q must hold (round_pack normalizes).
u128 round_to_quantum(bool sign, u128 sig, int exp, bool sticky, int q, Rounding mode) {
  if (exp >= q) return sig << (exp - q);
  const int shift = q - exp;
  u128 kept = 0;
  bool half = false;   // the first discarded bit
  bool rest = sticky;  // anything below it
  if (shift > 128) {
    rest = rest || sig != 0;
  } else {
    kept = shift == 128 ? 0 : sig >> shift;
    half = ((sig >> (shift - 1)) & 1) != 0;
    rest = rest || (sig & low_mask(shift - 1)) != 0;
  }
  bool up = false;
  switch (mode) {
    case Rounding::rn: up = half && (rest || (kept & 1) != 0); break;
    case Rounding::rna: up = half; break;
    case Rounding::rz: break;
    case Rounding::rp: up = !sign && (half || rest); break;
    case Rounding::rm: up = sign && (half || rest); break;
  }
  return kept + (up ? 1 : 0);
}

// The sign of an exact zero sum of two zeros, or of x + (-x): IEEE 754 6.3.
bool zero_sum_sign(bool a, bool b, Rounding mode) { return a == b ? a : mode == Rounding::rm; }

// A finite operand with its leading bit moved to bit 124: room for the carry
// of an addition and for the 106-bit product of two f64 significands.
struct Wide {
  bool sign;
  u128 sig;
  int exp;
};
constexpr int kWideTop = 124;

Wide widen(bool sign, u128 sig, int exp) {
  const int shift = kWideTop - (bit_length(sig) - 1);
  return {sign, sig << shift, exp - shift};
}

uint64_t add_wide(const Format& f, Wide a, Wide b, const RoundOpts& o) {
  if (a.exp < b.exp || (a.exp == b.exp && a.sig < b.sig)) std::swap(a, b);
  // |a| >= |b| now; align b to a's last bit, keeping what falls off as sticky.
  const int d = a.exp - b.exp;
  u128 aligned = b.sig;
  bool sticky = false;
  if (d >= 128) {
    aligned = 0;
    sticky = true;
  } else if (d > 0) {
    aligned = b.sig >> d;
    sticky = (b.sig & low_mask(d)) != 0;
  }
  Exact r{a.sign, 0, a.exp, sticky};
  if (a.sign == b.sign) {
    r.sig = a.sig + aligned;
  } else {
    // a - (aligned + t) = (a - aligned - 1) + (1 - t), with 1 - t again in
    // (0, 1): borrowing one keeps the sticky convention exact. With d > 0,
    // a >= 2^124 > aligned + 1, so no bits of the difference are lost.
    r.sig = a.sig - aligned - (sticky ? 1 : 0);
    if (r.sig == 0 && !sticky) return zero_bits(f, o.mode == Rounding::rm);
  }
  return round_pack(f, r, o);
}

Exact exact_of(const Unpacked& a) { return {a.sign, a.sig, a.exp, false}; }

// floor(sqrt(s)) and the remainder s - root^2, digit by digit.
std::pair<u128, u128> isqrt(u128 s) {
  u128 rem = s;
  u128 root = 0;
  u128 bit = u128{1} << 126;
  while (bit > s) bit >>= 2;
  while (bit != 0) {
    if (rem >= root + bit) {
      rem -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return {root, rem};
}

}  // namespace

Unpacked unpack(const Format& f, uint64_t bits) {
  Unpacked u;
  u.sign = sign_of(f, bits);
  if (is_nan(f, bits)) {
    u.kind = Kind::nan;
    return u;
  }
  if (is_inf(f, bits)) {
    u.kind = Kind::inf;
    return u;
  }
  const uint64_t frac = bits & f.frac_mask();
  const int biased = static_cast<int>((bits & f.exp_mask()) >> f.frac_bits);
  if (biased == 0) {
    if (frac == 0) return u;  // Kind::zero
    u.kind = Kind::finite;
    u.exp = f.emin() - f.frac_bits;
    u.sig = frac;
    return u;
  }
  u.kind = Kind::finite;
  u.exp = biased - f.bias() - f.frac_bits;
  u.sig = frac | (uint64_t{1} << f.frac_bits);
  return u;
}

uint64_t zero_bits(const Format& f, bool sign) { return sign ? f.sign_mask() : 0; }

uint64_t inf_bits(const Format& f, bool sign) { return zero_bits(f, sign) | f.exp_mask(); }

uint64_t max_finite_bits(const Format& f, bool sign) {
  // With infinity: exponent all ones but one, fraction all ones. Without
  // (e4m3): exponent all ones, fraction all ones but the last bit (the
  // all-ones pattern is NaN).
  const uint64_t top = f.has_inf ? f.exp_mask() - 1 : f.exp_mask() | (f.frac_mask() - 1);
  return zero_bits(f, sign) | top;
}

uint64_t overflow_bits(const Format& f, bool sign, const RoundOpts& o) {
  if (o.satfinite) return max_finite_bits(f, sign);
  if (!f.has_inf) return f.abs_mask();  // NaN: the format has no infinity
  bool to_inf = true;
  switch (o.mode) {
    case Rounding::rn:
    case Rounding::rna: to_inf = true; break;
    case Rounding::rz: to_inf = false; break;
    case Rounding::rp: to_inf = !sign; break;
    case Rounding::rm: to_inf = sign; break;
  }
  return to_inf ? inf_bits(f, sign) : max_finite_bits(f, sign);
}

uint64_t round_pack(const Format& f, Exact x, const RoundOpts& o) {
  if (x.sig == 0) return zero_bits(f, x.sign);  // sticky without bits is a caller bug
  if (x.sticky) {
    // Put the tail far below every rounding position we can ask for.
    const int shift = 125 - bit_length(x.sig);
    if (shift > 0) {
      x.sig <<= shift;
      x.exp -= shift;
    }
  }
  const int p = f.precision();
  const int lead = x.exp + bit_length(x.sig) - 1;  // exponent of the leading bit
  int q = std::max(lead, f.emin()) - (p - 1);      // exponent of the result's last bit
  u128 kept = round_to_quantum(x.sign, x.sig, x.exp, x.sticky, q, o.mode);
  if ((kept >> p) != 0) {  // rounded up into the next binade
    kept >>= 1;
    ++q;
  }
  if (kept == 0) return zero_bits(f, x.sign);
  const u128 hidden = u128{1} << (p - 1);
  if (kept < hidden) {  // subnormal: q is emin - (p - 1) here
    if (o.ftz) return zero_bits(f, x.sign);
    return zero_bits(f, x.sign) | static_cast<uint64_t>(kept);
  }
  const int64_t biased = int64_t{q} + (p - 1) + f.bias();
  const auto frac = static_cast<uint64_t>(kept - hidden);
  const int64_t top = (int64_t{1} << f.exp_bits) - (f.has_inf ? 2 : 1);
  if (biased > top || (!f.has_inf && biased == top && frac == f.frac_mask())) {
    return overflow_bits(f, x.sign, o);
  }
  return zero_bits(f, x.sign) | (static_cast<uint64_t>(biased) << f.frac_bits) | frac;
}

std::optional<uint64_t> add(const Format& f, const Unpacked& a, const Unpacked& b, const RoundOpts& o) {
  if (a.kind == Kind::inf || b.kind == Kind::inf) {
    if (a.kind == Kind::inf && b.kind == Kind::inf && a.sign != b.sign) return std::nullopt;
    return inf_bits(f, a.kind == Kind::inf ? a.sign : b.sign);
  }
  if (a.kind == Kind::zero && b.kind == Kind::zero)
    return zero_bits(f, zero_sum_sign(a.sign, b.sign, o.mode));
  if (a.kind == Kind::zero) return round_pack(f, exact_of(b), o);
  if (b.kind == Kind::zero) return round_pack(f, exact_of(a), o);
  return add_wide(f, widen(a.sign, a.sig, a.exp), widen(b.sign, b.sig, b.exp), o);
}

std::optional<uint64_t> mul(const Format& f, const Unpacked& a, const Unpacked& b, const RoundOpts& o) {
  const bool sign = a.sign != b.sign;
  if (a.kind == Kind::inf || b.kind == Kind::inf) {
    if (a.kind == Kind::zero || b.kind == Kind::zero) return std::nullopt;
    return inf_bits(f, sign);
  }
  if (a.kind == Kind::zero || b.kind == Kind::zero) return zero_bits(f, sign);
  return round_pack(f, Exact{sign, u128{a.sig} * b.sig, a.exp + b.exp, false}, o);
}

std::optional<uint64_t> fma(const Format& f, const Unpacked& a, const Unpacked& b, const Unpacked& c,
                            const RoundOpts& o) {
  const bool product_sign = a.sign != b.sign;
  if (a.kind == Kind::inf || b.kind == Kind::inf) {
    if (a.kind == Kind::zero || b.kind == Kind::zero) return std::nullopt;
    if (c.kind == Kind::inf && c.sign != product_sign) return std::nullopt;
    return inf_bits(f, product_sign);
  }
  if (c.kind == Kind::inf) return inf_bits(f, c.sign);
  if (a.kind == Kind::zero || b.kind == Kind::zero) {
    if (c.kind == Kind::zero) return zero_bits(f, zero_sum_sign(product_sign, c.sign, o.mode));
    return round_pack(f, exact_of(c), o);
  }
  const u128 product = u128{a.sig} * b.sig;  // exact: at most 106 bits
  const int product_exp = a.exp + b.exp;
  if (c.kind == Kind::zero) return round_pack(f, Exact{product_sign, product, product_exp, false}, o);
  return add_wide(f, widen(product_sign, product, product_exp), widen(c.sign, c.sig, c.exp), o);
}

std::optional<uint64_t> div(const Format& f, const Unpacked& a, const Unpacked& b, const RoundOpts& o) {
  const bool sign = a.sign != b.sign;
  if (a.kind == Kind::inf) {
    if (b.kind == Kind::inf) return std::nullopt;
    return inf_bits(f, sign);
  }
  if (b.kind == Kind::inf) return zero_bits(f, sign);
  if (b.kind == Kind::zero) {
    if (a.kind == Kind::zero) return std::nullopt;
    return inf_bits(f, sign);
  }
  if (a.kind == Kind::zero) return zero_bits(f, sign);
  // Dividend leading bit at 125: the quotient keeps at least 73 bits, the
  // remainder says whether anything is left over.
  const int shift = 125 - (bit_length(a.sig) - 1);
  const u128 dividend = u128{a.sig} << shift;
  return round_pack(f, Exact{sign, dividend / b.sig, a.exp - shift - b.exp, dividend % b.sig != 0}, o);
}

std::optional<uint64_t> sqrt(const Format& f, const Unpacked& a, const RoundOpts& o) {
  if (a.kind == Kind::zero) return zero_bits(f, a.sign);  // sqrt(-0) = -0
  if (a.sign) return std::nullopt;
  if (a.kind == Kind::inf) return inf_bits(f, false);
  // Leading bit at 125 or 126 with an even exponent left over: the root
  // keeps at least 63 bits.
  int shift = 126 - (bit_length(a.sig) - 1);
  if ((a.exp - shift) % 2 != 0) --shift;
  const auto [root, rem] = isqrt(u128{a.sig} << shift);
  return round_pack(f, Exact{false, root, (a.exp - shift) / 2, rem != 0}, o);
}

uint64_t convert(const Unpacked& a, const Format& to, const RoundOpts& o) {
  switch (a.kind) {
    case Kind::zero: return zero_bits(to, a.sign);
    case Kind::inf:
      if (o.satfinite) return max_finite_bits(to, a.sign);
      return to.has_inf ? inf_bits(to, a.sign) : to.abs_mask();
    case Kind::nan: return to.abs_mask();  // callers handle NaN; keep it a NaN anyway
    case Kind::finite: break;
  }
  return round_pack(to, exact_of(a), o);
}

uint64_t from_integer(const Format& to, bool negative, uint64_t magnitude, const RoundOpts& o) {
  if (magnitude == 0) return 0;
  return round_pack(to, Exact{negative, magnitude, 0, false}, o);
}

IntegerValue to_integer(const Unpacked& a, Rounding mode) {
  IntegerValue v;
  v.negative = a.sign;
  if (a.kind == Kind::inf || a.kind == Kind::nan) {
    v.huge = true;
    return v;
  }
  if (a.kind == Kind::zero) return v;
  if (a.exp + bit_length(a.sig) - 1 >= 100) {
    v.huge = true;
    return v;
  }
  v.magnitude = round_to_quantum(a.sign, a.sig, a.exp, false, 0, mode);
  return v;
}

uint64_t round_to_integral(const Format& f, const Unpacked& a, Rounding mode, const RoundOpts& o) {
  if (a.kind != Kind::finite) return convert(a, f, o);
  if (a.exp >= 0) return round_pack(f, exact_of(a), o);  // already integral
  // Below 2^(p-1) here, so the rounded integer is exact in f.
  const u128 kept = round_to_quantum(a.sign, a.sig, a.exp, false, 0, mode);
  return round_pack(f, Exact{a.sign, kept, 0, false}, o);
}

}  // namespace warpsat::fp::soft
