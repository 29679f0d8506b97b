// Checks of a parsed module for what ptxas rejects and the tools would
// otherwise misread (unknown opcodes, operand counts, duplicate
// definitions, thread counts, variable and parameter sizes); the parser
// runs them. Throws InputError at file:line:col.
#pragma once

#include "frontend/ptx/ir.h"

namespace warpsat::ptx {

void check_module(const Module& m);

}  // namespace warpsat::ptx
