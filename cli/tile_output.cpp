#include "cli/tile_output.h"

#include <fmt/format.h>

#include "emulator/gemm_insight.h"
#include "frontend/sm90.h"

namespace warpsat::cli {

namespace {

void add_variant_json(nlohmann::json& j, const TileConfig& c) {
  if (!c.is_sm90()) return;
  const KernelVariant& v = c.variant;
  j["cluster"] = {{"m", v.cluster.m}, {"n", v.cluster.n}};
  j["non_portable_cluster"] = v.cluster.size() > kSm90PortableClusterSize;
  j["schedule"] = to_string(v.schedule);
  j["tile_scheduler"] = to_string(v.scheduler);
}

nlohmann::json config_json(const ConfigCost& c, const Machine& m) {
  const Tile& t = c.config.tile;
  nlohmann::json j = {{"tm", t.tm},          {"tn", t.tn},         {"tk", t.tk},         {"stages", c.config.stages},
                      {"total", c.cost.total}, {"wait", c.cost.wait}, {"waves", c.waves},
                      {"smem_bytes", smem_footprint(c.config, m)}};
  add_variant_json(j, c.config);
  return j;
}

nlohmann::json entry_json(const SweepEntry& e, const GemmShape& shape, const Machine& m) {
  return config_json({e.config, e.cost, wave_count(shape, e.config, m)}, m);
}

// "128x256x64 D=4", and for an sm90 kernel its cluster, schedule and tile scheduler.
std::string config_text(const TileConfig& c) {
  std::string s = fmt::format("{} D={}", to_string(c.tile), c.stages);
  if (c.is_sm90()) {
    s += fmt::format(" cluster {} {} {}", to_string(c.variant.cluster), to_string(c.variant.schedule),
                     to_string(c.variant.scheduler));
    if (c.variant.cluster.size() > kSm90PortableClusterSize) s += " (non-portable cluster size)";
  }
  return s;
}

// Beside every prediction: whether the machine's figures were fitted to measurements.
std::string calibration_note(const Machine& m) {
  return m.calibrated.empty() ? "uncalibrated: the machine's figures are estimates (docs/machines.md)"
                              : "calibrated: " + m.calibrated;
}

ScheduleInsight best_insight(const TilingQuestion& q, const ConfigCost& best) {
  return insight(simulate(q.shape, best.config, q.machine, q.model), q.machine);
}

nlohmann::json insight_json(const ScheduleInsight& in) {
  nlohmann::json j = {{"bottleneck", to_string(in.bottleneck)},
                      {"bottleneck_share", in.bottleneck_share},
                      {"tail", {{"tiles", in.tiles}, {"last_wave_tiles", in.last_wave_tiles},
                                {"last_wave_occupancy", in.tail_occupancy}}}};
  j["tflops"] = in.tflops ? nlohmann::json(*in.tflops) : nlohmann::json(nullptr);
  return j;
}

std::string insight_line(const ScheduleInsight& in, const Machine& m, bool hopper) {
  std::string tflops = in.tflops ? fmt::format("{:.1f} TFLOP/s", *in.tflops) : "TFLOP/s unknown (time unit)";
  std::string u = m.calibrated.empty() ? " (uncalibrated)" : "";
  if (hopper)
    return fmt::format("{}{}, {} ({:.0f}% of a CTA's time), last wave {} tiles ({:.0f}% of the cluster slots)", tflops,
                       u, to_string(in.bottleneck), 100 * in.bottleneck_share, in.last_wave_tiles,
                       100 * in.tail_occupancy);
  return fmt::format("{}{}, {} ({:.0f}% of a wave), last wave {} of {} SMs ({:.0f}%)", tflops, u,
                     to_string(in.bottleneck), 100 * in.bottleneck_share, in.last_wave_tiles, m.sms,
                     100 * in.tail_occupancy);
}

std::string validation_summary(const TilingQuestion& q, const TilingValidation& v) {
  std::string s = fmt::format("simulated {} solver configuration(s)", v.simulated);
  if (v.sweep_ran) return s + fmt::format("; exhaustive sweep of {} feasible configuration(s) agrees", v.swept);
  return s + fmt::format("; sweep skipped: {} configurations exceed its limit of {}", q.space.size(),
                         kMaxSweepConfigurations);
}

nlohmann::json explanation_json(const TilingQuestion& q, const TilingExplanation& x) {
  nlohmann::json next = nlohmann::json::array(), excluded = nlohmann::json::array();
  for (const auto& e : x.next_best) next.push_back(entry_json(e, q.shape, q.machine));
  for (const auto& e : x.excluded_better) {
    nlohmann::json j = entry_json(e.entry, q.shape, q.machine);
    j["limit"] = to_string(e.limit);
    j["why"] = e.why;
    excluded.push_back(j);
  }
  return {{"next_best", next}, {"excluded_better", excluded}, {"excluded_better_tiles", x.excluded_better_tiles}};
}

void print_explanation(const TilingQuestion& q, const TilingExplanation& x) {
  const std::string& u = q.machine.time_unit;
  fmt::print("\nnext best (one line per tile and cost, its shallowest fitting depth):\n");
  for (const auto& e : x.next_best)
    fmt::print("  {}   total {} {}   wait {} {}\n", config_text(e.config), e.cost.total, u, e.cost.wait, u);
  if (x.excluded_better.empty()) {
    fmt::print("no configuration that would do better is excluded by the machine's limits\n");
    return;
  }
  fmt::print("better but excluded by the machine's limits ({} tile(s); the best {}):\n", x.excluded_better_tiles,
             x.excluded_better.size());
  for (const auto& e : x.excluded_better)
    fmt::print("  {}   total {} {}   {}: {}\n", config_text(e.entry.config), e.entry.cost.total, u,
               to_string(e.limit), e.why);
}

// Where depth stops mattering for the optimum's tile (the closed form,
// proven by prove-model), and what CUTLASS's carve-out would give it.
std::string depth_note(const TilingQuestion& q, const TileConfig& c) {
  int64_t from = depth_irrelevant_from(c, q.machine, q.model);
  std::string s = from <= c.stages ? fmt::format("depth: every D >= {} gives this tile the same time (proven: the closed "
                                                 "form's jump term vanishes once D max(T, X) >= F + X)",
                                                 std::max<int64_t>(from, q.space.min_stages))
                                   : fmt::format("depth matters here: D = {} is below the {} stages that hide a load's "
                                                 "latency (proven closed form)",
                                                 c.stages, from);
  if (c.is_sm90()) {
    int64_t auto_stages = sm90_auto_stages(c.tile, c.variant.schedule, machine_operand_type(q.machine), q.machine.smem_bytes);
    s += fmt::format("; CUTLASS's StageCountAutoCarveout gives it {}", auto_stages);
  }
  return s;
}

void print_depth_note(const TilingQuestion& q, const TileConfig& c) { fmt::print("{}\n", depth_note(q, c)); }

}  // namespace

// The comment heading `--emit cutlass`'s source: the question and the answer.
std::string cutlass_comment(const TilingQuestion& q, const ValidatedTiling& r) {
  const ConfigCost& b = r.answer.best;
  return fmt::format("Optimal for M={} N={} K={} on {} ({} model), proven by Z3 over {} configurations and re-derived by "
                     "the simulator:\n  {}\n  predicted {} {} total: {}\n  {}\n  {}",
                     q.shape.m, q.shape.n, q.shape.k, q.machine.name, to_string(q.model), q.space.size(),
                     config_text(b.config), b.cost.total, q.machine.time_unit,
                     insight_line(best_insight(q, b), q.machine, q.model == GemmModel::Hopper),
                     calibration_note(q.machine), depth_note(q, b.config));
}

nlohmann::json tile_json(const TilingQuestion& q, const ValidatedTiling& r, const TilingExplanation* explanation) {
  const TilingAnswer& a = r.answer;
  nlohmann::json co = nlohmann::json::array();
  for (const auto& c : a.co_optimal) co.push_back(config_json(c, q.machine));
  nlohmann::json j = {{"m", q.shape.m},
                      {"n", q.shape.n},
                      {"k", q.shape.k},
                      {"machine", q.machine.name},
                      {"time_unit", q.machine.time_unit},
                      {"objective", to_string(q.objective)},
                      {"model", to_string(q.model)},
                      {"encoding", to_string(q.encoding)},
                      {"search_space",
                       {{"tm", q.space.tm},
                        {"tn", q.space.tn},
                        {"tk", q.space.tk},
                        {"stages", {q.space.min_stages, q.space.max_stages}},
                        {"size", q.space.size()}}},
                      {"status", to_string(a.status)},
                      {"best", config_json(a.best, q.machine)},
                      {"predicted", insight_json(best_insight(q, a.best))},
                      {"calibrated", !q.machine.calibrated.empty()},
                      {"target", a.best.config.is_sm90() ? "sm90" : "generic"},
                      {"co_optimal", co},
                      {"validated", true},
                      {"validation",
                       {{"simulated", r.validation.simulated},
                        {"sweep", r.validation.sweep_ran ? "exhaustive" : "skipped"},
                        {"swept", r.validation.swept},
                        {"validate_ms", r.validation.validate_ms}}},
                      {"encode_ms", a.encode_ms},
                      {"solve_ms", a.solve_ms},
                      {"queries", a.queries},
                      {"dumped", a.dumped}};
  if (explanation) j["explain"] = explanation_json(q, *explanation);
  j["depth"] = {{"irrelevant_from", depth_irrelevant_from(a.best.config, q.machine, q.model)}, {"note", depth_note(q, a.best.config)}};
  return j;
}

void print_tile_table(const TilingQuestion& q, const ValidatedTiling& r, const TilingExplanation* explanation) {
  const TilingAnswer& a = r.answer;
  const std::string& u = q.machine.time_unit;
  const char* goal = q.objective == Objective::Lex     ? "minimise total, then wait"
                     : q.objective == Objective::Total ? "minimise total"
                                                       : "minimise wait";
  fmt::print("optimal GeMM-WS tiling for M={} N={} K={} on {} ({}; {} configurations; {} model)\n", q.shape.m,
             q.shape.n, q.shape.k, q.machine.name, goal, q.space.size(), to_string(q.model));
  const ConfigCost& b = a.best;
  bool sm90 = b.config.is_sm90();
  fmt::print("best: {}   total {} {}   wait {} {}   waves {}   shared memory {} bytes\n", config_text(b.config),
             b.cost.total, u, b.cost.wait, u, b.waves, smem_footprint(b.config, q.machine));
  fmt::print("predicted: {}\n", insight_line(best_insight(q, b), q.machine, q.model == GemmModel::Hopper));
  fmt::print("           ({})\n", calibration_note(q.machine));
  if (sm90) print_depth_note(q, b.config);
  fmt::print("\nco-optimal configurations ({}):\n", a.co_optimal.size());
  fmt::print("{:>6} {:>6} {:>6} {:>4} {:>14} {:>14} {:>8} {:>12}{}\n", "TM", "TN", "TK", "D", "total", "wait", "waves",
             "smem bytes", sm90 ? "  cluster schedule tile-scheduler" : "");
  for (const auto& c : a.co_optimal)
    fmt::print("{:>6} {:>6} {:>6} {:>4} {:>14} {:>14} {:>8} {:>12}{}\n", c.config.tile.tm, c.config.tile.tn,
               c.config.tile.tk, c.config.stages, c.cost.total, c.cost.wait, c.waves,
               smem_footprint(c.config, q.machine),
               sm90 ? fmt::format("  {:>7} {:>8} {}", to_string(c.config.variant.cluster),
                                  to_string(c.config.variant.schedule), to_string(c.config.variant.scheduler))
                    : "");
  if (explanation && !sm90) print_depth_note(q, b.config);
  if (explanation) print_explanation(q, *explanation);
  fmt::print("\nvalidated: yes ({})\n", validation_summary(q, r.validation));
  fmt::print("solver: {:.1f} ms encoding, {:.1f} ms solving, {} queries ({} encoding); validation {:.1f} ms\n",
             a.encode_ms, a.solve_ms, a.queries, to_string(q.encoding), r.validation.validate_ms);
  for (const auto& path : a.dumped) fmt::print("wrote {}\n", path);
}

namespace {
std::string shape_name(const WorkloadAnswer& w) {
  return w.shape.name.empty() ? fmt::format("{}x{}x{}", w.shape.shape.m, w.shape.shape.n, w.shape.shape.k)
                              : w.shape.name;
}
}  // namespace

void print_workload_table(const std::vector<WorkloadAnswer>& answers) {
  if (answers.empty()) return;
  const Machine& m = answers.front().question.machine;
  fmt::print("{} shape(s) on {}; times in {}\n", answers.size(), m.name, m.time_unit);
  fmt::print("{:<20} {:>7} {:>7} {:>7} {:>6} {:>16} {:>4} {:>14} {:>9} {:>14} {:>5}\n", "name", "M", "N", "K", "weight",
             "best", "D", "total", "TFLOP/s", "bottleneck", "co-opt");
  for (const auto& w : answers) {
    const ConfigCost& b = w.result.answer.best;
    ScheduleInsight in = best_insight(w.question, b);
    fmt::print("{:<20} {:>7} {:>7} {:>7} {:>6} {:>16} {:>4} {:>14} {:>9} {:>14} {:>5}{}\n", shape_name(w),
               w.shape.shape.m, w.shape.shape.n, w.shape.shape.k, w.shape.weight, to_string(b.config.tile),
               b.config.stages, b.cost.total, in.tflops ? fmt::format("{:.1f}", *in.tflops) : "-",
               to_string(in.bottleneck), w.result.answer.co_optimal.size(),
               b.config.is_sm90() ? "  " + to_string(b.config.variant) : "");
  }
  if (!m.calibrated.empty())
    fmt::print("calibrated: {}\n", m.calibrated);
  else
    fmt::print("TFLOP/s uncalibrated: the machine's figures are estimates (docs/machines.md)\n");
  fmt::print("validated: yes (every answer re-derived by the simulator)\n");
}

// sm90 answers add cluster_m, cluster_n, schedule, tile_scheduler columns.
void print_workload_csv(const std::vector<WorkloadAnswer>& answers) {
  bool sm90 = !answers.empty() && answers.front().question.model == GemmModel::Hopper;
  fmt::print("name,m,n,k,weight,tm,tn,tk,stages,total,wait,waves,tflops,bottleneck,co_optimal,validated{}\n",
             sm90 ? ",cluster_m,cluster_n,schedule,tile_scheduler" : "");
  for (const auto& w : answers) {
    const ConfigCost& b = w.result.answer.best;
    const KernelVariant& v = b.config.variant;
    ScheduleInsight in = best_insight(w.question, b);
    fmt::print("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},true{}\n", w.shape.name, w.shape.shape.m, w.shape.shape.n,
               w.shape.shape.k, w.shape.weight, b.config.tile.tm, b.config.tile.tn, b.config.tile.tk, b.config.stages,
               b.cost.total, b.cost.wait, b.waves, in.tflops ? fmt::format("{:.3f}", *in.tflops) : "",
               to_string(in.bottleneck), w.result.answer.co_optimal.size(),
               sm90 ? fmt::format(",{},{},{},{}", v.cluster.m, v.cluster.n, to_string(v.schedule), to_string(v.scheduler))
                    : "");
  }
}

nlohmann::json workload_json(const std::vector<WorkloadAnswer>& answers) {
  nlohmann::json shapes = nlohmann::json::array();
  for (const auto& w : answers) {
    nlohmann::json j = tile_json(w.question, w.result, nullptr);
    nlohmann::json s = {{"m", w.shape.shape.m}, {"n", w.shape.shape.n},       {"k", w.shape.shape.k},
                        {"weight", w.shape.weight}, {"name", w.shape.name}, {"best", j["best"]},
                        {"co_optimal", j["co_optimal"]}, {"predicted", j["predicted"]}, {"status", j["status"]},
                        {"validated", true}, {"solve_ms", j["solve_ms"]}, {"validate_ms", j["validation"]["validate_ms"]}};
    shapes.push_back(s);
  }
  nlohmann::json out = {{"shapes", shapes}};
  if (!answers.empty()) {
    const TilingQuestion& q = answers.front().question;
    out["machine"] = q.machine.name;
    out["time_unit"] = q.machine.time_unit;
    out["encoding"] = to_string(q.encoding);
    out["search_space"] = {{"tm", q.space.tm}, {"tn", q.space.tn}, {"tk", q.space.tk},
                           {"stages", {q.space.min_stages, q.space.max_stages}}, {"size", q.space.size()}};
  }
  return out;
}

namespace {
nlohmann::json choice_json(const KernelSetQuestion& q, const KernelChoice& k) {
  nlohmann::json kernels = nlohmann::json::array(), shapes = nlohmann::json::array();
  for (const TileConfig& c : k.kernels) {
    nlohmann::json j = {{"tm", c.tile.tm}, {"tn", c.tile.tn}, {"tk", c.tile.tk}, {"stages", c.stages}};
    add_variant_json(j, c);
    kernels.push_back(j);
  }
  for (size_t s = 0; s < q.shapes.size(); ++s) {
    const WorkloadShape& w = q.shapes[s];
    shapes.push_back({{"m", w.shape.m}, {"n", w.shape.n}, {"k", w.shape.k}, {"weight", w.weight}, {"name", w.name},
                      {"kernel", k.assignment[s]}, {"total", k.totals[s]}});
  }
  return {{"objective", k.objective}, {"kernels", kernels}, {"shapes", shapes}};
}

std::string kernel_text(const TileConfig& c) { return config_text(c); }
}  // namespace

nlohmann::json kernel_set_json(const KernelSetQuestion& q, const KernelSetAnswer& a) {
  nlohmann::json j = choice_json(q, a.best);
  j["status"] = a.status == KernelSetAnswer::Status::Optimal ? "optimal" : "unknown";
  if (!a.reason.empty()) j["reason"] = a.reason;
  j["lower_bound"] = a.lower_bound ? nlohmann::json(*a.lower_bound) : nlohmann::json(nullptr);
  j["max_kernels"] = q.max_kernels;
  j["machine"] = q.machine.name;
  j["model"] = to_string(q.model);
  j["time_unit"] = q.machine.time_unit;
  j["greedy"] = choice_json(q, a.greedy);
  j["unlimited"] = choice_json(q, a.unlimited);
  j["pruning"] = {{"configurations", a.configurations}, {"feasible", a.feasible}, {"distinct", a.distinct},
                  {"undominated", a.undominated}, {"after_lagrangian_bound", a.after_bound},
                  {"lagrangian_bound", a.lagrangian_bound ? nlohmann::json(*a.lagrangian_bound) : nlohmann::json(nullptr)}};
  j["search"] = {{"nodes", a.search_nodes}, {"complete", a.search_complete}, {"ms", a.search_ms}};
  j["proof"] = a.proof;
  j["validated"] = true;
  j["validation"] = {{"simulated", a.simulated},
                     {"exhaustive", a.exhaustive_checked},
                     {"exhaustive_candidates", a.exhaustive_candidates},
                     {"validate_ms", a.validate_ms}};
  j["solve_ms"] = a.solve_ms;
  j["dumped"] = a.dumped;
  return j;
}

void print_kernel_set_table(const KernelSetQuestion& q, const KernelSetAnswer& a) {
  const std::string& u = q.machine.time_unit;
  bool optimal = a.status == KernelSetAnswer::Status::Optimal;
  fmt::print("at most {} kernel(s) for {} shape(s) on {} ({} model): {}\n", q.max_kernels, q.shapes.size(),
             q.machine.name, to_string(q.model), optimal ? "proven optimal" : "NOT proven: " + a.reason);
  fmt::print("objective (sum of weight x total): {} {}{} ({})\n", a.best.objective, u,
             a.lower_bound ? fmt::format(" (proven lower bound {})", *a.lower_bound) : "",
             q.machine.calibrated.empty() ? "uncalibrated" : "calibrated");
  auto gap = [&](int64_t v) {
    return fmt::format("{} {} ({:+.2f}%)", v, u,
                       100.0 * static_cast<double>(v - a.best.objective) / static_cast<double>(a.best.objective));
  };
  fmt::print("  greedy choice of {} kernel(s): {}\n", a.greedy.kernels.size(), gap(a.greedy.objective));
  fmt::print("  one kernel per shape ({} kernels): {}\n", a.unlimited.kernels.size(), gap(a.unlimited.objective));
  fmt::print("candidates: {} configurations, {} fit, {} distinct, {} undominated, {} left by the Lagrangian bound{}\n\n",
             a.configurations, a.feasible, a.distinct, a.undominated, a.after_bound,
             a.lagrangian_bound ? fmt::format(" (lower bound {} {})", *a.lagrangian_bound, u) : "");
  fmt::print("kernels:\n");
  for (size_t i = 0; i < a.best.kernels.size(); ++i) fmt::print("  [{}] {}\n", i, kernel_text(a.best.kernels[i]));
  fmt::print("\n{:<20} {:>7} {:>7} {:>7} {:>6} {:>7} {:>14}\n", "name", "M", "N", "K", "weight", "kernel", "total");
  for (size_t s = 0; s < q.shapes.size(); ++s) {
    const WorkloadShape& w = q.shapes[s];
    fmt::print("{:<20} {:>7} {:>7} {:>7} {:>6} {:>7} {:>14}\n",
               w.name.empty() ? fmt::format("{}x{}x{}", w.shape.m, w.shape.n, w.shape.k) : w.name, w.shape.m,
               w.shape.n, w.shape.k, w.weight, a.best.assignment[s], a.best.totals[s]);
  }
  fmt::print("\nvalidated: yes (the simulator re-derived {} totals{})\n", a.simulated,
             !a.exhaustive_checked ? ""
             : a.exhaustive_candidates == a.undominated
                 ? "; an enumeration of every K-subset agrees"
                 : fmt::format("; an enumeration of every K-subset of the {} candidates the bound left agrees",
                               a.exhaustive_candidates));
  fmt::print("solver: {:.1f} ms; validation {:.1f} ms\n", a.solve_ms, a.validate_ms);
  for (const auto& path : a.dumped) fmt::print("wrote {}\n", path);
}

// sm90 kernels add cluster_m, cluster_n, schedule, tile_scheduler columns.
void print_kernel_set_csv(const KernelSetQuestion& q, const KernelSetAnswer& a) {
  bool sm90 = q.model == GemmModel::Hopper;
  fmt::print("name,m,n,k,weight,kernel,tm,tn,tk,stages,total{}\n", sm90 ? ",cluster_m,cluster_n,schedule,tile_scheduler" : "");
  for (size_t s = 0; s < q.shapes.size(); ++s) {
    const WorkloadShape& w = q.shapes[s];
    const TileConfig& c = a.best.kernels[a.best.assignment[s]];
    const KernelVariant& v = c.variant;
    fmt::print("{},{},{},{},{},{},{},{},{},{},{}{}\n", w.name, w.shape.m, w.shape.n, w.shape.k, w.weight,
               a.best.assignment[s], c.tile.tm, c.tile.tn, c.tile.tk, c.stages, a.best.totals[s],
               sm90 ? fmt::format(",{},{},{},{}", v.cluster.m, v.cluster.n, to_string(v.schedule), to_string(v.scheduler))
                    : "");
  }
}

nlohmann::json shipped_json(const KernelSetQuestion& q, const KernelSetEvaluation& e) {
  nlohmann::json j = choice_json(q, e.shipped);
  j["unbuildable"] = e.unbuildable;
  if (e.best_addition) {
    const TileConfig& c = *e.best_addition;
    j["best_addition"] = {{"tm", c.tile.tm}, {"tn", c.tile.tn}, {"tk", c.tile.tk}, {"stages", c.stages},
                          {"objective", e.with_addition.objective},
                          {"gain", e.shipped.objective - e.with_addition.objective}};
  } else {
    j["best_addition"] = nullptr;
  }
  j["machine"] = q.machine.name;
  j["time_unit"] = q.machine.time_unit;
  j["validated"] = true;
  j["simulated"] = e.simulated;
  return j;
}

void print_shipped_table(const KernelSetQuestion& q, const KernelSetEvaluation& e) {
  const std::string& u = q.machine.time_unit;
  fmt::print("{} shipped kernel(s) for {} shape(s) on {}: objective (sum of weight x total) {} {}\n",
             e.shipped.kernels.size(), q.shapes.size(), q.machine.name, e.shipped.objective, u);
  for (const std::string& why : e.unbuildable) fmt::print("warning: cannot be built on this machine: {}\n", why);
  for (size_t i = 0; i < e.shipped.kernels.size(); ++i)
    fmt::print("  [{}] {}\n", i, kernel_text(e.shipped.kernels[i]));
  if (e.best_addition)
    fmt::print("adding {} lowers it to {} {} ({:.2f}% less)\n", kernel_text(*e.best_addition),
               e.with_addition.objective, u,
               100.0 * static_cast<double>(e.shipped.objective - e.with_addition.objective) /
                   static_cast<double>(e.shipped.objective));
  else
    fmt::print("no configuration of the search space improves it\n");
  fmt::print("validated: yes (the simulator re-derived {} totals)\n", e.simulated);
}

}  // namespace warpsat::cli
