// The narrow float formats of PTX — f16, bf16, tf32, e4m3, e5m2 — and the
// conversions between them and f32 that cvt offers (PTX ISA 9.7.9.21),
// including the packed x2 forms. convert.h builds the general cvt on these.
//
// Packing follows cvt's rule, not the arithmetic one: the first source (a)
// lands in the upper half (upper byte for fp8x2), the second (b) in the lower.
//
// NaN results: canonical NaN of the destination (format.h), with two
// exceptions PTX allows: bf16 -> f32 is a 16-bit shift (PTX: "NaN input
// yields unspecified NaN"; compilers emit a shift), and tf32 NaN keeps the
// 13 low bits zero (kNaNTF32).
#pragma once

#include <cstdint>

#include "emulator/fp/format.h"

namespace warpsat::fp {

// Modifiers of an f32 -> narrower-float cvt.
struct NarrowMods {
  bool ftz = false;        // flush an f32 subnormal *input* to a signed zero
  bool relu = false;       // .relu: a negative result becomes +0 (-0 too), NaN the canonical NaN
  bool satfinite = false;  // .satfinite: beyond the largest finite value (incl. inf) -> that value
};

// Widening, exact. f16 -> f32 never produces a subnormal; bf16 -> f32 can,
// and cvt.ftz.f32.bf16 flushes it.
uint32_t f16_to_f32(uint16_t h);
uint32_t bf16_to_f32(uint16_t b, bool ftz = false);

uint16_t f32_to_f16(uint32_t f, Rounding r, const NarrowMods& m = {});
uint16_t f32_to_bf16(uint32_t f, Rounding r, const NarrowMods& m = {});
// The tf32 result in PTX's .b32 (f32 layout, 13 low bits zero). cvt allows
// .rna (with .satfinite) and, from PTX 7.8/8.6, .rn/.rz (with .relu/.satfinite).
uint32_t f32_to_tf32(uint32_t f, Rounding r, const NarrowMods& m = {});

// cvt.frnd2{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b: a -> d[31:16].
uint32_t cvt_f16x2_f32(uint32_t a, uint32_t b, Rounding r, const NarrowMods& m = {});
uint32_t cvt_bf16x2_f32(uint32_t a, uint32_t b, Rounding r, const NarrowMods& m = {});

enum class Fp8 : uint8_t { e4m3, e5m2 };
constexpr const Format& format_of(Fp8 t) { return t == Fp8::e4m3 ? kE4M3 : kE5M2; }

// cvt.rn.satfinite{.relu}.<fp8>x2.f32 d, a, b: round to nearest even,
// saturate to +-448 (e4m3) or +-57344 (e5m2), inf included; NaN -> 0x7f.
uint8_t f32_to_fp8(Fp8 t, uint32_t f, bool relu = false);
uint16_t cvt_fp8x2_f32(Fp8 t, uint32_t a, uint32_t b, bool relu = false);  // a -> d[15:8]
// cvt.rn.satfinite{.relu}.<fp8>x2.{f16x2,bf16x2} d, a: a[31:16] -> d[15:8].
uint8_t half_to_fp8(Fp8 t, Half h, uint16_t v, bool relu = false);
uint16_t cvt_fp8x2_half2(Fp8 t, Half h, uint32_t a, bool relu = false);
// cvt.rn{.relu}.f16x2.<fp8>x2 d, a: exact; a[15:8] -> d[31:16]; NaN -> kNaNF16.
uint16_t fp8_to_f16(Fp8 t, uint8_t v, bool relu = false);
uint32_t cvt_f16x2_fp8x2(Fp8 t, uint16_t a, bool relu = false);

}  // namespace warpsat::fp
