// Checks an event trace against a pipeline model (seed 001's, or async:
// docs/models.md) on a known machine: every
// equation (1-3 per wave and stage, the wave and stage counts, the durations,
// total and wait formulas) is evaluated on the trace's own values, and the
// trace is compared with the simulator's schedule to find the first event
// from which it diverges. Concrete arithmetic only; the Z3 question "is there
// any machine that makes this trace consistent?" is solver/trace_fit.h.
//
// Every violation carries the id the Z3 encoding gives the same constraint
// (e.g. "eq1.w2.i3"), so the two reports name equations the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/trace_file.h"

namespace warpsat {

struct TraceViolation {
  std::string id;                   // "eq1.w2.i3", "waves", "stages.w2", "T_MATH", "total", ...
  std::string equation;             // "eq. 1 (Sa)", "wave count", "T_MATH", ...
  int64_t wave = 0, wave_last = 0;  // 0 when the equation is not about one wave; a run when last > first
  int64_t stage = 0;                // 0 when not about one stage
  std::optional<int64_t> trace;     // the trace's value; empty when the trace lacks it
  std::optional<int64_t> required;  // the model's value; empty when the model has no such event
  std::string formula;              // how the required value follows, with numbers
  uint32_t line = 0;                // where in the trace
};

struct TraceDivergence {
  int64_t wave = 0, stage = 0;
  std::string event;  // "Sa", "Sb", "Sm", or "wave" for a wave missing or extra
  std::optional<int64_t> trace, simulated;
  uint32_t line = 0;
};

struct TraceCheck {
  GemmModel model = GemmModel::Seed001;
  Durations durations;          // what equations 1-3 were evaluated with: the trace's where it gives them
  Durations machine_durations;  // what the machine gives
  int64_t stage_count = 0;      // S
  int64_t waves = 0;            // W
  size_t equations = 0;         // equations evaluated
  size_t violation_count = 0;               // all of them
  std::vector<TraceViolation> violations;    // the first kMaxStoredViolations, in trace order
  std::optional<TraceDivergence> first_divergence;  // vs simulate(); empty when they agree
  bool consistent() const { return violation_count == 0; }
};

inline constexpr size_t kMaxStoredViolations = 10000;

// Throws InputError when the problem is out of range (as simulate() does).
TraceCheck check_trace(const Trace& trace, const GemmShape& shape, const TileConfig& config, const Machine& machine,
                       GemmModel model = GemmModel::Seed001);

// Ids shared with the Z3 encoding.
std::string equation_id(int equation, int64_t wave, int64_t stage);  // "eq1.w2.i3"

}  // namespace warpsat
