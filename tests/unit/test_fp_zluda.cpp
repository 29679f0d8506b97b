// Ground truth from real GPUs: input/output pairs hand-transcribed from the
// ZLUDA PTX execution tests, /work/shared/corpus/zluda/manifest.json (ZLUDA
// commit 8a7931be87d758835776f54ea2e33d30621c74ce, ptx/src/test/spirv_run;
// MIT OR Apache-2.0). Each check names the manifest test and the instruction
// its .ptx file runs on those values; outputs are the recorded bit patterns.
// (ZLUDA compares floats with IEEE ==, so where a recorded output is a zero
// its sign was not checked upstream; the signs asserted here are the ones
// PTX's rules give.)
#include <doctest/doctest.h>

#include <cstdint>

#include "emulator/fp/approx.h"
#include "emulator/fp/arith.h"
#include "emulator/fp/compare.h"
#include "emulator/fp/convert.h"
#include "emulator/fp/half.h"
#include "emulator/fp/half_arith.h"

using namespace warpsat::fp;

namespace {
CvtMods irnd(IntRounding r, bool ftz = false) { return CvtMods{std::nullopt, r, ftz}; }
CvtMods frnd(Rounding r) { return CvtMods{r, std::nullopt}; }
}  // namespace

TEST_CASE("fp zluda: f32/f64 arithmetic with rounding and denormal modifiers") {
  // fma: fma.rn.f32 2 * 3 + 5.
  CHECK(fma_f32(0x40000000, 0x40400000, 0x40a00000, {Rounding::rn}) == 0x41300000);
  // mul_ftz / mul_non_ftz: mul{.ftz}.f32 of a negative subnormal by 0.5.
  CHECK(mul_f32(0x80400000, 0x3f000000, {Rounding::rn, true}) == 0x80000000);
  CHECK(mul_f32(0x80400000, 0x3f000000) == 0x80200000);
  // sqrt_rn_ftz: sqrt.rn.ftz.f32 of the smallest subnormal.
  CHECK(sqrt_f32(0x00000001, {Rounding::rn, true}) == 0x00000000);
  // rcp_f64: rcp.rz.f64 2.0.
  CHECK(rcp_f64(0x4000000000000000, Rounding::rz) == 0x3fe0000000000000);
  // div_ftz: div.ftz.rn.f32 flushes the subnormal quotient; mul.f32 of the pair.
  CHECK(div_f32(0x16a2028d, 0x5e89f6ae, {Rounding::rn, true}) == 0x00000000);
  CHECK(mul_f32(0x16a2028d, 0x5e89f6ae) == 0x35ae9ef4);
  // div_noftz: div.rn.f32 keeps it; mul.ftz.f32 of the pair.
  CHECK(div_f32(0x16a2028d, 0x5e89f6ae, {Rounding::rn}) == 0x00000026);
  CHECK(mul_f32(0x16a2028d, 0x5e89f6ae, {Rounding::rn, true}) == 0x35ae9ef4);
  // call_rnd: add.rp.f32 and add.rm.f32 of 1 + 2^-24 inside called functions.
  CHECK(add_f32(0x3f800000, 0x33800000, {Rounding::rp}) == 0x3f800001);
  CHECK(add_f32(0x3f800000, 0x33800000, {Rounding::rm}) == 0x3f800000);
}

