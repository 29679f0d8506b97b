// Measurement files (CSV, docs/traces.md): what `calibrate` fits a machine to
// and what `validate-model` compares the model's predictions with.
//
// Times are in the column's unit: `time` is in the machine's own time unit,
// `time_s`, `time_ms`, `time_us`, `time_ns` (or `time_ps`) are converted to it.
// Exactly one time column is allowed. A `note` column is free text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/gemm_problem.h"

namespace warpsat {

// One measured time of one piece of the kernel (seed 001, section 4.2):
//   load      one tile load: give tk and tm (an A tile) or tk and tn (a B tile)
//   math      one tile multiply: tm, tn, tk
//   epilogue  one epilogue (T_EPILOGUE); tile columns may be given, are unused
//   init      an empty kernel's launch (T_INIT); likewise
enum class PieceKind { Load, Math, Epilogue, Init };
const char* to_string(PieceKind k);

struct PieceMeasurement {
  PieceKind kind = PieceKind::Load;
  int64_t tm = 0, tn = 0, tk = 0;  // 0 where not given
  double time = 0;                 // in the machine's time unit
  uint32_t line = 0;
  int64_t work() const;  // elements loaded or multiply-adds; 0 for epilogue and init
};

struct PieceMeasurements {
  std::string source;
  std::string time_column;  // as written, e.g. "time_us"
  std::vector<PieceMeasurement> rows;
};

// Columns: kind, tm, tn, tk, one time column, optional note.
PieceMeasurements read_piece_measurements(const std::string& path, const std::string& machine_time_unit);
PieceMeasurements parse_piece_measurements(std::string text, const std::string& source,
                                           const std::string& machine_time_unit);

// One measured whole-kernel time (seed 001, Table 2).
struct KernelMeasurement {
  GemmShape shape;
  TileConfig config;
  double time = 0;                  // as written, in the file's unit
  std::optional<double> reference;  // another model's prediction, as written (e.g. the paper's)
  std::string note;
  uint32_t line = 0;
};

struct KernelMeasurements {
  std::string source;
  std::string unit;                   // the unit the file's times are in ("s", or the machine's unit)
  double machine_units_per_unit = 1;  // multiply a file time by this to get machine units
  bool has_reference = false;
  std::vector<KernelMeasurement> rows;
  // Read from cutlass_profiler's CSV (frontend/profiler_csv.h): CUTLASS 3
  // sm90 kernels (the hopper model), stages 0 for CUTLASS's automatic count
  // until resolve_measured_stages; the rows it did not use, and why.
  bool from_profiler = false;
  std::vector<std::string> skipped;
};

// Every stage count of 0 (cutlass_profiler's "automatic") becomes what
// StageCountAutoCarveout gives that kernel on `m`.
void resolve_measured_stages(KernelMeasurements& data, const Machine& m);

// Columns: m, n, k, tm, tn, tk, stages, one time column, optional
// reference column with the same unit suffix (reference, reference_s, ...),
// optional note. Times must be positive. Or the CSV cutlass_profiler writes
// (frontend/profiler_csv.h), recognised by its columns.
KernelMeasurements read_kernel_measurements(const std::string& path, const std::string& machine_time_unit);

// Whether a measurements file holds whole-kernel rows (it has an 'm'
// column) rather than piece rows: `calibrate` fits either.
bool holds_kernel_times(const std::string& path);
KernelMeasurements parse_kernel_measurements(std::string text, const std::string& source,
                                             const std::string& machine_time_unit);

}  // namespace warpsat
