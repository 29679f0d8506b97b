#include "frontend/measurements.h"

#include <algorithm>

#include <fmt/format.h>

#include "frontend/csv_reader.h"
#include "frontend/profiler_csv.h"
#include "frontend/read_file.h"
#include "frontend/time_unit.h"

namespace warpsat {

namespace {

constexpr size_t kMaxMeasurementBytes = size_t{64} << 20;

struct TimeColumn {
  size_t column = 0;
  std::string name, unit;  // unit empty: the machine's own
  double to_machine = 1;
};

// Finds the one time column and the factor that converts it to machine units.
TimeColumn time_column(const CsvTable& t, const std::string& prefix, const std::string& machine_unit, bool required) {
  std::optional<TimeColumn> found;
  for (size_t i = 0; i < t.header().size(); ++i) {
    const std::string& h = t.header()[i];
    if (h != prefix && !h.starts_with(prefix + "_")) continue;
    if (found) t.fail_header(i, fmt::format("two {} columns ('{}' and '{}'); give one", prefix, found->name, h));
    TimeColumn c{i, h, h == prefix ? "" : h.substr(prefix.size() + 1), 1};
    if (!c.unit.empty()) {
      auto from = seconds_per_unit(c.unit), to = seconds_per_unit(machine_unit);
      if (!from) t.fail_header(i, fmt::format("unknown time unit '{}' in '{}' (use s, ms, us, ns or ps)", c.unit, h));
      if (!to)
        t.fail_header(i, fmt::format("the machine's time unit '{}' has no conversion from '{}'; name the column "
                                     "'{}' and give times in {}",
                                     machine_unit, c.unit, prefix, machine_unit));
      c.to_machine = *from / *to;
    }
    found = c;
  }
  if (!found && required)
    throw InputError({t.source(), t.header_line(), 1},
                     fmt::format("missing a time column: '{0}' (in the machine's unit, {1}) or '{0}_s', '{0}_ms', "
                                 "'{0}_us', '{0}_ns'",
                                 prefix, machine_unit));
  return found.value_or(TimeColumn{SIZE_MAX, "", "", 1});
}

PieceKind parse_kind(const CsvTable& t, const CsvRow& row, size_t column) {
  const std::string& s = row.cells[column].text;
  if (s == "load") return PieceKind::Load;
  if (s == "math") return PieceKind::Math;
  if (s == "epilogue") return PieceKind::Epilogue;
  if (s == "init") return PieceKind::Init;
  t.fail(row, column, fmt::format("kind '{}' must be load, math, epilogue or init", s));
}

}  // namespace

const char* to_string(PieceKind k) {
  switch (k) {
    case PieceKind::Load: return "load";
    case PieceKind::Math: return "math";
    case PieceKind::Epilogue: return "epilogue";
    case PieceKind::Init: return "init";
  }
  return "?";
}

int64_t PieceMeasurement::work() const {
  switch (kind) {
    case PieceKind::Load: return tk * (tm != 0 ? tm : tn);
    case PieceKind::Math: return tm * tn * tk;
    default: return 0;
  }
}

PieceMeasurements parse_piece_measurements(std::string text, const std::string& source,
                                           const std::string& machine_time_unit) {
  CsvTable t(std::move(text), source);
  t.reject_unknown_columns(
      {"kind", "tm", "tn", "tk", "time", "time_s", "time_ms", "time_us", "time_ns", "time_ps", "note"});
  size_t kind = t.require_column("kind"), tm = t.require_column("tm"), tn = t.require_column("tn"),
         tk = t.require_column("tk");
  TimeColumn tc = time_column(t, "time", machine_time_unit, true);
  PieceMeasurements out{source, tc.name, {}};
  if (t.rows().empty())
    throw InputError({source, t.header_line(), 1}, "no measurements: the file has a header but no rows");
  for (const CsvRow& row : t.rows()) {
    PieceMeasurement m;
    m.kind = parse_kind(t, row, kind);
    m.line = row.line;
    auto dim = [&](size_t c) { return t.is_empty(row, c) ? 0 : t.integer(row, c, 1, kMaxTileDim); };
    m.tm = dim(tm);
    m.tn = dim(tn);
    m.tk = dim(tk);
    if (m.kind == PieceKind::Load) {
      if (m.tk == 0) t.fail(row, tk, "a load row needs tk (and tm for an A tile, or tn for a B tile)");
      if ((m.tm == 0) == (m.tn == 0))
        t.fail(row, tm, "a load row gives tm (an A tile, TM x TK) or tn (a B tile, TK x TN), exactly one of them");
    }
    if (m.kind == PieceKind::Math)
      for (size_t c : {tm, tn, tk})
        if (t.is_empty(row, c))
          t.fail(row, c, fmt::format("a math row needs tm, tn and tk; '{}' is empty", t.header()[c]));
    double v = t.number(row, tc.column);
    if (v < 0)
      t.fail(row, tc.column, fmt::format("negative time {}: a measured time is at least 0", row.cells[tc.column].text));
    m.time = v * tc.to_machine;
    out.rows.push_back(m);
  }
  return out;
}

PieceMeasurements read_piece_measurements(const std::string& path, const std::string& machine_time_unit) {
  return parse_piece_measurements(read_file(path, kMaxMeasurementBytes), path, machine_time_unit);
}

namespace {
KernelMeasurements profiler_measurements(const CsvTable& t, const std::string& machine_time_unit) {
  ProfilerCsv csv = parse_profiler_csv(t);
  KernelMeasurements out;
  out.source = t.source();
  out.unit = "ms";  // the profiler's Runtime column
  auto from = seconds_per_unit("ms"), to = seconds_per_unit(machine_time_unit);
  if (!to)
    throw InputError({t.source(), t.header_line(), 1},
                     fmt::format("cutlass_profiler's runtimes are in ms; the machine's time unit '{}' has no conversion "
                                 "from it",
                                 machine_time_unit));
  out.machine_units_per_unit = *from / *to;
  out.from_profiler = true;
  out.skipped = csv.skipped;
  for (const ProfilerRow& r : csv.rows) {
    KernelMeasurement k;
    k.line = r.line;
    k.shape = r.shape;
    k.config = r.config;
    k.time = r.runtime_ms;
    k.note = r.operation;
    out.rows.push_back(k);
  }
  if (out.rows.empty())
    throw InputError({t.source(), t.header_line(), 1},
                     fmt::format("no CUTLASS kernel that ran in this cutlass_profiler CSV ({} row(s) skipped)",
                                 csv.skipped.size()));
  return out;
}
}  // namespace

void resolve_measured_stages(KernelMeasurements& data, const Machine& m) {
  for (KernelMeasurement& k : data.rows) resolve_auto_stages(k.config, m);
}

KernelMeasurements parse_kernel_measurements(std::string text, const std::string& source,
                                             const std::string& machine_time_unit) {
  CsvTable t(std::move(text), source);
  if (is_profiler_csv(t)) return profiler_measurements(t, machine_time_unit);
  t.reject_unknown_columns({"m",
                            "n",
                            "k",
                            "tm",
                            "tn",
                            "tk",
                            "stages",
                            "time",
                            "time_s",
                            "time_ms",
                            "time_us",
                            "time_ns",
                            "time_ps",
                            "reference",
                            "reference_s",
                            "reference_ms",
                            "reference_us",
                            "reference_ns",
                            "reference_ps",
                            "note"});
  size_t m = t.require_column("m"), n = t.require_column("n"), k = t.require_column("k"), tm = t.require_column("tm"),
         tn = t.require_column("tn"), tk = t.require_column("tk"), stages = t.require_column("stages");
  TimeColumn time = time_column(t, "time", machine_time_unit, true);
  TimeColumn ref = time_column(t, "reference", machine_time_unit, false);
  if (ref.column != SIZE_MAX && ref.unit != time.unit)
    t.fail_header(ref.column, fmt::format("'{}' must be in the same unit as '{}' (name it 'reference{}')", ref.name,
                                          time.name, time.unit.empty() ? "" : "_" + time.unit));
  std::optional<size_t> note = t.find_column("note");
  KernelMeasurements out;
  out.source = source;
  out.unit = time.unit.empty() ? machine_time_unit : time.unit;
  out.machine_units_per_unit = time.to_machine;
  out.has_reference = ref.column != SIZE_MAX;
  if (t.rows().empty())
    throw InputError({source, t.header_line(), 1}, "no measurements: the file has a header but no rows");
  for (const CsvRow& row : t.rows()) {
    KernelMeasurement r;
    r.line = row.line;
    r.shape = {t.integer(row, m, 1, kMaxMatrixDim), t.integer(row, n, 1, kMaxMatrixDim),
               t.integer(row, k, 1, kMaxMatrixDim)};
    r.config.tile = {t.integer(row, tm, 1, kMaxTileDim), t.integer(row, tn, 1, kMaxTileDim),
                     t.integer(row, tk, 1, kMaxTileDim)};
    r.config.stages = t.integer(row, stages, 2, kMaxStages);
    r.time = t.number(row, time.column);
    if (r.time <= 0)
      t.fail(row, time.column,
             fmt::format("measured time {} must be positive (errors are relative to it)", row.cells[time.column].text));
    if (out.has_reference && !t.is_empty(row, ref.column)) r.reference = t.number(row, ref.column);
    if (note) r.note = row.cells[*note].text;
    out.rows.push_back(r);
  }
  return out;
}

bool holds_kernel_times(const std::string& path) {
  CsvTable t(read_file(path, kMaxMeasurementBytes), path);
  const auto& h = t.header();
  return std::find(h.begin(), h.end(), "m") != h.end();
}

KernelMeasurements read_kernel_measurements(const std::string& path, const std::string& machine_time_unit) {
  return parse_kernel_measurements(read_file(path, kMaxMeasurementBytes), path, machine_time_unit);
}

}  // namespace warpsat
