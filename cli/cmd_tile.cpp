// `warpsat tile`: the optimal GeMM-WS tiling and buffer depth, proven by Z3
// and re-derived by the simulator.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/problem_options.h"
#include "frontend/diagnostics.h"
#include "report/heatmap.h"
#include "solver/tiling_validation.h"

namespace warpsat::cli {

namespace {

struct TileOptions : ProblemOptions {
  std::vector<int64_t> tiles, tm, tn, tk;
  std::string stages;
  std::string objective;
  std::string encoding = "bounds";
  std::string dump_dir;
  unsigned timeout_ms = 10000;
  unsigned seed = 0;
  std::string inject_fault = "none";
  std::string svg_path;  // heat map of total over (TM, TN)
};

SearchSpace search_space(const TileOptions& o, const ProblemFile& f) {
  auto pick = [&](const std::vector<int64_t>& flag, const std::optional<std::vector<int64_t>>& file,
                  const char* name) {
    std::vector<int64_t> v = !flag.empty() ? flag : !o.tiles.empty() ? o.tiles : file ? *file : std::vector<int64_t>{32, 64, 128};
    return normalise_candidates(v, name);
  };
  SearchSpace s{pick(o.tm, f.tm, "--tm"), pick(o.tn, f.tn, "--tn"), pick(o.tk, f.tk, "--tk"), 2, 8};
  if (!o.stages.empty())
    std::tie(s.min_stages, s.max_stages) = parse_stage_range(o.stages);
  else if (f.stage_range)
    std::tie(s.min_stages, s.max_stages) = *f.stage_range;
  return s;
}

nlohmann::json config_json(const ConfigCost& c, const Machine& m) {
  const Tile& t = c.config.tile;
  return {{"tm", t.tm},           {"tn", t.tn},         {"tk", t.tk},
          {"stages", c.config.stages}, {"total", c.cost.total}, {"wait", c.cost.wait},
          {"waves", c.waves},     {"smem_bytes", smem_footprint(c.config, m)}};
}

std::string validation_summary(const TilingQuestion& q, const TilingValidation& v) {
  std::string s = fmt::format("simulated {} solver configuration(s)", v.simulated);
  if (v.sweep_ran)
    return s + fmt::format("; exhaustive sweep of {} feasible configuration(s) agrees", v.swept);
  return s + fmt::format("; sweep skipped: {} configurations exceed the 2^20 limit", q.space.size());
}

void print_json(const TilingQuestion& q, const ValidatedTiling& r) {
  const TilingAnswer& a = r.answer;
  nlohmann::json co = nlohmann::json::array();
  for (const auto& c : a.co_optimal) co.push_back(config_json(c, q.machine));
  nlohmann::json j = {{"m", q.shape.m},
                      {"n", q.shape.n},
                      {"k", q.shape.k},
                      {"machine", q.machine.name},
                      {"time_unit", q.machine.time_unit},
                      {"objective", to_string(q.objective)},
                      {"encoding", to_string(q.encoding)},
                      {"search_space",
                       {{"tm", q.space.tm},
                        {"tn", q.space.tn},
                        {"tk", q.space.tk},
                        {"stages", {q.space.min_stages, q.space.max_stages}},
                        {"size", q.space.size()}}},
                      {"status", to_string(a.status)},
                      {"best", config_json(a.best, q.machine)},
                      {"co_optimal", co},
                      {"validated", true},
                      {"validation",
                       {{"simulated", r.validation.simulated},
                        {"sweep", r.validation.sweep_ran ? "exhaustive" : "skipped"},
                        {"swept", r.validation.swept},
                        {"validate_ms", r.validation.validate_ms}}},
                      {"solve_ms", a.solve_ms},
                      {"queries", a.queries},
                      {"dumped", a.dumped}};
  std::cout << j.dump(2) << "\n";
}

void print_table(const TilingQuestion& q, const ValidatedTiling& r) {
  const TilingAnswer& a = r.answer;
  const std::string& u = q.machine.time_unit;
  const char* goal = q.objective == Objective::Lex ? "minimise total, then wait"
                     : q.objective == Objective::Total ? "minimise total" : "minimise wait";
  fmt::print("optimal GeMM-WS tiling for M={} N={} K={} on {} ({}; {} configurations)\n", q.shape.m, q.shape.n,
             q.shape.k, q.machine.name, goal, q.space.size());
  const ConfigCost& b = a.best;
  fmt::print("best: {} D={}   total {} {}   wait {} {}   waves {}   shared memory {} bytes\n\n",
             to_string(b.config.tile), b.config.stages, b.cost.total, u, b.cost.wait, u, b.waves,
             smem_footprint(b.config, q.machine));
  fmt::print("co-optimal configurations ({}):\n", a.co_optimal.size());
  fmt::print("{:>6} {:>6} {:>6} {:>4} {:>14} {:>14} {:>8} {:>12}\n", "TM", "TN", "TK", "D", "total", "wait", "waves",
             "smem bytes");
  for (const auto& c : a.co_optimal)
    fmt::print("{:>6} {:>6} {:>6} {:>4} {:>14} {:>14} {:>8} {:>12}\n", c.config.tile.tm, c.config.tile.tn,
               c.config.tile.tk, c.config.stages, c.cost.total, c.cost.wait, c.waves,
               smem_footprint(c.config, q.machine));
  fmt::print("\nvalidated: yes ({})\n", validation_summary(q, r.validation));
  fmt::print("solver: {:.1f} ms, {} queries ({} encoding); validation {:.1f} ms\n", a.solve_ms, a.queries,
             to_string(q.encoding), r.validation.validate_ms);
  for (const auto& path : a.dumped) fmt::print("wrote {}\n", path);
}

int run_tile(const TileOptions& o) {
  ProblemFile f = o.load_file();
  TilingQuestion q;
  q.shape = o.shape(f);
  q.machine = o.machine_description(f);
  q.space = search_space(o, f);
  q.objective = !o.objective.empty() ? parse_objective(o.objective) : f.objective.value_or(Objective::Lex);
  q.encoding = parse_gemm_encoding(o.encoding);
  SolverOptions so{o.timeout_ms, o.seed, o.dump_dir};
  TilingFault fault = o.inject_fault == "best-total"       ? TilingFault::BestTotal
                      : o.inject_fault == "drop-co-optimal" ? TilingFault::DropCoOptimal
                                                            : TilingFault::None;

  ValidatedTiling r = solve_tiling(q, so, fault);
  const TilingAnswer& a = r.answer;
  if (a.status == TilingStatus::Unknown) {
    std::cerr << "warpsat: no answer: " << a.reason << " (raise --timeout-ms)\n";
    return kExitNoAnswer;
  }
  if (a.status == TilingStatus::Infeasible) {
    int64_t smallest = INT64_MAX;
    for (int64_t tm : q.space.tm)
      for (int64_t tn : q.space.tn)
        for (int64_t tk : q.space.tk)
          smallest = std::min(smallest, smem_footprint({{tm, tn, tk}, q.space.min_stages}, q.machine));
    throw command_line_error(fmt::format(
        "no configuration fits in {} bytes of shared memory (machine {}): the smallest candidate, with D = {}, "
        "needs {} bytes; allow smaller tiles or fewer stages (confirmed by an exhaustive sweep)",
        q.machine.smem_bytes, q.machine.name, q.space.min_stages, smallest));
  }
  if (!o.svg_path.empty())
    write_text_file(o.svg_path, tiling_heatmap_svg(q.shape, q.machine, q.space, a.best.config));
  if (o.format == "json")
    print_json(q, r);
  else
    print_table(q, r);
  return kExitOk;
}

}  // namespace

void add_tile_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<TileOptions>();
  CLI::App* sub = app.add_subcommand("tile", "find the optimal GeMM-WS tiling and buffer depth (Z3, cross-validated)");
  o->add_to(*sub, {"table", "json"});
  sub->add_option("--tiles", o->tiles, "candidate sizes for TM, TN and TK (default 32,64,128)")->delimiter(',');
  sub->add_option("--tm", o->tm, "candidate TM values (override --tiles)")->delimiter(',');
  sub->add_option("--tn", o->tn, "candidate TN values (override --tiles)")->delimiter(',');
  sub->add_option("--tk", o->tk, "candidate TK values (override --tiles)")->delimiter(',');
  sub->add_option("--stages", o->stages, "range of buffer depths D, e.g. 2-8 (default 2-8)");
  sub->add_option("--objective", o->objective, "lex (total, then wait; default), total or wait");
  sub->add_option("--encoding", o->encoding, "Z3 encoding: bounds (default, fast) or array (seed 001's, with z3::optimize)")
      ->capture_default_str();
  sub->add_option("--dump-smt2", o->dump_dir, "write every solver query to DIR as a named .smt2 file");
  sub->add_option("--timeout-ms", o->timeout_ms, "per-query solver timeout in milliseconds")->capture_default_str();
  sub->add_option("--seed", o->seed, "solver random seed")->capture_default_str();
  sub->add_option("--svg", o->svg_path, "also write a heat map of the predicted total over (TM, TN) at the best TK and D");
  sub->add_option("--inject-fault", o->inject_fault, "testing only: corrupt the answer before validation")
      ->check(CLI::IsMember({"none", "best-total", "drop-co-optimal"}))
      ->group("");
  commands.push_back({sub, [o] { return run_tile(*o); }});
}

}  // namespace warpsat::cli
