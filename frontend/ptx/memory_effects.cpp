#include "frontend/ptx/memory_effects.h"

namespace warpsat::ptx {

std::optional<StateSpace> stored_space(const Instruction& ins) {
  switch (ins.op) {
    case Opcode::St:
    case Opcode::Atom:
    case Opcode::Red:
    case Opcode::Sust:
    case Opcode::Sured:
    case Opcode::Stmatrix:
      return ins.space().value_or(StateSpace::Generic);
    case Opcode::Cp:
      if (ins.has("commit_group") || ins.has("wait_group") || ins.has("wait_all")) return std::nullopt;
      return StateSpace::Shared;
    default: return std::nullopt;
  }
}

}  // namespace warpsat::ptx
