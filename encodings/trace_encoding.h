// "Which machines make this trace consistent with seed 001's model?" as Z3
// terms. The trace's event times are constants; the unknowns are the machine
// parameters and the integer durations they produce. Every constraint is
// named (the names the concrete checker uses for the same equations, e.g.
// "eq1.w2.i3"), so an unsat core says which equations conflict. Every
// constraint is documented in docs/traces.md.
//
// Durations are integers ceil(work / throughput) + latency. With r = 1 /
// throughput (time per element, a real) and q = T - latency this is
//   q - 1 < work * r <= q,
// which is linear in (T, latency, r): the encoding is exact, in linear
// integer-real arithmetic, with no rounding anywhere.
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

#include "frontend/parameter_bounds.h"
#include "frontend/trace_file.h"

namespace warpsat {

struct NamedConstraint {
  std::string name;         // a valid SMT-LIB symbol: "eq1.w2.i3", "duration.T_MATH", "bound.sms"
  std::string description;  // the equation with the trace's numbers, for reports
  z3::expr formula;
};

struct TraceTerms {
  // Machine parameters.
  z3::expr sms, init, epilogue, load_latency, compute_latency;  // Int
  z3::expr load_time_per_element, compute_time_per_mac;         // Real: 1 / throughput
  // Per-tile durations: T_MATH, T_LOAD_A, T_LOAD_B (Int).
  z3::expr t_math, t_load_a, t_load_b;
  std::vector<z3::expr> unknowns;  // every constant above, for declarations
  std::vector<NamedConstraint> constraints;
};

// The largest number of distinct events the encoding takes (identical
// relative waves are encoded once).
inline constexpr int64_t kMaxEncodedTraceEvents = int64_t{1} << 16;

// Default bounds when the user gives none: sms in [1, 2^20]; init, epilogue,
// latencies and durations in [0, 2^40]; throughputs positive.
inline constexpr int64_t kMaxFittedSms = int64_t{1} << 20;
inline constexpr int64_t kMaxFittedTime = int64_t{1} << 40;

// Throws InputError (command line) when the trace has more distinct events
// than kMaxEncodedTraceEvents.
// `model`: seed 001's equations, or the async model's (docs/models.md).
TraceTerms encode_trace(z3::context& ctx, const Trace& trace, const GemmShape& shape, const TileConfig& config,
                        const ParameterBounds& bounds, GemmModel model = GemmModel::Seed001);

}  // namespace warpsat
