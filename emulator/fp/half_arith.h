// f16 and bf16 arithmetic, scalar and packed x2 (PTX ISA 9.7.4: add sub mul
// fma neg abs). PTX offers only .rn here; results are the correctly rounded
// IEEE values, so they are bit-exact. min/max live in compare.h, the .approx
// functions (ex2, tanh) in approx.h.
//
// Modifiers, as PTX defines them:
//   .ftz  (f16 only) flush subnormal inputs and rounded results to signed zero
//   .sat  (f16 add/sub/mul/fma) clamp to [+0.0, 1.0], NaN -> +0.0
//   .relu (f16/bf16 fma) negative results -> +0.0 (-0.0 too), NaN -> canonical NaN
// The functions honour a modifier even where PTX does not offer it (e.g.
// .ftz on bf16); rejecting such PTX is the parser's job.
//
// NaN results are the canonical kNaNF16 / kNaNBF16 (0x7fff). For packed
// operands element 0 is bits [0:15] and element 1 bits [16:31]; each element
// is computed independently.
#pragma once

#include <cstdint>

#include "emulator/fp/format.h"

namespace warpsat::fp {

struct HalfMods {
  bool ftz = false;
  bool sat = false;
  bool relu = false;
};

uint16_t hadd(Half t, uint16_t a, uint16_t b, const HalfMods& m = {});
uint16_t hsub(Half t, uint16_t a, uint16_t b, const HalfMods& m = {});
uint16_t hmul(Half t, uint16_t a, uint16_t b, const HalfMods& m = {});
uint16_t hfma(Half t, uint16_t a, uint16_t b, uint16_t c, const HalfMods& m = {});
// Sign-bit operations; a NaN keeps its payload (PTX: "unspecified NaN").
uint16_t hneg(Half t, uint16_t a, bool ftz = false);
uint16_t habs(Half t, uint16_t a, bool ftz = false);

uint32_t hadd2(Half t, uint32_t a, uint32_t b, const HalfMods& m = {});
uint32_t hsub2(Half t, uint32_t a, uint32_t b, const HalfMods& m = {});
uint32_t hmul2(Half t, uint32_t a, uint32_t b, const HalfMods& m = {});
uint32_t hfma2(Half t, uint32_t a, uint32_t b, uint32_t c, const HalfMods& m = {});
uint32_t hneg2(Half t, uint32_t a, bool ftz = false);
uint32_t habs2(Half t, uint32_t a, bool ftz = false);

}  // namespace warpsat::fp
