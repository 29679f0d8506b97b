// Event traces of a GeMM-WS kernel, as a simulator (warpsat's own or another)
// writes them: per wave and stage the start times Sa, Sb, Sm of seed 001's
// model, and optionally the durations, total and wait the simulator used.
// Two formats, both described in docs/traces.md:
//   CSV   header wave,stage,sa,sb,sm (times relative to each wave's start) or
//         wave,stage,sa_abs,sb_abs,sm_abs (absolute, kernel launch at 0), plus
//         optional t_math,t_load_a,t_load_b,t_init,t_epilogue,total,wait
//   JSON  what `warpsat simulate --format json` writes: one wave's events and
//         a wave count, or events with a "wave" member each.
// Reading checks the file's form only; whether the times obey the model is
// the checker's business (emulator/trace_check.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/gemm_problem.h"

namespace warpsat {

// A value the trace states, with where it states it.
template <typename T>
struct Stated {
  T value{};
  uint32_t line = 0, column = 0;
};

struct TraceEvent {
  int64_t stage = 0;
  int64_t sa = 0, sb = 0, sm = 0;
  uint32_t line = 0;  // where the trace gives it
};

// A run of identical waves, first..last. A CSV trace has one wave per run; a
// JSON trace without wave numbers has one run standing for all its waves.
struct TraceWave {
  int64_t first = 1, last = 1;
  std::vector<TraceEvent> events;  // sorted by stage, stages distinct
  uint32_t line = 0;
  int64_t count() const { return last - first + 1; }
};

struct TraceDurations {
  std::optional<int64_t> math, load_a, load_b, init, epilogue;
};

struct Trace {
  std::string source;
  bool absolute = false;         // times from kernel launch, not from each wave's start
  int64_t wave_count = 0;        // the trace covers waves 1..wave_count; any without events is missing
  std::vector<TraceWave> waves;  // sorted, disjoint
  TraceDurations durations;      // what the simulator says it used
  std::optional<int64_t> total, wait;
  std::optional<int64_t> stage_count;  // the trace's own claim of S (JSON)
  std::string time_unit;               // empty when the trace does not say
  // The problem the trace says it describes (JSON written by `simulate`).
  std::optional<Stated<int64_t>> m, n, k, stages;
  std::optional<Stated<Tile>> tile;
  std::optional<Stated<GemmModel>> model;  // the model `simulate --model` wrote it with

  int64_t event_count() const;  // events given, counting each run once
};

// The largest trace read: 2^22 events (rows).
inline constexpr int64_t kMaxTraceEvents = int64_t{1} << 22;
// Event times must stay within the model's 64-bit arithmetic.
inline constexpr int64_t kMaxTraceTime = int64_t{1} << 50;

// Reads a trace; JSON when the first non-blank character is '{', CSV
// otherwise. Throws InputError at file:line:col.
Trace read_trace(const std::string& path);
Trace parse_trace_csv(std::string text, const std::string& source);
Trace parse_trace_json(std::string text, const std::string& source);

}  // namespace warpsat
