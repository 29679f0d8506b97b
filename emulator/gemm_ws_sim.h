// The GeMM-WS event simulator: the model of seed 001 (equations 1-3, the wave
// and total formulas) evaluated concretely for one configuration. It is the
// ground truth every solver answer about tilings is checked against.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/gemm_problem.h"

namespace warpsat {

struct StageEvents {
  int64_t stage = 0;  // i, 1-based
  int64_t sa = 0;     // Sa(i): DMA starts loading (async: issues) A tile i
  int64_t sb = 0;     // Sb(i): DMA starts loading (async: issues) B tile i
  int64_t sm = 0;     // Sm(i): MATH starts multiplying tile pair i
};

// One wave's events; every wave has the same events (the seed assumes equal
// waves), so a kernel's timeline is W copies of them, one after the other.
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
