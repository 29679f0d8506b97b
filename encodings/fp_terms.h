// PTX floating point as exact Z3 floating-point terms (docs/branches.md,
// "Floating point"): add, sub, mul, fma/mad, div (IEEE roundings), neg, abs,
// min, max, setp/set, cvt, testp and copysign on f16, bf16, f32 and f64,
// with .rn/.rz/.rm/.rp, .ftz and .sat honoured, giving the bits the
// emulator's emulator/fp gives (NaN results included: docs/emulator-fp.md).
// The .approx functions (ex2, lg2, sin, cos, tanh, rcp, sqrt, rsqrt, and
// div.approx/.full) are uninterpreted functions of their operands' bits:
// equal inputs give equal outputs, nothing more.
//
// Registers stay bit-vectors; each instruction converts its operands to
// floats and its result back, so integer code reading the bits (mov.b32,
// a sign test) sees exactly what the hardware would hold.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <z3++.h>

#include "frontend/ptx/ir.h"

namespace warpsat {

// What the float layer needs from the instruction semantics.
struct FloatOperands {
  z3::context& c;
  const ptx::Instruction& ins;
  // Operand `index` of `ins` as `bits` bits (a register's value, an immediate).
  std::function<z3::expr(size_t index, unsigned bits)> source;
  // Writes destination operand `d`.
  std::function<void(const ptx::Operand& d, const z3::expr& bits)> write;
  // Records that results built on the uninterpreted function `symbol` are
  // not exact (an approximate function), for the reason `why`.
  std::function<void(const std::string& symbol, const std::string& why)> imprecise;
};

// Applies a floating-point instruction exactly. False: a form this layer
// does not model (packed halves, .NaN/.xorsign min/max, fp8, tf32, ...);
// the caller then falls back to treating it as an unknown function.
bool apply_float(FloatOperands& io);

// A setp/set comparison of two floats given as bits: eq ne lt le gt ge
// (false on NaN), equ neu ltu leu gtu geu (true on NaN), num, nan; .ftz
// flushes f32 subnormal operands. Throws std::runtime_error on other forms.
z3::expr float_compare(z3::context& c, std::string_view cmp, const z3::expr& a_bits, const z3::expr& b_bits,
                       ptx::ScalarType type, bool ftz);

// The floating-point operations (terms of a floating-point sort with
// operands) reachable from `roots`, counted up to `cap`: what bit-blasting
// them would cost, before it is paid.
size_t float_operations(const std::vector<z3::expr>& roots, size_t cap);

// The imprecision recorded where floating point is not encoded exactly (an
// unknown function of the operands instead).
extern const char* const kFloatImprecision;
// The imprecision recorded for the .approx functions.
extern const char* const kApproxFloatImprecision;

}  // namespace warpsat
