// cvt (emulator/fp/convert.h): float -> int saturation and NaN rules,
// int -> float rounding, int -> int truncation and .sat, float -> float
// rounding, integer rounding, .ftz and .sat, as PTX ISA 9.7.9.21 words them.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>

#include "emulator/fp/convert.h"
#include "emulator/fp/softfloat.h"

using namespace warpsat::fp;

namespace {
constexpr uint64_t f32(float v) { return bits_f32(v); }
constexpr uint64_t f64(double v) { return bits_f64(v); }
CvtMods irnd(IntRounding r, bool ftz = false) { return CvtMods{std::nullopt, r, ftz}; }
CvtMods frnd(Rounding r, bool ftz = false, bool sat = false) { return CvtMods{r, std::nullopt, ftz, sat}; }
}  // namespace

TEST_CASE("fp cvt float->int: the four integer roundings") {
  CHECK(cvt(Type::s32, Type::f32, f32(2.5f), irnd(IntRounding::rni)) == 2);
  CHECK(cvt(Type::s32, Type::f32, f32(3.5f), irnd(IntRounding::rni)) == 4);
  CHECK(cvt(Type::s32, Type::f32, f32(-2.5f), irnd(IntRounding::rni)) == 0xfffffffe);
  CHECK(cvt(Type::s32, Type::f32, f32(-2.7f), irnd(IntRounding::rzi)) == 0xfffffffe);
  CHECK(cvt(Type::s32, Type::f32, f32(-2.1f), irnd(IntRounding::rmi)) == 0xfffffffd);
  CHECK(cvt(Type::s32, Type::f32, f32(2.1f), irnd(IntRounding::rpi)) == 3);
  CHECK(cvt(Type::s32, Type::f32, f32(-0.5f), irnd(IntRounding::rpi)) == 0);
  CHECK(cvt(Type::u16, Type::f16, 0x3e00, irnd(IntRounding::rni)) == 2);     // 1.5 -> 2
  CHECK(cvt(Type::s8, Type::bf16, 0xc0a0, irnd(IntRounding::rpi)) == 0xfb);  // -5.0
  // -(2^51 + 0.5): at 2^51 an f64 still has a half.
  CHECK(cvt(Type::s64, Type::f64, f64(-2251799813685248.5), irnd(IntRounding::rzi)) ==
        static_cast<uint64_t>(-2251799813685248LL));
  CHECK(cvt(Type::s64, Type::f64, f64(-2251799813685248.5), irnd(IntRounding::rni)) ==
        static_cast<uint64_t>(-2251799813685248LL));
  CHECK(cvt(Type::s64, Type::f64, f64(-2251799813685249.5), irnd(IntRounding::rni)) ==
        static_cast<uint64_t>(-2251799813685250LL));
}

TEST_CASE("fp cvt float->int: always clamps to the destination range") {
  CHECK(cvt(Type::s32, Type::f32, f32(3e9f), irnd(IntRounding::rzi)) == 0x7fffffff);
  CHECK(cvt(Type::s32, Type::f32, f32(-3e9f), irnd(IntRounding::rzi)) == 0x80000000);
  CHECK(cvt(Type::s32, Type::f32, 0x7f800000, irnd(IntRounding::rni)) == 0x7fffffff);
  CHECK(cvt(Type::s32, Type::f32, 0xff800000, irnd(IntRounding::rni)) == 0x80000000);
  CHECK(cvt(Type::u32, Type::f32, f32(-1.0f), irnd(IntRounding::rni)) == 0);
  CHECK(cvt(Type::u32, Type::f32, f32(5e9f), irnd(IntRounding::rni)) == 0xffffffff);
  CHECK(cvt(Type::u8, Type::f32, f32(300.0f), irnd(IntRounding::rzi)) == 0xff);
  CHECK(cvt(Type::s8, Type::f32, f32(-200.0f), irnd(IntRounding::rzi)) == 0x80);
  CHECK(cvt(Type::u16, Type::f32, f32(65535.5f), irnd(IntRounding::rni)) == 0xffff);     // 65536 -> clamp
  CHECK(cvt(Type::u64, Type::f32, 0x5f800000, irnd(IntRounding::rzi)) == ~uint64_t{0});  // 2^64
  CHECK(cvt(Type::s64, Type::f32, 0xdf000000, irnd(IntRounding::rzi)) == 0x8000000000000000);  // -2^63 fits
  CHECK(cvt(Type::s64, Type::f32, 0x5f000000, irnd(IntRounding::rzi)) ==
        0x7fffffffffffffff);  // 2^63 does not
  CHECK(cvt(Type::s64, Type::f64, f64(1e300), irnd(IntRounding::rni)) == 0x7fffffffffffffff);
  CHECK(cvt(Type::u64, Type::f64, f64(-1e300), irnd(IntRounding::rni)) == 0);
}

