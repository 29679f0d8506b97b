// f32 and f64 arithmetic with PTX's rounding and denormal modifiers
// (PTX ISA 9.7.3: add sub mul fma/mad div rcp sqrt abs neg), bit-exact:
// every result is the IEEE 754 correctly rounded value in the requested
// direction, which is what PTX promises for the instructions carrying a
// rounding modifier (the .approx forms are in approx.h).
//
// .ftz flushes subnormal inputs and subnormal rounded results to a zero of the
// same sign. .sat clamps to [+0.0, 1.0] after rounding, NaN -> +0.0 (-0.0 ->
// +0.0 too). f32 NaN results are always kNaNF32 (0x7fffffff); f64 results keep
// a NaN input's payload (the first NaN of a, b, c, quieted) and are kNaNF64
// for NaNs made from numbers.
//
// The .f32x2 forms (sm_100) apply the f32 operation to bits [0:31] and
// [32:63] independently.
#pragma once

#include <cstdint>

#include "emulator/fp/format.h"

namespace warpsat::fp {

struct F32Mods {
  Rounding rnd = Rounding::rn;  // .rna is not a PTX arithmetic mode, but is honoured
  bool ftz = false;
  bool sat = false;  // PTX allows it on add/sub/mul/fma(mad) only
};

uint32_t add_f32(uint32_t a, uint32_t b, const F32Mods& m = {});
uint32_t sub_f32(uint32_t a, uint32_t b, const F32Mods& m = {});
uint32_t mul_f32(uint32_t a, uint32_t b, const F32Mods& m = {});
uint32_t fma_f32(uint32_t a, uint32_t b, uint32_t c, const F32Mods& m = {});  // one rounding
uint32_t div_f32(uint32_t a, uint32_t b, const F32Mods& m = {});              // div.rnd{.ftz}.f32
uint32_t rcp_f32(uint32_t a, const F32Mods& m = {});                          // rcp.rnd{.ftz}.f32
uint32_t sqrt_f32(uint32_t a, const F32Mods& m = {});                         // sqrt.rnd{.ftz}.f32
// Sign-bit operations; a NaN keeps its payload (PTX: "unspecified NaN").
uint32_t neg_f32(uint32_t a, bool ftz = false);
uint32_t abs_f32(uint32_t a, bool ftz = false);
// .sat on its own: [+0, 1], NaN -> +0.
uint32_t saturate_f32(uint32_t a);

uint64_t add_f32x2(uint64_t a, uint64_t b, const F32Mods& m = {});
uint64_t sub_f32x2(uint64_t a, uint64_t b, const F32Mods& m = {});
uint64_t mul_f32x2(uint64_t a, uint64_t b, const F32Mods& m = {});
uint64_t fma_f32x2(uint64_t a, uint64_t b, uint64_t c, const F32Mods& m = {});

uint64_t add_f64(uint64_t a, uint64_t b, Rounding r = Rounding::rn);
uint64_t sub_f64(uint64_t a, uint64_t b, Rounding r = Rounding::rn);
uint64_t mul_f64(uint64_t a, uint64_t b, Rounding r = Rounding::rn);
uint64_t fma_f64(uint64_t a, uint64_t b, uint64_t c, Rounding r = Rounding::rn);
uint64_t div_f64(uint64_t a, uint64_t b, Rounding r = Rounding::rn);
uint64_t rcp_f64(uint64_t a, Rounding r = Rounding::rn);
uint64_t sqrt_f64(uint64_t a, Rounding r = Rounding::rn);
uint64_t neg_f64(uint64_t a);
uint64_t abs_f64(uint64_t a);

// f64's NaN rule, shared with compare.cpp and convert.cpp: a signalling NaN
// is quieted, the payload is kept.
constexpr uint64_t quiet_f64(uint64_t nan) { return nan | (uint64_t{1} << 51); }

}  // namespace warpsat::fp
