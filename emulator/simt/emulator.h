// Runs a PTX kernel on the CPU with real warp semantics (docs/emulator.md).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/simt/memory.h"
#include "emulator/simt/memory_metrics.h"
#include "emulator/simt/metrics.h"
#include "emulator/simt/racecheck.h"
#include "frontend/diagnostics.h"
#include "frontend/launch_file.h"
#include "frontend/tensor_map.h"
#include "frontend/ptx/ir.h"

namespace warpsat::simt {

struct Cta;
struct Warp;
class ProgramCache;
class SyncObserver;

// A fault in the emulated kernel (out-of-bounds access, deadlock, step limit,
// an instruction the emulator does not implement): an input error located at
// the PTX instruction, naming the thread.
class EmulationError : public InputError {
 public:
  using InputError::InputError;
};

// A device buffer of a launch: argument `index`'s (named = false) or
// Launch::buffers[index] (named = true).
struct BufferRef {
  bool named = false;
  uint32_t index = 0;
  uint64_t at = 0;  // a pointer's bytes into the buffer (launch files' `at`)
};

struct KernelArgument {
  enum class Kind { Buffer, Scalar };
  Kind kind = Kind::Scalar;
  std::vector<uint8_t> bytes;  // buffer contents, or the scalar's little-endian bytes
  std::string name;            // for messages and reports
  int alias_of = -1;           // a buffer: pass the address of argument alias_of's buffer instead
  uint64_t fixed_address = 0;  // a buffer: place it at this device address (replays); 0: anywhere
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> patches;  // a buffer: bytes written at offsets
  uint64_t zero_bytes = 0;     // a buffer: its size when `bytes` is empty (zero-filled, allocated lazily)
  // A scalar or struct passed by value: bytes the launch fills in at these
  // offsets, a buffer's device address (8 bytes; 4 with .address_size 32)
  // and a tensor map's 128-byte handle (Launch::tensor_maps index).
  std::vector<std::pair<uint64_t, BufferRef>> pointer_slots;
  std::vector<std::pair<uint64_t, uint32_t>> tensor_map_slots;
  uint64_t size() const { return bytes.empty() ? zero_bytes : bytes.size(); }

