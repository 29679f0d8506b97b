// Everything one kernel launch holds while it runs.
#pragma once

#include <array>
#include <deque>
#include <memory>
#include <unordered_set>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/memory.h"
#include "emulator/simt/metrics.h"
#include "emulator/simt/memory_recorder.h"
#include "emulator/simt/program.h"
#include "emulator/simt/state.h"
#include "emulator/simt/tensor_map.h"
#include "emulator/simt/tensormap_edits.h"

namespace warpsat::simt {

struct OpCounters {
  uint64_t warps = 0;       // times a warp issued it
  uint64_t threads = 0;     // active lanes summed
  uint64_t threads_on = 0;  // lanes whose guard held
  uint64_t divergent = 0;   // branches: issues whose lanes split
};

struct RunState {
  const ptx::Module& module;
  const Launch& launch;
  const EmulatorOptions& options;
  DeviceMemory memory;
  // The decoded program: `own_program`, or one an EmulatorOptions::
  // program_cache keeps across launches.
  Program own_program;
  Program* decoded = &own_program;
  Program& program() { return *decoded; }
  const Program& program() const { return *decoded; }
  uint32_t kernel = 0;                   // function index
  std::vector<uint8_t> kernel_params;    // the parameter buffer
  std::vector<uint64_t> arg_addresses;   // device address of each buffer argument (0 for scalars)
  uint64_t steps = 0;
  // Bumped by every change of state that warps share or that ends a wait:
  // stores and atomics (all but .local), lazily mapped memory, barrier
  // arrivals and exits. A warp that repeats its own state while this stays
  // the same repeats forever (spin_check.h).
  uint64_t shared_version = 0;
  bool stop = false;  // on_branch asked to end the launch
  std::vector<std::vector<OpCounters>> counters;  // [function][instruction]
  std::unique_ptr<MemoryRecorder> memory_metrics;
  SharedRemap remap;  // EmulatorOptions::shared_remap, its target placed  // with EmulatorOptions::memory_metrics (full mode)
  std::unique_ptr<RaceDetector> race;  // with EmulatorOptions::racecheck; null otherwise
  std::vector<std::vector<bool>> executes;  // slices mode: [function][instruction]; empty = all
  // With EmulatorOptions::count_thread_paths: where basic blocks start
  // ([function][instruction]: a label's instruction or a function's first),
  // and the path hash of every thread that has finished.
  std::vector<std::vector<bool>> block_starts;
  std::unordered_set<uint64_t> thread_paths;
  ClusterShape cluster;      // the launch's cluster shape (cluster_shape)
  // The launch's, by the index their handles hold, then those tensormap.replace
  // made (a deque: a map found by its handle stays where it is).
  std::deque<TensorMap> tensor_maps;
  TensorMapEdits tensor_map_edits;     // exec_tensormap.cpp
  uint64_t proxy_fences = 0;           // fence.proxy.async executed so far (async_state.h)
  uint32_t initial_registers = 0;  // per thread at launch, for setmaxnreg (exec_cluster.cpp)
  // Per WarpRole, the warps of every CTA that has ended (metrics.h).
  std::array<AsyncMetrics, kWarpRoleCount> roles{};
  bool track_proxy = false;  // the module has bulk copies that read shared memory: track generic-proxy writes
  // Register files of frames that have ended, by function, for the next
  // frames of that function: a CUTLASS 3 kernel's warp holds 0.7 to 1.7 MB
  // of them, and clearing a fresh one for every CTA was 4 to 10% of a
  // launch. A reused one clears only FunctionCode::zero_at_entry
  // (register_slots.cpp says why that is enough).
  std::vector<std::vector<RegisterFile>> free_frames;

  RunState(const ptx::Module& m, const Launch& l, const EmulatorOptions& o) : module(m), launch(l), options(o) {}
};

// "PTX line 120 (source k.cu:88)": where an instruction is, for messages
// that name a second instruction beside the one they stop at.
std::string ptx_place(const RunState& rs, uint32_t function, uint32_t instruction);

// Warps' call frames (frames.cpp). new_frame pushes one for `code` on `w`,
// for the lanes `mask`, called from call site `call` of the caller; it
// throws when the warp passes the call-depth, register or local-memory limit.
void new_frame(RunState& rs, Warp& w, const FunctionCode& code, uint32_t mask, uint32_t call);

// A frame that has ended gives its registers to the next frame of its function.
void recycle_frame(RunState& rs, Frame& f);

// When all of a warp's threads have ended: its frames give their registers back.
inline void end_frames(RunState& rs, Warp& w) {
  for (Frame& f : w.frames) recycle_frame(rs, f);
  w.frames.clear();
}

// A warp's role from what it did (metrics.h), and its counts added to the role's
// (kernel_metrics.cpp).
void add_warp_role(RunState& rs, const Warp& w);

// The launch's metrics from its per-instruction counters, for `ctas` CTAs run.
KernelMetrics collect_metrics(const RunState& rs, uint64_t ctas);

}  // namespace warpsat::simt
