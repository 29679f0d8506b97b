// Pictures of one simulated configuration's pipeline (seed 001's events):
//  - a Chrome trace-event JSON file (opens in Perfetto and chrome://tracing):
//    a process per wave with a DMA-warp and a MATH-warp thread, one slice per
//    tile load and per multiply, so waits show as gaps; a "kernel" process
//    with T_INIT, each wave's span (Sm(S) + T_EPILOGUE) and its epilogue;
//  - the same as an SVG Gantt chart.
#pragma once

#include <string>

#include "emulator/gemm_ws_sim.h"

namespace warpsat {

// The largest number of slices a Chrome trace is written with.
inline constexpr int64_t kMaxTraceSlices = int64_t{1} << 20;

// Throws InputError when the machine's time unit cannot be converted to
// microseconds (Chrome traces are in microseconds) or the trace would have
// more than kMaxTraceSlices slices.
std::string chrome_trace_json(const Schedule& s, const Machine& m);

// At most 8 waves are drawn (all waves are equal in the model); throws
// InputError when one wave alone has too many stages to draw legibly.
std::string gantt_svg(const Schedule& s, const Machine& m);

}  // namespace warpsat
