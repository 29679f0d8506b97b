#include "emulator/fp/half.h"

#include "emulator/fp/half_bits.h"
#include "emulator/fp/softfloat.h"

namespace warpsat::fp {
namespace {

// One value of format `from` into format `to` with cvt's narrowing
// modifiers; `nan` is the destination's NaN. .relu is applied before
// rounding: a negative input can only round to a non-positive value, and
// .relu maps all of those (and -0) to +0.
uint64_t narrow(const Format& from, uint64_t bits, const Format& to, Rounding r, const NarrowMods& m,
                uint64_t nan) {
  if (m.ftz) bits = flush_subnormal(from, bits);
  if (is_nan(from, bits)) return nan;
  const soft::Unpacked u = soft::unpack(from, bits);
  if (m.relu && u.sign) return 0;
  return soft::convert(u, to, soft::RoundOpts{r, false, m.satfinite});
}

uint8_t fp8_nan(Fp8 t) { return t == Fp8::e4m3 ? kNaNE4M3 : kNaNE5M2; }

uint16_t narrow_f32(uint32_t f, const Format& to, Rounding r, const NarrowMods& m, uint16_t nan) {
  return static_cast<uint16_t>(narrow(kF32, f, to, r, m, nan));
}

}  // namespace

uint32_t f16_to_f32(uint16_t h) {
  if (is_nan_f16(h)) return kNaNF32;
  return f16_bits_to_f32(h);
}

uint32_t bf16_to_f32(uint16_t b, bool ftz) {
  const uint32_t f = uint32_t{b} << 16;
  return ftz ? flush_f32(f) : f;
}

uint16_t f32_to_f16(uint32_t f, Rounding r, const NarrowMods& m) {
  if (r == Rounding::rn && !m.relu && !m.satfinite) {
    if (m.ftz) f = flush_f32(f);
    return is_nan_f32(f) ? kNaNF16 : f32_bits_to_f16_rn(f);
  }
  return narrow_f32(f, kF16, r, m, kNaNF16);
}

uint16_t f32_to_bf16(uint32_t f, Rounding r, const NarrowMods& m) {
  return narrow_f32(f, kBF16, r, m, kNaNBF16);
}

uint32_t f32_to_tf32(uint32_t f, Rounding r, const NarrowMods& m) {
  // Round as the 19-bit format, then place its fraction at the top of f32's.
  const auto tf32 = static_cast<uint32_t>(narrow(kF32, f, kTF32, r, m, kNaNTF32 >> 13));
  return tf32 << 13;
}

uint32_t cvt_f16x2_f32(uint32_t a, uint32_t b, Rounding r, const NarrowMods& m) {
  return pack16(f32_to_f16(a, r, m), f32_to_f16(b, r, m));
}

uint32_t cvt_bf16x2_f32(uint32_t a, uint32_t b, Rounding r, const NarrowMods& m) {
  return pack16(f32_to_bf16(a, r, m), f32_to_bf16(b, r, m));
}

uint8_t f32_to_fp8(Fp8 t, uint32_t f, bool relu) {
  if (is_nan_f32(f)) return fp8_nan(t);
  if (relu && (f & 0x80000000u)) return 0;
  return f32_bits_to_fp8_rn_satfinite(t == Fp8::e4m3, f);
}

uint16_t cvt_fp8x2_f32(Fp8 t, uint32_t a, uint32_t b, bool relu) {
  return static_cast<uint16_t>((uint16_t{f32_to_fp8(t, a, relu)} << 8) | f32_to_fp8(t, b, relu));
}

uint8_t half_to_fp8(Fp8 t, Half h, uint16_t v, bool relu) {
  const NarrowMods m{false, relu, true};
  return static_cast<uint8_t>(narrow(format_of(h), v, format_of(t), Rounding::rn, m, fp8_nan(t)));
}

uint16_t cvt_fp8x2_half2(Fp8 t, Half h, uint32_t a, bool relu) {
  return static_cast<uint16_t>((uint16_t{half_to_fp8(t, h, hi16(a), relu)} << 8) |
                               half_to_fp8(t, h, lo16(a), relu));
}

uint16_t fp8_to_f16(Fp8 t, uint8_t v, bool relu) {
  if (is_nan(format_of(t), v)) return kNaNF16;
  if (relu && (v & 0x80u)) return 0;
  return fp8_bits_to_f16(t == Fp8::e4m3, v);
}

uint32_t cvt_f16x2_fp8x2(Fp8 t, uint16_t a, bool relu) {
  return pack16(fp8_to_f16(t, static_cast<uint8_t>(a >> 8), relu),
                fp8_to_f16(t, static_cast<uint8_t>(a), relu));
}

}  // namespace warpsat::fp
