// Floating-point comparisons and selections (PTX ISA 9.7.3.1-2, 9.7.3.11-12,
// 9.7.4.7-8, 9.7.6, 9.7.7): setp/set, testp, copysign, min/max. All of these
// are bit-exact: they only compare and select.
//
// Comparison operators: eq ne lt le gt ge are false when either operand is
// NaN; equ neu ltu leu gtu geu are true then; num / nan test for NaN. -0.0
// equals +0.0. .ftz flushes subnormal inputs to signed zeros first.
//
// min/max follow PTX's pseudocode: a NaN operand is ignored unless both are
// NaN; .NaN returns NaN when either is; -0.0 < +0.0; .xorsign.abs takes the
// extremum of the magnitudes and gives it the XOR of the input signs (not for
// a NaN result). NaN results are canonical (kNaNF32, kNaNF16, kNaNBF16); for
// f64 the first NaN operand, quieted, as for f64 arithmetic.
#pragma once

#include <cstdint>

#include "emulator/fp/format.h"

namespace warpsat::fp {

enum class CmpOp : uint8_t { eq, ne, lt, le, gt, ge, equ, neu, ltu, leu, gtu, geu, num, nan };
// setp/set's optional second operation with predicate c.
enum class BoolOp : uint8_t { none, and_, or_, xor_ };

bool cmp_f32(CmpOp op, uint32_t a, uint32_t b, bool ftz = false);
bool cmp_f64(CmpOp op, uint64_t a, uint64_t b);
bool cmp_half(Half t, CmpOp op, uint16_t a, uint16_t b, bool ftz = false);

// setp.<op>.{f16x2,bf16x2} p|q, a, b: p from elements [0:15], q from [16:31].
struct PredPair {
  bool p = false;
  bool q = false;
};
PredPair cmp_half2(Half t, CmpOp op, uint32_t a, uint32_t b, bool ftz = false);

bool combine(BoolOp op, bool t, bool c);

// What set writes for a true/false result: all ones for integer destinations
// (.u16/.s16 0xffff, .u32/.s32 0xffffffff), 1.0 or 0.0 for float ones.
constexpr uint32_t set_u32(bool r) { return r ? 0xffffffffu : 0; }
constexpr uint16_t set_u16(bool r) { return r ? 0xffff : 0; }
constexpr uint32_t set_f32(bool r) { return r ? 0x3f800000u : 0; }
constexpr uint16_t set_half(Half t, bool r) { return r ? (t == Half::f16 ? 0x3c00 : 0x3f80) : 0; }
// set.<op>.<dtype>.{f16x2,bf16x2}: element i of d from comparison i; dtype
// f16x2/bf16x2 gives 1.0/0.0 per element, u32/s32 0xffff/0 per element.
uint32_t set_half2_float(Half t, PredPair r);
uint32_t set_half2_int(PredPair r);

enum class TestOp : uint8_t { finite, infinite, number, notanumber, normal, subnormal };
// testp: zeros count as normal, as PTX says.
bool testp_f32(TestOp op, uint32_t a);
bool testp_f64(TestOp op, uint64_t a);

// copysign.type d, a, b: b's magnitude with a's sign.
constexpr uint32_t copysign_f32(uint32_t a, uint32_t b) { return (a & 0x80000000u) | (b & 0x7fffffffu); }
constexpr uint64_t copysign_f64(uint64_t a, uint64_t b) {
  return (a & kF64.sign_mask()) | (b & kF64.abs_mask());
}

struct MinMaxMods {
  bool ftz = false;
  bool nan = false;      // .NaN
  bool abs = false;      // .abs (with .xorsign for two inputs, alone for three)
  bool xorsign = false;  // .xorsign (requires .abs; two-input forms only)
};

uint32_t min_f32(uint32_t a, uint32_t b, const MinMaxMods& m = {});
uint32_t max_f32(uint32_t a, uint32_t b, const MinMaxMods& m = {});
// min/max{.ftz}{.NaN}{.abs}.f32 d, a, b, c (sm_100): extremum of the pair,
// then with c. m.xorsign is ignored, as PTX forbids it here.
uint32_t min3_f32(uint32_t a, uint32_t b, uint32_t c, const MinMaxMods& m = {});
uint32_t max3_f32(uint32_t a, uint32_t b, uint32_t c, const MinMaxMods& m = {});
uint64_t min_f64(uint64_t a, uint64_t b);
uint64_t max_f64(uint64_t a, uint64_t b);
uint16_t hmin(Half t, uint16_t a, uint16_t b, const MinMaxMods& m = {});
uint16_t hmax(Half t, uint16_t a, uint16_t b, const MinMaxMods& m = {});
uint32_t hmin2(Half t, uint32_t a, uint32_t b, const MinMaxMods& m = {});
uint32_t hmax2(Half t, uint32_t a, uint32_t b, const MinMaxMods& m = {});

}  // namespace warpsat::fp
