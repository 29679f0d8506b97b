#include "frontend/analysis/def_use.h"

namespace warpsat::analysis {

using ptx::Operand;
using ptx::Opcode;

namespace {

void collect(const Operand& o, std::vector<RegId>& out) {
  if (o.kind == Operand::Kind::Register) out.push_back(o.reg);
  for (const Operand& e : o.elements) collect(e, out);
}

bool register_like(const Operand& o) {
  switch (o.kind) {
    case Operand::Kind::Register:
    case Operand::Kind::Pair:
    case Operand::Kind::Sink: return true;
    case Operand::Kind::Vector:
      for (const Operand& e : o.elements)
        if (e.kind != Operand::Kind::Register && e.kind != Operand::Kind::Sink) return false;
      return true;
    default: return false;
  }
}

bool has_carry_in(const ptx::Instruction& ins) {
  return ins.op == Opcode::Addc || ins.op == Opcode::Subc || ins.op == Opcode::Madc;
}

}  // namespace

bool writes_first_operand(const ptx::Instruction& ins) {
  if (ins.operands.empty()) return false;
  switch (ptx::writes_first_operand(ins.op)) {
    case ptx::WritesFirst::First: return true;
    case ptx::WritesFirst::None: return false;
    case ptx::WritesFirst::Special: break;
  }
  if (ins.op == Opcode::Bar || ins.op == Opcode::Barrier) return ins.has("red");
  if (ins.op == Opcode::Call) return ins.operands[0].kind == Operand::Kind::List && ins.operands.size() > 1;
  // mbarrier, wmma, wgmma, tcgen05, multimem and opcodes we do not know: the
  // first operand is written when it is a register (or registers) and more
  // operands follow; an address in first place means a store-like form.
  return ins.operands.size() >= 2 && register_like(ins.operands[0]);
}

DefUse def_use(const ptx::Function& f, const ptx::Instruction& ins) {
  DefUse du;
  size_t first_use = 0;
  if (writes_first_operand(ins)) {
    first_use = 1;
    const Operand& d = ins.operands[0];
    collect(d, du.defs);
    bool element = d.kind == Operand::Kind::Register && d.component != 0;
    // wgmma accumulates into its destination: it reads it as well.
    if (element || ins.op == Opcode::Wgmma) collect(d, du.uses);
    du.partial_def = element || ins.has_guard;
  }
  for (size_t i = first_use; i < ins.operands.size(); ++i) collect(ins.operands[i], du.uses);
  if (ins.has_guard) du.uses.push_back(ins.guard.reg);
  if (has_carry_in(ins)) du.uses.push_back(carry_flag(f));
  if (ins.has("cc")) du.defs.push_back(carry_flag(f));
  return du;
}

}  // namespace warpsat::analysis