TEST_CASE("fp cvt float->int: NaN is 0, or 1 << (width - 1) from f64 or into 64 bits") {
  CHECK(cvt(Type::s32, Type::f32, 0x7fc00000, irnd(IntRounding::rni)) == 0);
  CHECK(cvt(Type::u16, Type::f16, 0x7e00, irnd(IntRounding::rni)) == 0);
  CHECK(cvt(Type::s32, Type::f64, 0x7ff8000000000000, irnd(IntRounding::rzi)) == 0x80000000);
  CHECK(cvt(Type::u32, Type::f64, 0x7ff8000000000000, irnd(IntRounding::rzi)) == 0x80000000);
  CHECK(cvt(Type::s16, Type::f64, 0xfff8000000000000, irnd(IntRounding::rzi)) == 0x8000);
  CHECK(cvt(Type::u64, Type::f32, 0x7fc00000, irnd(IntRounding::rzi)) == 0x8000000000000000);
  CHECK(cvt(Type::s64, Type::f16, 0x7e00, irnd(IntRounding::rzi)) == 0x8000000000000000);
}

TEST_CASE("fp cvt float->int: .ftz flushes an f32 subnormal before rounding") {
  CHECK(cvt(Type::s32, Type::f32, 0x00000001, irnd(IntRounding::rpi)) == 1);
  CHECK(cvt(Type::s32, Type::f32, 0x00000001, irnd(IntRounding::rpi, true)) == 0);
  CHECK(cvt(Type::s32, Type::f32, 0x80000001, irnd(IntRounding::rmi)) == 0xffffffff);
  CHECK(cvt(Type::s32, Type::f32, 0x80000001, irnd(IntRounding::rmi, true)) == 0);
}

TEST_CASE("fp cvt int->float: rounding direction and range") {
  CHECK(cvt(Type::f32, Type::s32, 16777217, frnd(Rounding::rn)) == 0x4b800000);  // 2^24 + 1: tie to even
  CHECK(cvt(Type::f32, Type::s32, 16777217, frnd(Rounding::rp)) == 0x4b800001);
  CHECK(cvt(Type::f32, Type::s32, static_cast<uint32_t>(-16777217), frnd(Rounding::rm)) == 0xcb800001);
  CHECK(cvt(Type::f32, Type::u32, 0xffffffff, frnd(Rounding::rn)) == 0x4f800000);
  CHECK(cvt(Type::f32, Type::u32, 0xffffffff, frnd(Rounding::rz)) == 0x4f7fffff);
  CHECK(cvt(Type::f32, Type::s32, 0xffffffff, frnd(Rounding::rz)) == 0xbf800000);  // s32 -1
  CHECK(cvt(Type::f32, Type::u64, ~uint64_t{0}, frnd(Rounding::rn)) == 0x5f800000);
  CHECK(cvt(Type::f64, Type::s64, 0x8000000000000000, frnd(Rounding::rn)) == 0xc3e0000000000000);
  CHECK(cvt(Type::f16, Type::u32, 65520, frnd(Rounding::rn)) == 0x7c00);
  CHECK(cvt(Type::f16, Type::u32, 65520, frnd(Rounding::rz)) == 0x7bff);
  CHECK(cvt(Type::bf16, Type::s32, 257, frnd(Rounding::rn)) == 0x4380);
  CHECK(cvt(Type::bf16, Type::s32, 257, frnd(Rounding::rp)) == 0x4381);
  CHECK(cvt(Type::bf16, Type::u32, 1, frnd(Rounding::rn)) == 0x3f80);
  CHECK(cvt(Type::f32, Type::s8, 0xff, frnd(Rounding::rn)) == 0xbf800000);
  CHECK(cvt(Type::f64, Type::u8, 0xff, frnd(Rounding::rn)) == 0x406fe00000000000);     // 255
  CHECK(cvt(Type::f32, Type::s32, 0, frnd(Rounding::rm)) == 0);                        // +0, not -0
  CHECK(cvt(Type::f32, Type::s32, 2, frnd(Rounding::rn, false, true)) == 0x3f800000);  // .sat
}

