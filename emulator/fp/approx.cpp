#include "emulator/fp/approx.h"

#include <cmath>

#include "emulator/fp/arith.h"
#include "emulator/fp/softfloat.h"

namespace warpsat::fp {
namespace {

// Exact widening to double, done in integers so a host with denormals-are-zero
// set could not change it.
double to_double(const Format& f, uint64_t bits) {
  return as_f64(soft::convert(soft::unpack(f, bits), kF64, {}));
}

// One rounding to nearest even from double into f; libm's NaNs become `nan`.
uint64_t from_double(double x, const Format& f, bool ftz, uint64_t nan) {
  const uint64_t bits = bits_f64(x);
  if (is_nan_f64(bits)) return nan;
  return soft::convert(soft::unpack(kF64, bits), f, {Rounding::rn, ftz, false});
}

template <class Fn>
uint32_t via_libm_f32(uint32_t a, bool ftz, Fn fn) {
  if (ftz) a = flush_f32(a);
  if (is_nan_f32(a)) return kNaNF32;
  return static_cast<uint32_t>(from_double(fn(to_double(kF32, a)), kF32, ftz, kNaNF32));
}

template <class Fn>
uint16_t via_libm_half(Half t, uint16_t a, bool ftz, Fn fn) {
  const Format& f = format_of(t);
  if (ftz) a = static_cast<uint16_t>(flush_subnormal(f, a));
  if (is_nan(f, a)) return canonical_nan(t);
  return static_cast<uint16_t>(from_double(fn(to_double(f, a)), f, ftz, canonical_nan(t)));
}

// The upper word of an f64 as the .ftz.f64 approximations see it: the low
// word ignored, a subnormal flushed.
soft::Unpacked high_word(uint64_t a) {
  return soft::unpack(kF64, flush_subnormal(kF64, a & 0xffffffff00000000ull));
}

constexpr soft::Unpacked kOne{soft::Kind::finite, false, 0, 1};

uint64_t to_high_word(std::optional<uint64_t> r) { return r ? *r << 32 : kNaNF64Approx; }

}  // namespace

uint32_t ex2_approx_f32(uint32_t a, bool ftz) {
  return via_libm_f32(a, ftz, [](double x) { return std::exp2(x); });
}

uint32_t lg2_approx_f32(uint32_t a, bool ftz) {
  return via_libm_f32(a, ftz, [](double x) { return std::log2(x); });
}

uint32_t sin_approx_f32(uint32_t a, bool ftz) {
  return via_libm_f32(a, ftz, [](double x) { return std::sin(x); });
}

uint32_t cos_approx_f32(uint32_t a, bool ftz) {
  return via_libm_f32(a, ftz, [](double x) { return std::cos(x); });
}

uint32_t tanh_approx_f32(uint32_t a) {
  return via_libm_f32(a, false, [](double x) { return std::tanh(x); });
}

uint32_t rsqrt_approx_f32(uint32_t a, bool ftz) {
  // Two roundings in double (sqrt, then 1/x) stay far inside f32's ulp.
  return via_libm_f32(a, ftz, [](double x) { return 1.0 / std::sqrt(x); });
}

uint32_t rcp_approx_f32(uint32_t a, bool ftz) { return rcp_f32(a, F32Mods{Rounding::rn, ftz, false}); }

uint32_t sqrt_approx_f32(uint32_t a, bool ftz) { return sqrt_f32(a, F32Mods{Rounding::rn, ftz, false}); }

uint32_t div_approx_f32(uint32_t a, uint32_t b, bool ftz) {
  if (ftz) {
    a = flush_f32(a);
    b = flush_f32(b);
  }
  if (is_nan_f32(a) || is_nan_f32(b)) return kNaNF32;
  // a * (1/b) with 1/b below 2^-126: the reciprocal flushes to zero.
  const uint32_t mag_b = b & 0x7fffffffu;
  if (mag_b > 0x7e800000u && mag_b < 0x7f800000u) {
    if (is_inf(kF32, a)) return kNaNF32;
    return (a ^ b) & 0x80000000u;
  }
  return div_f32(a, b, F32Mods{Rounding::rn, ftz, false});
}

uint32_t div_full_f32(uint32_t a, uint32_t b, bool ftz) {
  return div_f32(a, b, F32Mods{Rounding::rn, ftz, false});
}

uint64_t rsqrt_approx_f64(uint64_t a) {
  if (is_nan_f64(a)) return quiet_f64(a);
  return div_f64(0x3ff0000000000000ull, sqrt_f64(a));
}

uint64_t rcp_approx_ftz_f64(uint64_t a) {
  if (is_nan_f64(a & 0xffffffff00000000ull)) return kNaNF64Approx;
  return to_high_word(soft::div(kF64Hi, kOne, high_word(a), {Rounding::rn, true, false}));
}

uint64_t rsqrt_approx_ftz_f64(uint64_t a) {
  if (is_nan_f64(a & 0xffffffff00000000ull)) return kNaNF64Approx;
  const std::optional<uint64_t> root = soft::sqrt(kF64, high_word(a), {});
  if (!root) return kNaNF64Approx;
  return to_high_word(soft::div(kF64Hi, kOne, soft::unpack(kF64, *root), {Rounding::rn, true, false}));
}

uint16_t ex2_approx_half(Half t, uint16_t a) {
  return via_libm_half(t, a, t == Half::bf16, [](double x) { return std::exp2(x); });
}

uint32_t ex2_approx_half2(Half t, uint32_t a) {
  return pack16(ex2_approx_half(t, hi16(a)), ex2_approx_half(t, lo16(a)));
}

uint16_t tanh_approx_half(Half t, uint16_t a) {
  return via_libm_half(t, a, false, [](double x) { return std::tanh(x); });
}

uint32_t tanh_approx_half2(Half t, uint32_t a) {
  return pack16(tanh_approx_half(t, hi16(a)), tanh_approx_half(t, lo16(a)));
}

}  // namespace warpsat::fp
