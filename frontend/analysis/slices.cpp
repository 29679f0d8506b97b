#include "frontend/analysis/slices.h"

#include <algorithm>

namespace warpsat::analysis {

using ptx::Opcode;
using ptx::Operand;

namespace {

std::vector<std::vector<uint32_t>> control_dependences(const ptx::Function& f, const Cfg& cfg) {
  size_t nb = cfg.blocks.size();
  std::vector<std::vector<uint32_t>> deps(nb);
  for (uint32_t x = 0; x < nb; ++x) {
    const BasicBlock& bb = cfg.blocks[x];
    if (bb.first == bb.end || !cfg.reachable[x]) continue;
    uint32_t branch = bb.end - 1;
    if (!ends_conditionally(f.instructions[branch])) continue;
    std::vector<uint32_t> sides = bb.succs;
    if (bb.exits) sides.push_back(cfg.exit_node());
    if (sides.size() < 2) continue;
    for (uint32_t s : sides)
      for (uint32_t y = s; y != cfg.ipdom[x] && y != kNone && y != cfg.exit_node(); y = cfg.ipdom[y])
        deps[y].push_back(branch);
  }
  for (auto& d : deps) {
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
  }
  return deps;
}

bool in_loop_around(const Cfg& cfg, uint32_t def_block, uint32_t use_block, bool def_after_use) {
  for (const Loop& l : cfg.loops) {
    bool has_use = std::binary_search(l.blocks.begin(), l.blocks.end(), use_block);
    bool has_def = std::binary_search(l.blocks.begin(), l.blocks.end(), def_block);
    if (has_use && has_def && (!cfg.dominates(def_block, use_block) || (def_block == use_block && def_after_use)))
      return true;
  }
  return false;
}

void note_special(const Operand& o, SliceLeaves& l) {
  if (o.kind == Operand::Kind::Special) {
    switch (o.special) {
      case ptx::SpecialReg::Tid: l.tid = true; break;
      case ptx::SpecialReg::NTid: l.ntid = true; break;
      case ptx::SpecialReg::CtaId: l.ctaid = true; break;
      case ptx::SpecialReg::NCtaId: l.nctaid = true; break;
      case ptx::SpecialReg::LaneId: l.laneid = true; break;
      case ptx::SpecialReg::WarpId: l.warpid = true; break;
      default: l.other_special = true; break;
    }
  }
  for (const Operand& e : o.elements) note_special(e, l);
}

template <typename T>
void add_unique(std::vector<T>& v, T x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

void classify_leaf(const ptx::Function& f, const ptx::Instruction& ins, SliceLeaves& l) {
  for (const Operand& o : ins.operands) note_special(o, l);
  switch (ins.op) {
    case Opcode::Ld:
    case Opcode::Ldu: {
      auto space = ins.space().value_or(ptx::StateSpace::Generic);
      const Operand* addr = ins.operands.size() > 1 ? &ins.operands[1] : nullptr;
      if (space == ptx::StateSpace::Param && addr && addr->kind == Operand::Kind::Address &&
          addr->elements[0].kind == Operand::Kind::Symbol) {
        std::string_view name = addr->elements[0].text;
        if (f.is_entry && f.find_param(name)) add_unique(l.kernel_params, name);
        else if (f.find_param(name)) l.function_params = true;
        else l.call_results = true;  // a call's return value, read back from its .param
      } else {
        add_unique(l.loads, space);
      }
      break;
    }
    case Opcode::Atom: l.atomics = true; break;
    case Opcode::Shfl:
    case Opcode::Vote:
    case Opcode::Redux:
    case Opcode::Match:
    case Opcode::Activemask: l.warp_collectives = true; break;
    case Opcode::Call: l.call_results = true; break;
    case Opcode::Tex:
    case Opcode::Tld4:
    case Opcode::Suld: add_unique(l.loads, ptx::StateSpace::Tex); break;
    default: break;
  }
}

}  // namespace

BranchSlice slice_branch(const ptx::Function& f, const FunctionAnalysis& a, uint32_t branch) {
  BranchSlice s = backward_closure(f, a, {branch});
  s.branch = branch;
  s.controlling.erase(std::remove(s.controlling.begin(), s.controlling.end(), branch), s.controlling.end());
  return s;
}

BranchSlice backward_closure(const ptx::Function& f, const FunctionAnalysis& a, const std::vector<uint32_t>& seeds) {
  BranchSlice s;
  s.branch = seeds.empty() ? 0 : seeds.front();
  std::vector<bool> in(f.instructions.size(), false);
  std::vector<uint32_t> work;
  for (uint32_t seed : seeds)
    if (!in[seed]) in[seed] = true, work.push_back(seed);
  while (!work.empty()) {
    uint32_t i = work.back();
    work.pop_back();
    s.instructions.push_back(i);
    classify_leaf(f, f.instructions[i], s.leaves);
    uint32_t block = a.cfg.block_of[i];
    for (const UseDefs& u : a.defs.uses[i])
      for (uint32_t d : u.defs) {
        if (d == kEntryDef) {
          if (u.reg < f.registers.size() && !f.registers[u.reg].in_range &&
              (f.find_param(f.registers[u.reg].prefix) || std::any_of(f.returns.begin(), f.returns.end(),
                                                                        [&](const ptx::Variable& v) {
                                                                          return v.name == f.registers[u.reg].prefix;
                                                                        })))
            s.leaves.function_params = true;
          else
            s.leaves.entry_values = true;
          continue;
        }
        if (in_loop_around(a.cfg, a.cfg.block_of[d], block, d >= i)) s.leaves.loop_carried = true;
        if (!in[d]) in[d] = true, work.push_back(d);
      }
    for (uint32_t c : a.control_deps[block]) {
      add_unique(s.controlling, c);
      if (!in[c]) in[c] = true, work.push_back(c);
    }
  }
  std::sort(s.instructions.begin(), s.instructions.end());
  std::sort(s.controlling.begin(), s.controlling.end());
  return s;
}

FunctionAnalysis analyse_function(const ptx::Function& f, const std::string& source) {
  FunctionAnalysis a;
  a.cfg = build_cfg(f, source);
  a.defs = reaching_definitions(f, a.cfg, source);
  a.control_deps = control_dependences(f, a.cfg);
  std::vector<bool> in_any(f.instructions.size(), false);
  for (uint32_t i = 0; i < f.instructions.size(); ++i) {
    if (!is_conditional_branch(f.instructions[i]) || !a.cfg.reachable[a.cfg.block_of[i]]) continue;
    a.slices.push_back(slice_branch(f, a, i));
    for (uint32_t k : a.slices.back().instructions) in_any[k] = true;
  }
  a.slice_union = static_cast<size_t>(std::count(in_any.begin(), in_any.end(), true));
  return a;
}

}  // namespace warpsat::analysis
