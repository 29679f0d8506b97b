#include "emulator/simt/profile.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "frontend/analysis/slices.h"
#include "frontend/ptx/memory_effects.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::StateSpace;

namespace {

std::vector<uint32_t> reachable(const ptx::Module& m, uint32_t kernel) {
  std::vector<bool> seen(m.functions.size(), false);
  std::vector<uint32_t> order{kernel}, work{kernel};
  seen[kernel] = true;
  while (!work.empty()) {
    const ptx::Function& f = m.functions[work.back()];
    work.pop_back();
    for (const ptx::Instruction& ins : f.instructions) {
      if (ins.op != Opcode::Call) continue;
      for (const ptx::Operand& o : ins.operands) {
        if (o.kind != ptx::Operand::Kind::Symbol) continue;
        const ptx::Function* callee = m.find_function(o.text);
        if (!callee) continue;
        auto idx = static_cast<uint32_t>(callee - m.functions.data());
        if (!seen[idx]) seen[idx] = true, order.push_back(idx), work.push_back(idx);
      }
    }
  }
  return order;
}

}  // namespace

SliceSchedule slices_schedule(const ptx::Module& m, const ptx::Function& kernel) {
  SliceSchedule s;
  s.execute.resize(m.functions.size());
  auto kernel_index = static_cast<uint32_t>(&kernel - m.functions.data());
  std::vector<uint32_t> fns = reachable(m, kernel_index);
  // The state spaces the kernel writes.
  std::vector<bool> written(10, false);
  for (uint32_t fi : fns)
    for (const ptx::Instruction& ins : m.functions[fi].instructions) {
      if (auto sp = ptx::stored_space(ins)) written[static_cast<size_t>(*sp)] = true;
    }
  auto may_alias_written = [&](StateSpace load) {
    if (load == StateSpace::Param || load == StateSpace::Const) return false;
    if (written[static_cast<size_t>(StateSpace::Generic)]) return true;
    if (load == StateSpace::Generic) {
      for (StateSpace w : {StateSpace::Global, StateSpace::Shared, StateSpace::Local})
        if (written[static_cast<size_t>(w)]) return true;
      return false;
    }
    return static_cast<bool>(written[static_cast<size_t>(load)]);
  };
  for (uint32_t fi : fns) {
    const ptx::Function& f = m.functions[fi];
    if (!f.has_body) continue;
    analysis::FunctionAnalysis a = analysis::analyse_function(f, m.source);
    std::vector<uint32_t> seeds;
    for (uint32_t i = 0; i < f.instructions.size(); ++i) {
      const ptx::Instruction& ins = f.instructions[i];
      bool control_input = analysis::is_conditional_branch(ins) || ins.op == Opcode::Bar || ins.op == Opcode::Barrier ||
                           (ins.op == Opcode::Call && std::any_of(ins.operands.begin(), ins.operands.end(), [](const ptx::Operand& o) {
                              return o.kind == ptx::Operand::Kind::Register;
                            }));
      if (control_input) seeds.push_back(i);
      if (ins.has_guard && !control_input)
        for (const analysis::UseDefs& u : a.defs.uses[i])
          if (u.reg == ins.guard.reg)
            for (uint32_t d : u.defs)
              if (d != analysis::kEntryDef) seeds.push_back(d);
    }
    analysis::BranchSlice c = analysis::backward_closure(f, a, seeds);
    const analysis::SliceLeaves& l = c.leaves;
    if (s.not_applicable.empty()) {
      if (l.call_results || l.function_params)
        s.not_applicable = fmt::format("a branch in {} depends on values passed through a call", f.name);
      else if (l.atomics)
        s.not_applicable = fmt::format("a branch in {} depends on an atomic's result", f.name);
      for (StateSpace sp : l.loads)
        if (s.not_applicable.empty() && may_alias_written(sp))
          s.not_applicable = fmt::format("a branch in {} depends on {} memory the kernel writes", f.name,
                                         ptx::to_string(sp).empty() ? "generic" : ptx::to_string(sp));
    }
    s.execute[fi].assign(f.instructions.size(), false);
    for (uint32_t i : c.instructions) s.execute[fi][i] = true;
    s.executed += c.instructions.size();
    s.total += f.instructions.size();
  }
  return s;
}

KernelProfile profile_kernel(const ptx::Module& m, const Launch& launch, ProfileMode mode,
                             const EmulatorOptions& options) {
  KernelProfile p;
  p.kernel = launch.kernel;
  if (p.kernel.empty()) {
    try {
      p.kernel = std::string(find_kernel(m, "").name);
    } catch (const InputError&) {
    }
  }
  auto start = std::chrono::steady_clock::now();
  try {
    EmulatorOptions o = options;
    o.return_buffers = false;
    if (mode == ProfileMode::Slices) {
      SliceSchedule s = slices_schedule(m, find_kernel(m, launch.kernel));
      p.slice_instructions = s.executed;
      p.reachable_instructions = s.total;
      if (s.not_applicable.empty()) {
        o.execute_only = std::move(s.execute);
        p.mode = ProfileMode::Slices;
      } else {
        p.fallback = s.not_applicable;
      }
    }
    RunResult r = run_kernel(m, launch, o);
    p.metrics = r.metrics;
    p.races = std::move(r.races);
    p.ok = true;
  } catch (const InputError& e) {
    p.error = e.what();
  }
  p.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return p;
}

}  // namespace warpsat::simt
