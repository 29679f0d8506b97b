// The narrow formats (emulator/fp/half.h, half_arith.h): f16, bf16, tf32,
// e4m3, e5m2 around their boundaries, packing order, and f16/bf16
// arithmetic with .ftz/.sat/.relu. Values are worked out by hand from the
// formats' definitions; test_fp_host_oracle.cpp adds random coverage.
#include <doctest/doctest.h>

#include <cstdint>

#include "emulator/fp/half.h"
#include "emulator/fp/half_arith.h"

using namespace warpsat::fp;

namespace {
constexpr uint32_t f32_of(float v) { return bits_f32(v); }
constexpr uint16_t kH1 = 0x3c00, kHMax = 0x7bff, kHInf = 0x7c00;
}  // namespace

TEST_CASE("fp f16: f32 -> f16 rounds ties, overflows and underflows by direction") {
  // 1 + 2^-11: tie between 1.0 (even) and 1 + 2^-10.
  CHECK(f32_to_f16(0x3f801000, Rounding::rn) == kH1);
  CHECK(f32_to_f16(0x3f801000, Rounding::rp) == 0x3c01);
  CHECK(f32_to_f16(0x3f801000, Rounding::rna) == 0x3c01);
  CHECK(f32_to_f16(0x3f803000, Rounding::rn) == 0x3c02);  // 1 + 3 * 2^-11: to even
  // 65520 = MAX (65504) + half an ulp: rn goes to infinity, rz/rm stay.
  CHECK(f32_to_f16(f32_of(65520.0f), Rounding::rn) == kHInf);
  CHECK(f32_to_f16(f32_of(65520.0f), Rounding::rz) == kHMax);
  CHECK(f32_to_f16(f32_of(65520.0f), Rounding::rm) == kHMax);
  CHECK(f32_to_f16(f32_of(65520.0f), Rounding::rp) == kHInf);
  CHECK(f32_to_f16(f32_of(-65520.0f), Rounding::rm) == 0xfc00);
  CHECK(f32_to_f16(f32_of(65519.0f), Rounding::rn) == kHMax);
  CHECK(f32_to_f16(f32_of(65520.0f), Rounding::rn, {false, false, true}) == kHMax);  // .satfinite
  CHECK(f32_to_f16(0xff800000, Rounding::rn, {false, false, true}) == 0xfbff);       // -inf too
  CHECK(f32_to_f16(0x7f800000, Rounding::rz) == kHInf);                              // inf is not an overflow
  // Subnormals: 2^-24 is the smallest; 2^-25 is a tie with zero.
  CHECK(f32_to_f16(0x33800000, Rounding::rn) == 0x0001);
  CHECK(f32_to_f16(0x33000000, Rounding::rn) == 0x0000);
  CHECK(f32_to_f16(0x33000000, Rounding::rp) == 0x0001);
  CHECK(f32_to_f16(0xb3000000, Rounding::rm) == 0x8001);
  CHECK(f32_to_f16(0x33400000, Rounding::rn) == 0x0001);  // 0.75 * 2^-24
  CHECK(f32_to_f16(0x38800000, Rounding::rn) == 0x0400);  // 2^-14, smallest normal
  // .ftz acts on the f32 input: 2^-149 with rp is 2^-24 unless flushed first.
  CHECK(f32_to_f16(0x00000001, Rounding::rp) == 0x0001);
  CHECK(f32_to_f16(0x00000001, Rounding::rp, {true, false, false}) == 0);
}

