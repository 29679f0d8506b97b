// The .approx functions (emulator/fp/approx.h): every special case PTX ISA
// tabulates, .ftz, the div.approx range rule, the "gross" f64 forms, and the
// accuracy approx.h promises (within 1 ulp of the exact value), measured
// against glibc's independent long double functions.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "emulator/fp/approx.h"

using namespace warpsat::fp;

namespace {
constexpr uint32_t kOne = 0x3f800000, kNegOne = 0xbf800000, kNaN = 0x7fc00000;
constexpr uint32_t kInf = 0x7f800000, kNegInf = 0xff800000, kNegZero = 0x80000000;
constexpr uint32_t f32(float v) { return bits_f32(v); }

// How many f32 steps `ours` is from the exact value `ref` (0 when it is
// one of the two f32 neighbours of ref and the nearer one, 1 when the other).
double ulps_from(uint32_t ours, long double ref) {
  const float x = as_f32(ours);
  const float toward = std::nextafterf(x, ref > x ? INFINITY : -INFINITY);
  const long double step = std::fabs(static_cast<long double>(toward) - static_cast<long double>(x));
  return static_cast<double>(std::fabs(static_cast<long double>(x) - ref) / step);
}
}  // namespace

TEST_CASE("fp approx: PTX's special-case tables for the f32 functions") {
  CHECK(ex2_approx_f32(kNegInf) == 0);
  CHECK(ex2_approx_f32(kNegZero) == kOne);
  CHECK(ex2_approx_f32(0) == kOne);
  CHECK(ex2_approx_f32(kInf) == kInf);
  CHECK(ex2_approx_f32(kNaN) == kNaNF32);
  CHECK(lg2_approx_f32(kNegInf) == kNaNF32);
  CHECK(lg2_approx_f32(kNegOne) == kNaNF32);
  CHECK(lg2_approx_f32(kNegZero) == kNegInf);
  CHECK(lg2_approx_f32(0) == kNegInf);
  CHECK(lg2_approx_f32(kInf) == kInf);
  CHECK(sin_approx_f32(kNegInf) == kNaNF32);
  CHECK(sin_approx_f32(kNegZero) == kNegZero);
  CHECK(sin_approx_f32(0) == 0);
  CHECK(sin_approx_f32(kInf) == kNaNF32);
  CHECK(cos_approx_f32(kNegZero) == kOne);
  CHECK(cos_approx_f32(kInf) == kNaNF32);
  CHECK(tanh_approx_f32(kNegInf) == kNegOne);
  CHECK(tanh_approx_f32(kNegZero) == kNegZero);
  CHECK(tanh_approx_f32(kInf) == kOne);
  CHECK(tanh_approx_f32(0x00000005) == 0x00000005);  // subnormals pass through
  CHECK(tanh_approx_f32(0x80000005) == 0x80000005);
  CHECK(rsqrt_approx_f32(kNegInf) == kNaNF32);
  CHECK(rsqrt_approx_f32(kNegOne) == kNaNF32);
  CHECK(rsqrt_approx_f32(kNegZero) == kNegInf);
  CHECK(rsqrt_approx_f32(0) == kInf);
  CHECK(rsqrt_approx_f32(kInf) == 0);
  CHECK(rcp_approx_f32(kNegInf) == kNegZero);
  CHECK(rcp_approx_f32(kNegZero) == kNegInf);
  CHECK(rcp_approx_f32(0) == kInf);
  CHECK(rcp_approx_f32(kInf) == 0);
  CHECK(sqrt_approx_f32(kNegInf) == kNaNF32);
  CHECK(sqrt_approx_f32(kNegOne) == kNaNF32);
  CHECK(sqrt_approx_f32(kNegZero) == kNegZero);
  CHECK(sqrt_approx_f32(kInf) == kInf);
}

