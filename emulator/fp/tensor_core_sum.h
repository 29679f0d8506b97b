// The accumulation Hopper's tensor cores do for one warpgroup MMA step
// (wgmma with an f32 accumulator), as measured on an H200 and an H100
// (docs/emulator.md, "Tensor cores"; bench/gpu/replay and docs/gpu-replay.md
// for how):
//
//   the k products of one wgmma and the accumulator are added in one go;
//   each addend is aligned to the largest exponent among them, a product's
//   exponent being the sum of its operands' exponents (before the product
//   is normalised), and cut toward zero to `kept_bits` bits below it; the
//   cut addends are summed exactly and the sum is truncated (round toward
//   zero) to f32, keeping at most `kept_bits` fraction bits (fp8's 13).
//
// mma.sync with f16, bf16 or tf32 inputs and f32 C and D follows the same
// model, its whole k in one step; fp8 mma.sync runs as two f16 steps and an
// add (simt/exec_mma.cpp). PTX leaves this unspecified; dot.h's order-free
// "exact sum, rounded once" is what the emulator does where no measurement
// gives a model (f16 accumulators). Products are exact, as there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "emulator/fp/format.h"

namespace warpsat::fp {

// A zero's exponent: far below every other, and twice it still fits an int.
inline constexpr int16_t kZeroExponent = -8192;

// One operand decoded: value = sig * 2^(exp - frac_bits); exp is emin for
// subnormals and kZeroExponent for zeros.
struct TensorOperand {
  uint32_t sig = 0;
  int16_t exp = 0;
  bool negative = false;
  bool special = false;  // infinity or NaN: the caller falls back to the exact sum
};
// Inline and without branches: it runs for every operand of every MMA,
// whose signs and zeros follow no pattern.
inline TensorOperand decode_operand(const Format& f, uint64_t bits) {
  TensorOperand o;
  const uint64_t e = (bits & f.exp_mask()) >> f.frac_bits;
  const uint64_t m = bits & f.frac_mask();
  const uint64_t all_ones = (uint64_t{1} << f.exp_bits) - 1;
  o.negative = (bits & f.sign_mask()) != 0;
  o.special = e == all_ones && (f.has_inf || m == f.frac_mask());
  o.sig = static_cast<uint32_t>(m | (e ? uint64_t{1} << f.frac_bits : 0));
  // A subnormal's exponent is emin; a zero's lies far below any other, so
  // that the largest exponent needs no test for zeros.
  const int exp = e ? static_cast<int>(e) - f.bias() : f.emin();
  o.exp = static_cast<int16_t>(o.sig ? exp : kZeroExponent);
  return o;
}

// Bits kept below the largest exponent, per input format, as measured
// (f16: 25 on an H200; the others: docs/emulator.md). 0: not measured, the
// exact sum applies.
int hopper_kept_bits(const Format& input);

// The f32 bits of c + sum a[i] * b[i] (c null: no accumulator) under the
// model above, or nullopt when an operand is an infinity or a NaN.
std::optional<uint32_t> hopper_dot_f32(const TensorOperand* a, int a_frac_bits, const TensorOperand* b,
                                       int b_frac_bits, unsigned k, const uint32_t* c, int kept_bits);
// The same for operands known to hold no infinity or NaN (the accumulator
// included): no tests in the loop.
uint32_t hopper_dot_f32_finite(const TensorOperand* a, int a_frac_bits, const TensorOperand* b, int b_frac_bits,
                               unsigned k, const uint32_t* c, int kept_bits);

// A matrix's operands decoded once for hopper_mma_f32_finite: each one's
// value as a double (exact: every input format's values are) and its
// exponent as TensorOperand holds it.
struct DecodedMatrix {
  std::vector<double> value;
  std::vector<int32_t> exp;
  std::vector<uint8_t> special;  // per row (transposed: per column): an infinity or a NaN
};
// bits: rows x terms, row by row. transposed: stored term by term
// (out.value[term * rows + row]), as hopper_mma_f32_finite takes B.
void decode_matrix(const Format& f, const uint32_t* bits, unsigned rows, unsigned terms, bool transposed,
                   DecodedMatrix& out);

// A whole m x n x k MMA under the model above: d[r * n + col] is what
// hopper_dot_f32_finite gives for row r of A (a: m x k, row by row), column
// col of B (b: k x n, term by term) and the f32 accumulator c[r * n + col]
// (c null: none). Where a row, a column or an
// accumulator holds an infinity or a NaN the result is unspecified: the
// caller computes those elements otherwise.
//
// Why doubles: a product of two decoded values times 2^-q is exact in a
// double, and truncating it toward zero is the cut hopper_dot_f32_finite
// makes with shifts; each cut addend is an integer below 2^(kept_bits + 2),
// so their sum is exact too, in any order. That lets a vector unit do four
// columns at once, with no per-product shifts.
void hopper_mma_f32_finite(const DecodedMatrix& a, const DecodedMatrix& b, const uint32_t* c, unsigned m, unsigned n,
                           unsigned k, int kept_bits, uint32_t* d);

// Whether any of `count` f32 bit patterns is an infinity or a NaN: every
// MMA's accumulators are looked at (4% of example 48's emulation one at a
// time; eight at a time with AVX2).
bool any_f32_special(const uint32_t* bits, size_t count);

}  // namespace warpsat::fp
