// The hopper model (docs/models.md) executed event by event: one tile's
// mainloop by the async recurrence with Hopper's transfer times, then the
// persistent tile scheduler's walk over a CTA's tiles (cooperative or
// ping-pong), stream-K units piece by piece with their fix-up, and the HBM
// floor. The independent re-derivation of the closed form that the encoding
// uses (encodings/gemm_closed_form.h).
#pragma once

#include "emulator/gemm_ws_sim.h"

namespace warpsat {

// Throws InputError when the configuration is not an sm90 one or out of range.
Schedule simulate_hopper(const GemmShape& shape, const TileConfig& config, const Machine& machine);

// The dependency structure of the model's mainloop, for comparing it with a
// kernel's pipeline as recovered from its mbarrier arrivals and waits
// (issue 31's check-pipeline): stage k (1-based) uses slot (k - 1) mod D;
// its loads may be issued only after the multiply of stage k - D released
// that slot, its multiply may start only after its loads landed, and a
// slot is released only after the multiply that read it.
enum class PipelineEvent { LoadIssued, LoadLanded, MultiplyStarted, SlotReleased };
const char* to_string(PipelineEvent e);
struct PipelineStep {
  PipelineEvent event = PipelineEvent::LoadIssued;
  int64_t stage = 0;
};
struct PipelineEdge {
  PipelineStep before, after;  // `after` may not happen before `before`
};
std::vector<PipelineEdge> pipeline_edges(int64_t stages, int64_t depth);

// What was observed of each stage, on any clock that orders events (emulator
// steps, nanoseconds); the first edge the observation breaks, by the time of
// its later event, or nothing.
struct ObservedStage {
  int64_t load_issued = 0, load_landed = 0, multiply_started = 0, slot_released = 0;
};
std::optional<PipelineEdge> first_broken_edge(const std::vector<ObservedStage>& stages, int64_t depth);

// The model's own mainloop as such an observation: loads landing λ after
// their transfer, slots released when a multiply ends.
std::vector<ObservedStage> observed_mainloop(const Schedule& s);

}  // namespace warpsat