TEST_CASE("fp approx: exactly representable results come out exact") {
  CHECK(ex2_approx_f32(f32(10.0f)) == f32(1024.0f));
  CHECK(ex2_approx_f32(f32(-3.0f)) == f32(0.125f));
  CHECK(ex2_approx_f32(f32(0.5f)) == 0x3fb504f3);  // sqrt(2) rounded to nearest
  CHECK(lg2_approx_f32(f32(512.0f)) == f32(9.0f));
  CHECK(lg2_approx_f32(0x00000001) == f32(-149.0f));
  CHECK(sin_approx_f32(0x3fc90fdb) == kOne);     // f32(pi/2)
  CHECK(cos_approx_f32(0x40490fdb) == kNegOne);  // f32(pi)
  CHECK(rsqrt_approx_f32(f32(0.25f)) == f32(2.0f));
  CHECK(rsqrt_approx_f32(f32(2.0f)) == 0x3f3504f3);  // 1/sqrt(2) = 0.70710678...
  CHECK(rcp_approx_f32(f32(2.0f)) == f32(0.5f));
  CHECK(sqrt_approx_f32(f32(0.25f)) == f32(0.5f));
  CHECK(div_approx_f32(kOne, f32(2.0f)) == f32(0.5f));
  CHECK(div_full_f32(f32(3.0f), f32(4.0f)) == f32(0.75f));
}

TEST_CASE("fp approx: .ftz flushes subnormal inputs and results") {
  CHECK(ex2_approx_f32(f32(-130.0f)) == 0x00080000);  // 2^-130
  CHECK(ex2_approx_f32(f32(-130.0f), true) == 0);
  CHECK(ex2_approx_f32(0x80000001, true) == kOne);
  CHECK(lg2_approx_f32(0x80000001) == kNaNF32);        // negative subnormal
  CHECK(lg2_approx_f32(0x80000001, true) == kNegInf);  // flushed to -0 first
  CHECK(rsqrt_approx_f32(0x80000001, true) == kNegInf);
  CHECK(rcp_approx_f32(0x00400000) == 0x7f000000);  // 1/2^-127
  CHECK(rcp_approx_f32(0x00400000, true) == kInf);
  CHECK(rcp_approx_f32(0x7f000000, true) == 0);
  CHECK(sin_approx_f32(0x80000001, true) == kNegZero);
  CHECK(sqrt_approx_f32(0x00000004, true) == 0);
}

TEST_CASE("fp approx: div.approx for 2^126 < |b| < 2^128 is zero, or NaN for an infinite a") {
  CHECK(div_approx_f32(kOne, 0x7f000000) == 0);  // b = 2^127
  CHECK(div_approx_f32(0xbf800000, 0x7f000000) == kNegZero);
  CHECK(div_approx_f32(kOne, 0xff7fffff) == kNegZero);
  CHECK(div_approx_f32(kInf, 0x7f000000) == kNaNF32);
  CHECK(div_approx_f32(kOne, 0x7e800000) == 0x00800000);  // b = 2^126 is inside the normal range
  CHECK(div_full_f32(kOne, 0x7f000000) == 0x00400000);    // .full scales instead
  CHECK(div_approx_f32(kOne, kInf) == 0);
  CHECK(div_approx_f32(0, 0) == kNaNF32);
  CHECK(div_approx_f32(0x00000001, kOne, true) == 0);
}

TEST_CASE("fp approx: the gross f64 approximations read only the upper word") {
  CHECK(rcp_approx_ftz_f64(0x4000000000000000) == 0x3fe0000000000000);
  CHECK(rcp_approx_ftz_f64(0x4000000012345678) == 0x3fe0000000000000);  // low word ignored
  CHECK(rcp_approx_ftz_f64(0x4008000000000000) == 0x3fd5555500000000);  // 1/3 to 20 fraction bits
  CHECK(rcp_approx_ftz_f64(0x7ff8000000000000) == kNaNF64Approx);
  CHECK(rcp_approx_ftz_f64(0x7ff0000000000001) == 0);  // upper word +inf: the NaN bit is in the low word
  CHECK(rcp_approx_ftz_f64(0x0000000100000000) == 0x7ff0000000000000);  // +subnormal -> +inf
  CHECK(rcp_approx_ftz_f64(0x8000000100000000) == 0xfff0000000000000);
  CHECK(rcp_approx_ftz_f64(0xfff0000000000000) == 0x8000000000000000);
  CHECK(rsqrt_approx_ftz_f64(0x4010000000000000) == 0x3fe0000000000000);  // 1/sqrt(4)
  CHECK(rsqrt_approx_ftz_f64(0x8000000000000000) == 0xfff0000000000000);
  CHECK(rsqrt_approx_ftz_f64(0x8000000100000000) == 0xfff0000000000000);  // -subnormal -> -inf
  CHECK(rsqrt_approx_ftz_f64(0xbff0000000000000) == kNaNF64Approx);
  CHECK(rsqrt_approx_ftz_f64(0xfff0000000000000) == kNaNF64Approx);
  CHECK(rsqrt_approx_ftz_f64(0x7ff0000000000000) == 0);
  CHECK(rsqrt_approx_f64(0x3fd0000000000000) == 0x4000000000000000);  // 1/sqrt(0.25)
  CHECK(rsqrt_approx_f64(0x7ff4000000000001) == 0x7ffc000000000001);  // payload kept
  CHECK(rsqrt_approx_f64(0x8000000000000000) == 0xfff0000000000000);
  CHECK(rsqrt_approx_f64(0xbff0000000000000) == kNaNF64);
}

