// `warpsat simulate`: the GeMM-WS event simulator for one configuration.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/problem_options.h"
#include "emulator/gemm_ws_sim.h"
#include "frontend/diagnostics.h"
#include "report/timeline.h"

namespace warpsat::cli {

namespace {

struct SimulateOptions : ProblemOptions {
  std::string tile;
  std::string stages;  // D, or "auto" (sm90: CUTLASS's carve-out count)
  std::string cluster = "1x1", schedule = "cooperative", scheduler = "persistent";  // sm90
  std::string trace_path;  // Chrome trace-event JSON
  std::string svg_path;    // Gantt chart
};

nlohmann::json seed_json(const Schedule& s, const Machine& m);

// A CSV row per wave and stage; beyond this many rows, JSON (which gives one
// wave, all waves being equal) is the sensible format.
constexpr int64_t kMaxCsvRows = int64_t{1} << 20;

nlohmann::json to_json(const Schedule& s, const Machine& m) {
  nlohmann::json j = seed_json(s, m);
  if (s.hopper) {
    // A trace file of the seed's kernel has no such key (check-trace rejects it: it knows one producer and one consumer).
    const HopperTimeline& h = *s.hopper;
    j["kernel"] = {{"cluster", to_string(s.config.variant.cluster)},
                   {"schedule", to_string(s.config.variant.schedule)},
                   {"tile_scheduler", to_string(s.config.variant.scheduler)},
                   {"fill", h.fill},
                   {"mainloop", h.mainloop},
                   {"epilogue", h.durations.epilogue},
                   {"data_parallel_tiles", h.dp_tiles},
                   {"data_parallel_time", h.dp_time},
                   {"stream_k_units", h.stream_k.units},
                   {"stream_k_time", h.stream_k_time},
                   {"hbm_floor", h.hbm_floor}};
  }
  return j;
}

nlohmann::json seed_json(const Schedule& s, const Machine& m) {
  nlohmann::json events = nlohmann::json::array();
  for (const auto& e : s.events) events.push_back({{"stage", e.stage}, {"sa", e.sa}, {"sb", e.sb}, {"sm", e.sm}});
  const Durations& d = s.durations;
  return {{"model", to_string(s.model)},
          {"m", s.shape.m},
          {"n", s.shape.n},
          {"k", s.shape.k},
          {"tile", {{"tm", s.config.tile.tm}, {"tn", s.config.tile.tn}, {"tk", s.config.tile.tk}}},
          {"stages", s.config.stages},
          {"machine", m.name},
          {"time_unit", m.time_unit},
          {"durations",
           {{"math", d.math}, {"load_a", d.load_a}, {"load_b", d.load_b}, {"init", d.init}, {"epilogue", d.epilogue}}},
          {"waves", s.waves},
          {"stage_count", s.stage_count},
          {"smem_bytes", smem_footprint(s.config, m)},
          {"fits_smem", fits_smem(s.config, m)},
          {"events", events},
          {"total", s.total},
          {"wait", s.wait}};
}

void print_table(const Schedule& s, const Machine& m) {
  const Durations& d = s.durations;
  const std::string& u = m.time_unit;
  fmt::print("GeMM-WS simulation ({} model): M={} N={} K={}, tile {}, D={}, machine {}\n", to_string(s.model),
             s.shape.m, s.shape.n, s.shape.k, to_string(s.config.tile), s.config.stages, m.name);
  fmt::print("durations ({}): math {}, load A {}, load B {}, init {}, epilogue {}\n", u, d.math, d.load_a, d.load_b,
             d.init, d.epilogue);
  fmt::print("stages S = {}, waves W = {}, shared memory {} bytes{}\n\n", s.stage_count, s.waves,
             smem_footprint(s.config, m), fits_smem(s.config, m) ? "" : " (over the machine's limit)");
  fmt::print("{:>8} {:>14} {:>14} {:>14}\n", "stage", "Sa", "Sb", "Sm");
  for (const auto& e : s.events) fmt::print("{:>8} {:>14} {:>14} {:>14}\n", e.stage, e.sa, e.sb, e.sm);
  if (s.hopper) {
    const HopperTimeline& h = *s.hopper;
    fmt::print("\nkernel {}: fill F {}, mainloop ML {}, epilogue E {} ({})\n", to_string(s.config.variant), h.fill,
               h.mainloop, h.durations.epilogue, u);
    fmt::print("data-parallel tiles per cluster slot {}: {} {}", h.dp_tiles, h.dp_time, u);
    if (h.stream_k.units)
      fmt::print("; stream-K: {} units over {} tiles, the slowest {} {}", h.stream_k.units, h.stream_k.sk_tiles,
                 h.stream_k_time, u);
    fmt::print("\nHBM floor {} {}{}\n", h.hbm_floor, u, h.hbm_floor >= h.cta_time ? " (it sets the time)" : "");
  }
  fmt::print("\ntotal {} {}{}\nwait  {} {}\n", s.total, u,
             m.calibrated.empty() ? " (uncalibrated: the machine's figures are estimates)" : " (calibrated)", s.wait, u);
}

void print_csv(const Schedule& s) {
  if (s.waves * s.stage_count > kMaxCsvRows)
    throw command_line_error(fmt::format("the CSV trace would have {} x {} rows; use --format json (one wave)",
                                         s.waves, s.stage_count));
  // Times are relative to the start of each wave, as in seed 001's simulator.
  fmt::print("wave,stage,sa,sb,sm\n");
  for (int64_t w = 1; w <= s.waves; ++w)
    for (const auto& e : s.events) fmt::print("{},{},{},{},{}\n", w, e.stage, e.sa, e.sb, e.sm);
}

int run_simulate(const SimulateOptions& o) {
  ProblemFile f = o.load_file();
  GemmShape shape = o.shape(f);
  Machine machine = o.machine_description(f);
  TileConfig config;
  if (!o.tile.empty())
    config.tile = parse_tile(o.tile);
  else if (f.tile)
    config.tile = *f.tile;
  else
    throw command_line_error("missing --tile TMxTNxTK (or [config] tile in a --problem file)");
  ProblemOptions::Target target = o.resolve_target(machine);
  if (target.sm90)
    config.variant = {parse_cluster(o.cluster), parse_schedule(o.schedule), parse_tile_scheduler(o.scheduler)};
  if (o.stages == "auto") {
    if (!target.sm90) throw command_line_error("--stages auto is CUTLASS's carve-out stage count: for --target sm90");
    config.stages = depth_range(SearchSpace{{}, {}, {}, 2, 2, {config.variant}, true}, config.tile, config.variant,
                                machine).first;
  } else if (!o.stages.empty()) {
    config.stages = parse_stage_range(o.stages).first;
    if (o.stages.find('-') != std::string::npos) throw command_line_error("--stages: give one depth D, or auto");
  } else if (f.stages) {
    config.stages = *f.stages;
  } else {
    throw command_line_error("missing --stages D (or [config] stages in a --problem file)");
  }
  check_stages(config.stages);

  Schedule s = simulate(shape, config, machine, target.model);
  // Pictures first, so a refusal (too large, unknown unit) comes before any output.
  std::string trace = o.trace_path.empty() ? "" : chrome_trace_json(s, machine);
  std::string svg = o.svg_path.empty() ? "" : gantt_svg(s, machine);
  if (!o.trace_path.empty()) write_text_file(o.trace_path, trace);
  if (!o.svg_path.empty()) write_text_file(o.svg_path, svg);
  if (o.format == "json")
    std::cout << to_json(s, machine).dump(2) << "\n";
  else if (o.format == "csv")
    print_csv(s);
  else
    print_table(s, machine);
  return kExitOk;
}

}  // namespace

void add_simulate_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<SimulateOptions>();
  CLI::App* sub = app.add_subcommand("simulate", "simulate one GeMM-WS configuration with seed 001's event model");
  o->add_to(*sub, {"table", "json", "csv"});
  sub->add_option("--tile", o->tile, "tile sizes TMxTNxTK, e.g. 128x64x32");
  sub->add_option("--stages", o->stages, "circular-buffer depth D (>= 2), or auto (sm90: CUTLASS's carve-out count)");
  sub->add_option("--cluster", o->cluster, "sm90: cluster shape MxN")->capture_default_str();
  sub->add_option("--schedule", o->schedule, "sm90: cooperative or pingpong")->capture_default_str();
  sub->add_option("--scheduler", o->scheduler, "sm90: tile scheduler persistent or stream-k")->capture_default_str();
  sub->add_option("--trace", o->trace_path, "also write the pipeline as a Chrome trace (JSON; Perfetto, chrome://tracing)");
  sub->add_option("--svg", o->svg_path, "also write the pipeline as an SVG Gantt chart");
  commands.push_back({sub, [o] { return run_simulate(*o); }});
}

}  // namespace warpsat::cli
