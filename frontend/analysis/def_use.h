// Which registers an instruction reads and writes. The carry flag of
// add.cc/addc and friends is a register too (kCarryFlag), so that slices
// follow extended-precision arithmetic.
#pragma once

#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

using ptx::RegId;

// The pseudo register standing for the condition-code carry flag: one past
// the function's last register.
inline RegId carry_flag(const ptx::Function& f) { return static_cast<RegId>(f.registers.size()); }

struct DefUse {
  std::vector<RegId> defs;
  std::vector<RegId> uses;
  // A def that may leave the old value in place: the instruction is guarded,
  // or it writes one element of a vector register. Such a def does not kill
  // earlier definitions.
  bool partial_def = false;
};

DefUse def_use(const ptx::Function& f, const ptx::Instruction& ins);

// Whether the instruction's first operand is its destination.
bool writes_first_operand(const ptx::Instruction& ins);

}  // namespace warpsat::analysis