TEST_CASE("fp f16: NaN, .relu and widening") {
  CHECK(f32_to_f16(0x7fc00000, Rounding::rn) == kNaNF16);
  CHECK(f32_to_f16(0xffc00123, Rounding::rz) == kNaNF16);
  CHECK(f32_to_f16(0x7fc00000, Rounding::rn, {false, false, true}) == kNaNF16);  // .satfinite keeps NaN
  const NarrowMods relu{false, true, false};
  CHECK(f32_to_f16(0xbf800000, Rounding::rn, relu) == 0);
  CHECK(f32_to_f16(0x80000000, Rounding::rn, relu) == 0);  // -0 -> +0
  CHECK(f32_to_f16(0xff800000, Rounding::rn, relu) == 0);
  CHECK(f32_to_f16(0x7fc00000, Rounding::rn, relu) == kNaNF16);
  CHECK(f32_to_f16(0x3f800000, Rounding::rn, relu) == kH1);
  CHECK(f16_to_f32(0x0001) == 0x33800000);
  CHECK(f16_to_f32(kHMax) == f32_of(65504.0f));
  CHECK(f16_to_f32(0xfc00) == 0xff800000);
  CHECK(f16_to_f32(0x8000) == 0x80000000);
  CHECK(f16_to_f32(0x7e00) == kNaNF32);
  CHECK(f16_to_f32(0x7c01) == kNaNF32);
}

TEST_CASE("fp f16x2/bf16x2 cvt: the first source lands in the upper half") {
  CHECK(cvt_f16x2_f32(f32_of(1.0f), f32_of(2.0f), Rounding::rn) == 0x3c004000);
  CHECK(cvt_bf16x2_f32(f32_of(1.0f), f32_of(-2.0f), Rounding::rn) == 0x3f80c000);
  CHECK(cvt_f16x2_f32(f32_of(-1.0f), f32_of(1.0f), Rounding::rn, {false, true, false}) == 0x00003c00);
}

TEST_CASE("fp bf16: rounding from f32, overflow, and the shift back") {
  CHECK(f32_to_bf16(0x3f808000, Rounding::rn) == 0x3f80);  // 1 + 2^-8: tie to even
  CHECK(f32_to_bf16(0x3f808000, Rounding::rp) == 0x3f81);
  CHECK(f32_to_bf16(0x3f818000, Rounding::rn) == 0x3f82);  // 1 + 3 * 2^-8
  CHECK(f32_to_bf16(0x3f80ffff, Rounding::rz) == 0x3f80);
  CHECK(f32_to_bf16(0x7f7fffff, Rounding::rn) == 0x7f80);  // f32 MAX is above bf16's
  CHECK(f32_to_bf16(0x7f7fffff, Rounding::rz) == 0x7f7f);
  CHECK(f32_to_bf16(0x7f7fffff, Rounding::rn, {false, false, true}) == 0x7f7f);
  CHECK(f32_to_bf16(0x00000001, Rounding::rp) == 0x0001);  // bf16 has f32's exponent range
  CHECK(f32_to_bf16(0x7f800001, Rounding::rn) == kNaNBF16);
  CHECK(bf16_to_f32(0x3f80) == 0x3f800000);
  CHECK(bf16_to_f32(0x7fc1) == 0x7fc10000);  // NaN: a plain shift, payload kept
  CHECK(bf16_to_f32(0x0001) == 0x00010000);
  CHECK(bf16_to_f32(0x0001, true) == 0);  // cvt.ftz.f32.bf16
  CHECK(bf16_to_f32(0x8001, true) == 0x80000000);
}

TEST_CASE("fp tf32: .rna ties away, the 13 low bits stay zero") {
  CHECK(f32_to_tf32(0x3f801000, Rounding::rna) == 0x3f802000);  // 1 + 2^-11: tie
  CHECK(f32_to_tf32(0x3f801000, Rounding::rn) == 0x3f800000);
  CHECK(f32_to_tf32(0x3f800fff, Rounding::rna) == 0x3f800000);  // below the tie
  CHECK(f32_to_tf32(0xbf801000, Rounding::rna) == 0xbf802000);  // away from zero, negative
  CHECK(f32_to_tf32(0x3f803000, Rounding::rz) == 0x3f802000);
  CHECK(f32_to_tf32(0x7f7fffff, Rounding::rna) == 0x7f800000);
  CHECK(f32_to_tf32(0x7f7fffff, Rounding::rna, {false, false, true}) == 0x7f7fe000);
  CHECK(f32_to_tf32(0x7fc00001, Rounding::rna) == kNaNTF32);
  CHECK(f32_to_tf32(0xbf800000, Rounding::rn, {false, true, false}) == 0);
  CHECK(f32_to_tf32(0x00000fff, Rounding::rna) == 0x00000000);  // subnormal below the tie
  CHECK(f32_to_tf32(0x00001000, Rounding::rna) == 0x00002000);  // subnormal tie, away
}

