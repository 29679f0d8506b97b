#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include <fmt/format.h>

#include "emulator/gemm_ws_sim.h"
#include "emulator/model_fit.h"
#include "frontend/diagnostics.h"

using namespace warpsat;

namespace {

// Kernel times a machine predicts exactly, over shapes and tiles where
// loads bind in some rows and multiplies in others.
std::string kernel_rows(const Machine& m, GemmModel model) {
  std::string out = "m,n,k,tm,tn,tk,stages,time_ns\n";
  for (int64_t s : {256, 512, 1024, 2048})
    for (auto [tm, tn, tk] : {std::tuple{128, 128, 64}, {128, 64, 64}, {64, 64, 32}, {128, 128, 16}})
      for (int64_t d : {2, 4}) {
        GemmShape shape{s, s, 2 * s};
        TileConfig c{{tm, tn, tk}, d};
        out += fmt::format("{},{},{},{},{},{},{},{}\n", shape.m, shape.n, shape.k, tm, tn, tk, d,
                           simulate(shape, c, m, model).total);
      }
  return out;
}

Machine truth() {
  Machine m = resolve_machine("a6000-paper");
  m.load_throughput = Rational(1, 2);  // loads and multiplies of a 128x128x64 tile about even
  m.compute_throughput = Rational(40, 1);
  m.load_latency = 900;
  m.compute_latency = 300;
  m.epilogue = 5000;
  m.init = 3000;
  return m;
}

std::string fit_error(const std::string& csv) {
  try {
    fit_model(parse_kernel_measurements(csv, "k.csv", "ns"), resolve_machine("a6000-paper"), "x");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("model fit: kernel times of a known machine are fitted within 0.5%, from another machine") {
  for (GemmModel model : {GemmModel::Seed001, GemmModel::Async}) {
    INFO(to_string(model));
    KernelMeasurements data = parse_kernel_measurements(kernel_rows(truth(), model), "k.csv", "ns");
    Machine base = resolve_machine("a6000-paper");
    ModelFitOptions o;
    o.model = model;
    double before = validate_model(data, base, model).mean_abs_error;
    ModelFit f = fit_model(data, base, "fit", o);
    CHECK(f.base_mean_abs_error == doctest::Approx(before));
    CHECK(before > 0.2);
    CHECK(f.validation.mean_abs_error < 0.005);
    CHECK(f.machine.name == "fit");
    CHECK(f.sensitivity.size() == 6);
    // Held-out rows are predicted about as well: the model generalises.
    CrossValidation cv = cross_validate_model(data, base, 4, o);
    CHECK(cv.held_out.size() == data.rows.size());
    CHECK(cv.fold_mean_abs_error.size() == 4);
    CHECK(cv.mean_abs_error < 0.02);
    CHECK(cv.in_sample_mean_abs_error < 0.005);
  }
}

TEST_CASE("model fit: the same data give the same machine (fixed seed)") {
  KernelMeasurements data = parse_kernel_measurements(kernel_rows(truth(), GemmModel::Seed001), "k.csv", "ns");
  Machine a = fit_model(data, resolve_machine("a6000-paper"), "x").machine;
  Machine b = fit_model(data, resolve_machine("a6000-paper"), "x").machine;
  CHECK(a.load_throughput == b.load_throughput);
  CHECK(a.compute_throughput == b.compute_throughput);
  CHECK(a.load_latency == b.load_latency);
  CHECK(a.init == b.init);
}

TEST_CASE("model fit: bad data is an input error that names the rows or the parameter") {
  // Fewer rows than parameters.
  CHECK(fit_error("m,n,k,tm,tn,tk,stages,time_ns\n1024,1024,1024,128,128,64,2,100000\n").find(
            "1 row(s) cannot determine the model's 6 parameters") != std::string::npos);
  // A row no machine can fit next to the others: 1000x slower than its twin.
  std::string csv = kernel_rows(truth(), GemmModel::Seed001);
  csv += "256,256,512,128,128,64,3,999999999\n";
  std::string e = fit_error(csv);
  CHECK(e.find("cannot fit 1 row(s) within 50%") != std::string::npos);
  CHECK(e.find("line 34") != std::string::npos);
  // A parameter no row depends on, at the base machine or the fit: loads
  // that take no time whatever their throughput.
  {
    Machine instant = truth();
    instant.load_throughput = Rational(1000000000, 1);
    instant.load_latency = 0;
    KernelMeasurements data = parse_kernel_measurements(kernel_rows(instant, GemmModel::Seed001), "k.csv", "ns");
    std::string why;
    try {
      fit_model(data, instant, "x");
    } catch (const InputError& e) {
      why = e.what();
    }
    CHECK(why.find("the data cannot identify load_throughput") != std::string::npos);
  }
  // Cross-validation needs at least two folds and a row per fold.
  KernelMeasurements data = parse_kernel_measurements(kernel_rows(truth(), GemmModel::Seed001), "k.csv", "ns");
  CHECK_THROWS_AS(cross_validate_model(data, resolve_machine("a6000-paper"), 1), InputError);
  CHECK_THROWS_AS(cross_validate_model(data, resolve_machine("a6000-paper"), 1000), InputError);
}