TEST_CASE("fp cvt int->int: truncate or extend, .sat clamps") {
  CHECK(cvt(Type::s16, Type::s8, 0xc2) == 0xffc2);
  CHECK(cvt(Type::u16, Type::s8, 0xc2) == 0xffc2);  // extension follows the source
  CHECK(cvt(Type::s16, Type::u8, 0xc2) == 0x00c2);
  CHECK(cvt(Type::s8, Type::s32, 0x17f) == 0x7f);  // truncation
  CHECK(cvt(Type::s64, Type::s32, 0xffffffff) == ~uint64_t{0});
  CHECK(cvt(Type::u64, Type::u32, 0xffffffff) == 0xffffffff);
  CHECK(cvt(Type::u32, Type::s16, 0x139231c2) == 0x000031c2);  // only the low 16 bits are read
  const CvtMods sat{std::nullopt, std::nullopt, false, true};
  CHECK(cvt(Type::s8, Type::s32, 383, sat) == 0x7f);
  CHECK(cvt(Type::s8, Type::s32, static_cast<uint32_t>(-200), sat) == 0x80);
  CHECK(cvt(Type::u32, Type::s32, 0xffffffff, sat) == 0);
  CHECK(cvt(Type::u8, Type::u32, 300, sat) == 0xff);
  CHECK(cvt(Type::s32, Type::u32, 0x80000000, sat) == 0x7fffffff);
  CHECK(cvt(Type::u64, Type::s64, 0x8000000000000000, sat) == 0);
  CHECK(cvt(Type::s64, Type::u64, ~uint64_t{0}, sat) == 0x7fffffffffffffff);
  CHECK(cvt(Type::u16, Type::s8, 0xc2, sat) == 0);
}

TEST_CASE("fp cvt: register extension after the conversion") {
  CHECK(extend_to_register(0xffc2, Type::s16, 32) == 0xffffffc2);
  CHECK(extend_to_register(0xffc2, Type::u16, 32) == 0x0000ffc2);
  CHECK(extend_to_register(0x3c00, Type::f16, 32) == 0x00003c00);
  CHECK(extend_to_register(0x80, Type::s8, 64) == 0xffffffffffffff80);
}

TEST_CASE("fp cvt float->float: narrowing rounds once from the source") {
  // 1 + 2^-11 + 2^-40 as f64: straight to f16 it is above the tie, so it
  // rounds up; through f32 the 2^-40 would be lost and the tie go to even.
  CHECK(cvt(Type::f16, Type::f64, 0x3ff0020000100000, frnd(Rounding::rn)) == 0x3c01);
  CHECK(cvt(Type::f32, Type::f64, f64(1e300), frnd(Rounding::rz)) == 0x7f7fffff);
  CHECK(cvt(Type::f32, Type::f64, f64(1e300), frnd(Rounding::rn)) == 0x7f800000);
  CHECK(cvt(Type::f32, Type::f64, f64(0x1p-140), frnd(Rounding::rn)) == 0x00000200);
  CHECK(cvt(Type::f32, Type::f64, f64(0x1p-140), frnd(Rounding::rn, true)) == 0);  // .ftz on the result
  CHECK(cvt(Type::f16, Type::bf16, 0x47c3, frnd(Rounding::rn)) == 0x7c00);         // 99840
  CHECK(cvt(Type::f16, Type::bf16, 0x47c3, frnd(Rounding::rz)) == 0x7bff);
  CHECK(cvt(Type::bf16, Type::f16, 0x3c01, frnd(Rounding::rz)) == 0x3f80);
  CHECK(cvt(Type::tf32, Type::f32, 0x3f801000, frnd(Rounding::rna)) == 0x3f802000);
  CHECK(cvt(Type::f16, Type::f32, f32(-1.0f), CvtMods{Rounding::rn, std::nullopt, false, false, true}) == 0);
  CHECK(cvt(Type::f16, Type::f32, f32(1e6f),
            CvtMods{Rounding::rn, std::nullopt, false, false, false, true}) == 0x7bff);
}

