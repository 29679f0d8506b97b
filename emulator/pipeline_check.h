// `check-pipeline`: is the producer/consumer pipeline a warp-specialized
// kernel runs the one seed 001's model describes (docs/check-pipeline.md)?
//
// The kernel runs on the SIMT emulator with a recorder of its mbarrier and
// wgmma events (simt/sync_events.h). From them, per block, the circular
// buffers are recovered (pipeline_recovery.cpp): the "full" barriers are
// those a bulk copy completes with transaction bytes, each paired with the
// "empty" barrier its producer waited on before announcing the load; the
// stage count D is the number of full barriers one producer warp fills. The
// events are then replayed against the dependency structure of equations
// 1-3 for that D (pipeline_check.cpp): loads in order into slot k mod D, load
// k only after the (k-D)-th multiply freed its slot, multiply k only after
// load k completed and in order. The first event where the kernel does what
// the model forbids is named.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/sync_events.h"
#include "frontend/ptx/ir.h"

namespace warpsat {

// One slot of a circular buffer: the barrier a load completes and the one
// the consumers free it on (empty == kNoBarrier when the producer waited on
// nothing before filling it).
struct PipelineSlot {
  static constexpr uint32_t kNoBarrier = UINT32_MAX;
  uint32_t full = 0, empty = kNoBarrier;  // shared offsets in the block
};

// One step of a ring's protocol as the kernel ran it: load k announced,
// load k first waited for and got by a consumer (the model's multiply k), or
// load k's slot freed (its empty barrier's phase completed).
struct RingStep {
  enum class Kind : uint8_t { Load, Multiply, Release };
  Kind kind = Kind::Load;
  int64_t k = 0;
  uint64_t event = 0;     // index in the recorded events
  uint64_t by_block = 0;  // the block of the warp that did it (a remote arrival's own)
  uint32_t warp = 0;
  uint32_t function = 0, instruction = 0;
};
std::string_view to_string(RingStep::Kind k);
// "PTX line 120 (source k.cu:88)": the outermost inlined-at source line.
std::string ptx_and_source_line(const ptx::Module& module, uint32_t function, uint32_t instruction);  // "load", "multiply", "release"

// A circular buffer of one block, as recovered from its events.
struct PipelineRing {
  uint64_t block = 0;                 // linear in the grid
  std::vector<PipelineSlot> slots;    // in the order the producer first fills them: D = slots.size()
  uint32_t unused_slots = 0;          // the last ones, which this launch never filled (found by their mbarrier.init)
  uint32_t full_arrivals = 0, empty_arrivals = 0;  // per phase, from mbarrier.init (0: not seen)
  uint64_t load_bytes = 0;            // transaction bytes the first load announced
  std::vector<uint32_t> producer_warps;  // warps that announced loads (expect-tx) on its full barriers
  std::vector<uint32_t> consumer_warps;  // warps that waited on its full barriers
  // Counted by the replay:
  uint64_t loads = 0;       // loads started (expect-tx in a new phase of a full barrier)
  uint64_t multiplies = 0;  // loads some consumer waited for and got
  uint64_t releases = 0;    // phases of its empty barriers completed
  uint64_t wgmma = 0;       // wgmma.mma_async issued by its consumers after a wait on it
  std::vector<uint64_t> tile_loads;  // loads per tile (a tile starts at a wgmma with scale-d 0)
  std::string schedule;     // "one consumer warp group", "cooperative", "ping-pong", "mixed"
  std::vector<RingStep> steps;  // in execution order
  std::vector<uint32_t> consumer_groups() const;  // warp groups of consumer_warps
  size_t depth() const { return slots.size(); }
};

// Where the kernel and the model first differ.
struct PipelineMismatch {
  uint64_t event = 0;     // index in the recorded events
  int64_t k = 0;          // the model's load / multiply index (0-based) the difference is about
  uint32_t slot = 0;      // k mod D
  std::string barrier;    // "full" or "empty": the barrier the event is about
  uint32_t barrier_offset = 0;
  uint64_t block = 0;     // the block whose pipeline differs
  uint64_t by_block = 0;  // the block that executed the event
  uint32_t warp = 0;
  uint32_t function = 0, instruction = 0;
  std::string place;      // "PTX line 120 (source k.cu:88)"
  std::string expected;   // what the model does at this point
  std::string actual;     // what the kernel did
  std::string equation;   // the edge of equations 1-3 it breaks: "eq. 3: Sm(k) >= Sb(k) + T_LOAD_B (...)"
  bool at_end = false;    // found only when the run ended (a wait that never completed, a load never multiplied)
};

struct PipelineReport {
  uint64_t events = 0;                 // recorded
  uint64_t blocks_with_barriers = 0;   // blocks that initialised an mbarrier
  std::vector<PipelineRing> rings;     // every block's, by block then first load
  std::optional<PipelineMismatch> mismatch;
  bool matches() const { return !mismatch && !rings.empty(); }
};

// Recovers the rings of every block from a run's events (no replay: the
// counts stay 0). pipeline_recovery.cpp.
std::vector<PipelineRing> recover_pipelines(const std::vector<simt::SyncEvent>& events);

// How the run ended: all warps exited (every load must have been
// multiplied), in a deadlock (waits still pending never end), or in another
// error (what was pending then says nothing).
enum class RunEnd { Finished, Deadlock, Error };

// Replays the events against the model for the recovered rings. `module`
// names the PTX and source lines; `grid` the blocks.
PipelineReport check_pipeline_events(const std::vector<simt::SyncEvent>& events, const ptx::Module& module,
                                     const uint32_t (&grid)[3], RunEnd end);

// Runs the launch with a recorder and checks it. A run that stops in an
// emulation error (a deadlock, a protocol error the emulator reports) still
// gets its events checked: the error is kept in `stopped`. Throws InputError
// when the kernel initialises no mbarrier or fills none with bulk copies
// (nothing to check), or the run records more than max_events events.
struct PipelineRun {
  PipelineReport report;
  std::optional<simt::EmulationError> stopped;
};
PipelineRun run_pipeline_check(const ptx::Module& module, simt::Launch launch, simt::EmulatorOptions options,
                               uint64_t max_events = uint64_t{1} << 24);

// "block (1,0,0)" for a linear block id.
std::string block_label(uint64_t linear, const uint32_t (&grid)[3]);

}  // namespace warpsat
