#include "emulator/simt/metrics.h"

namespace warpsat::simt {

const char* to_string(WarpRole r) {
  switch (r) {
    case WarpRole::Producer: return "producer";
    case WarpRole::Consumer: return "consumer";
    case WarpRole::Other: return "other";
  }
  return "other";
}

AsyncMetrics& AsyncMetrics::operator+=(const AsyncMetrics& o) {
  warps += o.warps;
  warp_instructions += o.warp_instructions;
  wgmma_instructions += o.wgmma_instructions;
  wgmma_flops += o.wgmma_flops;
  tma_bytes_loaded += o.tma_bytes_loaded;
  tma_bytes_stored += o.tma_bytes_stored;
  mbarrier_waits += o.mbarrier_waits;
  mbarrier_blocked += o.mbarrier_blocked;
  return *this;
}

AsyncMetrics KernelMetrics::async_total() const {
  AsyncMetrics t;
  for (const AsyncMetrics& r : roles) t += r;
  return t;
}

KernelMetrics& KernelMetrics::operator+=(const KernelMetrics& o) {
  static_instructions += o.static_instructions;
  warp_instructions += o.warp_instructions;
  thread_instructions += o.thread_instructions;
  thread_instructions_predicated_on += o.thread_instructions_predicated_on;
  thread_instructions_run += o.thread_instructions_run;
  thread_paths += o.thread_paths;
  for (size_t i = 0; i < thread_by_category.size(); ++i) thread_by_category[i] += o.thread_by_category[i];
  for (size_t i = 0; i < 3; ++i) {
    fp_instructions[i] += o.fp_instructions[i];
    flops[i] += o.flops[i];
    flops_special[i] += o.flops_special[i];
  }
  wgmma_instructions += o.wgmma_instructions;
  wgmma_flops += o.wgmma_flops;
  for (size_t r = 0; r < roles.size(); ++r) roles[r] += o.roles[r];
  memory += o.memory;
  branches += o.branches;
  divergent_branches += o.divergent_branches;
  ctas += o.ctas;
  warps += o.warps;
  threads += o.threads;
  return *this;
}

std::vector<BranchMetrics> KernelMetrics::per_branch() const {
  std::vector<BranchMetrics> out;
  for (const InstructionMetrics& i : per_instruction)
    if (i.branch) out.push_back({i.function, i.instruction, i.ptx_line, i.loc, i.warps, i.divergent});
  return out;
}

}  // namespace warpsat::simt
