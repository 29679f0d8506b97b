// `warpsat tile`: the optimal GeMM-WS tiling and buffer depth, proven by Z3
// and re-derived by the simulator; for one problem or a whole workload.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/problem_options.h"
#include "cli/shard.h"
#include "cli/tile_output.h"
#include "frontend/diagnostics.h"
#include "frontend/profiler_csv.h"
#include "frontend/sm90.h"
#include "report/cutlass_source.h"
#include "report/heatmap.h"

namespace warpsat::cli {

namespace {

struct TileOptions : ProblemOptions {
  std::vector<std::string> tiles, tm, tn, tk;
  std::string stages;
  std::string objective;
  std::string encoding = "closed-form";
  std::string dump_dir;
  unsigned timeout_ms = 10000;
  unsigned seed = 0;
  std::string inject_fault = "none";
  std::string svg_path;  // heat map of total over (TM, TN)
  bool explain = false;
  size_t explain_count = 5;
  std::string workload;
  unsigned jobs = 1;
  size_t max_kernels = 0;  // 0: one answer per shape
  std::string kernels_file;  // a shipped set to evaluate
  // sm90 space
  std::vector<std::string> clusters, schedules, schedulers;
  bool non_portable_clusters = false;
  std::string emit;  // "cutlass": print the optimum as a CUDA source file
  std::string shard;         // --shard I/N (cli/shard.h): a part of the workload's shapes
};

// The sm90 space's kernel variants: every cluster, schedule and tile
// scheduler given (default: the 8 portable clusters, both schedules, both
// schedulers), less ping-pong with stream-K, which CUTLASS does not build.
std::vector<KernelVariant> sm90_variants(const TileOptions& o) {
  std::vector<ClusterShape> clusters;
  for (const std::string& c : o.clusters) clusters.push_back(parse_cluster(c));
  if (clusters.empty()) {
    for (int64_t m : {1, 2, 4})
      for (int64_t n : {1, 2, 4})
        if (m * n <= kSm90PortableClusterSize || o.non_portable_clusters) clusters.push_back({m, n});
  }
  std::vector<MainloopSchedule> schedules;
  for (const std::string& s : o.schedules) schedules.push_back(parse_schedule(s));
  if (schedules.empty()) schedules = {MainloopSchedule::Cooperative, MainloopSchedule::PingPong};
  std::vector<TileScheduler> schedulers;
  for (const std::string& s : o.schedulers) schedulers.push_back(parse_tile_scheduler(s));
  if (schedulers.empty()) schedulers = {TileScheduler::Persistent, TileScheduler::StreamK};
  std::vector<KernelVariant> v;
  for (const ClusterShape& c : clusters)
    for (MainloopSchedule s : schedules)
      for (TileScheduler t : schedulers)
        if (!(s == MainloopSchedule::PingPong && t == TileScheduler::StreamK)) v.push_back({c, s, t});
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  if (v.empty()) throw command_line_error("no kernel variant left: ping-pong kernels take no stream-K scheduler");
  return v;
}

SearchSpace search_space(const TileOptions& o, const ProblemFile& f, const Machine& m, bool sm90) {
  std::vector<int64_t> tm_default{32, 64, 128}, tn_default = tm_default, tk_default = tm_default;
  if (sm90) {
    tm_default = sm90_tm_candidates();
    tn_default = sm90_tn_candidates();
    tk_default = sm90_tk_candidates(machine_operand_type(m));
  }
  auto pick = [&](const std::vector<std::string>& flag, const std::optional<std::vector<int64_t>>& file,
                  const std::vector<int64_t>& fallback, const char* name) {
    if (!flag.empty()) return parse_candidates(flag, name);
    if (!o.tiles.empty()) return parse_candidates(o.tiles, "--tiles");
    return normalise_candidates(file ? *file : fallback, name);
  };
  SearchSpace s{pick(o.tm, f.tm, tm_default, "--tm"), pick(o.tn, f.tn, tn_default, "--tn"),
                pick(o.tk, f.tk, tk_default, "--tk"), 2, 8};
  if (!o.stages.empty() && o.stages != "auto")
    std::tie(s.min_stages, s.max_stages) = parse_stage_range(o.stages);
  else if (o.stages.empty() && f.stage_range)
    std::tie(s.min_stages, s.max_stages) = *f.stage_range;
  else if (sm90)
    s.auto_stages = true;  // CUTLASS's StageCountAutoCarveout
  else if (o.stages == "auto")
    throw command_line_error("--stages auto is CUTLASS's carve-out stage count: for --target sm90");
  if (sm90) s.variants = sm90_variants(o);
  else if (!o.clusters.empty() || !o.schedules.empty() || !o.schedulers.empty() || o.non_portable_clusters)
    throw command_line_error("--clusters, --schedules and --schedulers choose sm90 kernels; give --target sm90");
  return s;
}

TilingQuestion base_question(const TileOptions& o, const ProblemFile& f) {
  TilingQuestion q;
  q.machine = o.machine_description(f);
  ProblemOptions::Target target = o.resolve_target(q.machine);
  q.model = target.model;
  q.space = search_space(o, f, q.machine, target.sm90);
  q.objective = !o.objective.empty() ? parse_objective(o.objective) : f.objective.value_or(Objective::Lex);
  q.encoding = parse_gemm_encoding(o.encoding);
  return q;
}

[[noreturn]] void nothing_fits(const TilingQuestion& q) {
  // The smallest tile, in the first kernel variant that could build it (sm90).
  TileConfig smallest{{q.space.tm.front(), q.space.tn.front(), q.space.tk.front()}, q.space.min_stages,
                      q.space.variant(0)};
  for (size_t v = q.space.variant_count(); v-- > 0;) {
    TileConfig c = smallest;
    c.variant = q.space.variant(v);
    c.stages = depth_range(q.space, c.tile, c.variant, q.machine).first;
    if (v + 1 == q.space.variant_count() || exceeded_limit(c, q.machine) != Limit::NotBuildable) smallest = c;
  }
  throw command_line_error(fmt::format(
      "no configuration fits the limits of machine {}: the smallest candidate, {} with D = {}{}, {}; allow smaller "
      "tiles or fewer stages (confirmed by an exhaustive sweep)",
      q.machine.name, to_string(smallest.tile), smallest.stages,
      smallest.is_sm90() ? " (" + to_string(smallest.variant) + ")" : "", describe_limit(smallest, q.machine)));
}

int run_single(const TileOptions& o, const ProblemFile& f, const SolverOptions& so) {
  TilingQuestion q = base_question(o, f);
  q.shape = o.shape(f);
  TilingFault fault = o.inject_fault == "best-total"       ? TilingFault::BestTotal
                      : o.inject_fault == "drop-co-optimal" ? TilingFault::DropCoOptimal
                                                            : TilingFault::None;
  ValidatedTiling r = solve_tiling(q, so, fault);
  const TilingAnswer& a = r.answer;
  if (a.status == TilingStatus::Unknown) {
    std::cerr << "warpsat: no answer: " << a.reason << " (raise --timeout-ms)\n";
    return kExitNoAnswer;
  }
  if (a.status == TilingStatus::Infeasible) nothing_fits(q);
  std::optional<TilingExplanation> x;
  if (o.explain)
    x = explain(q.shape, q.machine, q.space, q.objective, primary_value(q.objective, a.best.cost), o.explain_count,
                q.model);
  if (!o.svg_path.empty())
    write_text_file(o.svg_path, tiling_heatmap_svg(q.shape, q.machine, q.space, a.best.config, q.model));
  if (o.emit == "cutlass") {
    if (!a.best.config.is_sm90())
      throw command_line_error("--emit cutlass writes a CUTLASS 3 sm90 kernel: give --target sm90 and an sm90 machine");
    std::cout << cutlass_source(q.shape, q.machine, a.best.config, cutlass_comment(q, r));
    return kExitOk;
  }
  if (o.format == "json")
    std::cout << tile_json(q, r, x ? &*x : nullptr).dump(2) << "\n";
  else
    print_tile_table(q, r, x ? &*x : nullptr);
  return kExitOk;
}

int run_kernel_set(const TileOptions& o, const TilingQuestion& base, std::vector<WorkloadShape> shapes,
                   const SolverOptions& so) {
  KernelSetQuestion q{std::move(shapes), base.machine, base.space, base.model, o.max_kernels};
  KernelSetAnswer a = choose_kernels(q, so);
  if (o.format == "json")
    std::cout << kernel_set_json(q, a).dump(2) << "\n";
  else if (o.format == "csv")
    print_kernel_set_csv(q, a);
  else
    print_kernel_set_table(q, a);
  if (a.status != KernelSetAnswer::Status::Optimal) {
    std::cerr << "warpsat: no proof of optimality: " << a.reason << " (raise --timeout-ms)\n";
    return kExitNoAnswer;
  }
  return kExitOk;
}

// What answering a shape costs, roughly: the simulator's sweep walks the
// K dimension stage by stage for every configuration.
uint64_t shape_cost(const WorkloadShape& w) { return static_cast<uint64_t>(w.shape.k) / 16 + 1; }

int run_workload(const TileOptions& o, const ProblemFile& f, const std::string& path, const SolverOptions& so,
                 const CLI::App& sub) {
  if (o.m || o.n || o.k) throw command_line_error("--workload gives the shapes; drop --m, --n and --k");
  if (o.explain || !o.svg_path.empty() || o.inject_fault != "none" || !o.emit.empty())
    throw command_line_error("--explain, --svg, --emit and --inject-fault answer one problem; not with --workload");
  TilingQuestion base = base_question(o, f);
  std::vector<WorkloadShape> shapes = read_workload_file(path);
  if (o.max_kernels && !o.kernels_file.empty()) throw command_line_error("give --max-kernels or --kernels, not both");
  if (!o.kernels_file.empty()) {
    KernelSetQuestion q{std::move(shapes), base.machine, base.space, base.model, 1};
    std::vector<TileConfig> kernels = read_kernel_list(o.kernels_file);
    bool sm90 = base.model == GemmModel::Hopper;
    for (TileConfig& k : kernels) {
      resolve_auto_stages(k, base.machine);  // cutlass_profiler's 0: CUTLASS's automatic count
      if (k.is_sm90() != sm90)
        throw command_line_error(fmt::format(
            "{} lists {} kernels, but the question is about {}: {}", o.kernels_file,
            k.is_sm90() ? "CUTLASS 3 sm90" : "seed 001's (tm, tn, tk, stages)",
            sm90 ? "sm90 kernels (the hopper model)" : "seed 001's kernel",
            sm90 ? "give cutlass_profiler's CSV, whose rows name clusters and schedules" : "give --target sm90"));
    }
    KernelSetEvaluation e = evaluate_shipped_kernels(q, kernels);
    if (o.format == "json")
      std::cout << shipped_json(q, e).dump(2) << "\n";
    else
      print_shipped_table(q, e);
    return kExitOk;
  }
  if (o.max_kernels) return run_kernel_set(o, base, std::move(shapes), so);
  std::optional<nlohmann::json> mark;
  if (!o.shard.empty()) {
    if (o.format == "table")
      throw command_line_error("--shard writes what 'warpsat merge' reads: give --format json or csv");
    std::vector<uint64_t> estimates;
    for (const WorkloadShape& w : shapes) estimates.push_back(shape_cost(w));
    std::vector<size_t> items = shard_items(estimates, parse_shard(o.shard));
    std::vector<WorkloadShape> mine;
    std::vector<std::string> names;
    for (size_t i : items) {
      mine.push_back(shapes[i]);
      const GemmShape& g = shapes[i].shape;
      names.push_back(shapes[i].name.empty() ? fmt::format("{}x{}x{}", g.m, g.n, g.k) : shapes[i].name);
    }
    mark = mark_json(make_mark(sub, "tile", o.format, parse_shard(o.shard), shapes.size(), items, names, {path},
                               kExitOk));
    shapes = std::move(mine);
  }
  bool terminal = isatty(STDERR_FILENO);
  auto progress = [&](size_t done, size_t total) {
    if (terminal) fmt::print(stderr, "\r{} / {} shapes", done, total);
  };
  std::vector<WorkloadAnswer> answers = solve_workload(base, shapes, so, o.jobs, progress);
  if (terminal) fmt::print(stderr, "\r\033[K");
  // Errors in input order: the first bad shape decides the exit code, as one
  // problem would.
  bool unknown = false;
  for (const WorkloadAnswer& w : answers) {
    if (w.error) {
      try {
        std::rethrow_exception(w.error);
      } catch (const InputError& e) {
        throw InputError({path, w.shape.line, 1}, e.message());
      }
    }
    if (w.result.answer.status == TilingStatus::Unknown) {
      std::cerr << fmt::format("warpsat: no answer for {}:{}: {} (raise --timeout-ms)\n", path, w.shape.line,
                               w.result.answer.reason);
      unknown = true;
    }
    if (w.result.answer.status == TilingStatus::Infeasible) nothing_fits(w.question);
  }
  if (unknown) return kExitNoAnswer;
  if (o.format == "json") {
    nlohmann::json out = workload_json(answers);
    if (mark) out["shard"] = *mark;
    std::cout << out.dump(2) << "\n";
  } else if (o.format == "csv") {
    if (mark) fmt::print("{}{}\n", kCsvMarkPrefix, mark->dump());
    print_workload_csv(answers);
  } else
    print_workload_table(answers);
  return kExitOk;
}

int run_tile(const TileOptions& o, const CLI::App& sub) {
  ProblemFile f = o.load_file();
  SolverOptions so{o.timeout_ms, o.seed, o.dump_dir};
  std::string workload = !o.workload.empty() ? o.workload : f.workload.value_or("");
  if ((o.max_kernels || !o.kernels_file.empty()) && workload.empty())
    throw command_line_error("--max-kernels and --kernels are about a --workload; give one");
  if (!o.shard.empty() && workload.empty()) throw command_line_error("--shard splits the shapes of a --workload; give one");
  if (!o.shard.empty() && (o.max_kernels || !o.kernels_file.empty()))
    throw command_line_error("--shard splits one answer per shape; --max-kernels and --kernels answer the whole "
                             "workload at once");
  if (!workload.empty()) return run_workload(o, f, workload, so, sub);
  if (o.format == "csv") throw command_line_error("--format csv is for --workload; use table or json");
  return run_single(o, f, so);
}

}  // namespace

void add_tile_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<TileOptions>();
  CLI::App* sub = app.add_subcommand("tile", "find the optimal GeMM-WS tiling and buffer depth (Z3, cross-validated)");
  o->add_to(*sub, {"table", "json", "csv"});
  const char* items = "; values or ranges first:last:step, e.g. 16:256:16";
  sub->add_option("--tiles", o->tiles, std::string("candidate sizes for TM, TN and TK (default 32,64,128)") + items)
      ->delimiter(',');
  sub->add_option("--tm", o->tm, std::string("candidate TM values (override --tiles)") + items)->delimiter(',');
  sub->add_option("--tn", o->tn, std::string("candidate TN values (override --tiles)") + items)->delimiter(',');
  sub->add_option("--tk", o->tk, std::string("candidate TK values (override --tiles)") + items)->delimiter(',');
  sub->add_option("--stages", o->stages,
                  "range of buffer depths D, e.g. 2-8 (default 2-8), or auto: CUTLASS's StageCountAutoCarveout "
                  "(the default for --target sm90)");
  sub->add_option("--clusters", o->clusters, "sm90: cluster shapes MxN (default the portable ones: 1-4 per dimension, "
                                             "at most 8 CTAs)")
      ->delimiter(',');
  sub->add_flag("--non-portable-clusters", o->non_portable_clusters,
                "sm90: also the 16-CTA cluster 4x4 (cudaFuncAttributeNonPortableClusterSizeAllowed)");
  sub->add_option("--schedules", o->schedules, "sm90: cooperative, pingpong (default both)")->delimiter(',');
  sub->add_option("--schedulers", o->schedulers, "sm90: tile schedulers persistent, stream-k (default both)")
      ->delimiter(',');
  sub->add_option("--emit", o->emit,
                  "print the optimum as code instead of the answer: cutlass (a CUDA source file instantiating the "
                  "CUTLASS 3 kernel; --target sm90)")
      ->check(CLI::IsMember({"cutlass"}));
  sub->add_option("--objective", o->objective, "lex (total, then wait; default), total or wait");
  sub->add_option("--encoding", o->encoding,
                  "Z3 encoding: closed-form (default: one term per configuration), bounds (unrolled stages) or "
                  "array (seed 001's, with z3::optimize)")
      ->capture_default_str();
  sub->add_option("--dump-smt2", o->dump_dir, "write every solver query to DIR as a named .smt2 file");
  sub->add_option("--timeout-ms", o->timeout_ms, "per-query solver timeout in milliseconds")->capture_default_str();
  sub->add_option("--seed", o->seed, "solver random seed")->capture_default_str();
  sub->add_option("--svg", o->svg_path, "also write a heat map of the predicted total over (TM, TN) at the best TK and D");
  sub->add_flag("--explain", o->explain,
                "also list the next-best configurations and the better ones the machine's limits exclude, with the limit");
  sub->add_option("--explain-count", o->explain_count, "how many configurations --explain lists of each kind")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  sub->add_option("--workload", o->workload, "CSV of shapes (columns m,n,k and optional weight,name): one answer each");
  sub->add_option("--max-kernels", o->max_kernels,
                  "with --workload: choose at most K configurations for the whole workload, proven optimal")
      ->check(CLI::Range(size_t{1}, size_t{64}));
  sub->add_option("--kernels", o->kernels_file,
                  "with --workload: evaluate this set of kernels (CSV tm,tn,tk,stages) and the best one to add");
  sub->add_option("-j,--jobs", o->jobs, "worker threads for --workload (output stays in input order)")
      ->capture_default_str()
      ->check(CLI::Range(1u, std::max(1u, std::thread::hardware_concurrency()) * 4));
  sub->add_option("--inject-fault", o->inject_fault, "testing only: corrupt the answer before validation")
      ->check(CLI::IsMember({"none", "best-total", "drop-co-optimal"}))
      ->group("");
  add_shard_option(sub, o->shard);
  commands.push_back({sub, [o, sub] { return run_tile(*o, *sub); }});
}

}  // namespace warpsat::cli
