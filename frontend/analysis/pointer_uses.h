// What a kernel does through each pointer parameter: the loads, stores and
// atomics whose address is the parameter's value, followed from its
// `ld.param` through `cvta.to.global`, moves and address arithmetic
// (add/sub/mad of an offset) along the def-use chains, so that
// `launch-template` can type a buffer the way the kernel reads it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "frontend/analysis/reaching_defs.h"
#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

struct PointerAccess {
  uint32_t instruction = 0;
  ptx::ScalarType type = ptx::ScalarType::None;  // the element type (of a vector access, its elements')
  bool store = false;                            // st
  bool atomic = false;                           // atom, red
};

struct PointerUses {
  std::vector<PointerAccess> accesses;
  // The pointer (or an address made from it) also leaves the kernel's
  // view: passed to a call, stored to memory, or mixed with another pointer.
  bool escapes = false;
};

// Whether `ins` passes on an address that operands `carried` says hold: a
// move, cvta, a cvt to 32 bits or more, or address arithmetic with the
// address on one side (base + offset, base - offset, a * b + base).
// (struct_fields follows pointers loaded from a struct the same way.)
bool passes_address(const ptx::Instruction& ins, const std::function<bool(const ptx::Operand&)>& carried);

// The parameter index `ins` loads whole (`ld.param ... [p]` or `[p+0]`), if
// any: not a field at an offset of a struct parameter.
std::optional<size_t> loaded_parameter(const ptx::Function& f, const ptx::Instruction& ins);

// Per parameter of `kernel` (by index): the accesses through it.
std::vector<PointerUses> pointer_parameter_uses(const ptx::Function& kernel, const ReachingDefs& defs);

}  // namespace warpsat::analysis
