// The checks of Hopper's instructions (checks_sm90.cpp), called by
// check_module for every instruction.
#pragma once

#include <optional>
#include <string>

#include "frontend/ptx/ir.h"

namespace warpsat::ptx {

// What ptxas would say about `ins` (wgmma, setmaxnreg, tensor copies,
// mbarrier, elect.sync, tensormap.replace), or nullopt when it is fine.
std::optional<std::string> sm90_instruction_problem(const Module& m, const Instruction& ins);

}  // namespace warpsat::ptx
