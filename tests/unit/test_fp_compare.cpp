// setp/set comparisons, testp, copysign and min/max (emulator/fp/compare.h)
// against PTX ISA's definitions: ordered/unordered operators with NaN, -0 ==
// +0, .ftz, predicate and lane order of the packed forms, PTX's min/max
// pseudocode (NaN ignored, .NaN, -0 < +0, .xorsign.abs).
#include <doctest/doctest.h>

#include <cstdint>

#include "emulator/fp/compare.h"

using namespace warpsat::fp;

namespace {
constexpr uint32_t kOne = 0x3f800000, kTwo = 0x40000000, kNaN = 0x7fc00000;
constexpr uint32_t kInf = 0x7f800000, kNegInf = 0xff800000, kNegZero = 0x80000000;
}  // namespace

TEST_CASE("fp setp: ordered operators are false and unordered true with a NaN") {
  const CmpOp ordered[] = {CmpOp::eq, CmpOp::ne, CmpOp::lt, CmpOp::le, CmpOp::gt, CmpOp::ge};
  const CmpOp unordered[] = {CmpOp::equ, CmpOp::neu, CmpOp::ltu, CmpOp::leu, CmpOp::gtu, CmpOp::geu};
  for (CmpOp op : ordered) {
    CHECK_FALSE(cmp_f32(op, kNaN, kOne));
    CHECK_FALSE(cmp_f32(op, kOne, kNaN));
    CHECK_FALSE(cmp_f64(op, 0x7ff8000000000000, 0));
    CHECK_FALSE(cmp_half(Half::f16, op, 0x7e00, 0x3c00));
  }
  for (CmpOp op : unordered) {
    CHECK(cmp_f32(op, kNaN, kOne));
    CHECK(cmp_f32(op, kOne, kNaN));
    CHECK(cmp_half(Half::bf16, op, 0x3f80, 0x7fc0));
  }
  CHECK(cmp_f32(CmpOp::num, kOne, kTwo));
  CHECK_FALSE(cmp_f32(CmpOp::num, kOne, kNaN));
  CHECK(cmp_f32(CmpOp::nan, kNaN, kOne));
  CHECK_FALSE(cmp_f32(CmpOp::nan, kInf, kOne));
}

TEST_CASE("fp setp: numeric results, signed zeros, infinities") {
  CHECK(cmp_f32(CmpOp::lt, kOne, kTwo));
  CHECK(cmp_f32(CmpOp::ltu, kOne, kTwo));
  CHECK_FALSE(cmp_f32(CmpOp::gtu, kOne, kTwo));
  CHECK(cmp_f32(CmpOp::lt, 0xc0000000, 0xbf800000));  // -2 < -1
  CHECK(cmp_f32(CmpOp::eq, 0, kNegZero));
  CHECK_FALSE(cmp_f32(CmpOp::lt, kNegZero, 0));
  CHECK(cmp_f32(CmpOp::ge, kNegZero, 0));
  CHECK(cmp_f32(CmpOp::lt, kNegInf, 0xff7fffff));
  CHECK(cmp_f32(CmpOp::gt, kInf, 0x7f7fffff));
  CHECK(cmp_f64(CmpOp::le, 0x8000000000000000, 0));
  CHECK(cmp_f64(CmpOp::ne, 0x3ff0000000000001, 0x3ff0000000000000));
  CHECK(cmp_half(Half::f16, CmpOp::gt, 0x38d3, 0x35aa));
  CHECK(cmp_half(Half::bf16, CmpOp::lt, 0xbf80, 0x3f80));
}

TEST_CASE("fp setp: .ftz compares subnormals as zeros") {
  CHECK_FALSE(cmp_f32(CmpOp::eq, 0x00000001, 0));
  CHECK(cmp_f32(CmpOp::eq, 0x00000001, 0, true));
  CHECK(cmp_f32(CmpOp::eq, 0x80000001, 0x00000001, true));
  CHECK(cmp_f32(CmpOp::gt, 0x00000001, 0x80000001));
  CHECK_FALSE(cmp_f32(CmpOp::gt, 0x00000001, 0x80000001, true));
  CHECK(cmp_half(Half::f16, CmpOp::eq, 0x0001, 0x8000, true));
}

