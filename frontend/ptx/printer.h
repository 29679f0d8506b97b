// Writes a Module back as PTX. parse(print(m)) is the same IR as m (see
// same_ir); ptxas accepts the output wherever it accepted the input.
#pragma once

#include <string>

#include "frontend/ptx/ir.h"

namespace warpsat::ptx {

std::string print_module(const Module& m);
std::string print_instruction(const Function& f, const Instruction& ins);
std::string print_operand(const Function& f, const Operand& o);

}  // namespace warpsat::ptx
