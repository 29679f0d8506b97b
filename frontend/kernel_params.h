// How a kernel's parameters look to a launch: the rule that makes one a
// pointer (the emulator passes it a buffer, launch-template writes a buffer),
// and its type as PTX declares it, for messages and comments.
#pragma once

#include <string>

#include "frontend/ptx/ir.h"

namespace warpsat {

// An integer as wide as the module's addresses, not an array or vector.
bool pointer_sized_param(const ptx::Module& m, const ptx::Variable& p);

// ".u32", ".b8[12]", ".v2.f32".
std::string declared_param_type(const ptx::Variable& p);

}  // namespace warpsat