TEST_CASE("fp approx: f16 and bf16 ex2/tanh") {
  CHECK(ex2_approx_half(Half::f16, 0x4900) == 0x6400);  // 2^10
  CHECK(ex2_approx_half(Half::f16, 0xce00) == 0x0001);  // 2^-24: subnormal results kept
  CHECK(ex2_approx_half(Half::f16, 0xfc00) == 0);
  CHECK(ex2_approx_half(Half::f16, 0x7c00) == 0x7c00);
  CHECK(ex2_approx_half(Half::f16, 0x7e00) == kNaNF16);
  CHECK(ex2_approx_half(Half::bf16, 0x0001) == 0x3f80);  // .ftz: subnormal input is 0
  CHECK(ex2_approx_half(Half::bf16, 0x8001) == 0x3f80);
  CHECK(ex2_approx_half(Half::bf16, 0xc302) == 0);       // 2^-130 is subnormal in bf16: flushed
  CHECK(ex2_approx_half(Half::bf16, 0xc2fc) == 0x0080);  // 2^-126 is not
  CHECK(ex2_approx_half2(Half::f16, 0x3c004900) == 0x40006400);
  CHECK(tanh_approx_half(Half::f16, 0x7c00) == 0x3c00);
  CHECK(tanh_approx_half(Half::f16, 0x8000) == 0x8000);
  CHECK(tanh_approx_half(Half::bf16, 0xff80) == 0xbf80);
  CHECK(tanh_approx_half(Half::f16, 0x0001) == 0x0001);
  CHECK(tanh_approx_half2(Half::bf16, 0x7f80ff80) == 0x3f80bf80);
}

TEST_CASE("fp approx: results are within one ulp of the exact value (glibc long double)") {
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> wide(-120.0f, 120.0f), unit(-6.28f, 6.28f), pos(1e-30f, 1e30f);
  double worst = 0;
  for (int i = 0; i < 20000; ++i) {
    const float e = wide(rng), t = unit(rng);
    const float p = std::exp(std::log(1e-30f) + (std::log(1e30f) - std::log(1e-30f)) *
                                                    std::uniform_real_distribution<float>(0, 1)(rng));
    const long double le = e, lt = t, lp = p;
    const double errs[] = {
        ulps_from(ex2_approx_f32(f32(e)), std::exp2(le)),
        ulps_from(lg2_approx_f32(f32(p)), std::log2(lp)),
        ulps_from(sin_approx_f32(f32(t)), std::sin(lt)),
        ulps_from(cos_approx_f32(f32(t)), std::cos(lt)),
        ulps_from(tanh_approx_f32(f32(t)), std::tanh(lt)),
        ulps_from(rsqrt_approx_f32(f32(p)), 1.0L / std::sqrt(lp)),
        ulps_from(rcp_approx_f32(f32(p)), 1.0L / lp),
        ulps_from(div_full_f32(f32(t), f32(p)), lt / lp),
    };
    for (double err : errs) worst = std::max(worst, err);
  }
  // Correctly rounded is <= 0.5; faithful (what approx.h promises) < 1.
  CHECK(worst < 1.0);
  CHECK(worst > 0.25);  // the comparison is not vacuous
}
