#include <doctest/doctest.h>

#include <random>

#include <fmt/format.h>

#include "emulator/gemm_ws_sim.h"
#include "emulator/trace_check.h"
#include "frontend/diagnostics.h"
#include "frontend/trace_file.h"
#include "solver/cross_validation.h"
#include "solver/trace_fit.h"

using namespace warpsat;

namespace {

struct TraceOptions {
  bool absolute = false;
  bool durations = false;
  bool total = false;
};

// The CSV a simulator would write for `s`: every wave, relative or absolute.
std::string csv_of(const Schedule& s, TraceOptions o = {}) {
  std::string out = o.absolute ? "wave,stage,sa_abs,sb_abs,sm_abs" : "wave,stage,sa,sb,sm";
  if (o.durations) out += ",t_math,t_load_a,t_load_b";
  if (o.total) out += ",total,wait";
  out += "\n";
  for (int64_t w = 1; w <= s.waves; ++w) {
    int64_t base = o.absolute ? s.durations.init + (w - 1) * (s.events.back().sm + s.durations.epilogue) : 0;
    for (const StageEvents& e : s.events) {
      out += fmt::format("{},{},{},{},{}", w, e.stage, base + e.sa, base + e.sb, base + e.sm);
      if (o.durations) out += fmt::format(",{},{},{}", s.durations.math, s.durations.load_a, s.durations.load_b);
      if (o.total) out += fmt::format(",{},{}", s.total, s.wait);
      out += "\n";
    }
  }
  return out;
}

// Replaces the `field`-th number (0 = wave) of the CSV line for (wave, stage).
std::string perturb(std::string csv, int64_t wave, int64_t stage, int field, int64_t delta) {
  std::string key = fmt::format("\n{},{},", wave, stage);
  size_t at = csv.find(key);
  REQUIRE(at != std::string::npos);
  size_t begin = at + 1;
  for (int f = 0; f < field; ++f) begin = csv.find(',', begin) + 1;
  size_t end = csv.find_first_of(",\n", begin);
  int64_t v = std::stoll(csv.substr(begin, end - begin));
  return csv.replace(begin, end - begin, std::to_string(v + delta));
}

std::string drop_wave(const std::string& csv, int64_t wave) {
  std::string out;
  size_t pos = 0;
  while (pos < csv.size()) {
    size_t end = csv.find('\n', pos);
    std::string line = csv.substr(pos, end - pos + 1);
    if (!line.starts_with(fmt::format("{},", wave))) out += line;
    pos = end + 1;
  }
  return out;
}

// A problem where the buffer fills (loads far faster than math): D matters.
const GemmShape kShape{1024, 1024, 256};
const TileConfig kConfig{{64, 64, 64}, 3};

TraceCheck check(const std::string& csv, const GemmShape& shape, const TileConfig& c, const char* machine) {
  return check_trace(parse_trace_csv(csv, "t.csv"), shape, c, resolve_machine(machine));
}

TraceFit fit(const std::string& csv, const GemmShape& shape, const TileConfig& c, ParameterBounds b = {}) {
  return fit_trace({parse_trace_csv(csv, "t.csv"), shape, c, b}, SolverOptions{});
}

bool core_has(const TraceFit& f, const std::string& name) {
  for (const auto& c : f.core)
    if (c.name == name) return true;
  return false;
}

}  // namespace

TEST_CASE("check-trace: the simulator's own traces are consistent, relative and absolute") {
  for (const char* machine : {"a6000-paper", "dma-fast", "dma-slow", "balanced"}) {
    Schedule s = simulate(kShape, kConfig, resolve_machine(machine));
    for (TraceOptions o : {TraceOptions{}, TraceOptions{true, true, true}, TraceOptions{false, true, true}}) {
      TraceCheck c = check(csv_of(s, o), kShape, kConfig, machine);
      CHECK_MESSAGE(c.consistent(), machine);
      CHECK(!c.first_divergence);
      CHECK(c.equations >= 3 * static_cast<size_t>(s.waves * s.stage_count));
    }
  }
}

