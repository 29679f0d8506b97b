#include "frontend/analysis/pointer_uses.h"

#include "frontend/ptx/types.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <set>

namespace warpsat::analysis {

namespace {

using ptx::Opcode;
using ptx::Operand;

bool is_register(const Operand& o, RegId r) { return o.kind == Operand::Kind::Register && o.reg == r; }

// The address operand of a memory instruction: its position.
std::optional<size_t> address_operand(const ptx::Instruction& ins) {
  switch (ins.op) {
    case Opcode::Ld:
    case Opcode::Atom: return 1;
    case Opcode::St:
    case Opcode::Red: return 0;
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<size_t> loaded_parameter(const ptx::Function& f, const ptx::Instruction& ins) {
  if (ins.op != Opcode::Ld || ins.space() != ptx::StateSpace::Param || ins.operands.size() < 2) return std::nullopt;
  const Operand& a = ins.operands[1];
  if (a.kind != Operand::Kind::Address || a.elements.size() != 1 || a.value != 0 ||
      a.elements[0].kind != Operand::Kind::Symbol)
    return std::nullopt;
  for (size_t i = 0; i < f.params.size(); ++i)
    if (f.params[i].name == a.elements[0].text) return i;
  return std::nullopt;
}

bool passes_address(const ptx::Instruction& ins, const std::function<bool(const ptx::Operand&)>& carried) {
  size_t sources = ins.operands.size() > 1 ? ins.operands.size() - 1 : 0;
  switch (ins.op) {
    case Opcode::Mov:
    case Opcode::Cvta: return sources == 1 && carried(ins.operands[1]);
    // A 64-bit pointer widened or moved to another 64-bit type.
    case Opcode::Cvt: return sources == 1 && carried(ins.operands[1]) && ptx::bit_width(ins.type()) >= 32;
    // base + offset: one side the pointer, the other an offset.
    case Opcode::Add: return sources == 2 && carried(ins.operands[1]) != carried(ins.operands[2]);
    case Opcode::Sub: return sources == 2 && carried(ins.operands[1]) && !carried(ins.operands[2]);
    // a * b + pointer (mad.wide.s32 %rd, %r, 4, %rd_base).
    case Opcode::Mad:
      return sources == 3 && carried(ins.operands[3]) && !carried(ins.operands[1]) && !carried(ins.operands[2]);
    default: return false;  // compared, masked, hashed: no longer an address of the buffer
  }
}

std::vector<PointerUses> pointer_parameter_uses(const ptx::Function& f, const ReachingDefs& defs) {
  std::vector<PointerUses> out(f.params.size());
  // (instruction, parameter): the instruction's result is an address made
  // from the parameter's value.
  std::deque<std::pair<uint32_t, size_t>> work;
  std::set<std::pair<uint32_t, size_t>> seen;
  for (uint32_t i = 0; i < f.instructions.size(); ++i)
    if (auto p = loaded_parameter(f, f.instructions[i]); p && seen.insert({i, *p}).second) work.emplace_back(i, *p);
  while (!work.empty()) {
    auto [def, param] = work.front();
    work.pop_front();
    const std::vector<RegId>& written = defs.def_use[def].defs;
    for (uint32_t user : defs.users[def]) {
      const ptx::Instruction& ins = f.instructions[user];
      // The registers `user` reads whose value may come from `def`.
      std::vector<RegId> carried;
      for (const UseDefs& u : defs.uses[user])
        if (std::binary_search(u.defs.begin(), u.defs.end(), def) &&
            std::find(written.begin(), written.end(), u.reg) != written.end())
          carried.push_back(u.reg);
      if (carried.empty()) continue;
      auto is_carried = [&](const Operand& o) {
        return std::any_of(carried.begin(), carried.end(), [&](RegId r) { return is_register(o, r); });
      };
      auto follow = [&] {
        if (seen.insert({user, param}).second) work.emplace_back(user, param);
      };
      if (auto a = address_operand(ins)) {
        const Operand& addr = ins.operands.size() > *a ? ins.operands[*a] : Operand{};
        bool base = addr.kind == Operand::Kind::Address && !addr.elements.empty() && is_carried(addr.elements[0]);
        if (base)
          out[param].accesses.push_back(
              {user, ins.type(), ins.op == Opcode::St, ins.op == Opcode::Atom || ins.op == Opcode::Red});
        // The pointer as a value: stored, or the operand of an atomic.
        bool as_value = false;
        for (size_t k = 0; k < ins.operands.size(); ++k)
          if (k != *a && is_carried(ins.operands[k])) as_value = true;
        if (as_value) out[param].escapes = true;
        continue;
      }
      if (ins.op == Opcode::Call) out[param].escapes = true;
      else if (passes_address(ins, is_carried)) follow();
    }
  }
  return out;
}

}  // namespace warpsat::analysis
