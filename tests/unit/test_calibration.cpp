#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include <fmt/format.h>

#include "emulator/calibration.h"
#include "emulator/model_validation.h"
#include "frontend/diagnostics.h"

using namespace warpsat;

namespace {

// Rows a machine would produce exactly: time = ceil(work / thr) + latency.
std::string exact_rows(const Machine& m) {
  std::string out = "kind,tm,tn,tk,time\n";
  for (int64_t t : {32, 64, 128}) {
    out += fmt::format("load,{},,{},{}\n", t, t, durations(m, {t, 1, t}).load_a);
    out += fmt::format("load,,{},{},{}\n", t, 2 * t, durations(m, {1, t, 2 * t}).load_b);
    out += fmt::format("math,{},{},{},{}\n", t, t, t, durations(m, {t, t, t}).math);
  }
  out += "math,64,128,32," + std::to_string(durations(m, {64, 128, 32}).math) + "\n";
  out += "epilogue,,,,1500\nepilogue,,,,1600\ninit,,,,1680\n";
  return out;
}

std::string error_of(const std::string& csv, const char* base = "a6000-paper") {
  try {
    calibrate(parse_piece_measurements(csv, "m.csv", "ns"), resolve_machine(base), "x");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("calibrate: exact measurements give back the machine's durations, R² ~ 1") {
  Machine truth = resolve_machine("h100-sxm");
  Calibration c =
      calibrate(parse_piece_measurements(exact_rows(truth), "m.csv", "ns"), resolve_machine("a6000-paper"), "fit");
  CHECK(c.load.fitted);
  CHECK(c.math.fitted);
  CHECK(c.load.rows.size() == 6);
  CHECK(c.load.r_squared > 0.999999);
  CHECK(c.math.r_squared > 0.999999);
  // Throughputs within rounding of the truth; latencies within the ceil's unit.
  CHECK(std::abs(c.machine.load_throughput.to_double() / truth.load_throughput.to_double() - 1) < 1e-3);
  CHECK(std::abs(c.machine.compute_throughput.to_double() / truth.compute_throughput.to_double() - 1) < 1e-3);
  CHECK(std::abs(c.machine.load_latency - truth.load_latency) <= 1);
  CHECK(std::abs(c.machine.compute_latency - truth.compute_latency) <= 1);
  CHECK(c.load.max_abs <= 2);
  CHECK(c.machine.epilogue == 1550);
  CHECK(c.machine.init == 1680);
  // What is not measured comes from the base machine.
  CHECK(c.machine.sms == 84);
  CHECK(c.machine.name == "fit");
  // The machine written reads back unchanged.
  Machine again = parse_machine(machine_to_toml(c.machine), "again.toml");
  CHECK(again.load_throughput == c.machine.load_throughput);
  CHECK(again.compute_latency == c.machine.compute_latency);
}

TEST_CASE("calibrate: noisy rows are fitted by least squares over all of them") {
  // time = 2 * work + 100, with residuals +3, -3, -3, +3 (orthogonal to 1 and to work).
  std::string csv =
      "kind,tm,tn,tk,time_us\nload,10,,10,0.303\nload,20,,10,0.497\nload,30,,10,0.697\nload,40,,10,0.903\n";
  Calibration c = calibrate(parse_piece_measurements(csv, "m.csv", "ns"), resolve_machine("a6000-paper"), "x");
  CHECK(c.load.slope == doctest::Approx(2.0));
  CHECK(c.load.intercept == doctest::Approx(100.0));
  CHECK(c.machine.load_throughput.to_string() == "0.5");
  CHECK(c.machine.load_latency == 100);
  CHECK(c.load.rms == doctest::Approx(3.0));
  CHECK(c.load.r_squared == doctest::Approx(1 - 36.0 / 200036.0));
  CHECK(!c.math.fitted);  // kept from the base
  CHECK(c.machine.compute_throughput.to_string() == "24.61");
}

TEST_CASE("calibrate: a negative latency is clamped to 0 and the throughput refitted") {
  std::string csv = "kind,tm,tn,tk,time\nmath,10,10,10,900\nmath,20,10,10,2000\nmath,30,10,10,2900\n";
  Calibration c = calibrate(parse_piece_measurements(csv, "m.csv", "ns"), resolve_machine("a6000-paper"), "x");
  CHECK(c.math.clamped);
  CHECK(c.math.unclamped_intercept < 0);
  CHECK(c.machine.compute_latency == 0);
  // Through the origin: slope = sum(xy) / sum(xx) = 13.6e6 / 14e6.
  CHECK(c.machine.compute_throughput.to_string() == "1.02941");
}

TEST_CASE("calibrate: bad measurements are input errors with the file and line") {
  CHECK(error_of("kind,tm,tn,tk,time\nload,64,,64,100\n")
            .starts_with("m.csv:2:1: error: load: 1 row(s) with one tile size(s); separating throughput from latency "
                         "needs at least two"));
  CHECK(error_of("kind,tm,tn,tk,time\nload,64,,64,100\nload,64,,64,120\n")
            .find("needs at least two rows with different tile sizes") != std::string::npos);
  CHECK(error_of("kind,tm,tn,tk,time\nload,64,,64,100\nload,128,,64,-5\n")
            .starts_with("m.csv:3:14: error: negative time -5"));
  CHECK(error_of("kind,tm,tn,tk,time\nmath,64,64,64,500\nmath,128,128,128,400\n")
            .starts_with("m.csv:2:1: error: math: the fitted time per multiply-add is"));
  CHECK(error_of("kind,tm,tn,tk,time\nstore,64,,64,1\n")
            .starts_with("m.csv:2:1: error: kind 'store' must be load, math"));
  CHECK(error_of("kind,tm,tn,tk,time\nload,64,64,64,1\n").starts_with("m.csv:2:6: error: a load row gives tm"));
  CHECK(
      error_of("kind,tm,tn,tk,time\nmath,64,,64,1\n").starts_with("m.csv:2:9: error: a math row needs tm, tn and tk"));
  CHECK(error_of("kind,tm,tn,tk\n").starts_with("m.csv:1:1: error: missing a time column"));
  CHECK(error_of("kind,tm,tn,tk,time_fortnights\n").starts_with("m.csv:1:15: error: unknown column 'time_fortnights'"));
  CHECK(error_of("kind,tm,tn,tk,time\n").starts_with("m.csv:1:1: error: no measurements"));
}

TEST_CASE("validate-model: predicted against measured, with relative errors") {
  Machine m = resolve_machine("a6000-paper");
  // 1729351 ns is the model's own total for this row: a zero error; the second is 10% slow.
  std::string csv =
      "m,n,k,tm,tn,tk,stages,time_ms,reference_ms\n1024,1024,1024,128,128,128,2,1.729351,1.7\n"
      "1024,1024,1024,128,128,128,2,1.5721372727,\n";
  ModelValidation v = validate_model(parse_kernel_measurements(csv, "v.csv", m.time_unit), m);
  REQUIRE(v.rows.size() == 2);
  CHECK(v.rows[0].predicted_machine_units == 1729351);
  CHECK(v.rows[0].predicted == doctest::Approx(1.729351));
  CHECK(std::abs(v.rows[0].error) < 1e-9);
  CHECK(v.rows[1].error == doctest::Approx(0.1).epsilon(1e-6));
  CHECK(v.max_row == 1);
  CHECK(v.mean_abs_error == doctest::Approx(0.05).epsilon(1e-6));
  CHECK(v.rows[0].measured.reference == doctest::Approx(1.7));
  CHECK(!v.rows[1].measured.reference);
  auto error = [&](const std::string& text) -> std::string {
    try {
      validate_model(parse_kernel_measurements(text, "v.csv", m.time_unit), m);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  CHECK(error("m,n,k,tm,tn,tk,stages,time\n64,64,64,32,32,32,1,5\n").starts_with("v.csv:2:19: error: 'stages' is 1"));
  CHECK(error("m,n,k,tm,tn,tk,stages,time\n64,64,64,32,32,32,2,0\n")
            .starts_with("v.csv:2:21: error: measured time 0 must be positive"));
  CHECK(error("m,n,k,tm,tn,tk,stages,time_s,reference_ms\n")
            .starts_with("v.csv:1:30: error: 'reference_ms' must be in the same unit"));
}