TEST_CASE("fp zluda: cvt between floats and integers") {
  // cvt_rni: cvt.rni.f32.f32 of 9.5 and 10.5 (both to 10, ties to even).
  CHECK(cvt(Type::f32, Type::f32, 0x41180000, irnd(IntRounding::rni)) == 0x41200000);
  CHECK(cvt(Type::f32, Type::f32, 0x41280000, irnd(IntRounding::rni)) == 0x41200000);
  // cvt_rzi: cvt.rzi.f32.f32 of -13.8 and 12.9.
  CHECK(cvt(Type::f32, Type::f32, 0xc15ccccd, irnd(IntRounding::rzi)) == 0xc1500000);
  CHECK(cvt(Type::f32, Type::f32, 0x414e6666, irnd(IntRounding::rzi)) == 0x41400000);
  // cvt_s32_f32: cvt.rpi.ftz.s32.f32 of -13.8 and 12.9.
  CHECK(cvt(Type::s32, Type::f32, 0xc15ccccd, irnd(IntRounding::rpi, true)) == 0xfffffff3);
  CHECK(cvt(Type::s32, Type::f32, 0x414e6666, irnd(IntRounding::rpi, true)) == 0x0000000d);
  // cvt_rni_u16_f32: cvt.rni.u16.f32 of 65535.5 rounds to 65536 and saturates.
  CHECK(cvt(Type::u16, Type::f32, 0x477fff80, irnd(IntRounding::rni)) == 0xffff);
  // cvt_f64_f32: cvt.ftz.f64.f32 of 0.125.
  CHECK(cvt(Type::f64, Type::f32, 0x3e000000, CvtMods{std::nullopt, std::nullopt, true}) ==
        0x3fc0000000000000);
  // cvt_sat_s_u: cvt.sat.u32.s32 of -1, then cvt.s32.u32.
  const uint64_t clamped =
      cvt(Type::u32, Type::s32, 0xffffffff, CvtMods{std::nullopt, std::nullopt, false, true});
  CHECK(cvt(Type::s32, Type::u32, clamped) == 0x00000000);
  // cvt_s16_s8: cvt.s16.s8 from a .b32 register into a .b32 register.
  CHECK(extend_to_register(cvt(Type::s16, Type::s8, 0x139231c2), Type::s16, 32) == 0xffffffc2);
  // cvt_s64_s32: cvt.s64.s32 of -1.
  CHECK(cvt(Type::s64, Type::s32, 0xffffffff) == 0xffffffffffffffff);
  // uint_to_fp_bf16: cvt.rn.f32.u32 of 1, then cvt.rn.bf16.f32.
  const uint64_t one = cvt(Type::f32, Type::u32, 1, frnd(Rounding::rn));
  CHECK(cvt(Type::bf16, Type::f32, one, frnd(Rounding::rn)) == 0x3f80);
}

TEST_CASE("fp zluda: packed and fp8 conversions") {
  // cvt_rn_satfinite_e4m3x2_f32: {0.40625, 12.9}.
  CHECK(cvt_fp8x2_f32(Fp8::e4m3, 0x3ed00000, 0x414e6666) == 0x2d55);
  // cvt_rn_satfinite_e5m2x2_f32: {0.375, -5256.6}.
  CHECK(cvt_fp8x2_f32(Fp8::e5m2, 0x3ec00000, 0xc5a444cd) == 0x36ed);
  // cvt_rn_f16x2_e4m3x2 / cvt_rn_f16x2_e5m2x2: and back up to f16x2.
  CHECK(cvt_f16x2_fp8x2(Fp8::e4m3, 0x2d55) == 0x36804a80);
  CHECK(cvt_f16x2_fp8x2(Fp8::e5m2, 0x36ed) == 0x3600ed00);
  // cvt_rn_bf16x2_f32: {0.40625, 12.9}.
  CHECK(cvt_bf16x2_f32(0x3ed00000, 0x414e6666, Rounding::rn) == 0x3ed0414e);
  // cvt_f16x2_f32: cvt.rn.f16x2.f32 {1.0, 2.0}.
  CHECK(cvt_f16x2_f32(0x3f800000, 0x40000000, Rounding::rn) == 0x3c004000);
  // cvt_relu_f16x2_f32: cvt.rn.relu.f16x2.f32 {-1, 1} and {3.14, -inf}.
  const NarrowMods relu{false, true, false};
  CHECK(cvt_f16x2_f32(0xbf800000, 0x3f800000, Rounding::rn, relu) == 0x00003c00);
  CHECK(cvt_f16x2_f32(0x4048f5c3, 0xff800000, Rounding::rn, relu) == 0x42480000);
}

