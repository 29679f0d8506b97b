// What a run of the emulator measures: the metrics of seed 000 (HyPA) and
// seed 002 (Lynx), counted the way nvprof defines them (docs/emulator.md).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/simt/memory_metrics.h"
#include "frontend/analysis/statistics.h"
#include "frontend/ptx/ir.h"

namespace warpsat::simt {

struct BranchMetrics {
  std::string function;
  uint32_t instruction = 0;   // index in its function
  uint32_t ptx_line = 0;
  ptx::DebugLoc loc;
  uint64_t executions = 0;    // per warp
  uint64_t divergent = 0;     // executions whose active lanes split
};

// One static instruction's counts (warpsat report's per-line view, as
// Nsight Compute's source page shows them).
struct InstructionMetrics {
  std::string function;
  uint32_t instruction = 0;   // index in its function
  uint32_t ptx_line = 0;
  ptx::DebugLoc loc;
  uint64_t warps = 0;         // warp-level executions (inst_executed)
  uint64_t threads = 0;       // active lanes summed
  uint64_t divergent = 0;     // branches: executions whose active lanes split
  bool branch = false;        // a conditional bra or a brx.idx
  uint64_t threads_on = 0;    // lanes whose guard held, summed
  std::vector<ClassCounters> memory;  // memory accesses by class (EmulatorOptions::memory_metrics)
};

// A warp's role in a warp-specialized kernel, from what it did
// (docs/emulator.md, "Warp roles"): a consumer issued wgmma.mma_async; a
// producer issued no wgmma but a TMA or bulk copy from global memory into
// shared memory; every other warp (a plain kernel's, an idle warp of the
// producer warp group) is "other".
enum class WarpRole : uint8_t { Producer, Consumer, Other };
constexpr size_t kWarpRoleCount = 3;
const char* to_string(WarpRole r);

// The asynchronous work of one role's warps (or of all warps).
struct AsyncMetrics {
  uint64_t warps = 0;
  uint64_t warp_instructions = 0;   // inst_executed of these warps
  uint64_t wgmma_instructions = 0;  // wgmma.mma_async per warp group (a group's four warps issue it once)
  uint64_t wgmma_flops = 0;         // their 2*M*N*K
  uint64_t tma_bytes_loaded = 0;    // global -> shared: cp.async.bulk{.tensor} box or size, once per copy (multicast too)
  uint64_t tma_bytes_stored = 0;    // shared -> global: cp{.reduce}.async.bulk{.tensor}
  uint64_t mbarrier_waits = 0;      // mbarrier.try_wait/test_wait executed, per warp
  uint64_t mbarrier_blocked = 0;    // ... that found their phase incomplete and suspended the warp (try_wait)
  AsyncMetrics& operator+=(const AsyncMetrics& o);
};

struct KernelMetrics {
  std::string name;
  uint32_t block[3] = {1, 1, 1}, grid[3] = {1, 1, 1};
  uint64_t static_instructions = 0;   // instructions of the kernel and the functions it can call
  uint64_t warp_instructions = 0;     // nvprof inst_executed: warp-level instructions issued
  uint64_t thread_instructions = 0;   // summed active lanes (thread_inst_executed)
  uint64_t thread_instructions_predicated_on = 0;  // ... not predicated off
  // Thread instructions the emulator really ran: all of them in full mode;
  // in slices mode the schedule and the control flow (the rest are counted,
  // not run). HyPA's "Executed Instructions" (docs/hypa-csv.md).
  uint64_t thread_instructions_run = 0;
  // Distinct paths (sequences of basic blocks entered) over the launch's
  // threads, HyPA's "Divergent Branches"; only with
  // EmulatorOptions::count_thread_paths, else 0.
  uint64_t thread_paths = 0;
  std::array<uint64_t, analysis::kCategoryCount> thread_by_category{};
  // Per precision (0 half, 1 single, 2 double), per executing thread:
  std::array<uint64_t, 3> fp_instructions{};  // floating-point instructions
  std::array<uint64_t, 3> flops{};            // add/sub/mul 1, fma/mad 2 (nvprof flop_count_*)
  std::array<uint64_t, 3> flops_special{};    // div, rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh
  // wgmma.mma_async, counted per warp group (each of its four warps also
  // counts one warp instruction above), and their 2*M*N*K FLOPs.
  uint64_t wgmma_instructions = 0;
  uint64_t wgmma_flops = 0;
  // Per WarpRole: what the producer, consumer and other warps did.
  std::array<AsyncMetrics, kWarpRoleCount> roles{};
  AsyncMetrics async_total() const;  // the roles summed
  uint64_t branches = 0;              // bra/brx executed, per warp
  uint64_t divergent_branches = 0;
  std::vector<InstructionMetrics> per_instruction;  // every instruction executed at least once
  // The conditional branches among per_instruction (bra with a guard, brx.idx).
  std::vector<BranchMetrics> per_branch() const;
  uint64_t ctas = 0, warps = 0, threads = 0;
  bool slices_mode = false;           // counted in slices mode (docs/emulator.md)

  double branch_efficiency() const {  // 100 (b - d) / b; 100 when there is no branch
    return branches ? 100.0 * static_cast<double>(branches - divergent_branches) / static_cast<double>(branches) : 100.0;
  }
  double simt_efficiency() const {    // mean active lanes / 32
    return warp_instructions ? static_cast<double>(thread_instructions) / (32.0 * static_cast<double>(warp_instructions))
                             : 0.0;
  }
  uint64_t fp_total() const { return fp_instructions[0] + fp_instructions[1] + fp_instructions[2]; }
  uint64_t flops_total() const { return flops[0] + flops[1] + flops[2]; }
  // Lynx's activity factor: lanes that really execute (guard held) / 32 per
  // warp instruction; SIMT efficiency counts predicated-off lanes as active.
  double activity_factor() const {
    return warp_instructions ? static_cast<double>(thread_instructions_predicated_on) /
                                   (32.0 * static_cast<double>(warp_instructions))
                             : 0.0;
  }
  MemoryMetrics memory;  // with EmulatorOptions::memory_metrics, in full mode
  KernelMetrics& operator+=(const KernelMetrics& o);
};

}  // namespace warpsat::simt
