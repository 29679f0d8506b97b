// Which instructions store to memory, and where: shared by the emulator's
// slices mode (which loads may read written memory) and the branch encoding's
// memory model (which loads are read-only), so both read PTX the same way.
#pragma once

#include <optional>

#include "frontend/ptx/ir.h"

namespace warpsat::ptx {

// The state space a store-like instruction writes: st, atom, red, sust,
// sured and stmatrix in their own space (generic when unqualified), and the
// cp.async family into shared memory (its group bookkeeping forms write
// nothing). Nothing for every other instruction.
std::optional<StateSpace> stored_space(const Instruction& ins);

}  // namespace warpsat::ptx