TEST_CASE("fp zluda: packed half arithmetic, min/max, comparisons, copysign") {
  // fma_f16x2 / fma_bf16x2: fma.rn on the same three .b32 inputs.
  CHECK(hfma2(Half::f16, 0x40004040, 0x40404080, 0x40a04040) == 0x469046e8);
  CHECK(hfma2(Half::bf16, 0x40004040, 0x40404080, 0x40a04040) == 0x41304170);
  // min_f16: min.f16(NaN, 123.0); fmax: max.f16(NaN, 0.0) (operands as the
  // kernel passes them).
  CHECK(hmin(Half::f16, 0x7e00, 0x57b0) == 0x57b0);
  CHECK(hmax(Half::f16, 0x7e00, 0x0000) == 0x0000);
  // setp_gt / setp_leu: setp.gt.ftz.f32(NaN, 1) is false, setp.leu.ftz.f32(1, NaN) true.
  CHECK_FALSE(cmp_f32(CmpOp::gt, 0x7fc00000, 0x3f800000, true));
  CHECK(cmp_f32(CmpOp::leu, 0x3f800000, 0x7fc00000, true));
  // setp_nan / setp_num over {0.5, NaN}, {NaN, 0.5}, {NaN, NaN}, {0.5, 0.5}.
  const uint32_t pairs[4][2] = {
      {0x3f000000, 0x7fc00000}, {0x7fc00000, 0x3f000000}, {0x7fc00000, 0x7fc00000}, {0x3f000000, 0x3f000000}};
  const bool nan_expected[4] = {true, true, true, false};
  for (int i = 0; i < 4; ++i) {
    CHECK(cmp_f32(CmpOp::nan, pairs[i][0], pairs[i][1]) == nan_expected[i]);
    CHECK(cmp_f32(CmpOp::num, pairs[i][0], pairs[i][1]) == !nan_expected[i]);
  }
  // set_f16: set.gtu.u32.f16(NaN, NaN) and set.gtu.u32.f16x2({3.14, -inf}, {-0, 0}).
  CHECK(set_u32(cmp_half(Half::f16, CmpOp::gtu, 0x7e00, 0x7e00)) == 0xffffffff);
  CHECK(set_half2_int(cmp_half2(Half::f16, CmpOp::gtu, 0xfc004248, 0x00008000)) == 0x0000ffff);
  // set_gt_f16x2: set.gt.f16x2.f16x2 of {-0, 0.6} against {0, 0.35}.
  CHECK(set_half2_float(Half::f16, cmp_half2(Half::f16, CmpOp::gt, 0x38d38000, 0x35aa0000)) == 0x3c000000);
  // copysign: copysign.f32.
  CHECK(copysign_f32(0x0bda2a2c, 0xe31a8fd7) == 0x631a8fd7);
}

TEST_CASE("fp zluda: .approx instructions on inputs with exact results") {
  CHECK(sin_approx_f32(0x3fc90fdb) == 0x3f800000);                    // sin: sin(pi/2)
  CHECK(cos_approx_f32(0x40490fdb) == 0xbf800000);                    // cos: cos(pi)
  CHECK(lg2_approx_f32(0x44000000) == 0x41100000);                    // lg2: log2(512)
  CHECK(ex2_approx_f32(0x41200000) == 0x44800000);                    // ex2: 2^10
  CHECK(tanh_approx_f32(0x7f800000) == 0x3f800000);                   // tanh: tanh(+inf)
  CHECK(rcp_approx_f32(0x40000000) == 0x3f000000);                    // rcp: rcp.approx.f32 2
  CHECK(div_approx_f32(0x3f800000, 0x40000000) == 0x3f000000);        // div_approx
  CHECK(sqrt_approx_f32(0x3e800000) == 0x3f000000);                   // sqrt: sqrt.approx.f32 0.25
  CHECK(rsqrt_approx_f64(0x3fd0000000000000) == 0x4000000000000000);  // rsqrt: rsqrt.approx.f64 0.25
}