TEST_CASE("fp cvt float->float: widening is exact, NaN payloads reach f64 only") {
  CHECK(cvt(Type::f64, Type::f32, f32(0.125f)) == 0x3fc0000000000000);
  CHECK(cvt(Type::f32, Type::f16, 0x0001) == 0x33800000);
  CHECK(cvt(Type::f64, Type::bf16, 0xc000) == 0xc000000000000000);
  CHECK(cvt(Type::f64, Type::f32, 0x7fa00001) == 0x7ffc000020000000);  // quieted, payload moved up
  CHECK(cvt(Type::f64, Type::f16, 0xfd01) == 0xfffc040000000000);
  CHECK(cvt(Type::f32, Type::f16, 0x7d01) == kNaNF32);
  CHECK(cvt(Type::f32, Type::bf16, 0x7f81) == 0x7f810000);
  CHECK(cvt(Type::f16, Type::f64, 0x7ff0000000000001, frnd(Rounding::rn)) == kNaNF16);
  CHECK(cvt(Type::f64, Type::f32, 0x00000001, CvtMods{std::nullopt, std::nullopt, true}) == 0);  // .ftz input
}

TEST_CASE("fp cvt float->float: integer rounding in the same format") {
  CHECK(cvt(Type::f32, Type::f32, f32(2.5f), irnd(IntRounding::rni)) == f32(2.0f));
  CHECK(cvt(Type::f32, Type::f32, f32(9.5f), irnd(IntRounding::rni)) == f32(10.0f));
  CHECK(cvt(Type::f32, Type::f32, f32(-0.5f), irnd(IntRounding::rni)) == 0x80000000);  // -0 keeps its sign
  CHECK(cvt(Type::f32, Type::f32, f32(-0.5f), irnd(IntRounding::rpi)) == 0x80000000);
  CHECK(cvt(Type::f32, Type::f32, f32(0.5f), irnd(IntRounding::rmi)) == 0);
  CHECK(cvt(Type::f32, Type::f32, f32(-0.5f), irnd(IntRounding::rmi)) == f32(-1.0f));
  CHECK(cvt(Type::f32, Type::f32, f32(-13.8f), irnd(IntRounding::rzi)) == f32(-13.0f));
  CHECK(cvt(Type::f32, Type::f32, f32(16777215.0f), irnd(IntRounding::rpi)) == f32(16777215.0f));
  CHECK(cvt(Type::f32, Type::f32, 0x00000001, irnd(IntRounding::rpi)) == f32(1.0f));
  CHECK(cvt(Type::f32, Type::f32, 0x00000001, irnd(IntRounding::rpi, true)) == 0);
  CHECK(cvt(Type::f32, Type::f32, 0x7fc00001, irnd(IntRounding::rni)) == kNaNF32);
  CHECK(cvt(Type::f64, Type::f64, f64(2.5), irnd(IntRounding::rni)) == f64(2.0));
  CHECK(cvt(Type::f16, Type::f16, 0x3e00, irnd(IntRounding::rni)) == 0x4000);    // 1.5 -> 2
  CHECK(cvt(Type::bf16, Type::bf16, 0xbfc0, irnd(IntRounding::rzi)) == 0xbf80);  // -1.5 -> -1
}

TEST_CASE("fp cvt float->float: .sat and .ftz without rounding") {
  const CvtMods sat{std::nullopt, std::nullopt, false, true};
  const CvtMods ftz{std::nullopt, std::nullopt, true, false};
  CHECK(cvt(Type::f32, Type::f32, f32(1.5f), sat) == f32(1.0f));
  CHECK(cvt(Type::f32, Type::f32, 0x7fc00000, sat) == 0);
  CHECK(cvt(Type::f32, Type::f32, f32(-0.0f), sat) == 0);
  CHECK(cvt(Type::f32, Type::f32, 0x00000001, ftz) == 0);
  CHECK(cvt(Type::f32, Type::f32, 0x80000001, ftz) == 0x80000000);
  CHECK(cvt(Type::f32, Type::f32, 0x00000001) == 1);
  CHECK(cvt(Type::f64, Type::f16, 0xc000, sat) == 0);
}