TEST_CASE("fp setp/set packed: p and set's element 0 come from bits [0:15]") {
  // a = {hi 2.0, lo 1.0}, b = {hi 1.0, lo 2.0}.
  const PredPair r = cmp_half2(Half::f16, CmpOp::gt, 0x40003c00, 0x3c004000);
  CHECK_FALSE(r.p);
  CHECK(r.q);
  CHECK(set_half2_float(Half::f16, r) == 0x3c000000);
  CHECK(set_half2_float(Half::bf16, r) == 0x3f800000);
  CHECK(set_half2_int(r) == 0xffff0000);
  CHECK(set_u32(true) == 0xffffffff);
  CHECK(set_u16(true) == 0xffff);
  CHECK(set_f32(true) == kOne);
  CHECK(set_f32(false) == 0);
  CHECK(set_half(Half::f16, true) == 0x3c00);
  CHECK(combine(BoolOp::and_, true, false) == false);
  CHECK(combine(BoolOp::or_, false, true) == true);
  CHECK(combine(BoolOp::xor_, true, true) == false);
  CHECK(combine(BoolOp::none, true, false) == true);
}

TEST_CASE("fp testp: each property, zeros are normal") {
  struct Case {
    uint32_t bits;
    bool finite, infinite, number, notanumber, normal, subnormal;
  };
  const Case cases[] = {
      {0, true, false, true, false, true, false},
      {kNegZero, true, false, true, false, true, false},
      {kOne, true, false, true, false, true, false},
      {0x00000001, true, false, true, false, false, true},
      {0x807fffff, true, false, true, false, false, true},
      {kInf, false, true, true, false, false, false},
      {kNegInf, false, true, true, false, false, false},
      {kNaN, false, false, false, true, false, false},
      {0xff800001, false, false, false, true, false, false},
  };
  for (const Case& c : cases) {
    CAPTURE(c.bits);
    CHECK(testp_f32(TestOp::finite, c.bits) == c.finite);
    CHECK(testp_f32(TestOp::infinite, c.bits) == c.infinite);
    CHECK(testp_f32(TestOp::number, c.bits) == c.number);
    CHECK(testp_f32(TestOp::notanumber, c.bits) == c.notanumber);
    CHECK(testp_f32(TestOp::normal, c.bits) == c.normal);
    CHECK(testp_f32(TestOp::subnormal, c.bits) == c.subnormal);
  }
  CHECK(testp_f64(TestOp::subnormal, 0x000fffffffffffff));
  CHECK(testp_f64(TestOp::normal, 0x0010000000000000));
  CHECK(testp_f64(TestOp::notanumber, 0x7ff0000000000001));
  CHECK_FALSE(testp_f64(TestOp::finite, 0xfff0000000000000));
}

TEST_CASE("fp copysign: b's magnitude, a's sign") {
  CHECK(copysign_f32(0x0bda2a2c, 0xe31a8fd7) == 0x631a8fd7);
  CHECK(copysign_f32(kNegZero, kOne) == 0xbf800000);
  CHECK(copysign_f32(0, 0xffc00001) == 0x7fc00001);
  CHECK(copysign_f64(0x8000000000000000, 0x3ff0000000000000) == 0xbff0000000000000);
}

TEST_CASE("fp min/max f32: NaN operands are ignored unless both are NaN or .NaN is set") {
  CHECK(min_f32(kNaN, kOne) == kOne);
  CHECK(min_f32(kOne, kNaN) == kOne);
  CHECK(max_f32(0xffc00001, kOne) == kOne);
  CHECK(min_f32(kNaN, 0x7fc00001) == kNaNF32);
  CHECK(min_f32(kOne, kNaN, {false, true}) == kNaNF32);
  CHECK(max_f32(kNaN, kOne, {false, true}) == kNaNF32);
  CHECK(max_f32(kOne, kTwo, {false, true}) == kTwo);
  CHECK(min_f32(kNegInf, kOne) == kNegInf);
  CHECK(max_f32(kInf, kNaN) == kInf);
}

