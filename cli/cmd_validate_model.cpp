// `warpsat validate-model`: predicted against measured whole-kernel times, in
// the form of seed 001's Table 2 (emulator/model_validation).
#include <cmath>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/validation_output.h"
#include "emulator/model_fit.h"
#include "emulator/model_validation.h"

namespace warpsat::cli {

namespace {

struct ValidateOptions {
  std::string measurements;
  std::string machine;
  std::string model;  // empty: hopper for cutlass_profiler rows, seed001 otherwise
  std::string format = "table";
  unsigned folds = 0;  // --cross-validate
};

// Fit on F - 1 folds, predict the held-out one (emulator/model_fit.h).
int run_cross_validation(const ValidateOptions& o, const Machine& m, const KernelMeasurements& data, GemmModel model) {
  ModelFitOptions fo;
  fo.model = model;
  CrossValidation cv = cross_validate_model(data, m, o.folds, fo);
  if (o.format == "json") {
    nlohmann::json rows = nlohmann::json::array();
    for (const ValidationRow& r : cv.held_out) rows.push_back(validation_row_json(r));
    nlohmann::json j = {{"measurements", data.source},
                        {"base_machine", m.name},
                        {"model", to_string(model)},
                        {"unit", data.unit},
                        {"folds", cv.folds},
                        {"held_out", rows},
                        {"fold_mean_abs_error", cv.fold_mean_abs_error},
                        {"mean_abs_error", cv.mean_abs_error},
                        {"max_abs_error", cv.max_abs_error},
                        {"in_sample_mean_abs_error", cv.in_sample_mean_abs_error}};
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  fmt::print("{}-fold cross-validation of the {} model: {} ({} rows), parameters fitted from {}; times in {}\n",
             cv.folds, to_string(model), data.source, data.rows.size(), m.name, data.unit);
  fmt::print("row i is held out in fold i mod {}; each is predicted by a machine fitted to the other folds\n\n",
             cv.folds);
  fmt::print("{:>6} {:>6} {:>6} {:>5} {:>5} {:>5} {:>3} {:>13} {:>13} {:>9}\n", "M", "N", "K", "TM", "TN", "TK", "D",
             "predicted", "measured", "error");
  for (const ValidationRow& r : cv.held_out) {
    print_validation_row(r);
    fmt::print("\n");
  }
  const KernelMeasurement& worst = cv.held_out[cv.max_row].measured;
  fmt::print("\nper fold: mean |error|");
  for (double e : cv.fold_mean_abs_error) fmt::print(" {:.2f}%", 100 * e);
  fmt::print("\ncross-validated: mean |error| {:.2f}%, max |error| {:.2f}% (line {})\n", 100 * cv.mean_abs_error,
             100 * cv.max_abs_error, worst.line);
  fmt::print("in-sample (fitted to every row): mean |error| {:.2f}%\n", 100 * cv.in_sample_mean_abs_error);
  return kExitOk;
}

int run_validate(const ValidateOptions& o) {
  Machine m = resolve_machine(o.machine);
  KernelMeasurements data = read_kernel_measurements(o.measurements, m.time_unit);
  GemmModel model = measurement_model(data, o.model, m);
  if (o.folds) return run_cross_validation(o, m, data, model);
  ModelValidation v = validate_model(data, m, model);
  const std::string& u = data.unit;
  if (o.format == "json") {
    nlohmann::json rows = nlohmann::json::array();
    for (const ValidationRow& r : v.rows) rows.push_back(validation_row_json(r));
    nlohmann::json j = {{"measurements", data.source},
                        {"machine", m.name},
                        {"unit", u},
                        {"rows", rows},
                        {"mean_abs_error", v.mean_abs_error},
                        {"max_abs_error", v.max_abs_error},
                        {"mean_abs_difference", v.mean_abs_difference},
                        {"max_abs_difference", v.max_abs_difference}};
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  fmt::print("model validation: {} ({} rows) on machine {} ({} model{}); times in {}\n", data.source, v.rows.size(),
             m.name, to_string(model), m.calibrated.empty() ? ", uncalibrated" : "", u);
  for (const std::string& why : data.skipped) fmt::print("skipped {}\n", why);
  fmt::print("\n");
  fmt::print("{:>6} {:>6} {:>6} {:>5} {:>5} {:>5} {:>3} {:>13} {:>13} {:>9}", "M", "N", "K", "TM", "TN", "TK", "D",
             "predicted", "measured", "error");
  if (data.has_reference) fmt::print(" {:>13} {:>9}", "reference", "ref error");
  fmt::print("\n");
  for (const ValidationRow& r : v.rows) {
    const KernelMeasurement& k = r.measured;
    print_validation_row(r);
    if (k.reference) fmt::print(" {:>13.6g} {:>8.2f}%", *k.reference, 100 * (*k.reference - k.time) / k.time);
    fmt::print("\n");
  }
  const KernelMeasurement& worst = v.rows[v.max_row].measured;
  fmt::print("\nmean |error| {:.2f}%, max |error| {:.2f}% (M={} N={} K={} tile {}, line {})\n", 100 * v.mean_abs_error,
             100 * v.max_abs_error, worst.shape.m, worst.shape.n, worst.shape.k, to_string(worst.config.tile),
             worst.line);
  fmt::print("mean |predicted - measured| {:.6g} {}, max {:.6g} {}\n", v.mean_abs_difference, u, v.max_abs_difference,
             u);
  if (data.has_reference) {
    double sum = 0, worst_ref = 0;
    size_t n = 0;
    for (const ValidationRow& r : v.rows)
      if (r.measured.reference) {
        double e = std::abs(*r.measured.reference - r.measured.time) / r.measured.time;
        sum += e, worst_ref = std::max(worst_ref, e), ++n;
      }
    if (n)
      fmt::print("reference column: mean |error| {:.2f}%, max |error| {:.2f}% over {} rows\n", 100 * sum / n,
                 100 * worst_ref, n);
  }
  if (v.mean_abs_error > 0.5)
    fmt::print("the machine's parameters do not describe these measurements: `warpsat calibrate {} --base {} -o "
               "FIT.toml` fits them (docs/models.md, \"Fitting to kernel times\")\n",
               o.measurements, o.machine);
  return kExitOk;
}

}  // namespace

void add_validate_model_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<ValidateOptions>();
  CLI::App* sub = app.add_subcommand("validate-model", "compare the model's predicted kernel times with measured ones");
  sub->add_option("measurements", o->measurements,
                  "CSV: m, n, k, tm, tn, tk, stages, time (or time_s, ...), or cutlass_profiler --operation=gemm "
                  "--output's CSV")
      ->required();
  sub->add_option("--machine", o->machine, "bundled machine name or path to a machine .toml")->required();
  sub->add_option("--model", o->model,
                  "pipeline model: seed001 (default) or async; cutlass_profiler's CSV of sm90 kernels: hopper "
                  "(docs/models.md)")
      ->check(CLI::IsMember({"seed001", "async", "hopper"}));
  sub->add_option("--format", o->format, "output format")
      ->check(CLI::IsMember({"table", "json"}))
      ->capture_default_str();
  sub->add_option("--cross-validate", o->folds,
                  "F-fold cross-validation: fit the model's parameters (starting from --machine) on F-1 folds, "
                  "predict the held-out fold")
      ->check(CLI::Range(2u, 1000u));
  commands.push_back({sub, [o] { return run_validate(*o); }});
}

}  // namespace warpsat::cli
