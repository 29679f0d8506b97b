// ExactSum's arithmetic (dot.h: every product exact, the products and the
// accumulator added exactly, the sum rounded once) at the speed a warpgroup
// MMA needs: a wgmma.mma_async.m64n256k16 is 262,144 products, and ExactSum
// spends tens of nanoseconds on each in its 640-bit accumulator.
//
// The idea: the operands of one row of A (or one column of B) usually span
// few binades, so the row can be written as integers times one shared power
// of two. A dot product of two such rows is then a sum of integer products,
// exact, rounded once at the end exactly as ExactSum rounds it:
//  - rows whose integers fit in 24 bits (f16, bf16, tf32 values within about
//    2^13 of each other; every e4m3 row) are summed in double precision:
//    each product is below 2^48 and each partial sum of at most 32 of them
//    below 2^53, so every operation is exact and the host's rounding mode
//    never matters; a whole row of D is one loop the compiler vectorizes;
//  - rows whose integers fit in kMaxRowBits bits use one 64 x 64 -> 128-bit
//    integer multiply-add per product;
//  - a row that spans more, or holds an infinity or a NaN, falls back to
//    ExactSum itself.
// So the result is always ExactSum's, bit for bit (test_fp_fixed_dot.cpp
// checks this on random and adversarial data).
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/fp/format.h"

namespace warpsat::fp {

class FixedRows {
 public:
  // Up to kMaxTerms values per row: the sum of that many products of two
  // kMaxRowBits-bit integers stays below 2^127, and of two 24-bit integers
  // below 2^53.
  static constexpr unsigned kMaxTerms = 32;
  static constexpr int kMaxRowBits = 60;
  static constexpr int kDoubleRowBits = 24;

  // `rows` rows of `terms` values of format f (bit patterns, row-major).
  // `by_term`: also keep them by term (as fixed_dot_row reads its b).
  void assign(const Format& f, const uint32_t* bits, unsigned rows, unsigned terms, bool by_term = true);

  unsigned rows() const { return rows_; }
  unsigned terms() const { return terms_; }
  const Format& format() const { return format_; }

 private:
  friend uint64_t fixed_dot(const FixedRows&, unsigned, const FixedRows&, unsigned, const Format*, uint64_t,
                            const Format&, uint64_t);
  friend void fixed_dot_row(const FixedRows&, unsigned, const FixedRows&, const Format*, const uint32_t*,
                            const Format&, uint64_t, uint32_t*, std::vector<double>&);
  Format format_{8, 23, true};
  unsigned rows_ = 0, terms_ = 0, padded_rows_ = 0;
  std::vector<uint32_t> bits_;     // the values as given (the fallback reads them)
  std::vector<int64_t> sig_;       // row r, term i: value = sig_ * 2^exp_[r]
  std::vector<double> by_term_;    // term i, row r (rows padded to 4): sig_ as a double (0 for rows not in double_)
  std::vector<int32_t> exp_;       // per row
  std::vector<uint8_t> fixed_;     // per row: 1 when sig_/exp_ hold it exactly
  std::vector<uint8_t> double_;    // per row: 1 when its integers fit kDoubleRowBits bits
  std::vector<uint32_t> zero_;     // per row: bit i set when term i is +0 or -0
  std::vector<uint32_t> negative_; // per row: bit i set when term i has its sign bit set
};

// The sum over i of a[row][i] * b[col][i], plus c (of format *cf) when cf is
// not null, rounded once into d (round to nearest even): ExactSum's result.
// `nan` is the NaN a NaN operand, 0 * inf or inf - inf gives. a and b must
// have the same number of terms.
uint64_t fixed_dot(const FixedRows& a, unsigned row, const FixedRows& b, unsigned col, const Format* cf, uint64_t c,
                   const Format& d, uint64_t nan);

// out[col] = fixed_dot(a, row, b, col, cf, c[col], d, nan) for every row of
// b (c may be null when cf is), sharing the loop over the terms.
void fixed_dot_row(const FixedRows& a, unsigned row, const FixedRows& b, const Format* cf, const uint32_t* c,
                   const Format& d, uint64_t nan, uint32_t* out, std::vector<double>& scratch);

}  // namespace warpsat::fp
