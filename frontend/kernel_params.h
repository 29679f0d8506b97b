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

// Per parameter of `k`, whether its C++ type is an unsigned integer
// (`unsigned`, `size_t`, `uint32_t`, `bool`, ...), as the mangled name
// says: PTX declares `int n` and `unsigned n` alike (.u32), so an
// assumption about `n` would otherwise read 0x80000000 as negative. False
// for every parameter of a kernel whose name is not mangled (extern "C"),
// and for any that is not a scalar integer in PTX.
std::vector<bool> unsigned_scalar_params(const ptx::Function& k);

}  // namespace warpsat
