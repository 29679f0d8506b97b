// The element counts of vector operands `{a, b, ...}`, instruction by
// instruction (vector_checks.cpp lists them); checks.cpp runs it on every
// instruction. Throws InputError at the vector's '{'.
#pragma once

#include "frontend/ptx/ir.h"

namespace warpsat::ptx {

void check_vector_operands(const Module& m, const Instruction& ins);

}  // namespace warpsat::ptx
