// The integer MMA of wgmma (s8/u8 operands, s32 accumulators): exact, as
// the PTX ISA defines it, so no model of the hardware's order is needed.
// Products of two 8-bit integers and their sum over k <= 32 terms fit in 32
// bits (at most 32 * 255 * 255); the accumulator is added in 64 bits, then
// clamped (.satfinite) or wrapped modulo 2^32.
#pragma once

#include <cstdint>
#include <vector>

namespace warpsat::fp {

// d[r * n + col] = c[r * n + col] + sum_i a[r * k + i] * b[col * k + i] for
// an m x k A (row by row) and a k x n B (column by column), each element the
// low 8 bits of its word, signed where a_signed / b_signed; c null: none.
// `scratch` keeps the decoded operands between calls.
void integer_mma(const uint32_t* a, bool a_signed, const uint32_t* b, bool b_signed, const uint32_t* c, unsigned m,
                 unsigned n, unsigned k, bool satfinite, uint32_t* d, std::vector<int32_t>& scratch);

}  // namespace warpsat::fp
