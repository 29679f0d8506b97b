// ExactSum's arithmetic (dot.h: every product exact, the products and the
// accumulator added exactly, the sum rounded once) at the speed a warpgroup
// MMA needs: a wgmma.mma_async.m64n256k16 is 262,144 products, and ExactSum
// spends tens of nanoseconds on each in its 640-bit accumulator.
//
// The idea: the operands of one row of A (or one column of B) usually span
// few binades, so the row can be written as 64-bit integers times one shared
// power of two. A product of two such rows is then one 64 x 64 -> 128-bit
// integer multiply-add per term, exact, and the sum is rounded once through
// soft::round_pack, exactly as ExactSum rounds it. A row whose values span
// more than kMaxRowBits bits, or that holds an infinity or a NaN, is marked
// and its dot products fall back to ExactSum itself, so the result is always
// ExactSum's, bit for bit (test_fp_fixed_dot.cpp checks this on random and
// adversarial data). f16, e4m3 and e5m2 rows always fit; bf16 and tf32 rows
// fit unless they mix values more than 2^45 apart.
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/fp/format.h"

namespace warpsat::fp {

class FixedRows {
 public:
  // Up to kMaxTerms values per row: the sum of that many products of two
  // kMaxRowBits-bit integers stays below 2^127.
  static constexpr unsigned kMaxTerms = 64;
  static constexpr int kMaxRowBits = 60;

  // `rows` rows of `terms` values of format f (bit patterns, row-major).
  void assign(const Format& f, const uint32_t* bits, unsigned rows, unsigned terms);

  unsigned rows() const { return rows_; }
  unsigned terms() const { return terms_; }
  const Format& format() const { return format_; }

 private:
  friend uint64_t fixed_dot(const FixedRows&, unsigned, const FixedRows&, unsigned, const Format*, uint64_t,
                            const Format&, uint64_t);
  Format format_{8, 23, true};
  unsigned rows_ = 0, terms_ = 0;
  std::vector<uint32_t> bits_;     // the values as given (the fallback reads them)
  std::vector<int64_t> sig_;       // row r, term i: value = sig_ * 2^exp_[r]
  std::vector<int32_t> exp_;       // per row
  std::vector<uint8_t> fixed_;     // per row: 1 when sig_/exp_ hold it exactly
  std::vector<uint64_t> zero_;     // per row: bit i set when term i is +0 or -0 (terms <= 64)
  std::vector<uint64_t> negative_; // per row: bit i set when term i has its sign bit set
};

// The sum over i of a[row][i] * b[col][i], plus c (of format *cf) when cf is
// not null, rounded once into d (round to nearest even): ExactSum's result.
// `nan` is the NaN a NaN operand, 0 * inf or inf - inf gives. a and b must
// have the same number of terms.
uint64_t fixed_dot(const FixedRows& a, unsigned row, const FixedRows& b, unsigned col, const Format* cf, uint64_t c,
                   const Format& d, uint64_t nan);

}  // namespace warpsat::fp