TEST_CASE("fp cvt: combinations PTX gives no meaning to are rejected") {
  CHECK_THROWS_AS(cvt(Type::s32, Type::f32, 0), std::invalid_argument);
  CHECK_THROWS_AS(cvt(Type::s32, Type::f32, 0, frnd(Rounding::rn)), std::invalid_argument);
  CHECK_THROWS_AS(cvt(Type::f32, Type::s32, 0), std::invalid_argument);
  CHECK_THROWS_AS(cvt(Type::f32, Type::s32, 0, irnd(IntRounding::rni)), std::invalid_argument);
  CHECK_THROWS_AS(cvt(Type::f16, Type::f32, 0), std::invalid_argument);
  CHECK_THROWS_AS(cvt(Type::f16, Type::f32, 0, irnd(IntRounding::rni)), std::invalid_argument);
  CHECK_THROWS_AS(cvt(Type::s32, Type::s16, 0, frnd(Rounding::rn)), std::invalid_argument);
  CHECK_NOTHROW(cvt(Type::f32, Type::f16, 0));
  CHECK_NOTHROW(cvt(Type::f64, Type::f64, 0));
}

namespace {

// cvt's float -> int without its fast path: soft::to_integer, then the clamp.
uint64_t soft_float_to_int(Type dst, const Format& f, uint64_t a, IntRounding r) {
  const soft::IntegerValue v = soft::to_integer(soft::unpack(f, a), to_rounding(r));
  const int bits = type_bits(dst);
  const bool is_signed = dst == Type::s8 || dst == Type::s16 || dst == Type::s32 || dst == Type::s64;
  __extension__ typedef __int128 i128;
  const i128 lo = is_signed ? -(i128{1} << (bits - 1)) : 0;
  const i128 hi = is_signed ? (i128{1} << (bits - 1)) - 1 : (i128{1} << bits) - 1;
  i128 x = v.huge ? (v.negative ? lo : hi) : (v.negative ? -static_cast<i128>(v.magnitude) : static_cast<i128>(v.magnitude));
  x = x < lo ? lo : x > hi ? hi : x;
  return static_cast<uint64_t>(x) & (bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1);
}

}  // namespace

TEST_CASE("fp cvt: the exact fast paths (floats below 2^31 to integers, small integers to floats) equal the soft path") {
  // f32 and f64 values at every exponent up to and past 2^31, halves and
  // near-halves included, each integer rounding, into signed and unsigned
  // 32- and 64-bit and narrower destinations (whose clamp the fast path
  // shares).
  std::mt19937_64 rng(11);
  const Type dsts[] = {Type::s32, Type::u32, Type::s64, Type::u64, Type::s8, Type::u16};
  const IntRounding modes[] = {IntRounding::rni, IntRounding::rzi, IntRounding::rmi, IntRounding::rpi};
  size_t wrong = 0, checked = 0;
  for (int e = -30; e <= 34; ++e)
    for (int i = 0; i < 400; ++i) {
      double d = std::ldexp(1.0 + static_cast<double>(rng() % 4096) / 4096, e);
      if (i % 4 == 1) d = std::floor(d) + 0.5;  // a tie
      if (i % 2) d = -d;
      const float f = static_cast<float>(d);
      for (Type dst : dsts)
        for (IntRounding r : modes) {
          const CvtMods m = irnd(r);
          wrong += cvt(dst, Type::f32, f32(f), m) != soft_float_to_int(dst, kF32, f32(f), r);
          wrong += cvt(dst, Type::f64, f64(d), m) != soft_float_to_int(dst, kF64, f64(d), r);
          checked += 2;
        }
    }
  CHECK(checked > 1000000);
  CHECK(wrong == 0);
  // Integers to f32 and f64 on both sides of 2^24 and 2^53, each rounding.
  wrong = 0;
  for (int b = 0; b <= 63; ++b)
    for (int i = 0; i < 64; ++i) {
      const uint64_t v = (uint64_t{1} << b) + (b ? rng() % (uint64_t{1} << b) : 0);
      for (Rounding r : {Rounding::rn, Rounding::rz, Rounding::rm, Rounding::rp})
        for (Type dst : {Type::f32, Type::f64}) {
          const Format& f = dst == Type::f32 ? kF32 : kF64;
          const soft::RoundOpts o{r, false, false};
          wrong += cvt(dst, Type::u64, v, frnd(r)) != soft::from_integer(f, false, v, o);
          if (b < 63)
            wrong += cvt(dst, Type::s64, static_cast<uint64_t>(-static_cast<int64_t>(v)), frnd(r)) !=
                     soft::from_integer(f, true, v, o);
        }
    }
  CHECK(wrong == 0);
  CHECK(cvt(Type::f32, Type::s32, 0, frnd(Rounding::rn)) == 0);  // +0
}