TEST_CASE("check-trace: one perturbed event names its equation, stage and wave") {
  Schedule s = simulate(kShape, kConfig, resolve_machine("dma-fast"));
  // Sm of wave 2 stage 3 five units late: eq. 3 at that stage is violated.
  TraceCheck c = check(perturb(csv_of(s), 2, 3, 4, 5), kShape, kConfig, "dma-fast");
  REQUIRE(!c.consistent());
  CHECK(c.violations[0].id == "eq3.w2.i3");
  CHECK(c.violations[0].trace == s.events[2].sm + 5);
  CHECK(c.violations[0].required == s.events[2].sm);
  CHECK(c.violations[0].line == 8);
  REQUIRE(c.first_divergence);
  CHECK(c.first_divergence->wave == 2);
  CHECK(c.first_divergence->stage == 3);
  CHECK(c.first_divergence->event == "Sm");
  // Sb of stage 1 early: eq. 2 (Sb(1) = Sa(1) + T_LOAD_A).
  TraceCheck b = check(perturb(csv_of(s), 1, 1, 3, -1), kShape, kConfig, "dma-fast");
  REQUIRE(!b.consistent());
  CHECK(b.violations[0].id == "eq2.w1.i1");
}

TEST_CASE("check-trace: a trace made with another buffer depth breaks eq. 1") {
  Schedule d3 = simulate(kShape, kConfig, resolve_machine("dma-fast"));
  TraceCheck c = check(csv_of(d3), kShape, {kConfig.tile, 2}, "dma-fast");
  REQUIRE(!c.consistent());
  CHECK(c.violations[0].id == "eq1.w1.i3");  // with D = 2, stage 3 waits for Sm(1) + T_MATH
  CHECK(c.violations[0].formula.find("Sm(1) + T_MATH") != std::string::npos);
  // Z3 agrees that no machine explains it at D = 2, and names eq. 1 in the core.
  TraceFit f = fit(csv_of(d3), kShape, {kConfig.tile, 2});
  REQUIRE(f.status == TraceFitStatus::Inconsistent);
  CHECK(f.core_minimal);
  bool eq1 = false;
  for (const auto& k : f.core) eq1 = eq1 || k.name.starts_with("eq1.");
  CHECK(eq1);
}

TEST_CASE("check-trace: a missing wave is caught, in the middle or at the end") {
  Schedule s = simulate(kShape, kConfig, resolve_machine("dma-fast"));
  REQUIRE(s.waves == 4);
  TraceCheck middle = check(drop_wave(csv_of(s), 3), kShape, kConfig, "dma-fast");
  REQUIRE(middle.violations.size() == 1);
  CHECK(middle.violations[0].id == "waves.w3");
  CHECK(middle.first_divergence->wave == 3);
  CHECK(middle.first_divergence->event == "wave");
  TraceCheck end = check(drop_wave(csv_of(s), 4), kShape, kConfig, "dma-fast");
  REQUIRE(end.violations.size() == 1);
  CHECK(end.violations[0].id == "waves");
  CHECK(end.violations[0].trace == 3);
  CHECK(end.violations[0].required == 4);
  TraceFit f = fit(drop_wave(csv_of(s), 3), kShape, kConfig);
  REQUIRE(f.status == TraceFitStatus::Inconsistent);
  REQUIRE(f.core.size() == 1);
  CHECK(f.core[0].name == "waves.w3");
  // Without wave 4 some machine (sms in [86, 127]) does give 3 waves, unless sms is pinned.
  CHECK(fit(drop_wave(csv_of(s), 4), kShape, kConfig).status == TraceFitStatus::Consistent);
  ParameterBounds pinned;
  parse_parameter_bound("sms=84", pinned);
  TraceFit p = fit(drop_wave(csv_of(s), 4), kShape, kConfig, pinned);
  REQUIRE(p.status == TraceFitStatus::Inconsistent);
  CHECK(core_has(p, "waves"));
  CHECK(core_has(p, "bound.sms"));
}

