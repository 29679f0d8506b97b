// Exact sums of products, rounded once: the arithmetic the emulator gives the
// floating-point tensor-core instructions (mma with f16, bf16, tf32, e4m3,
// e5m2 inputs and f16 or f32 accumulators; docs/emulator.md, "Tensor cores").
//
// PTX leaves the accumulation order, the intermediate rounding and the
// handling of subnormal inputs of mma unspecified (PTX ISA, mma, "Precision
// and rounding"). We pick the one definition that does not depend on an
// order: every product a*b is exact, the products and the accumulator c are
// added exactly in a fixed-point accumulator wide enough for every value
// these formats can hold, and the sum is rounded once into the destination.
// Real tensor cores align the addends to the largest exponent and drop (or
// truncate) bits below their internal width, so a GPU can differ from this in
// the last bits when products of very different magnitudes meet or cancel.
#pragma once

#include <array>
#include <cstdint>

#include "emulator/fp/format.h"
#include "emulator/fp/softfloat.h"

namespace warpsat::fp {

class ExactSum {
 public:
  // Adds a*b for operands of formats fa and fb (bit patterns). Formats with
  // more than 8 exponent bits (f64) do not fit the accumulator and throw
  // std::invalid_argument.
  void add_product(const Format& fa, uint64_t a, const Format& fb, uint64_t b);
  // Adds one value of format f.
  void add(const Format& f, uint64_t c);

  // The sum rounded once into f. A NaN operand, a product 0 * inf or
  // infinities of both signs give `nan`; an infinity otherwise gives that
  // infinity. An exact zero is -0 only when every addend was -0 (or, under
  // Rounding::rm, when non-zero addends cancelled), as IEEE 754 says for a
  // sum of two. Subnormal operands count at their value and subnormal
  // results are kept (no flush to zero).
  uint64_t round(const Format& f, uint64_t nan, Rounding mode = Rounding::rn) const;

 private:
  // Two's complement fixed point: bit j of the 640 bits weighs 2^(kLsb + j).
  // The smallest addend is a product of two tf32 subnormals, 2^-272; the
  // largest sum (32 products of bf16 maxima plus an f32) stays below 2^262.
  static constexpr int kLimbs = 10;
  static constexpr int kLsb = -320;
  void add_term(bool negative, soft::u128 sig, int exp);
  void add_zero(bool negative);

  std::array<uint64_t, kLimbs> acc_{};
  bool nan_ = false, pos_inf_ = false, neg_inf_ = false;
  bool any_term_ = false;       // something was added
  bool any_nonzero_ = false;    // a non-zero finite addend was added
  bool all_negative_zero_ = true;  // every addend so far was -0
};

}  // namespace warpsat::fp
