// `warpsat calibrate`: fits a machine's throughputs, latencies, epilogue and
// init to measured piece times (emulator/calibration) and writes a machine
// TOML that `tile` and `simulate` read.
#include <cmath>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "emulator/calibration.h"
#include "frontend/diagnostics.h"

namespace warpsat::cli {

namespace {

struct CalibrateOptions {
  std::string measurements;
  std::string base;
  std::string output;
  std::string name;
};

std::string r2_text(double r2) { return std::isnan(r2) ? "n/a (a constant)" : fmt::format("{:.6f}", r2); }

void print_fit(const PieceFit& f, const Machine& m, const Machine& base) {
  const std::string& u = m.time_unit;
  const char* what = to_string(f.kind);
  if (!f.fitted) {
    fmt::print("{}: no rows; kept from {}\n\n", what, base.name);
    return;
  }
  if (f.kind == PieceKind::Load || f.kind == PieceKind::Math) {
    bool load = f.kind == PieceKind::Load;
    fmt::print("{}: {} rows, least squares time = work / throughput + latency\n", what, f.rows.size());
    fmt::print("  fit:     throughput {:.9g} {} per {}, latency {:.6g} {}{}\n", 1.0 / f.slope,
               load ? "elements" : "multiply-adds", u, f.intercept, u,
               f.clamped ? fmt::format(" (clamped: the unconstrained fit gave {:.6g})", f.unclamped_intercept) : "");
    fmt::print("  written: {} = {}, {} = {}\n", load ? "load_throughput" : "compute_throughput",
               (load ? m.load_throughput : m.compute_throughput).to_string(), load ? "load_latency" : "compute_latency",
               load ? m.load_latency : m.compute_latency);
  } else {
    fmt::print("{}: {} rows, mean {:.6g} {}; written: {} = {}\n", what, f.rows.size(), f.intercept, u, what,
               f.kind == PieceKind::Epilogue ? m.epilogue : m.init);
  }
  fmt::print("  {:>6} {:>12} {:>14} {:>14} {:>12}\n", "line", "work", "measured", "model", "residual");
  for (const FitRow& r : f.rows)
    fmt::print("  {:>6} {:>12} {:>14.6g} {:>14.6g} {:>12.4g}\n", r.line, r.work, r.measured, r.predicted, r.residual());
  fmt::print("  R² {}, rms residual {:.4g} {}, max |residual| {:.4g} {}\n\n", r2_text(f.r_squared), f.rms, u, f.max_abs,
             u);
}

int run_calibrate(const CalibrateOptions& o) {
  Machine base = resolve_machine(o.base);
  PieceMeasurements data = read_piece_measurements(o.measurements, base.time_unit);
  std::string name = o.name.empty() ? base.name + "-calibrated" : o.name;
  Calibration c = calibrate(data, base, name);

  // What is written must read back as exactly the machine reported.
  std::string toml = machine_to_toml(c.machine);
  Machine again = parse_machine(toml, o.output);
  if (again.load_throughput != c.machine.load_throughput || again.compute_throughput != c.machine.compute_throughput ||
      again.load_latency != c.machine.load_latency || again.compute_latency != c.machine.compute_latency ||
      again.init != c.machine.init || again.epilogue != c.machine.epilogue)
    throw std::runtime_error("the written machine does not read back unchanged");

  std::string header = fmt::format("# Written by `warpsat calibrate {} --base {}`.\n", o.measurements, o.base);
  for (const PieceFit* f : {&c.load, &c.math, &c.epilogue, &c.init})
    header += f->fitted ? fmt::format("# {}: {} rows, R² {}, rms residual {:.4g} {}\n", to_string(f->kind),
                                      f->rows.size(), r2_text(f->r_squared), f->rms, c.machine.time_unit)
                        : fmt::format("# {}: not measured, kept from {}\n", to_string(f->kind), base.name);
  std::ofstream out(o.output);
  out << header << toml;
  out.close();
  if (!out) throw InputError({o.output, 0, 0}, "cannot write the machine file");

  fmt::print("calibrating {} from {} ({} rows, times in {}, converted to {})\n\n", name, data.source, data.rows.size(),
             data.time_column, c.machine.time_unit);
  for (const PieceFit* f : {&c.load, &c.math, &c.epilogue, &c.init}) print_fit(*f, c.machine, base);
  fmt::print("wrote {} (sms, shared memory and element size from {})\n", o.output, base.name);
  return kExitOk;
}

}  // namespace

void add_calibrate_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<CalibrateOptions>();
  CLI::App* sub = app.add_subcommand("calibrate", "fit a machine's throughputs and latencies to measured tile times");
  sub->add_option("measurements", o->measurements,
                  "CSV: kind (load|math|epilogue|init), tm, tn, tk, time (or time_us, ...)")
      ->required();
  sub->add_option("--base", o->base, "machine whose other values (sms, shared memory, ...) are kept")->required();
  sub->add_option("-o,--output", o->output, "machine .toml to write")->required();
  sub->add_option("--name", o->name, "name of the new machine (default: BASE-calibrated)");
  commands.push_back({sub, [o] { return run_calibrate(*o); }});
}

}  // namespace warpsat::cli
