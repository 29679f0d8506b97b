// PTX opcodes: base names, what they write, and the category `inspect`
// counts them under.
#pragma once

#include <cstdint>
#include <string_view>

namespace warpsat::ptx {

enum class Opcode : uint16_t {
#define X(id, spelling, kind, writes) id,
#include "frontend/ptx/opcodes.def"
#undef X
  Unknown,  // parsed generically; the emulator reports it by name
};

Opcode lookup_opcode(std::string_view base);
std::string_view spelling(Opcode op);

enum class OpcodeKind : uint8_t { Arith, Mov, Mem, Control, Sync, Tensor, Misc };
OpcodeKind opcode_kind(Opcode op);

enum class WritesFirst : uint8_t { First, None, Special };
WritesFirst writes_first_operand(Opcode op);

}  // namespace warpsat::ptx
