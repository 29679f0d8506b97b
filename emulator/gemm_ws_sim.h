// The GeMM-WS event simulator: the model of seed 001 (equations 1-3, the wave
// and total formulas) evaluated concretely for one configuration. It is the
// ground truth every solver answer about tilings is checked against.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "frontend/gemm_problem.h"

namespace warpsat {

struct StageEvents {
  int64_t stage = 0;  // i, 1-based
  int64_t sa = 0;     // Sa(i): DMA starts loading (async: issues) A tile i
  int64_t sb = 0;     // Sb(i): DMA starts loading (async: issues) B tile i
  int64_t sm = 0;     // Sm(i): MATH starts multiplying tile pair i
};

// The hopper model's tile-level timeline (docs/models.md): one CTA's (one
// cluster's) persistent walk over its tiles, after the stage events of one
// tile's mainloop.
struct HopperTimeline {
  HopperDurations durations;
  int64_t fill = 0;            // F = τA + τB + λ: a mainloop's first data lands
  int64_t mainloop = 0;        // ML = Sm(S) + X: one tile's mainloop, fill included
  int64_t dp_tiles = 0;        // data-parallel tiles the most loaded cluster slot runs
  std::vector<int64_t> tile_ends;  // when each of those tiles' epilogue ends
  int64_t dp_time = 0;         // their time (0 when none)
  StreamKPlan stream_k;        // units = 0: no stream-K
  int64_t stream_k_time = 0;   // the slowest unit, its fix-up and epilogues included
  int64_t cta_time = 0;        // stream_k_time + dp_time
  int64_t hbm_floor = 0;       // every byte from DRAM once
};

// One wave's events; every wave has the same events (the seed assumes equal
// waves), so a kernel's timeline is W copies of them, one after the other.
// Under the hopper model the events are one tile's mainloop and `hopper`
// says how the tiles follow each other.
struct Schedule {
  GemmModel model = GemmModel::Seed001;
  GemmShape shape;
  TileConfig config;
  Durations durations;
  int64_t stage_count = 0;  // S
  int64_t waves = 0;        // W
  std::vector<StageEvents> events;
  int64_t wave = 0;   // one wave: Sm(S) + T_EPILOGUE (async: Sm(S) + T_MATH + T_EPILOGUE)
  int64_t total = 0;  // wave * W + T_INIT
  int64_t wait = 0;   // W * (Sb(1) + T_LOAD_B + sum_{i=2..S} (Sm(i) - Sm(i-1) - T_MATH))
  std::optional<HopperTimeline> hopper;  // the hopper model only
};

// Throws InputError when the configuration is out of range or a time does
// not fit 64 bits. The shared-memory limit is not checked here: simulating a
// configuration that would not fit is still a meaningful question.
Schedule simulate(const GemmShape& shape, const TileConfig& config, const Machine& machine,
                  GemmModel model = GemmModel::Seed001);

// The cost of a configuration: the same arithmetic as simulate(), keeping
// only a window of D events.
// `scratch` is reused between calls to avoid allocation in sweeps.
Cost evaluate(const GemmShape& shape, const TileConfig& config, const Machine& machine,
              std::vector<int64_t>& scratch, GemmModel model = GemmModel::Seed001);

}  // namespace warpsat
