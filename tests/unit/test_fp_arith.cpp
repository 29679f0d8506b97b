// f32/f64 arithmetic (emulator/fp/arith.h) on cases worked out by hand: IEEE
// special values, ties in every rounding mode, overflow to infinity versus
// the largest finite value, subnormals and .ftz, .sat, NaN results.
// test_fp_host_oracle.cpp covers random operands against the host FPU.
#include <doctest/doctest.h>

#include <cstdint>

#include "emulator/fp/arith.h"

using namespace warpsat::fp;

namespace {
constexpr uint32_t kOne = 0x3f800000, kTwo = 0x40000000, kHalf = 0x3f000000;
constexpr uint32_t kInf = 0x7f800000, kNegInf = 0xff800000, kMax = 0x7f7fffff;
constexpr uint32_t kNegZero = 0x80000000;
constexpr uint32_t kMinSub = 0x00000001;     // 2^-149
constexpr uint32_t kMinNormal = 0x00800000;  // 2^-126
constexpr uint32_t kEps24 = 0x33800000;      // 2^-24: half an ulp of 1.0

F32Mods mode(Rounding r, bool ftz = false, bool sat = false) { return {r, ftz, sat}; }
}  // namespace

TEST_CASE("fp f32: a tie at 1 + 2^-24 goes to even, toward the direction, or away") {
  // 1 + 2^-24 lies exactly between 1.0 (even) and 1 + 2^-23.
  CHECK(add_f32(kOne, kEps24, mode(Rounding::rn)) == kOne);
  CHECK(add_f32(kOne, kEps24, mode(Rounding::rz)) == kOne);
  CHECK(add_f32(kOne, kEps24, mode(Rounding::rm)) == kOne);
  CHECK(add_f32(kOne, kEps24, mode(Rounding::rp)) == 0x3f800001);
  CHECK(add_f32(kOne, kEps24, mode(Rounding::rna)) == 0x3f800001);
  // 1 + 3 * 2^-24 lies between 0x3f800001 (odd) and 0x3f800002 (even).
  CHECK(add_f32(0x3f800001, kEps24, mode(Rounding::rn)) == 0x3f800002);
  CHECK(add_f32(0x3f800001, kEps24, mode(Rounding::rz)) == 0x3f800001);
  // Negative ties: rm moves away from zero, rp toward it.
  CHECK(sub_f32(0xbf800000, kEps24, mode(Rounding::rn)) == 0xbf800000);
  CHECK(sub_f32(0xbf800000, kEps24, mode(Rounding::rm)) == 0xbf800001);
  CHECK(sub_f32(0xbf800000, kEps24, mode(Rounding::rp)) == 0xbf800000);
}

TEST_CASE("fp f32: overflow is infinity or the largest finite value by direction and sign") {
  CHECK(mul_f32(kMax, kTwo, mode(Rounding::rn)) == kInf);
  CHECK(mul_f32(kMax, kTwo, mode(Rounding::rz)) == kMax);
  CHECK(mul_f32(kMax, kTwo, mode(Rounding::rm)) == kMax);
  CHECK(mul_f32(kMax, kTwo, mode(Rounding::rp)) == kInf);
  CHECK(mul_f32(0xff7fffff, kTwo, mode(Rounding::rn)) == kNegInf);
  CHECK(mul_f32(0xff7fffff, kTwo, mode(Rounding::rz)) == 0xff7fffff);
  CHECK(mul_f32(0xff7fffff, kTwo, mode(Rounding::rm)) == kNegInf);
  CHECK(mul_f32(0xff7fffff, kTwo, mode(Rounding::rp)) == 0xff7fffff);
  // MAX + half an ulp (2^103) is a tie whose even neighbour is 2^128: inf.
  CHECK(add_f32(kMax, 0x73000000, mode(Rounding::rn)) == kInf);
  CHECK(add_f32(kMax, 0x73000000, mode(Rounding::rz)) == kMax);
  // A quarter ulp (2^102) stays at MAX unless rounding up.
  CHECK(add_f32(kMax, 0x72800000, mode(Rounding::rn)) == kMax);
  CHECK(add_f32(kMax, 0x72800000, mode(Rounding::rp)) == kInf);
}