TEST_CASE("check-trace: missing stages are one violation per run, and equations needing them are skipped") {
  Schedule s = simulate(kShape, kConfig, resolve_machine("dma-fast"));
  std::string csv = csv_of(s);
  for (int64_t stage : {2, 3}) {
    size_t at = csv.find(fmt::format("\n1,{},", stage));
    csv.erase(at + 1, csv.find('\n', at + 1) - at);
  }
  TraceCheck c = check(csv, kShape, kConfig, "dma-fast");
  REQUIRE(c.violation_count == 1);
  CHECK(c.violations[0].id == "stages.w1");
  CHECK(c.violations[0].formula.find("lacks stages 2-3 of wave 1") != std::string::npos);
  CHECK(c.first_divergence->stage == 2);
}

TEST_CASE("check-trace: durations, total and wait the trace states are checked") {
  Schedule s = simulate(kShape, kConfig, resolve_machine("balanced"));
  std::string csv = csv_of(s, {false, true, true});
  // A wrong total on every row (it is one value per kernel).
  std::string wrong_total;
  for (size_t pos = 0; pos < csv.size();) {
    size_t end = csv.find('\n', pos);
    std::string line = csv.substr(pos, end - pos);
    if (pos > 0) {
      size_t comma = line.rfind(',');
      size_t comma2 = line.rfind(',', comma - 1);
      line = line.substr(0, comma2 + 1) + std::to_string(s.total + 7) + line.substr(comma);
    }
    wrong_total += line + "\n";
    pos = end + 1;
  }
  TraceCheck c = check(wrong_total, kShape, kConfig, "balanced");
  REQUIRE(c.violations.size() == 1);
  CHECK(c.violations[0].id == "total");
  CHECK(c.violations[0].required == s.total);
  // Durations that disagree with the machine are named; equations 1-3 use the trace's own.
  TraceCheck d = check(csv_of(s, {false, true, false}), kShape, kConfig, "a6000-paper");
  REQUIRE(!d.consistent());
  CHECK(d.violations[0].id == "T_MATH");
  for (const auto& v : d.violations) CHECK(!v.id.starts_with("eq"));
}

