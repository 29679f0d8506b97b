// Decoding of control-flow and CTA-barrier instructions. Their execution is
// part of the scheduler (scheduler.cpp): they change the warp's program
// counter, reconvergence stack and call frames.
#include <fmt/format.h>

#include "emulator/simt/decode.h"
#include "frontend/analysis/cfg.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::Operand;
using ptx::ScalarType;

namespace {

// The call's bindings: each argument and result is a .param variable of the
// caller (copied to/from the callee's parameter area) or a register.
CallSite call_site(Decoder& d, const ptx::Instruction& ins, const ptx::Function* callee) {
  CallSite cs;
  const std::vector<Operand>& ops = ins.operands;
  size_t i = 0;
  std::vector<const Operand*> results, args;
  if (ops.size() > 1 && ops[0].kind == Operand::Kind::List) {
    for (const Operand& r : ops[0].elements) results.push_back(&r);
    i = 1;
  }
  const Operand& target = ops.at(i);
  if (target.kind == Operand::Kind::Register) cs.indirect = d.slot(target, ScalarType::U64);
  if (i + 1 < ops.size() && ops[i + 1].kind == Operand::Kind::List)
    for (const Operand& a : ops[i + 1].elements) args.push_back(&a);
  auto bind = [&](const Operand* o, const ptx::Variable* formal) {
    CallSite::Binding b;
    b.bytes = formal ? static_cast<uint32_t>(formal->size_bytes()) : 8;
    if (o->kind == Operand::Kind::Symbol) {
      MemRef m = d.memref([&] {
        Operand a;
        a.kind = Operand::Kind::Address;
        a.elements.push_back(*o);
        return a;
      }(), ptx::StateSpace::Param);
      if (m.base != MemRef::Base::ParamVariable) throw std::runtime_error("call argument is not a .param variable");
      b.param_offset = static_cast<uint32_t>(m.offset);
    } else {
      b.is_register = true;
      std::vector<Slot> slots;
      d.slots(*o, formal ? formal->type : ScalarType::B64, slots);
      b.reg = slots.at(0);
      b.slots = static_cast<uint32_t>(slots.size());
      b.bytes = 8 * b.slots;
    }
    return b;
  };
  for (size_t k = 0; k < args.size(); ++k)
    cs.args.push_back(bind(args[k], callee && k < callee->params.size() ? &callee->params[k] : nullptr));
  for (size_t k = 0; k < results.size(); ++k)
    cs.results.push_back(bind(results[k], callee && k < callee->returns.size() ? &callee->returns[k] : nullptr));
  return cs;
}

}  // namespace

bool decode_control(Decoder& d, const ptx::Instruction& ins, Op& op) {
  switch (ins.op) {
    case Opcode::Bra: {
      op.control = Control::Branch;
      op.target = d.label_pc(ins.operands.at(0).text);
      return true;
    }
    case Opcode::Brx: {
      op.control = Control::BranchIndexed;
      op.src.push_back(d.slot(ins.operands.at(0), ScalarType::U32));
      std::vector<uint32_t> table;
      for (auto label : analysis::branch_targets(d.function(), ins)) table.push_back(d.label_pc(label));
      op.aux = static_cast<uint32_t>(d.code().branch_tables.size());
      d.code().branch_tables.push_back(std::move(table));
      return true;
    }
    case Opcode::Call: {
      op.control = Control::Call;
      size_t t = ins.operands.size() > 1 && ins.operands[0].kind == Operand::Kind::List ? 1 : 0;
      const Operand& target = ins.operands.at(t);
      const ptx::Function* callee = nullptr;
      if (target.kind == Operand::Kind::Symbol) {
        op.target = d.program().function_index(target.text);
        if (op.target == kNoSlot) throw std::runtime_error("unknown function");
        callee = &d.module().functions[op.target];
      }
      op.aux = static_cast<uint32_t>(d.code().calls.size());
      d.code().calls.push_back(call_site(d, ins, callee));
      return true;
    }
    case Opcode::Ret: op.control = Control::Return; return true;
    case Opcode::Exit: op.control = Control::Exit; return true;
    case Opcode::Trap: op.control = Control::Trap; return true;
    case Opcode::Brkpt: op.run = [](Exec&, const Op&, uint32_t) {}; return true;
    case Opcode::Bar:
    case Opcode::Barrier: {
      // bar{.cta}.sync|arrive|red a{, b}; barrier{.cta}{.aligned}.sync ...; bar.red.op.type d, a{, b}, {!}c
      if (ins.has("warp")) return false;  // bar.warp.sync: a warp-level op (exec_warp.cpp)
      op.control = Control::Barrier;
      bool red = ins.has("red"), arrive = ins.has("arrive");
      op.flags = red ? (ins.has("popc") ? 1u : ins.has("and") ? 2u : 3u) << 4 : 0u;
      op.flags |= arrive ? 1u : 0u;
      size_t i = 0;
      if (red) op.dst.push_back(d.slot(ins.operands.at(i++), op.type));
      op.src.push_back(d.slot(ins.operands.at(i++), ScalarType::U32));
      size_t remaining = ins.operands.size() - i;
      bool has_count = red ? remaining == 2 : remaining == 1;
      op.src.push_back(has_count ? d.slot(ins.operands.at(i++), ScalarType::U32) : kNoSlot);
      if (red) {
        const Operand& p = ins.operands.at(i);
        op.src.push_back(d.slot(p, ScalarType::Pred));
        if (p.negated) op.flags |= 2u;
      }
      return true;
    }
    default: return false;
  }
}

}  // namespace warpsat::simt