TEST_CASE("fp min/max f32: -0 is below +0, .ftz, .xorsign.abs") {
  CHECK(min_f32(kNegZero, 0) == kNegZero);
  CHECK(min_f32(0, kNegZero) == kNegZero);
  CHECK(max_f32(kNegZero, 0) == 0);
  CHECK(max_f32(0, kNegZero) == 0);
  CHECK(min_f32(0x80000001, 0x00000001) == 0x80000001);
  CHECK(min_f32(0x80000001, 0x00000001, {true}) == kNegZero);  // both flushed, -0 < +0
  CHECK(max_f32(0x00000001, 0, {true}) == 0);
  const MinMaxMods xa{false, false, true, true};
  CHECK(min_f32(0xc0400000, kTwo, xa) == 0xc0000000);        // min(|-3|, |2|) = 2, sign - ^ + = -
  CHECK(max_f32(0xc0400000, kTwo, xa) == 0xc0400000);        // 3, negative
  CHECK(max_f32(0xc0400000, 0xc0000000, xa) == 0x40400000);  // - ^ - = +
  CHECK(min_f32(kNaN, 0xc0000000, xa) == 0xc0000000);        // NaN ignored; sign + ^ - = -
  CHECK(min_f32(kNaN, kNaN, xa) == kNaNF32);
  CHECK(max_f32(0xc0400000, kTwo, {false, false, true, false}) == 0x40400000);  // .abs alone
}

TEST_CASE("fp min/max with three inputs: pairwise, NaN-aware, .abs") {
  CHECK(min3_f32(0x40400000, kNaN, kOne) == kOne);
  CHECK(min3_f32(kNaN, kNaN, 0x40a00000) == 0x40a00000);
  CHECK(min3_f32(kNaN, kNaN, 0x40a00000, {false, true}) == kNaNF32);
  CHECK(max3_f32(kOne, 0xc0400000, kTwo) == kTwo);
  CHECK(max3_f32(kOne, 0xc0400000, kTwo, {false, false, true}) == 0x40400000);
  CHECK(min3_f32(kOne, kTwo, 0xbf800000, {false, false, true, true}) == kOne);  // .xorsign ignored
}

TEST_CASE("fp min/max f64 and f16/bf16") {
  CHECK(min_f64(0x7ff8000000000005, 0x3ff0000000000000) == 0x3ff0000000000000);
  CHECK(min_f64(0x7ff0000000000005, 0x7ff8000000000006) == 0x7ff8000000000005);  // first, quieted
  CHECK(max_f64(0x8000000000000000, 0) == 0);
  CHECK(min_f64(0xfff0000000000000, 0) == 0xfff0000000000000);
  CHECK(hmin(Half::f16, 0x7e00, 0x57b0) == 0x57b0);
  CHECK(hmax(Half::f16, 0x7e00, 0x0000) == 0x0000);
  CHECK(hmax(Half::f16, 0x7e00, 0x7c01) == kNaNF16);
  CHECK(hmin(Half::bf16, 0x3f80, 0x7fc0, {false, true}) == kNaNBF16);
  CHECK(hmin(Half::f16, 0x8000, 0x0000) == 0x8000);
  CHECK(hmax(Half::bf16, 0xc040, 0x4000, {false, false, true, true}) == 0xc040);
  CHECK(hmin(Half::f16, 0x8001, 0x0001, {true}) == 0x8000);
  // Lanes: {hi, lo} = {NaN, 1.0} vs {2.0, 3.0}.
  CHECK(hmin2(Half::f16, 0x7e003c00, 0x40004200) == 0x40003c00);
  CHECK(hmax2(Half::f16, 0x7e003c00, 0x40004200, {false, true}) == 0x7fff4200);
}
