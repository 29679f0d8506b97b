// The integer f16 <-> f32 conversions (emulator/fp/half_bits.h) against
// the soft-float path they stand in for.
#include <doctest/doctest.h>

#include <cstdint>

#include "emulator/fp/half_bits.h"
#include "emulator/fp/softfloat.h"

using namespace warpsat::fp;

TEST_CASE("f16 -> f32 by bits equals the soft path for every non-NaN f16") {
  size_t wrong = 0, checked = 0;
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if (is_nan_f16(static_cast<uint16_t>(h))) continue;
    const auto soft_bits = static_cast<uint32_t>(soft::convert(soft::unpack(kF16, h), kF32, {}));
    wrong += f16_bits_to_f32(static_cast<uint16_t>(h)) != soft_bits;
    ++checked;
  }
  CHECK(checked == 65536 - 2 * 1023);
  CHECK(wrong == 0);
}

TEST_CASE("f32 -> f16 (round to nearest even) by bits equals the soft path") {
  // Every sign, exponent and top 10 fraction bits (all of f16's range and
  // far beyond it), with the 13 bits rounding drops in each pattern that
  // decides it: zero, just above zero, just under half, half (a tie), just
  // over half, all ones; and for subnormal results, whose rounding point
  // lies higher, the same patterns reach into the kept bits.
  const uint32_t low[] = {0x0000, 0x0001, 0x0fff, 0x1000, 0x1001, 0x1fff, 0x0800, 0x1800};
  size_t wrong = 0, checked = 0;
  uint32_t first_wrong = 0;
  for (uint32_t high = 0; high < (1u << 19); ++high)
    for (uint32_t l : low) {
      const uint32_t f = (high << 13) | l;
      if (is_nan_f32(f)) continue;
      const auto soft_bits =
          static_cast<uint16_t>(soft::convert(soft::unpack(kF32, f), kF16, soft::RoundOpts{Rounding::rn, false, false}));
      if (f32_bits_to_f16_rn(f) != soft_bits && !wrong++) first_wrong = f;
      ++checked;
    }
  CAPTURE(first_wrong);
  CHECK(checked > 4000000);
  CHECK(wrong == 0);
  // The edges by name: f16's largest finite, the tie above it, the
  // smallest subnormal and the tie below it.
  CHECK(f32_bits_to_f16_rn(0x477fe000u) == 0x7bffu);  // 65504
  CHECK(f32_bits_to_f16_rn(0x477ff000u) == 0x7c00u);  // 65520 -> infinity
  CHECK(f32_bits_to_f16_rn(0x477fefffu) == 0x7bffu);
  CHECK(f32_bits_to_f16_rn(0x33800000u) == 0x0001u);  // 2^-24
  CHECK(f32_bits_to_f16_rn(0x33000000u) == 0x0000u);  // 2^-25: a tie, to even (zero)
  CHECK(f32_bits_to_f16_rn(0x33000001u) == 0x0001u);
  CHECK(f32_bits_to_f16_rn(0xb3c00000u) == 0x8002u);  // -1.5 * 2^-24: a tie, to even
  CHECK(f32_bits_to_f16_rn(0x387fc000u) == 0x03ffu);  // 1023 * 2^-24, the largest subnormal
  CHECK(f32_bits_to_f16_rn(0x387fe000u) == 0x0400u);  // 1023.5 * 2^-24: a tie, to the smallest normal
}

TEST_CASE("e4m3 and e5m2 -> f16 by bits equals the soft path for every non-NaN encoding") {
  for (const bool e4m3 : {true, false}) {
    CAPTURE(e4m3);
    const Format& f = e4m3 ? kE4M3 : kE5M2;
    size_t wrong = 0, checked = 0;
    for (uint32_t v = 0; v < 0x100; ++v) {
      if (is_nan(f, v)) continue;
      const auto soft_bits = static_cast<uint16_t>(soft::convert(soft::unpack(f, v), kF16, {}));
      wrong += fp8_bits_to_f16(e4m3, static_cast<uint8_t>(v)) != soft_bits;
      ++checked;
    }
    CHECK(checked == (e4m3 ? 254u : 256u - 6u));
    CHECK(wrong == 0);
  }
  CHECK(fp8_bits_to_f16(true, 0x01) == 0x1800u);  // e4m3's least subnormal, 2^-9
  CHECK(fp8_bits_to_f16(true, 0xfe) == 0xdf00u);  // -448
  CHECK(fp8_bits_to_f16(false, 0x7c) == 0x7c00u); // e5m2's infinity
}

TEST_CASE("f32 -> e4m3 and e5m2 (round to nearest even, .satfinite) by bits equals the soft path") {
  // Every sign, exponent and top 8 fraction bits, with the 15 bits below
  // them in each pattern that decides a rounding at any of the positions
  // e4m3's and e5m2's normals and subnormals cut at (bits 20 to 23 of the
  // f32 fraction and above): zero, one, just under half, half, just over.
  const uint32_t low[] = {0x0000, 0x0001, 0x3fff, 0x4000, 0x4001, 0x7fff, 0x2000, 0x6000};
  for (const bool e4m3 : {true, false}) {
    CAPTURE(e4m3);
    const Format& to = e4m3 ? kE4M3 : kE5M2;
    size_t wrong = 0, checked = 0;
    uint32_t first_wrong = 0;
    for (uint32_t high = 0; high < (1u << 17); ++high)
      for (uint32_t l : low) {
        const uint32_t f = (high << 15) | l;
        if (is_nan_f32(f)) continue;
        const auto soft_bits = static_cast<uint8_t>(
            soft::convert(soft::unpack(kF32, f), to, soft::RoundOpts{Rounding::rn, false, true}));
        if (f32_bits_to_fp8_rn_satfinite(e4m3, f) != soft_bits && !wrong++) first_wrong = f;
        ++checked;
      }
    CAPTURE(first_wrong);
    CHECK(checked > 1000000);
    CHECK(wrong == 0);
  }
  CHECK(f32_bits_to_fp8_rn_satfinite(true, 0x43e00000u) == 0x7eu);   // 448
  CHECK(f32_bits_to_fp8_rn_satfinite(true, 0x43f00000u) == 0x7eu);   // 480: saturates, not NaN
  CHECK(f32_bits_to_fp8_rn_satfinite(true, 0xff800000u) == 0xfeu);   // -infinity: -448
  CHECK(f32_bits_to_fp8_rn_satfinite(false, 0x7f800000u) == 0x7bu);  // infinity: 57344
  CHECK(f32_bits_to_fp8_rn_satfinite(true, 0x3a800000u) == 0x00u);   // 2^-10: a tie, to even (zero)
  CHECK(f32_bits_to_fp8_rn_satfinite(true, 0x3a800001u) == 0x01u);
}