TEST_CASE("check-trace: bad trace files are input errors at file:line:col") {
  auto error = [](const std::string& text, bool json = false) -> std::string {
    try {
      json ? parse_trace_json(text, "t.json") : parse_trace_csv(text, "t.csv");
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  CHECK(error("wave,stage,sa,sb\n1,1,0,0\n").starts_with("t.csv:1:1: error: missing column 'sm'"));
  CHECK(error("wave,stage,sa,sb,sm\n1,1,0,0,0\n1,1,0,0,0\n")
            .starts_with("t.csv:3:3: error: wave 1 stage 1 appears twice"));
  CHECK(error("wave,stage,sa,sb,sm\n1,0,0,0,0\n").starts_with("t.csv:2:3: error: 'stage' is 0"));
  CHECK(error("wave,stage,sa,sb,sm,t_math\n1,1,0,1,2,5\n1,2,2,3,7,6\n")
            .starts_with("t.csv:3:11: error: 't_math' is 6 here but 5 on line 2"));
  CHECK(error("wave,stage,sa,sb,sm,sa_abs\n").starts_with("t.csv:1:"));
  CHECK(error("{\"events\": [{\"stage\": 1, \"sa\": 0, \"sb\": 1}]}", true)
            .starts_with("t.json:1:13: error: missing required key 'sm'"));
  CHECK(error("{\"events\": [], \"waves\": 2}", true).starts_with("t.json:1:12: error: 'events' is empty"));
  CHECK(error("{\"evnts\": []}", true).starts_with("t.json:1:2: error: unknown key 'evnts'"));
  CHECK(error("{\"events\": [{\"wave\": 1, \"stage\": 1, \"sa\": 0, \"sb\": 1, \"sm\": 2},\n {\"stage\": 2, \"sa\": 0, "
              "\"sb\": 1, \"sm\": 2}]}",
              true)
            .starts_with("t.json:2:2: error: either every event has a \"wave\" member or none"));
}

TEST_CASE("trace fit: Z3 finds parameters for simulator traces, and the simulator reproduces them") {
  std::mt19937 rng(6);  // fixed: the same problems every run
  std::uniform_int_distribution<int> dim(1, 8), depth(2, 5);
  const int64_t tiles[] = {32, 64, 128};
  int checked = 0;
  for (const char* machine : {"a6000-paper", "dma-fast", "dma-slow", "balanced", "h100-sxm"})
    for (int i = 0; i < 6; ++i) {
      GemmShape shape{128 * dim(rng), 128 * dim(rng), 64 * dim(rng)};
      TileConfig c{{tiles[dim(rng) % 3], tiles[dim(rng) % 3], tiles[dim(rng) % 3]}, depth(rng)};
      Schedule s = simulate(shape, c, resolve_machine(machine));
      TraceOptions o{i % 2 == 1, false, i % 3 == 0};
      // fit_trace simulates its machine and throws CrossValidationError on any difference.
      TraceFit f = fit(csv_of(s, o), shape, c);
      REQUIRE_MESSAGE(f.status == TraceFitStatus::Consistent, machine, " ", to_string(c.tile));
      CHECK(check_trace(parse_trace_csv(csv_of(s, o), "t.csv"), shape, c, f.machine).consistent());
      // The durations Z3 found are the ones the real machine gives whenever the trace pins them.
      if (f.duration_ranges[0].second && f.duration_ranges[0].second->lo == f.duration_ranges[0].second->hi)
        CHECK(f.durations.math == s.durations.math);
      CHECK(f.durations.load_a == s.durations.load_a);
      ++checked;
    }
  CHECK(checked == 30);
}

TEST_CASE("trace fit: bounds that exclude the true machine make it inconsistent, with the bound in the core") {
  Schedule s = simulate(kShape, kConfig, resolve_machine("dma-fast"));  // compute_throughput = 1
  // A startup latency can absorb a faster throughput for one tile size, so pin it.
  ParameterBounds fast;
  parse_parameter_bound("compute_throughput=2:100", fast);
  parse_parameter_bound("compute_latency=0", fast);
  TraceFit f = fit(csv_of(s), kShape, kConfig, fast);
  REQUIRE(f.status == TraceFitStatus::Inconsistent);
  CHECK(core_has(f, "bound.compute_throughput"));
  CHECK(core_has(f, "duration.T_MATH"));
  CHECK(core_has(f, "bound.compute_latency"));
  ParameterBounds ok;
  parse_parameter_bound("compute_throughput=0.5:1.5", ok);
  parse_parameter_bound("compute_latency=0", ok);
  TraceFit g = fit(csv_of(s), kShape, kConfig, ok);
  REQUIRE(g.status == TraceFitStatus::Consistent);
  CHECK(g.machine.compute_throughput.to_string() == "1");
}

TEST_CASE("trace fit: a corrupted machine is caught by simulating it (CrossValidationError)") {
  // Math-bound, so the trace pins T_MATH and a doubled compute throughput shows.
  Schedule s = simulate(kShape, kConfig, resolve_machine("dma-fast"));
  TraceFitQuestion q{parse_trace_csv(csv_of(s), "t.csv"), kShape, kConfig, {}};
  SolverOptions o;
  o.dump_dir = "warpsat-test-disagreement";
  CHECK_THROWS_AS(fit_trace(q, o, TraceFitFault::ComputeThroughput), CrossValidationError);
}
