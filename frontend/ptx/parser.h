// Parses PTX text (ISA 6.0 to 9.x, as emitted by nvcc and LLVM's NVPTX back
// end) into a Module. Syntax errors, and what ptxas rejects among opcodes,
// operand counts, definitions, directives and sizes (checks.h), fail as
// InputError at file:line:col with the line and a caret.
#pragma once

#include <string>

#include "frontend/ptx/ir.h"

namespace warpsat::ptx {

Module parse_module(std::string text, std::string source);
Module read_module(const std::string& path);

}  // namespace warpsat::ptx
