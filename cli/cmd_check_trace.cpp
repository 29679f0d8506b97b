// `warpsat check-trace`: is a simulator's event trace consistent with seed
// 001's model? With --machine, every equation is checked concretely
// (emulator/trace_check); without, Z3 looks for machine parameters that make
// it consistent (solver/trace_fit), and the answer is re-derived by simulating.
// Exit 0 consistent, 1 inconsistent, 2 bad input, 3 disagreement, 4 no answer.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/problem_options.h"
#include "emulator/trace_check.h"
#include "frontend/diagnostics.h"
#include "solver/trace_fit.h"

namespace warpsat::cli {

namespace {

// Violations printed in the table; --format json lists them all.
constexpr size_t kMaxListed = 50;

struct CheckTraceOptions : ProblemOptions {
  std::string trace_path;
  std::string tile;
  std::optional<int64_t> stages;
  std::vector<std::string> bounds;
  std::string dump_dir;
  unsigned timeout_ms = 10000;
  unsigned seed = 0;
  std::string inject_fault = "none";
};

std::string show(int64_t v) { return std::to_string(v); }
std::string show(const Tile& t) { return to_string(t); }

// A value from the flags, the problem file or the trace, in that order; when
// the trace states one too, it must agree.
template <typename T>
T resolve(const std::optional<T>& flag, const std::optional<T>& file, const std::optional<Stated<T>>& trace,
          const Trace& t, const char* what, const std::string& missing) {
  std::optional<T> given = flag ? flag : file;
  if (given && trace && !(trace->value == *given))
    throw InputError(
        {t.source, trace->line, trace->column},
        fmt::format("the trace was written for {} = {}, but {} was asked for", what, show(trace->value), show(*given)));
  if (given) return *given;
  if (trace) return trace->value;
  throw command_line_error(missing);
}
std::string where(const Trace& t, uint32_t line) { return line ? fmt::format("{}:{}", t.source, line) : t.source; }

std::string value_text(const std::optional<int64_t>& v, const char* absent) { return v ? std::to_string(*v) : absent; }

std::string wave_text(int64_t first, int64_t last) {
  return first == last ? fmt::format("wave {}", first) : fmt::format("waves {}-{}", first, last);
}

std::string describe(const TraceViolation& v) {
  std::string place;
  if (v.wave) place += " " + wave_text(v.wave, v.wave_last);
  if (v.stage) place += fmt::format(" stage {}", v.stage);
  return fmt::format("{}{} [{}]", v.equation, place, v.id);
}

void print_problem(const Trace& t, const GemmShape& s, const TileConfig& c, const std::string& machine,
                   GemmModel model = GemmModel::Seed001) {
  fmt::print("check-trace: {} against {}\n", t.source,
             model == GemmModel::Seed001 ? "seed 001's model" : "the async model (docs/models.md)");
  fmt::print("problem: M={} N={} K={}, tile {}, D={}, machine {}\n", s.m, s.n, s.k, to_string(c.tile), c.stages,
             machine);
  fmt::print("trace: {} wave(s), {} event(s) given, {} times\n", t.wave_count, t.event_count(),
             t.absolute ? "absolute" : "relative");
}

int run_concrete(const CheckTraceOptions& o, const Trace& t, const GemmShape& shape, const TileConfig& c,
                 const Machine& m) {
  TraceCheck r = check_trace(t, shape, c, m, o.single_pipeline_model());
  if (o.format == "json") {
    nlohmann::json violations = nlohmann::json::array();
    for (const TraceViolation& v : r.violations)
      violations.push_back({{"id", v.id},
                            {"equation", v.equation},
                            {"wave", v.wave},
                            {"wave_last", v.wave_last},
                            {"stage", v.stage},
                            {"trace", v.trace ? nlohmann::json(*v.trace) : nlohmann::json()},
                            {"required", v.required ? nlohmann::json(*v.required) : nlohmann::json()},
                            {"formula", v.formula},
                            {"line", v.line}});
    nlohmann::json j = {{"trace", t.source},
                        {"machine", m.name},
                        {"consistent", r.consistent()},
                        {"violation_count", r.violation_count},
                        {"equations", r.equations},
                        {"stage_count", r.stage_count},
                        {"waves", r.waves},
                        {"violations", violations}};
    if (const auto& d = r.first_divergence)
      j["first_divergence"] = {{"wave", d->wave},
                               {"stage", d->stage},
                               {"event", d->event},
                               {"trace", d->trace ? nlohmann::json(*d->trace) : nlohmann::json()},
                               {"simulated", d->simulated ? nlohmann::json(*d->simulated) : nlohmann::json()},
                               {"line", d->line}};
    std::cout << j.dump(2) << "\n";
    return r.consistent() ? kExitOk : kExitCheckFailed;
  }
  print_problem(t, shape, c, m.name, r.model);
  const Durations& d = r.machine_durations;
  fmt::print(
      "model: S = {} stage(s), W = {} wave(s); durations ({}): math {}, load A {}, load B {}, init {}, epilogue {}\n\n",
      r.stage_count, r.waves, m.time_unit, d.math, d.load_a, d.load_b, d.init, d.epilogue);
  if (r.consistent()) {
    fmt::print("consistent: all {} equations hold{}\n", r.equations,
               r.first_divergence ? "" : ", and every event equals the simulator's");
    return kExitOk;
  }
  fmt::print("inconsistent: {} violation(s) in {} equations checked\n", r.violation_count, r.equations);
  for (size_t i = 0; i < std::min(r.violations.size(), kMaxListed); ++i) {
    const TraceViolation& v = r.violations[i];
    if (!v.trace && !v.required)
      fmt::print("  {} at {}:\n      {}\n", describe(v), where(t, v.line), v.formula);
    else
      fmt::print("  {} at {}: trace {}, model requires {}\n      {}\n", describe(v), where(t, v.line),
                 value_text(v.trace, "(absent)"), value_text(v.required, "(none)"), v.formula);
  }
  if (r.violation_count > kMaxListed)
    fmt::print("  ... and {} more (--format json lists the first {})\n", r.violation_count - kMaxListed,
               kMaxStoredViolations);
  if (const auto& dv = r.first_divergence) {
    if (dv->event == "wave")
      fmt::print("first divergence from the simulator: wave {} {}\n", dv->wave,
                 dv->trace ? "is in the trace but not in the model" : "is missing from the trace");
    else
      fmt::print("first divergence from the simulator: wave {} stage {} {}: trace {}, simulator {} ({})\n", dv->wave,
                 dv->stage, dv->event, value_text(dv->trace, "(absent)"), value_text(dv->simulated, "(no such stage)"),
                 where(t, dv->line));
  }
  return kExitCheckFailed;
}

int run_solver(const CheckTraceOptions& o, const Trace& t, const GemmShape& shape, const TileConfig& c) {
  TraceFitQuestion q{t, shape, c, {}, o.single_pipeline_model()};
  for (const std::string& b : o.bounds) parse_parameter_bound(b, q.bounds);
  SolverOptions so{o.timeout_ms, o.seed, o.dump_dir};
  TraceFitFault fault = o.inject_fault == "compute-throughput" ? TraceFitFault::ComputeThroughput : TraceFitFault::None;
  TraceFit f = fit_trace(q, so, fault);
  if (f.status == TraceFitStatus::Unknown) {
    std::cerr << "warpsat: no answer: " << f.reason << " (raise --timeout-ms)\n";
    return kExitNoAnswer;
  }
  bool ok = f.status == TraceFitStatus::Consistent;
  if (o.format == "json") {
    nlohmann::json j = {{"trace", t.source},
                        {"query", q.name()},
                        {"status", to_string(f.status)},
                        {"constraints", f.constraints},
                        {"queries", f.queries},
                        {"solve_ms", f.solve_ms},
                        {"dumped", f.dumped}};
    if (ok) {
      nlohmann::json durations = nlohmann::json::object(), params = nlohmann::json::object();
      const int64_t found[5] = {f.durations.math, f.durations.load_a, f.durations.load_b, f.durations.init,
                                f.durations.epilogue};
      for (size_t i = 0; i < f.duration_ranges.size(); ++i) {
        const auto& [name, range] = f.duration_ranges[i];
        durations[name] = {{"value", found[i]},
                           {"range", range ? nlohmann::json({range->lo, range->hi}) : nlohmann::json()}};
      }
      for (const FittedParameter& p : f.parameters) params[p.name] = {{"value", p.value}, {"range", p.range}};
      j["durations"] = durations;
      j["parameters"] = params;
      j["validated"] = true;
    } else {
      nlohmann::json core = nlohmann::json::array();
      for (const ConstraintName& c : f.core) core.push_back({{"name", c.name}, {"description", c.description}});
      j["core"] = core;
      j["core_minimal"] = f.core_minimal;
    }
    std::cout << j.dump(2) << "\n";
    return ok ? kExitOk : kExitCheckFailed;
  }
  print_problem(t, shape, c, "any (Z3 searches the parameters)", q.model);
  fmt::print("query: {} ({} named constraints)\n\n", q.name(), f.constraints);
  if (ok) {
    const std::string& u = f.machine.time_unit;
    fmt::print("consistent: machine parameters exist that make every equation hold (Z3: sat)\n");
    fmt::print("durations found ({}), and the range each takes over all consistent machines:\n", u);
    for (const FittedParameter& p : f.duration_table) fmt::print("  {:<12} {:>14}   {}\n", p.name, p.value, p.range);
    fmt::print("machine parameters (one consistent choice; ranges given the durations above):\n");
    for (const FittedParameter& p : f.parameters) fmt::print("  {:<20} {:>14}   {}\n", p.name, p.value, p.range);
    fmt::print(
        "\nvalidated: yes (simulated with these parameters, the model reproduces all {} event(s) of the trace)\n",
        t.event_count());
  } else {
    fmt::print("inconsistent: no machine parameters within the bounds make the trace consistent (Z3: unsat)\n");
    fmt::print("{} set of conflicting constraints ({}):\n", f.core_minimal ? "a minimal" : "a (not proven minimal)",
               f.core.size());
    for (const ConstraintName& c : f.core) fmt::print("  {:<18} {}\n", c.name, c.description);
  }
  fmt::print("solver: {:.1f} ms, {} queries\n", f.solve_ms, f.queries);
  for (const auto& path : f.dumped) fmt::print("wrote {}\n", path);
  return ok ? kExitOk : kExitCheckFailed;
}

int run_check_trace(const CheckTraceOptions& o) {
  Trace t = read_trace(o.trace_path);
  ProblemFile f = o.load_file();
  GemmShape shape{resolve(o.m, f.m, t.m, t, "M", "missing --m (or m in the trace or a --problem file)"),
                  resolve(o.n, f.n, t.n, t, "N", "missing --n (or n in the trace or a --problem file)"),
                  resolve(o.k, f.k, t.k, t, "K", "missing --k (or k in the trace or a --problem file)")};
  check_shape(shape);
  TileConfig c;
  std::optional<Tile> tile_flag = o.tile.empty() ? std::nullopt : std::optional<Tile>(parse_tile(o.tile));
  c.tile = resolve(tile_flag, f.tile, t.tile, t, "the tile", "missing --tile TMxTNxTK (or tile in the trace)");
  c.stages = resolve(o.stages, f.stages, t.stages, t, "D", "missing --stages D (or stages in the trace)");
  check_stages(c.stages);
  GemmModel model = o.single_pipeline_model();
  if (t.model && t.model->value != model)
    throw InputError({t.source, t.model->line, t.model->column},
                     fmt::format("the trace follows the '{}' model; give --model {}", to_string(t.model->value),
                                 to_string(t.model->value)));
  if (!o.machine.empty() || f.machine) {
    if (!o.bounds.empty()) throw command_line_error("--bound is for the search without --machine; drop one of them");
    return run_concrete(o, t, shape, c, o.machine_description(f));
  }
  return run_solver(o, t, shape, c);
}

}  // namespace

void add_check_trace_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<CheckTraceOptions>();
  CLI::App* sub = app.add_subcommand(
      "check-trace",
      "check a simulator's event trace against seed 001's or the async model (Z3 finds the machine when none is "
      "given, seed 001's model)");
  sub->add_option("trace", o->trace_path,
                  "trace file: CSV (wave,stage,sa,sb,sm,...) or JSON (as `simulate --format json`)")
      ->required();
  o->add_to(*sub, {"table", "json"});
  sub->add_option("--tile", o->tile, "tile sizes TMxTNxTK (default: the trace's own, when it says)");
  sub->add_option("--stages", o->stages, "circular-buffer depth D (default: the trace's own)");
  sub->add_option("--bound", o->bounds, "without --machine: bound a parameter, e.g. load_throughput=0.01:100, sms=84")
      ->allow_extra_args(false);
  sub->add_option("--dump-smt2", o->dump_dir, "write every solver query to DIR as a named .smt2 file");
  sub->add_option("--timeout-ms", o->timeout_ms, "per-query solver timeout in milliseconds")->capture_default_str();
  sub->add_option("--seed", o->seed, "solver random seed")->capture_default_str();
  sub->add_option("--inject-fault", o->inject_fault, "testing only: corrupt the found machine before validation")
      ->check(CLI::IsMember({"none", "compute-throughput"}))
      ->group("");
  commands.push_back({sub, [o] { return run_check_trace(*o); }});
}

}  // namespace warpsat::cli
