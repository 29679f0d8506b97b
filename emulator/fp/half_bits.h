// f16 <-> f32 by integer arithmetic on the bits: the conversions CUTLASS's
// FP16 epilogues run for every element (cvt.f32.f16 on C, cvt.rn.f16x2.f32
// on D), where the soft-float path (unpack, convert, round_pack) was a
// sixth of the emulator's time on a 256x256x128 GEMM. Both are exact
// restatements of IEEE 754 for non-NaN inputs; the callers handle NaN (PTX
// makes it canonical) and every modifier but .ftz on an f32 input, and
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

}  // namespace warpsat::fp
