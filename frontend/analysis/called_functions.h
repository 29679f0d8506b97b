// The device functions (.func with a body) a kernel can reach through
// calls, and the conditional branches in their bodies. `warpsat branches`
// encodes a kernel's own body and a call's results as opaque values, so a
// branch inside a non-inlined function gets no verdict there: it is listed
// as not analysed, per function, instead of silently missing (issue 28).
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

struct CalledFunction {
  const ptx::Function* function = nullptr;
  // The PTX lines that name it in the kernel or in a function the kernel
  // reaches (a call, or its address taken for an indirect call).
  std::vector<uint32_t> referenced_at;
  // Its conditional branches (bra with a guard, brx.idx), as instruction
  // indices into function->instructions, in order.
  std::vector<uint32_t> branches;
};

// Every function with a body `kernel` reaches by name, transitively, in the
// module's order (the kernel itself excluded).
std::vector<CalledFunction> called_functions(const ptx::Module& m, const ptx::Function& kernel);

}  // namespace warpsat::analysis
