// Fits a machine's throughputs, startup latencies, epilogue and init to
// measured times of the kernel's pieces (frontend/measurements.h), by least
// squares over every row (seed 001, section 4.2.3 uses two points per fit).
//
//   load:  time = elements / load_throughput + load_latency
//   math:  time = multiply-adds / compute_throughput + compute_latency
//   epilogue, init: a constant each (the mean)
//
// The fit is linear in (1 / throughput, latency). Machine files need integer
// latencies and exact throughputs, so the written machine rounds: latencies to
// the nearest integer, throughputs to 6 significant digits. Residuals and R²
// are reported for the written machine, through the model's own duration
// formula ceil(work / throughput) + latency, so they describe what `tile` and
// `simulate` will use. A negative fitted latency is clamped to 0 and the
// throughput refitted through the origin (the least-squares optimum under
// latency >= 0).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/measurements.h"

namespace warpsat {

struct FitRow {
  uint32_t line = 0;
  int64_t work = 0;  // elements or multiply-adds; 0 for epilogue and init
  double measured = 0, predicted = 0;
  double residual() const { return measured - predicted; }
};

struct PieceFit {
  PieceKind kind = PieceKind::Load;
  bool fitted = false;  // false: no rows of this kind, the base machine's values are kept
  std::vector<FitRow> rows;
  double slope = 0;      // time per unit of work, unrounded (load, math)
  double intercept = 0;  // latency (load, math) or the constant (epilogue, init), unrounded
  bool clamped = false;  // the unconstrained latency was negative
  double unclamped_intercept = 0;
  double r_squared = 0;         // of the written machine (load, math); NaN for a constant
  double rms = 0, max_abs = 0;  // residuals of the written machine
};

struct Calibration {
  Machine machine;                      // the base machine with the fitted values
  PieceFit load, math, epilogue, init;  // kinds set by calibrate()
};

// `x` rounded to `digits` significant decimal digits, exactly (what a
// machine file holds of a fitted throughput).
Rational decimal_near(double x, int digits);

// Throws InputError at the file position of the offending rows: fewer than
// two load or math rows, one tile size only, a non-positive fitted
// throughput, a value beyond the machine file's limits.
Calibration calibrate(const PieceMeasurements& data, const Machine& base, const std::string& name);

}  // namespace warpsat