TEST_CASE("fp e4m3/e5m2: .rn.satfinite, NaN, .relu and exact widening") {
  CHECK(f32_to_fp8(Fp8::e4m3, f32_of(448.0f)) == 0x7e);
  CHECK(f32_to_fp8(Fp8::e4m3, f32_of(464.0f)) == 0x7e);  // tie with 480, which is not finite
  CHECK(f32_to_fp8(Fp8::e4m3, f32_of(1.0e6f)) == 0x7e);
  CHECK(f32_to_fp8(Fp8::e4m3, 0x7f800000) == 0x7e);
  CHECK(f32_to_fp8(Fp8::e4m3, 0xff800000) == 0xfe);
  CHECK(f32_to_fp8(Fp8::e4m3, 0x7fc00000) == kNaNE4M3);
  CHECK(f32_to_fp8(Fp8::e4m3, f32_of(0x1p-9f)) == 0x01);   // smallest subnormal
  CHECK(f32_to_fp8(Fp8::e4m3, f32_of(0x1p-10f)) == 0x00);  // tie with zero
  CHECK(f32_to_fp8(Fp8::e4m3, f32_of(0x1.8p-10f)) == 0x01);
  CHECK(f32_to_fp8(Fp8::e4m3, f32_of(-1.0f), true) == 0x00);
  CHECK(f32_to_fp8(Fp8::e4m3, 0x7fc00000, true) == kNaNE4M3);
  CHECK(f32_to_fp8(Fp8::e5m2, f32_of(57344.0f)) == 0x7b);
  CHECK(f32_to_fp8(Fp8::e5m2, f32_of(61440.0f)) == 0x7b);  // tie with 65536
  CHECK(f32_to_fp8(Fp8::e5m2, 0xff800000) == 0xfb);
  CHECK(f32_to_fp8(Fp8::e5m2, 0x7fc00000) == kNaNE5M2);
  CHECK(fp8_to_f16(Fp8::e4m3, 0x7e) == 0x5f00);  // 448
  CHECK(fp8_to_f16(Fp8::e4m3, 0x01) == 0x1800);  // 2^-9
  CHECK(fp8_to_f16(Fp8::e4m3, 0x80) == 0x8000);
  CHECK(fp8_to_f16(Fp8::e4m3, 0x7f) == kNaNF16);
  CHECK(fp8_to_f16(Fp8::e4m3, 0xb8, true) == 0);  // -1.0 with .relu
  CHECK(fp8_to_f16(Fp8::e5m2, 0x7c) == kHInf);
  CHECK(fp8_to_f16(Fp8::e5m2, 0x7d) == kNaNF16);
  // e5m2 is the upper byte of f16; every e4m3 value survives the round trip.
  for (uint32_t v = 0; v < 256; ++v) {
    const auto b = static_cast<uint8_t>(v);
    if ((v & 0x7f) < 0x7d) REQUIRE(fp8_to_f16(Fp8::e5m2, b) == v << 8);
    if ((v & 0x7f) != 0x7f) {
      REQUIRE(f32_to_fp8(Fp8::e4m3, f16_to_f32(fp8_to_f16(Fp8::e4m3, b))) == b);
      REQUIRE(half_to_fp8(Fp8::e4m3, Half::f16, fp8_to_f16(Fp8::e4m3, b)) == b);
    }
  }
}

TEST_CASE("fp fp8x2 packing: a (or the upper half) goes to the upper byte") {
  CHECK(cvt_fp8x2_f32(Fp8::e4m3, f32_of(1.0f), f32_of(-2.0f)) == 0x38c0);
  CHECK(cvt_fp8x2_half2(Fp8::e4m3, Half::f16, 0x3c00c000) == 0x38c0);   // {1.0, -2.0}
  CHECK(cvt_fp8x2_half2(Fp8::e5m2, Half::bf16, 0x3f80c000) == 0x3cc0);  // bf16 {1.0, -2.0}
  CHECK(cvt_f16x2_fp8x2(Fp8::e4m3, 0x38c0) == 0x3c00c000);
  CHECK(cvt_f16x2_fp8x2(Fp8::e4m3, 0x38c0, true) == 0x3c000000);
}

