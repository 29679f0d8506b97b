// f16 <-> f32 and fp8 <-> f16/f32 by integer arithmetic on the bits: the
// conversions CUTLASS's epilogues run for every element (FP16: cvt.f32.f16
// on C, cvt.rn.f16x2.f32 on D; FP8: cvt.rn.f16x2.e4m3x2 on C,
// cvt.rn.satfinite.e4m3x2.f32 on D), where the soft-float path (unpack,
// convert, round_pack) was a sixth of the emulator's time on a 256x256x128
// FP16 GEMM and a tenth on a 512^3 FP8 one. Each is an exact restatement of
// IEEE 754 (and of PTX's .satfinite) for non-NaN inputs; the callers handle
// NaN (PTX makes it canonical) and the other modifiers, and
// test_fp_half_bits.cpp checks them against the soft path.
#pragma once

#include <cstdint>

namespace warpsat::fp {

// f16 -> f32, exact, for a non-NaN input.
inline uint32_t f16_bits_to_f32(uint16_t h) {
  const uint32_t sign = uint32_t{h & 0x8000u} << 16;
  const uint32_t exponent = (h >> 10) & 0x1fu, fraction = h & 0x3ffu;
  if (exponent == 0x1f) return sign | 0x7f800000u;                  // infinity
  if (exponent) return sign | ((exponent + 112) << 23) | (fraction << 13);  // rebias 15 -> 127
  if (!fraction) return sign;
  // A subnormal, fraction * 2^-24: its top set bit p gives 2^(p - 24),
  // normal in f32.
  const int p = 31 - __builtin_clz(fraction);
  return sign | (static_cast<uint32_t>(p + 103) << 23) | ((fraction << (23 - p)) & 0x7fffffu);
}

// f32 -> f16 rounded to nearest, ties to even, for a non-NaN input.
inline uint16_t f32_bits_to_f16_rn(uint32_t f) {
  const auto sign = static_cast<uint16_t>((f >> 16) & 0x8000u);
  const uint32_t a = f & 0x7fffffffu;
  // 65520 (halfway between f16's largest, 65504, and 2^16) and above, and
  // infinity, round to infinity.
  if (a >= 0x477ff000u) return sign | 0x7c00u;
  if (a >= 0x38800000u) {
    // Normal in f16 (2^-14 and up): rebias the exponent and drop 13
    // fraction bits, adding just under half an f16 unit, plus one when the
    // kept part is odd (a tie then carries). A carry into the exponent is
    // the correctly rounded next binade.
    const uint32_t rebiased = a - (112u << 23);
    return sign | static_cast<uint16_t>((rebiased + 0xfffu + ((rebiased >> 13) & 1u)) >> 13);
  }
  // Below 2^-25 (half the smallest subnormal, which itself ties to 0).
  if (a <= 0x33000000u) return sign;
  // f16 subnormal: the value in units of 2^-24, significand >> (126 - exponent).
  const uint32_t exponent = a >> 23, significand = (a & 0x7fffffu) | 0x800000u;
  const uint32_t shift = 126 - exponent;  // 14 to 24
  uint32_t q = significand >> shift;
  const uint32_t rest = significand & ((1u << shift) - 1), half = 1u << (shift - 1);
  if (rest > half || (rest == half && (q & 1u))) ++q;  // 0x400 is the smallest normal: right as bits
  return sign | static_cast<uint16_t>(q);
}

// e4m3 or e5m2 -> f16, exact (every value of either is an f16 value), for
// a non-NaN input. e5m2 is f16's top byte; e4m3 (bias 7, no infinity) is
// rebiased, its subnormals m * 2^-9 normal in f16.
inline uint16_t fp8_bits_to_f16(bool e4m3, uint8_t v) {
  if (!e4m3) return static_cast<uint16_t>(uint16_t{v} << 8);
  const auto sign = static_cast<uint16_t>((v & 0x80u) << 8);
  const uint32_t exponent = (v >> 3) & 0xfu, fraction = v & 0x7u;
  if (exponent) return sign | static_cast<uint16_t>(((exponent + 8) << 10) | (fraction << 7));
  if (!fraction) return sign;
  const int p = 31 - __builtin_clz(fraction);  // the value is 2^(p - 9) and up
  return sign | static_cast<uint16_t>((static_cast<uint32_t>(p + 6) << 10) | ((fraction << (10 - p)) & 0x3ffu));
}

// f32 -> e4m3 or e5m2 rounded to nearest, ties to even, with .satfinite
// (beyond the largest finite value, infinity included, gives that value),
// for a non-NaN input.
inline uint8_t f32_bits_to_fp8_rn_satfinite(bool e4m3, uint32_t f) {
  const int frac_bits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
  const uint32_t max_finite = e4m3 ? 0x7eu : 0x7bu;  // 448, 57344
  const auto sign = static_cast<uint8_t>((f >> 24) & 0x80u);
  const uint32_t a = f & 0x7fffffffu;
  if (a >= 0x7f800000u) return sign | static_cast<uint8_t>(max_finite);
  const int exponent = static_cast<int>(a >> 23) - 127;
  if (exponent < -127 + 1) return sign;  // f32 zeros and subnormals: far below either format's least value
  const uint32_t significand = (a & 0x7fffffu) | 0x800000u;
  // Rounded in units of the result's last place: 2^(exponent - frac_bits)
  // for a normal result, 2^(emin - frac_bits) for a subnormal one.
  const int emin = 1 - bias;
  const int shift = 23 - frac_bits + (exponent < emin ? emin - exponent : 0);
  if (shift >= 32) return sign;
  uint32_t q = significand >> shift;
  const uint32_t rest = significand & ((1u << shift) - 1), half = 1u << (shift - 1);
  if (rest > half || (rest == half && (q & 1u))) ++q;
  // q counts units of the last place; a normal result's field is its
  // exponent, a carry past 2^(frac_bits + 1) the next binade, and a
  // subnormal's q is already its bits (2^frac_bits: the least normal).
  uint32_t bits;
  if (exponent < emin) {
    bits = q;
  } else {
    int field = exponent + bias;
    if (q >> (frac_bits + 1)) {
      q >>= 1;
      ++field;
    }
    bits = (static_cast<uint32_t>(field) << frac_bits) | (q & ((1u << frac_bits) - 1));
    if (field > 31) bits = max_finite + 1;  // far beyond: saturates below
  }
  return sign | static_cast<uint8_t>(bits > max_finite ? max_finite : bits);
}

}  // namespace warpsat::fp
