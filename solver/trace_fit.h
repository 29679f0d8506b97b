// `check-trace` without a machine: asks Z3 whether any machine parameters
// (within the user's bounds) make a trace consistent with seed 001's model.
//
//   sat    the integer durations Z3 found, the range each duration can take
//          over all consistent machines, the latency ranges given those
//          durations, and one concrete machine: latencies from Z3's model and
//          the simplest decimal throughputs consistent with them. That machine
//          is then simulated and the trace checked against it concretely
//          (emulator/): any difference is a CrossValidationError.
//   unsat  a minimal set of conflicting named equations (an unsat core,
//          shrunk by deletion until every constraint in it is needed).
//   unknown a timeout or Z3 giving up: no answer.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "frontend/machine.h"
#include "frontend/parameter_bounds.h"
#include "frontend/trace_file.h"
#include "solver/smt_query.h"

namespace warpsat {

struct TraceFitQuestion {
  Trace trace;
  GemmShape shape;
  TileConfig config;
  ParameterBounds bounds;
  GemmModel model = GemmModel::Seed001;

  // "check-trace.M256.N256.K256.128x128x64.D2": the stem of every query file.
  std::string name() const;
};

enum class TraceFitStatus { Consistent, Inconsistent, Unknown };
const char* to_string(TraceFitStatus s);

struct ValueRange {
  int64_t lo = 0, hi = 0;
};

// A constraint of the query, as reported (the Z3 term stays inside solver/).
struct ConstraintName {
  std::string name;         // "eq1.w2.i3"
  std::string description;  // the equation with the trace's numbers
};

struct FittedParameter {
  std::string name;   // the machine file's key, or a duration's name
  std::string value;  // what the chosen machine uses
  std::string range;  // "[lo, hi]", or the throughput interval at the chosen latency
};

struct TraceFit {
  TraceFitStatus status = TraceFitStatus::Unknown;
  std::string reason;  // for Unknown
  size_t constraints = 0;
  // Inconsistent: the conflicting equations.
  std::vector<ConstraintName> core;
  bool core_minimal = false;  // false when shrinking the core ran out of time
  // Consistent: what Z3 found and the ranges around it (empty range: that query timed out).
  Durations durations;
  std::vector<std::pair<std::string, std::optional<ValueRange>>> duration_ranges;  // T_MATH, T_LOAD_A, ...
  std::vector<FittedParameter> duration_table;                                     // the same, as text for reports
  std::vector<FittedParameter> parameters;
  Machine machine;  // the chosen parameters, simulated against the trace
  size_t queries = 0;
  double solve_ms = 0;
  std::vector<std::string> dumped;  // .smt2 files written
};

// Deliberate faults for the test that shows validation fires (--inject-fault).
enum class TraceFitFault { None, ComputeThroughput };

// Throws InputError for an out-of-range problem, CrossValidationError when the
// chosen machine does not reproduce the trace.
TraceFit fit_trace(const TraceFitQuestion& q, const SolverOptions& options, TraceFitFault fault = TraceFitFault::None);

}  // namespace warpsat
