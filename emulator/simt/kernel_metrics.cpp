// The launch's metrics (metrics.h): each warp's counts added to its role's
// as its cluster ends, and KernelMetrics from the per-instruction counters
// when the launch has run.
#include <algorithm>
#include <string>
#include <vector>

#include "emulator/simt/run_state.h"

namespace warpsat::simt {

void add_warp_role(RunState& rs, const Warp& w) {
  const WarpActivity& a = w.activity;
  WarpRole role = a.wgmma_issues ? WarpRole::Consumer : a.tma_bytes_loaded ? WarpRole::Producer : WarpRole::Other;
  AsyncMetrics& r = rs.roles[static_cast<size_t>(role)];
  ++r.warps;
  r.warp_instructions += w.steps;
  // A warp group's four warps each issue the instruction once.
  r.wgmma_instructions += a.wgmma_issues;
  r.wgmma_flops += a.wgmma_flops;
  r.tma_bytes_loaded += a.tma_bytes_loaded;
  r.tma_bytes_stored += a.tma_bytes_stored;
  r.mbarrier_waits += a.mbarrier_waits;
  r.mbarrier_blocked += a.mbarrier_blocked;
}

namespace {

std::vector<bool> reachable_functions(const RunState& rs) {
  std::vector<bool> seen(rs.program().functions.size(), false);
  std::vector<uint32_t> work{rs.kernel};
  seen[rs.kernel] = true;
  while (!work.empty()) {
    uint32_t f = work.back();
    work.pop_back();
    for (const Op& op : rs.program().functions[f].ops)
      if (op.control == Control::Call && op.target != kNoSlot && op.target < seen.size() && !seen[op.target]) {
        seen[op.target] = true;
        work.push_back(op.target);
      }
  }
  return seen;
}

}  // namespace

KernelMetrics collect_metrics(const RunState& rs, uint64_t ctas) {
  KernelMetrics k;
  k.roles = rs.roles;
  for (AsyncMetrics& r : k.roles) r.wgmma_instructions /= 4, r.wgmma_flops /= 4;  // per warp group
  const ptx::Function& kernel = rs.module.functions[rs.kernel];
  k.name = std::string(kernel.name);
  std::copy(rs.launch.block, rs.launch.block + 3, k.block);
  std::copy(rs.launch.grid, rs.launch.grid + 3, k.grid);
  std::vector<bool> reach = reachable_functions(rs);
  uint32_t threads_per_block = rs.launch.block[0] * rs.launch.block[1] * rs.launch.block[2];
  k.ctas = ctas;
  k.threads = ctas * threads_per_block;
  k.warps = ctas * ((threads_per_block + kWarpSize - 1) / kWarpSize);
  k.slices_mode = !rs.executes.empty();
  k.thread_paths = rs.thread_paths.size();
  k.memory.measured = rs.memory_metrics != nullptr;
  for (uint32_t fi = 0; fi < rs.program().functions.size(); ++fi) {
    const FunctionCode& code = rs.program().functions[fi];
    if (reach[fi]) k.static_instructions += code.ops.size();
    for (uint32_t i = 0; i < code.ops.size(); ++i) {
      const Op& op = code.ops[i];
      const OpCounters& c = rs.counters[fi][i];
      if (c.warps == 0) continue;
      k.warp_instructions += c.warps;
      k.thread_instructions += c.threads;
      k.thread_instructions_predicated_on += c.threads_on;
      bool scheduled = rs.executes.empty() || (fi < rs.executes.size() && i < rs.executes[fi].size() && rs.executes[fi][i]);
      if (scheduled || op.control != Control::None) k.thread_instructions_run += c.threads;
      k.thread_by_category[static_cast<size_t>(op.category)] += c.threads_on;
      if (op.fp_precision) {
        size_t p = op.fp_precision == 16 ? 0 : op.fp_precision == 32 ? 1 : 2;
        k.fp_instructions[p] += c.threads_on;
        k.flops[p] += c.threads_on * op.flops;
        if (op.fp_special) k.flops_special[p] += c.threads_on;
      }
      const ptx::Instruction& ins = code.function->instructions[i];
      bool conditional = op.is_branch && (ins.has_guard || op.control == Control::BranchIndexed);
      k.per_instruction.push_back({std::string(code.function->name), i, ins.pos.line, ins.loc, c.warps, c.threads,
                                   c.divergent, conditional, c.threads_on, {}});
      if (op.mma_flops) {  // a warp-group instruction: its four warps issue it once each
        k.wgmma_instructions += c.threads_on / 128;
        k.wgmma_flops += c.threads_on / 128 * op.mma_flops;
      }
      if (rs.memory_metrics && op.mem_access != MemAccess::None) {
        k.per_instruction.back().memory = rs.memory_metrics->at(fi, i);
        for (const ClassCounters& m : k.per_instruction.back().memory) k.memory[m.cls] += m.counters;
      }
      if (op.is_branch) {
        k.branches += c.warps;
        k.divergent_branches += c.divergent;
      }
    }
  }
  return k;
}

}  // namespace warpsat::simt
