// Parses PTX text (ISA 6.0 to 9.x, as emitted by nvcc and LLVM's NVPTX back
// end) into a Module. Any opcode parses, known or not; only real syntax
// errors fail, as InputError at file:line:col with the line and a caret.
#pragma once

#include <string>

#include "frontend/ptx/ir.h"

namespace warpsat::ptx {

Module parse_module(std::string text, std::string source);
Module read_module(const std::string& path);

}  // namespace warpsat::ptx