TEST_CASE("fp f32: subnormal results round and .ftz flushes them") {
  CHECK(mul_f32(kMinNormal, kHalf) == 0x00400000);  // 2^-127, exact
  // 2^-150 is half the smallest subnormal: even (zero) unless directed.
  CHECK(mul_f32(kMinSub, kHalf, mode(Rounding::rn)) == 0);
  CHECK(mul_f32(kMinSub, kHalf, mode(Rounding::rp)) == kMinSub);
  CHECK(mul_f32(kMinSub, kHalf, mode(Rounding::rm)) == 0);
  CHECK(mul_f32(0x80000001, kHalf, mode(Rounding::rm)) == 0x80000001);
  CHECK(mul_f32(0x80000001, kHalf, mode(Rounding::rn)) == kNegZero);  // the sign survives
  CHECK(mul_f32(0x00000003, kHalf) == 0x00000002);                    // 1.5 ulp -> 2 (even)
  CHECK(add_f32(0x007fffff, kMinSub) == kMinNormal);                  // into the normals, exact
  // .ftz: subnormal inputs are zeros, subnormal results become signed zeros.
  CHECK(add_f32(0x00400000, 0x00400000) == kMinNormal);
  CHECK(add_f32(0x00400000, 0x00400000, mode(Rounding::rn, true)) == 0);
  CHECK(mul_f32(0x20000000, 0x1f800000, mode(Rounding::rn, true)) == 0);         // 2^-63 * 2^-64
  CHECK(mul_f32(0xa0000000, 0x1f800000, mode(Rounding::rn, true)) == kNegZero);  // sign kept
  CHECK(mul_f32(0x20000000, 0x1f800000) == 0x00400000);
  // The flush looks at the rounded result: (1 - 2^-24) * 2^-126 is a tie
  // between the largest subnormal and 2^-126 and rounds (to even) to the
  // normal 2^-126, which .ftz keeps. (A documented choice: docs/emulator-fp.md.)
  CHECK(mul_f32(0x3f7fffff, kMinNormal, mode(Rounding::rn, true)) == kMinNormal);
  CHECK(mul_f32(0x3f7fffff, kMinNormal, mode(Rounding::rz, true)) == 0);
}

TEST_CASE("fp f32: signed zeros follow IEEE 754") {
  CHECK(add_f32(0, kNegZero) == 0);
  CHECK(add_f32(0, kNegZero, mode(Rounding::rm)) == kNegZero);
  CHECK(add_f32(kNegZero, kNegZero) == kNegZero);
  CHECK(sub_f32(0, 0, mode(Rounding::rm)) == kNegZero);
  CHECK(add_f32(kOne, 0xbf800000) == 0);  // exact cancellation
  CHECK(add_f32(kOne, 0xbf800000, mode(Rounding::rm)) == kNegZero);
  CHECK(mul_f32(kNegZero, kTwo) == kNegZero);
  CHECK(fma_f32(0, kTwo, kNegZero) == 0);  // +0 product + -0
  CHECK(fma_f32(0, kTwo, kNegZero, mode(Rounding::rm)) == kNegZero);
  CHECK(fma_f32(kNegZero, kTwo, kNegZero) == kNegZero);
}

