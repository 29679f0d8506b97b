// `warpsat calibrate`: fits a machine's throughputs, latencies, epilogue and
// init to measured piece times (emulator/calibration), or to whole-kernel
// times through a pipeline model (emulator/model_fit), and writes a machine
// TOML that `tile` and `simulate` read.
#include <cmath>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validation_output.h"
#include "emulator/calibration.h"
#include "emulator/model_fit.h"
#include "frontend/diagnostics.h"

namespace warpsat::cli {

namespace {

struct CalibrateOptions {
  std::string measurements;
  std::string base;
  std::string output;
  std::string name;
  std::string model;  // empty: hopper for cutlass_profiler rows, seed001 otherwise
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

// What is written must read back as exactly the machine reported.
void write_machine(const Machine& m, const std::string& header, const std::string& path) {
  std::string toml = machine_to_toml(m);
  Machine again = parse_machine(toml, path);
  if (again.load_throughput != m.load_throughput || again.compute_throughput != m.compute_throughput ||
      again.load_latency != m.load_latency || again.compute_latency != m.compute_latency || again.init != m.init ||
      again.epilogue != m.epilogue)
    throw std::runtime_error("the written machine does not read back unchanged");
  std::ofstream out(path);
  out << header << toml;
  out.close();
  if (!out) throw InputError({path, 0, 0}, "cannot write the machine file");
}

// Whole-kernel times (validate-model's format): every parameter of the
// model at once.
int run_kernel_fit(const CalibrateOptions& o, const Machine& base) {
  KernelMeasurements data = read_kernel_measurements(o.measurements, base.time_unit);
  std::string name = o.name.empty() ? base.name + "-calibrated" : o.name;
  ModelFitOptions fo;
  fo.model = measurement_model(data, o.model, base);
  std::string model = to_string(fo.model);
  ModelFit f = fit_model(data, base, name, fo);
  f.machine.description = fmt::format("fitted by warpsat calibrate ({} model) to the kernel times of {}, from {}",
                                      model, data.source, base.name);
  f.machine.calibrated = fmt::format("{} kernel times of {} ({} model, warpsat calibrate)", data.rows.size(),
                                     data.source, model);
  const ModelValidation& v = f.validation;
  std::string header = fmt::format(
      "# Written by `warpsat calibrate {} --base {} --model {}`: every parameter fitted to {} kernel times;\n"
      "# mean |error| {:.2f}%, max {:.2f}% (the base machine: {:.2f}%).\n",
      o.measurements, o.base, model, data.rows.size(), 100 * v.mean_abs_error, 100 * v.max_abs_error,
      100 * f.base_mean_abs_error);
  write_machine(f.machine, header, o.output);

  fmt::print("calibrating {} from {} ({} kernel times in {}) through the {} model\n\n", name, data.source,
             data.rows.size(), data.unit, model);
  for (const std::string& why : data.skipped) fmt::print("skipped {}\n", why);
  fmt::print("{:<20} {:>14}   mean |error| with the parameter -10% / +10%\n", "parameter", "fitted");
  for (const ParameterSensitivity& s : f.sensitivity)
    fmt::print("{:<20} {:>14.6g}   {:>7.2f}% / {:.2f}%\n", s.name, s.value, 100 * s.mean_abs_error_lower,
               100 * s.mean_abs_error_higher);
  for (const std::string& p : f.unidentified)
    fmt::print("note: no row's prediction follows {} at the fit (it is bounded, not pinned, by these rows); it stays "
               "near {}'s value\n",
               p, base.name);
  fmt::print("\n{:>6} {:>6} {:>6} {:>5} {:>5} {:>5} {:>3} {:>13} {:>13} {:>9} {:>6}\n", "M", "N", "K", "TM", "TN",
             "TK", "D", "predicted", "measured", "residual", "line");
  for (const ValidationRow& r : v.rows) {
    print_validation_row(r);
    fmt::print(" {:>6}\n", r.measured.line);
  }
  fmt::print("\nfitted: mean |error| {:.2f}%, max |error| {:.2f}% (line {}); {}: {:.2f}% ({} model evaluations)\n",
             100 * v.mean_abs_error, 100 * v.max_abs_error, v.rows[v.max_row].measured.line, base.name,
             100 * f.base_mean_abs_error, f.evaluations);
  fmt::print("wrote {} (sms, shared memory and element size from {})\n", o.output, base.name);
  return kExitOk;
}

int run_calibrate(const CalibrateOptions& o) {
  Machine base = resolve_machine(o.base);
  if (holds_kernel_times(o.measurements)) return run_kernel_fit(o, base);
  PieceMeasurements data = read_piece_measurements(o.measurements, base.time_unit);
  std::string name = o.name.empty() ? base.name + "-calibrated" : o.name;
  if (o.model == "hopper")
    throw command_line_error("--model hopper is for kernel times (cutlass_profiler's CSV); piece times fit no pipeline model");
  Calibration c = calibrate(data, base, name);
  c.machine.calibrated = fmt::format("{} piece times of {} (warpsat calibrate)", data.rows.size(), data.source);

  std::string header = fmt::format("# Written by `warpsat calibrate {} --base {}`.\n", o.measurements, o.base);
  for (const PieceFit* f : {&c.load, &c.math, &c.epilogue, &c.init})
    header += f->fitted ? fmt::format("# {}: {} rows, R² {}, rms residual {:.4g} {}\n", to_string(f->kind),
                                      f->rows.size(), r2_text(f->r_squared), f->rms, c.machine.time_unit)
                        : fmt::format("# {}: not measured, kept from {}\n", to_string(f->kind), base.name);
  write_machine(c.machine, header, o.output);

  fmt::print("calibrating {} from {} ({} rows, times in {}, converted to {})\n\n", name, data.source, data.rows.size(),
             data.time_column, c.machine.time_unit);
  for (const PieceFit* f : {&c.load, &c.math, &c.epilogue, &c.init}) print_fit(*f, c.machine, base);
  fmt::print("wrote {} (sms, shared memory and element size from {})\n", o.output, base.name);
  return kExitOk;
}

}  // namespace

void add_calibrate_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<CalibrateOptions>();
  CLI::App* sub = app.add_subcommand(
      "calibrate", "fit a machine's throughputs and latencies to measured piece times or whole-kernel times");
  sub->add_option("measurements", o->measurements,
                  "CSV of piece times: kind (load|math|epilogue|init), tm, tn, tk, time (or time_us, ...); or of "
                  "kernel times: m, n, k, tm, tn, tk, stages, time (validate-model's format)")
      ->required();
  sub->add_option("--model", o->model,
                  "pipeline model the kernel times are fitted through: seed001 (default) or async; cutlass_profiler's "
                  "CSV of sm90 kernels: hopper")
      ->check(CLI::IsMember({"seed001", "async", "hopper"}));
  sub->add_option("--base", o->base, "machine whose other values (sms, shared memory, ...) are kept")->required();
  sub->add_option("-o,--output", o->output, "machine .toml to write")->required();
  sub->add_option("--name", o->name, "name of the new machine (default: BASE-calibrated)");
  commands.push_back({sub, [o] { return run_calibrate(*o); }});
}

}  // namespace warpsat::cli
