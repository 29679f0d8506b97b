#include "frontend/analysis/thread_variance.h"

#include <algorithm>
#include <optional>

#include "frontend/analysis/bit_set.h"

namespace warpsat::analysis {

using ptx::Opcode;
using ptx::Operand;
using ptx::SpecialReg;
using ptx::StateSpace;

namespace {

// Special registers every thread of a CTA reads alike. %warpid is left out:
// the ISA calls it volatile (a warp may move), and %tid, %laneid, the lane
// masks and the clocks are per thread.
bool uniform_special(SpecialReg r) {
  switch (r) {
    case SpecialReg::CtaId:
    case SpecialReg::NCtaId:
    case SpecialReg::NTid:
    case SpecialReg::GridId:
    case SpecialReg::SmId:
    case SpecialReg::NSmId:
    case SpecialReg::NWarpId:
    case SpecialReg::DynamicSmemSize:
    case SpecialReg::TotalSmemSize:
    case SpecialReg::AggrSmemSize:
    case SpecialReg::ClusterId:
    case SpecialReg::NClusterId:
    case SpecialReg::ClusterCtaId:
    case SpecialReg::ClusterNCtaId:
    case SpecialReg::ClusterCtaRank:
    case SpecialReg::ClusterNCtaRank:
    case SpecialReg::IsExplicitCluster: return true;
    default: return false;
  }
}

// A variable each thread has its own copy of: .local, and a .param
// declared in the body (a call's argument or result). Its address is the
// same number in every thread, but what it reads there is not: the address
// itself is taken as varying, so that nothing loaded through it is uniform.
bool per_thread_variable(const ptx::Function& f, std::string_view name) {
  return std::any_of(f.variables.begin(), f.variables.end(), [&](const ptx::Variable& v) {
    return v.name == name && (v.space == StateSpace::Local || v.space == StateSpace::Param);
  });
}

// Whether an operand names something that differs per thread: a per-thread
// special register, or a per-thread variable.
bool per_thread_operand(const ptx::Function& f, const Operand& o) {
  if (o.kind == Operand::Kind::Special && !uniform_special(o.special)) return true;
  if (o.kind == Operand::Kind::Symbol && per_thread_variable(f, o.text)) return true;
  return std::any_of(o.elements.begin(), o.elements.end(), [&](const Operand& e) { return per_thread_operand(f, e); });
}

void registers_of(const Operand& o, std::vector<RegId>& out) {
  if (o.kind == Operand::Kind::Register) out.push_back(o.reg);
  for (const Operand& e : o.elements) registers_of(e, out);
}

// The value of operand `o` of instruction `i` where it is a constant: a
// literal, or a register every reaching definition of which moves the same
// literal into it (nvcc puts shfl's lane, clamp and mask in registers).
std::optional<int64_t> constant_operand(const ptx::Function& f, const FunctionAnalysis& a, uint32_t i,
                                        const Operand& o) {
  if (o.kind == Operand::Kind::Int) return o.value;
  if (o.kind != Operand::Kind::Register || o.component != 0) return std::nullopt;
  std::optional<int64_t> value;
  for (const UseDefs& u : a.defs.uses[i]) {
    if (u.reg != o.reg) continue;
    for (uint32_t d : u.defs) {
      if (d == kEntryDef) return std::nullopt;
      const ptx::Instruction& def = f.instructions[d];
      if (def.op != Opcode::Mov || def.has_guard || def.operands.size() != 2 ||
          def.operands[1].kind != Operand::Kind::Int || (value && *value != def.operands[1].value))
        return std::nullopt;
      value = def.operands[1].value;
    }
  }
  return value;
}

// How an instruction's result depends on the lanes: `varying` when it may
// differ whatever its operands are; otherwise it is equal in two lanes
// whose `inputs` are equal (every register it reads, when `all_inputs`).
struct Dependence {
  bool varying = false;
  bool all_inputs = true;
  std::vector<RegId> inputs;
};

Dependence dependence(const ptx::Function& f, const FunctionAnalysis& a, uint32_t i, const VarianceAssumptions& assume) {
  const ptx::Instruction& ins = f.instructions[i];
  Dependence d;
  auto only = [&](std::initializer_list<size_t> operands) {
    d.all_inputs = false;
    for (size_t k : operands)
      if (k < ins.operands.size()) registers_of(ins.operands[k], d.inputs);
    if (ins.has_guard) d.inputs.push_back(ins.guard.reg);
  };
  auto all_lanes = [&](const Operand& o) {
    std::optional<int64_t> v = constant_operand(f, a, i, o);
    return v && (*v & 0xffffffff) == 0xffffffff;
  };
  if (std::any_of(ins.operands.begin(), ins.operands.end(),
                  [&](const Operand& o) { return per_thread_operand(f, o); })) {
    d.varying = true;
    return d;
  }
  switch (ins.op) {
    case Opcode::Bra:
    case Opcode::Brx:
    case Opcode::Ret:
    case Opcode::Exit:
    case Opcode::Trap:
    case Opcode::Mov:
    case Opcode::Prmt:
    case Opcode::Mapa:
    case Opcode::Getctarank:
    case Opcode::Isspacep:
    case Opcode::Istypep:
    case Opcode::Createpolicy: return d;
    case Opcode::Cvta: d.varying = ins.has("local"); return d;
    case Opcode::Ld:
    case Opcode::Ldu: {
      // Read-only memory (the kernel's parameters, the constant bank, what
      // ld.global.nc and ldu read) holds one value at one address; other
      // memory does for two lanes that load together where the kernel is
      // free of data races. Local memory is each thread's own.
      // A strong load (.volatile, .relaxed, .acquire) races with no store,
      // so two lanes may read a flag before and after another thread sets it.
      std::optional<StateSpace> s = ins.space();
      bool read_only = s == StateSpace::Param || s == StateSpace::Const ||
                       (s == StateSpace::Global && ins.has("nc")) || ins.op == Opcode::Ldu;
      bool strong = ins.has("volatile") || ins.has("relaxed") || ins.has("acquire") || ins.has("mmio");
      d.varying = s == StateSpace::Local || !(read_only || (assume.race_free && !strong));
      return d;
    }
    case Opcode::Shfl: {
      // shfl.sync.idx with every lane named and one source lane for the
      // whole warp (c's segment mask 0): every lane gets that lane's value.
      std::optional<int64_t> c;
      if (ins.has("idx") && ins.has("sync") && ins.operands.size() >= 5 && all_lanes(ins.operands[4]) &&
          (c = constant_operand(f, a, i, ins.operands[3])) && ((*c >> 8) & 0x1f) == 0) {
        only({2});
        return d;
      }
      d.varying = true;
      return d;
    }
    case Opcode::Vote:
    case Opcode::Redux:
      // One answer for the whole warp when every lane takes part.
      if (ins.has("sync") && !ins.operands.empty() && all_lanes(ins.operands.back()) &&
          (ins.op == Opcode::Redux || ins.has("ballot") || ins.has("all") || ins.has("any") || ins.has("uni"))) {
        only({});
        return d;
      }
      d.varying = true;
      return d;
    case Opcode::Bar:
    case Opcode::Barrier:
      // bar.red: one answer for the whole CTA.
      only({1});
      return d;
    case Opcode::Mbarrier:
      d.varying = !(assume.warp_waits_agree && (ins.has("try_wait") || ins.has("test_wait")));
      return d;
    default: break;
  }
  if (ptx::opcode_kind(ins.op) == ptx::OpcodeKind::Arith) return d;
  d.varying = true;  // what the analysis does not know varies
  return d;
}

// The blocks reachable from `from` (itself included), not entering `stop`.
BitSet reachable_from(const Cfg& cfg, uint32_t from, uint32_t stop) {
  BitSet seen(cfg.blocks.size());
  if (from == stop) return seen;
  std::vector<uint32_t> work{from};
  seen.set(from);
  while (!work.empty()) {
    uint32_t b = work.back();
    work.pop_back();
    for (uint32_t s : cfg.blocks[b].succs)
      if (s != stop && !seen.test(s)) seen.set(s), work.push_back(s);
  }
  return seen;
}

// A branch whose lanes may part: the blocks between it and the point its
// paths meet again (where the lanes that went different ways wrote), and
// the blocks two of its successors both reach (where their values meet).
struct Divergence {
  BitSet region, joins;
};

Divergence divergence_of(const Cfg& cfg, uint32_t block) {
  const std::vector<uint32_t>& succs = cfg.blocks[block].succs;
  uint32_t meet = cfg.ipdom[block];
  Divergence d{BitSet(cfg.blocks.size()), BitSet(cfg.blocks.size())};
  BitSet once(cfg.blocks.size());
  for (uint32_t s : succs) {
    d.region.merge(reachable_from(cfg, s, meet));
    BitSet all = reachable_from(cfg, s, kNone);
    all.for_each_set([&](size_t b) {
      if (once.test(b)) d.joins.set(b);
      else once.set(b);
    });
  }
  return d;
}

}  // namespace

ThreadVariance thread_variance(const ptx::Function& f, const FunctionAnalysis& a, const VarianceAssumptions& assume) {
  size_t n = f.instructions.size();
  // A called function's parameters are per-call values: nothing there is shown uniform.
  ThreadVariance tv{std::vector<bool>(n, !f.is_entry), std::vector<bool>(n, !f.is_entry)};
  if (!f.is_entry) return tv;
  std::vector<Dependence> deps(n);
  for (uint32_t i = 0; i < n; ++i) {
    deps[i] = dependence(f, a, i, assume);
    if (!a.defs.def_use[i].defs.empty()) tv.varying[i] = deps[i].varying;
  }
  std::vector<Divergence> divergences;
  // Whether the value `def` wrote may differ between two lanes at `use`.
  auto differs_at = [&](uint32_t def, uint32_t use) {
    if (def == kEntryDef) return !assume.undefined_registers_shared;
    if (tv.varying[def]) return true;
    uint32_t bd = a.cfg.block_of[def], bu = a.cfg.block_of[use];
    return std::any_of(divergences.begin(), divergences.end(),
                       [&](const Divergence& d) { return d.region.test(bd) && d.joins.test(bu); });
  };
  auto inputs_differ = [&](uint32_t i) {
    const Dependence& d = deps[i];
    for (const UseDefs& u : a.defs.uses[i]) {
      if (!d.all_inputs && std::find(d.inputs.begin(), d.inputs.end(), u.reg) == d.inputs.end()) continue;
      for (uint32_t def : u.defs)
        if (differs_at(def, i)) return true;
    }
    return false;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = 0; i < n; ++i) {
      if (!a.cfg.reachable[a.cfg.block_of[i]]) continue;
      const ptx::Instruction& ins = f.instructions[i];
      if (ends_conditionally(ins) && !tv.divergent[i] && (deps[i].varying || inputs_differ(i))) {
        tv.divergent[i] = true;
        uint32_t b = a.cfg.block_of[i];
        if (a.cfg.blocks[b].succs.size() > 1) divergences.push_back(divergence_of(a.cfg, b));
        changed = true;
      }
      if (!tv.varying[i] && !a.defs.def_use[i].defs.empty() && inputs_differ(i)) {
        tv.varying[i] = true;
        changed = true;
      }
    }
  }
  return tv;
}

}  // namespace warpsat::analysis