TEST_CASE("fp f32: fma rounds once") {
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: mul rounds the 2^-24 away (a tie to
  // even), fma keeps it.
  const uint32_t a = 0x3f800800, c = 0xbf801000;
  CHECK(mul_f32(a, a) == 0x3f801000);
  CHECK(add_f32(mul_f32(a, a), c) == 0);
  CHECK(fma_f32(a, a, c) == kEps24);
  CHECK(fma_f32(kTwo, 0x40400000, 0x40a00000) == 0x41300000);  // 2 * 3 + 5 = 11
  CHECK(fma_f32(kInf, 0, kOne) == kNaNF32);
  CHECK(fma_f32(kInf, kOne, kNegInf) == kNaNF32);
  CHECK(fma_f32(kOne, kOne, kInf) == kInf);
  // .ftz flushes the addend too: 1 * 2^-149 + 0 is 0.
  CHECK(fma_f32(kOne, kMinSub, 0, mode(Rounding::rn, true)) == 0);
  CHECK(fma_f32(kOne, kMinSub, 0) == kMinSub);
}

TEST_CASE("fp f32: div, rcp and sqrt are IEEE in every direction") {
  CHECK(div_f32(kOne, 0x40400000, mode(Rounding::rn)) == 0x3eaaaaab);  // 1/3
  CHECK(div_f32(kOne, 0x40400000, mode(Rounding::rz)) == 0x3eaaaaaa);
  CHECK(div_f32(kOne, 0x40400000, mode(Rounding::rm)) == 0x3eaaaaaa);
  CHECK(div_f32(kOne, 0x40400000, mode(Rounding::rp)) == 0x3eaaaaab);
  CHECK(div_f32(0xbf800000, 0x40400000, mode(Rounding::rm)) == 0xbeaaaaab);
  CHECK(div_f32(0xbf800000, 0x40400000, mode(Rounding::rp)) == 0xbeaaaaaa);
  CHECK(rcp_f32(0x40400000, mode(Rounding::rz)) == 0x3eaaaaaa);
  CHECK(div_f32(kOne, 0) == kInf);
  CHECK(div_f32(0xbf800000, 0) == kNegInf);
  CHECK(div_f32(kOne, kNegZero) == kNegInf);
  CHECK(div_f32(0, 0) == kNaNF32);
  CHECK(div_f32(kInf, kInf) == kNaNF32);
  CHECK(rcp_f32(kNegInf) == kNegZero);
  CHECK(rcp_f32(0) == kInf);
  // rcp of a large value is subnormal; .ftz flushes it.
  CHECK(rcp_f32(0x7e800000) == kMinNormal);  // 1 / 2^126
  CHECK(rcp_f32(0x7f000000) == 0x00400000);  // 1 / 2^127 = 2^-127
  CHECK(rcp_f32(0x7f000000, mode(Rounding::rn, true)) == 0);
  // sqrt(2) = 1.41421356...: 0x3fb504f3 is below it, 0x3fb504f4 above.
  CHECK(sqrt_f32(kTwo, mode(Rounding::rn)) == 0x3fb504f3);
  CHECK(sqrt_f32(kTwo, mode(Rounding::rz)) == 0x3fb504f3);
  CHECK(sqrt_f32(kTwo, mode(Rounding::rp)) == 0x3fb504f4);
  CHECK(sqrt_f32(0x40800000, mode(Rounding::rp)) == kTwo);  // exact stays exact
  CHECK(sqrt_f32(kNegZero) == kNegZero);
  CHECK(sqrt_f32(kInf) == kInf);
  CHECK(sqrt_f32(kNegInf) == kNaNF32);
  CHECK(sqrt_f32(0xbf800000) == kNaNF32);
  CHECK(sqrt_f32(0x00000002) == 0x1a800000);  // sqrt(2^-148) = 2^-74
}

TEST_CASE("fp f32: NaN results are the canonical 0x7fffffff whatever the inputs") {
  CHECK(add_f32(kInf, kNegInf) == kNaNF32);
  CHECK(mul_f32(0, kInf) == kNaNF32);
  CHECK(add_f32(0x7fc00001, kOne) == kNaNF32);  // payload dropped
  CHECK(mul_f32(kOne, 0xff800123) == kNaNF32);  // signalling NaN, negative
  CHECK(sub_f32(0x7fc00000, 0x7fc00000) == kNaNF32);
  CHECK(fma_f32(kOne, kOne, 0x7f800001) == kNaNF32);
  // neg/abs only touch the sign bit (PTX: "unspecified NaN").
  CHECK(neg_f32(0x7fc00001) == 0xffc00001);
  CHECK(abs_f32(0xffc00001) == 0x7fc00001);
  CHECK(neg_f32(0) == kNegZero);
  CHECK(neg_f32(0x80000005, true) == 0);  // flushed to -0, then negated
  CHECK(abs_f32(0x80000005) == 0x00000005);
  CHECK(abs_f32(0x80000005, true) == 0);
}

TEST_CASE("fp f32: .sat clamps to [+0, 1] after rounding, NaN and -0 to +0") {
  CHECK(add_f32(0x3f400000, kHalf, mode(Rounding::rn, false, true)) == kOne);    // 0.75 + 0.5
  CHECK(add_f32(0xbf000000, 0x3e800000, mode(Rounding::rn, false, true)) == 0);  // -0.25
  CHECK(add_f32(0x3e800000, 0x3e800000, mode(Rounding::rn, false, true)) == kHalf);
  CHECK(add_f32(kInf, kNegInf, mode(Rounding::rn, false, true)) == 0);
  CHECK(mul_f32(0xbf800000, 0, mode(Rounding::rn, false, true)) == 0);  // -0 -> +0
  CHECK(fma_f32(kInf, kOne, 0, mode(Rounding::rn, false, true)) == kOne);
  CHECK(saturate_f32(kNegInf) == 0);
  CHECK(saturate_f32(0x3f7fffff) == 0x3f7fffff);
}

TEST_CASE("fp f32x2: each half is an independent f32 operation") {
  const uint64_t a = pack32(kOne, kMax), b = pack32(kTwo, kMax);
  CHECK(add_f32x2(a, b) == pack32(0x40400000, kInf));
  CHECK(add_f32x2(a, b, mode(Rounding::rz)) == pack32(0x40400000, kMax));
  CHECK(mul_f32x2(a, b) == pack32(kTwo, kInf));
  CHECK(sub_f32x2(a, a) == 0);
  CHECK(fma_f32x2(a, b, a) == pack32(0x40400000, kInf));
}

TEST_CASE("fp f64: ties, fma, div, sqrt and overflow") {
  constexpr uint64_t one = 0x3ff0000000000000, two = 0x4000000000000000, three = 0x4008000000000000;
  constexpr uint64_t eps53 = 0x3ca0000000000000;  // 2^-53, half an ulp of 1.0
  CHECK(add_f64(one, eps53, Rounding::rn) == one);
  CHECK(add_f64(one, eps53, Rounding::rp) == 0x3ff0000000000001);
  CHECK(add_f64(one, eps53, Rounding::rm) == one);
  CHECK(sub_f64(0xbff0000000000000, eps53, Rounding::rm) == 0xbff0000000000001);
  // (1 + 2^-27)^2 = 1 + 2^-26 + 2^-54: mul drops 2^-54, fma keeps it.
  constexpr uint64_t a = 0x3ff0000002000000, c = 0xbff0000004000000;
  CHECK(mul_f64(a, a) == 0x3ff0000004000000);
  CHECK(fma_f64(a, a, c) == 0x3c90000000000000);
  CHECK(div_f64(one, three, Rounding::rn) == 0x3fd5555555555555);
  CHECK(div_f64(one, three, Rounding::rp) == 0x3fd5555555555556);
  CHECK(rcp_f64(two, Rounding::rz) == 0x3fe0000000000000);
  // sqrt(2) = 1.4142135623730950488...: 0x...bcd is above it, 0x...bcc below.
  CHECK(sqrt_f64(two, Rounding::rn) == 0x3ff6a09e667f3bcd);
  CHECK(sqrt_f64(two, Rounding::rz) == 0x3ff6a09e667f3bcc);
  CHECK(sqrt_f64(two, Rounding::rp) == 0x3ff6a09e667f3bcd);
  constexpr uint64_t max = 0x7fefffffffffffff;
  CHECK(mul_f64(max, two, Rounding::rn) == 0x7ff0000000000000);
  CHECK(mul_f64(max, two, Rounding::rz) == max);
  CHECK(mul_f64(0x0000000000000001, 0x3fe0000000000000, Rounding::rp) == 1);  // 2^-1075 up
  CHECK(mul_f64(0x0000000000000001, 0x3fe0000000000000, Rounding::rn) == 0);
  CHECK(add_f64(one, 0xbff0000000000000, Rounding::rm) == 0x8000000000000000);
}

TEST_CASE("fp f64: NaN payloads propagate, quieted, and NaNs made from numbers are kNaNF64") {
  CHECK(add_f64(0x7ff0000000000001, 0x3ff0000000000000) == 0x7ff8000000000001);
  CHECK(mul_f64(0x3ff0000000000000, 0xfff8000000000abc) == 0xfff8000000000abc);
  CHECK(fma_f64(0x7ff8000000000001, 0x7ff8000000000002, 0x7ff8000000000003) == 0x7ff8000000000001);
  CHECK(fma_f64(0x3ff0000000000000, 0x7ff8000000000002, 0x7ff8000000000003) == 0x7ff8000000000002);
  CHECK(sqrt_f64(0x7ff4000000000000) == 0x7ffc000000000000);
  CHECK(add_f64(0x7ff0000000000000, 0xfff0000000000000) == kNaNF64);
  CHECK(div_f64(0, 0) == kNaNF64);
  CHECK(sqrt_f64(0xbff0000000000000) == kNaNF64);
  CHECK(neg_f64(0x7ff8000000000001) == 0xfff8000000000001);
  CHECK(abs_f64(0x8000000000000000) == 0);
}