TEST_CASE("fp f16/bf16 arithmetic: ties, overflow, .ftz, .sat, .relu, NaN") {
  CHECK(hadd(Half::f16, kH1, 0x1000) == kH1);  // 1 + 2^-11: tie to even
  CHECK(hadd(Half::f16, 0x3c01, 0x1000) == 0x3c02);
  CHECK(hadd(Half::f16, kHMax, kHMax) == kHInf);
  CHECK(hmul(Half::f16, kHMax, kH1) == kHMax);
  CHECK(hsub(Half::f16, kH1, kH1) == 0);
  CHECK(hadd(Half::f16, 0x0001, 0x0001) == 0x0002);
  CHECK(hadd(Half::f16, 0x0001, 0x0001, {true, false, false}) == 0);
  CHECK(hmul(Half::f16, 0x0400, 0x3800, {true, false, false}) == 0);  // 2^-15 is subnormal
  CHECK(hmul(Half::f16, 0x8400, 0x3800, {true, false, false}) == 0x8000);
  CHECK(hadd(Half::f16, kH1, 0x3800, {false, true, false}) == kH1);   // 1.5 -> 1.0
  CHECK(hmul(Half::f16, 0xbc00, 0x3800, {false, true, false}) == 0);  // -0.5 -> 0
  CHECK(hadd(Half::f16, kHInf, 0xfc00, {false, true, false}) == 0);   // NaN -> 0
  CHECK(hfma(Half::f16, 0xbc00, kH1, 0, {false, false, true}) == 0);
  CHECK(hfma(Half::f16, kHInf, 0, 0, {false, false, true}) == kNaNF16);
  CHECK(hadd(Half::f16, kHInf, 0xfc00) == kNaNF16);
  CHECK(hmul(Half::f16, 0x7e01, kH1) == kNaNF16);
  // (1 + 2^-6)^2 = 1 + 2^-5 + 2^-12: mul drops 2^-12, fma keeps it.
  CHECK(hmul(Half::f16, 0x3c10, 0x3c10) == 0x3c20);
  CHECK(hfma(Half::f16, 0x3c10, 0x3c10, 0xbc20) == 0x0c00);
  CHECK(hadd(Half::bf16, 0x3f80, 0x3b80) == 0x3f80);  // 1 + 2^-8: tie to even
  CHECK(hadd(Half::bf16, 0x3f81, 0x3b80) == 0x3f82);
  CHECK(hmul(Half::bf16, 0x7f7f, 0x4000) == 0x7f80);
  CHECK(hfma(Half::bf16, 0xbf80, 0x3f80, 0, {false, false, true}) == 0);
  CHECK(hneg(Half::f16, kH1) == 0xbc00);
  CHECK(habs(Half::bf16, 0xbf80) == 0x3f80);
  CHECK(hneg(Half::f16, 0x0001, true) == 0x8000);
  CHECK(habs(Half::f16, 0x8001, true) == 0);
}

TEST_CASE("fp f16x2/bf16x2 arithmetic: element 0 is bits [0:15], lanes are independent") {
  // {hi, lo} = {1.0, MAX} + {1.0, MAX}: the low lane overflows alone.
  CHECK(hadd2(Half::f16, 0x3c007bff, 0x3c007bff) == 0x40007c00);
  CHECK(hmul2(Half::f16, 0x3c00bc00, 0x40004000, {false, true, false}) == 0x3c000000);
  CHECK(hfma2(Half::bf16, 0x3f80bf80, 0x3f803f80, 0, {false, false, true}) == 0x3f800000);
  CHECK(hsub2(Half::f16, 0x3c003c00, 0x3c000000) == 0x00003c00);
  CHECK(hneg2(Half::bf16, 0x3f80bf80) == 0xbf803f80);
  CHECK(habs2(Half::f16, 0xbc00bc00) == 0x3c003c00);
}
