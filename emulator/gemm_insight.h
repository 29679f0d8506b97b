// What a user can act on in a predicted schedule: the throughput it reaches,
// what bounds it, and how full its last wave is. Computed from the simulator's
// events, so it describes the re-derived answer, not the solver's claim.
#pragma once

#include <optional>
#include <string>

#include "emulator/gemm_ws_sim.h"

namespace warpsat {

enum class Bottleneck {
  Load,     // the DMA chain sets the steady-state pace (L >= X)
  Math,     // the MATH chain sets it (X > L)
  Latency,  // too few stages: pipeline fill (the first loads) and the epilogue dominate
  Hbm,      // hopper: the DRAM traffic (every byte once) takes longer than the tiles
};
const char* to_string(Bottleneck b);

struct ScheduleInsight {
  std::optional<double> tflops;  // 2 M N K / total; empty when the time unit has no length in seconds
  Bottleneck bottleneck = Bottleneck::Math;
  double bottleneck_share = 0;   // of one wave's time (Sm(S) + T_EPILOGUE)
  int64_t tiles = 0;             // output tiles: ceil(M/TM) ceil(N/TN)
  int64_t last_wave_tiles = 0;   // tiles in the last wave
  double tail_occupancy = 0;     // last_wave_tiles / sms
};

// A wave costs its first loads + (S-1) max(per-stage load, X) (the steady
// state) + T_EPILOGUE (+ the last T_MATH, async); the bottleneck is the larger
// of the steady state and the rest: load- or math-bound by which chain sets
// the steady pace, latency-bound when the rest (pipeline fill, stalls on a
// shallow buffer, the epilogue) is larger.
// Under the hopper model the same split is made over a CTA's tiles (the
// steady state of every mainloop against fills, epilogues and stream-K
// fix-ups), the tail counts CTA tiles of cluster waves, and the kernel is
// HBM-bound when the DRAM floor exceeds the tiles' time.
ScheduleInsight insight(const Schedule& s, const Machine& m);

}  // namespace warpsat