  static KernelArgument buffer(std::vector<uint8_t> contents, std::string name) {
    KernelArgument a;
    a.kind = Kind::Buffer;
    a.bytes = std::move(contents);
    a.name = std::move(name);
    return a;
  }
  static KernelArgument scalar(std::vector<uint8_t> value, std::string name) {
    KernelArgument a = buffer(std::move(value), std::move(name));
    a.kind = Kind::Scalar;
    return a;
  }
};

struct Launch {
  std::string kernel;
  uint32_t grid[3] = {1, 1, 1};
  uint32_t block[3] = {1, 1, 1};
  uint64_t dynamic_shared_bytes = 0;
  std::vector<KernelArgument> args;  // one per kernel parameter, in order
  // CTAs per cluster in x, y, z (docs/emulator.md, "Thread-block clusters");
  // all 0: the kernel's .reqnctapercluster, else clusters of one CTA.
  uint32_t cluster[3] = {0, 0, 0};
  bool cluster_non_portable = false;  // allow 16 CTAs per cluster, not 8 (cudaFuncAttributeNonPortableClusterSizeAllowed)
  // Device buffers no parameter points to directly (Kind::Buffer): struct
  // pointer slots and tensor maps refer to them (CUTLASS passes one Params
  // struct holding every pointer and tensor map).
  std::vector<KernelArgument> buffers;
  // TMA tensor maps (docs/launch-files.md, "Tensor maps"), by the index their
  // handles hold.
  struct TensorMapArg {
    TensorMapSpec spec;
    BufferRef buffer;
  };
  std::vector<TensorMapArg> tensor_maps;
  // The launches `branches` makes up know nothing of a kernel's tensor maps
  // (CUTLASS keeps them in its Params struct, whose bytes such a launch
  // invents). With this set, a tensor map operand that holds none of the
  // maps above is an opaque map instead of an error: a copy through it moves
  // no bytes, and an mbarrier it completes stops counting transaction bytes
  // (docs/emulator.md, "Opaque tensor maps"). Never set from a launch file.
  bool opaque_tensor_maps = false;
};

// The cluster shape a launch runs with, checked against the kernel's
// .reqnctapercluster, .explicitcluster and .maxclusterrank and the grid.
struct ClusterShape {
  uint32_t dims[3] = {1, 1, 1};
  bool is_explicit = false;  // %is_explicit_cluster
  uint32_t size() const { return dims[0] * dims[1] * dims[2]; }
};
// Throws std::invalid_argument with the reason when the launch's cluster does
// not fit the kernel or the grid.
ClusterShape cluster_shape(const ptx::Function& kernel, const Launch& launch);

struct EmulatorOptions {
  uint64_t max_steps = uint64_t{1} << 28;  // warp instructions, over the whole launch
  uint32_t quantum = 1024;                 // warp instructions before the scheduler moves on
  // The GPU's SMs, which bound how many clusters run side by side when the
  // resident ones spin waiting for another's work (cluster_residency; --sms).
  // 132: an H100 SXM or an H200.
  uint32_t sms = 132;
  uint64_t max_local_bytes = 1u << 20;     // per thread (recursion depth)
  // Budgets that keep hostile launches bounded in time and memory; each is
  // reported as an input error naming the flag that raises it.
  uint64_t max_ctas = uint64_t{1} << 20;             // CTAs per launch (--max-ctas)
  uint32_t max_call_depth = 1024;                    // frames per warp, the kernel's included (--max-call-depth)
  uint64_t max_register_bytes = uint64_t{1} << 30;   // registers x threads x 8 bytes per CTA (--max-register-bytes)
  uint64_t max_shared_bytes = uint64_t{16} << 20;    // static + dynamic shared bytes per CTA (--max-shared-bytes)
  uint64_t max_launch_bytes = kMaxLaunchBytes;     // all buffers of a launch (--max-launch-bytes)
  // Slices mode: per function (module order) and instruction, whether to
  // execute it; the rest are counted as executed but skipped. Control flow
  // always runs. Empty = everything.
  std::vector<std::vector<bool>> execute_only;
  bool return_buffers = true;  // copy every buffer's final contents into the result
  // Linear ids of the CTAs to run (x fastest); empty = all of them.
  std::vector<uint64_t> only_ctas;
  // Detect data races in shared and global memory (docs/emulator.md, "Race
  // detection"); RunResult::races lists them. Off: no cost beyond one branch
  // per access. Meant for full runs: in slices mode (execute_only) the
  // skipped instructions access nothing, so their races go unseen.
  bool racecheck = false;
  // Count memory requests, sectors, shared wavefronts and atomics per
  // instruction (memory_metrics.h; KernelMetrics::memory). Full mode only:
  // ignored with execute_only. Off: one test per memory instruction.
  bool memory_metrics = false;
  // `advise`'s re-run: one shared array's addresses moved one to one
  // (memory_metrics.h). Padding places the array after the CTA's shared
  // memory (its `target` is set by the launch); an access that would cross
  // a moved row (or, XORed, a 4-byte word) stops the run.
  SharedRemap shared_remap;
  // Called after each executed warp instruction of a conditional branch with
  // the lanes active at it and the lanes that took it (for replays). It
  // returns true to end the launch there: a witness replay has seen its
  // split and need not run a grid-stride loop over a billion items.
  std::function<bool(const Cta&, const Warp&, uint32_t function, uint32_t instruction, uint32_t active,
                     uint32_t taken)> on_branch;
  // Launches a replay makes up (docs/branches.md): a device-window access
  // outside every allocation maps the 64 KiB around it, filled with varied
  // words derived from this seed and the address, instead of failing, so
  // that pointers inside structs passed by value, which a made-up launch
  // cannot know, still lead somewhere. At most lazy_device_bytes in all.
  // 0: off (every user launch).
  uint64_t lazy_device_seed = 0;
  uint64_t lazy_device_bytes = uint64_t{64} << 20;
  LazyFill lazy_device_fill;
  // Count the distinct paths the threads take (KernelMetrics::thread_paths):
  // each lane hashes the basic blocks it enters, in order. Off: no cost
  // beyond one test per instruction.
  bool count_thread_paths = false;
  // Stop a launch as soon as every warp that can still run provably repeats
  // forever: its whole state recurs with nothing shared changed in between
  // (docs/emulator.md, "Spin-waits"). Reported like the step limit, much
  // sooner. It never changes the result of a launch that terminates; off:
  // runaway loops run into max_steps.
  bool detect_spin = true;
  // A try_wait that finds its phase incomplete returns false once, as the
  // hardware's time limit allows, before the next one suspends the warp
  // until the phase completes: the retry of a wait loop (CUTLASS's
  // ClusterBarrier::wait) then runs. The emulator's
  // producers otherwise fill a stage before its consumer waits, and no run
  // ever takes the retry (branches replays it, so that a verdict there is
  // re-derived by an execution).
  bool fail_first_try_wait = false;
  // A schedule of slow copies: the round-robin visits each CTA's warps from
  // the last to the first, and a warp that reaches a bulk copy (TMA) ends
  // its turn there, issuing it at its next turn. A warp-specialized
  // kernel's producer is its first warp group (CUTLASS's, this project's),
  // so its consumers then reach their first mbarrier wait before the stage
  // is filled, and the retry of the wait runs (CUTLASS's
  // ClusterBarrier::wait), which the usual schedule never reaches (branches
  // replays the given launches both ways). A GPU may take any schedule: a
  // correct kernel's results do not depend on it.
  bool consumers_first = false;
  // Where to write the warp instructions executed, also when the launch
  // ends in an error (a replay's budget counts what a faulting launch
  // used), and kept current when on_branch is called (a replay that has
  // seen what it wanted runs on a little further, then stops). Null:
  // nowhere.
  uint64_t* steps_out = nullptr;
  // Decoded functions kept across launches of the same module (program.h);
  // null: each launch decodes what it runs.
  ProgramCache* program_cache = nullptr;
  // Told every mbarrier operation and wgmma issue (sync_events.h), for
  // `check-pipeline`; null: one untaken branch per such instruction.
  SyncObserver* sync_observer = nullptr;
};

// Where a shared variable lives in a CTA's shared memory (`advise`).
struct SharedVariable {
  std::string name;
  uint64_t offset = 0, bytes = 0;  // dynamic (extern) arrays: the launch's dynamic bytes
};

struct RunResult {
  bool stopped = false;  // on_branch ended the launch early (metrics are partial)
  std::vector<SharedVariable> shared_variables;  // by offset
  KernelMetrics metrics;
  std::vector<std::vector<uint8_t>> buffers;  // final contents, per argument (empty for scalars)
  std::vector<std::vector<uint8_t>> named_buffers;  // final contents of Launch::buffers
  RaceReport races;  // with EmulatorOptions::racecheck (a run stopped by a fault reports none)
};

// The kernel a launch names; with no name, the module's only .entry.
// Throws InputError (command line) when there is no such kernel.
const ptx::Function& find_kernel(const ptx::Module& module, const std::string& name);

// Throws EmulationError (an InputError) for faults and unsupported
// instructions, InputError for a launch that does not fit the kernel.
RunResult run_kernel(const ptx::Module& module, const Launch& launch, const EmulatorOptions& options = {});
// The same, giving each buffer's bytes back as soon as device memory holds
// them (each argument keeps its size in zero_bytes), so that a buffer costs
// twice its size at the peak (the device's copy and the one returned), not
// three times (`warpsat run`).
RunResult run_kernel(const ptx::Module& module, Launch&& launch, const EmulatorOptions& options = {});

}  // namespace warpsat::simt
