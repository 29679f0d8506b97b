// `warpsat branches`: which conditional branches of a kernel are uniform
// across every warp (proved), which diverge (with a witness and the
// thread-id ranges on each side), which are unreachable; every verdict
// replayed on the emulator.
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "emulator/simt/launch.h"
#include "frontend/ptx/parser.h"
#include "cli/progress.h"
#include "frontend/parallel.h"
#include "solver/branch_replay.h"

namespace warpsat::cli {

namespace {

struct BranchesOptions {
  std::string file, kernel, launch, format = "table";
  std::vector<uint32_t> block, grid;
  bool symbolic = false;
  bool racecheck = false;
  std::vector<std::string> assume;
  unsigned timeout_ms = 2000, unroll = 8, seed = 0, exact_float_budget_ms = 10000, jobs = 1;
  size_t max_ranges = 64, max_paths = 32;
  std::string dump_dir;
  bool no_replay = false, no_race_free = false, per_branch_encoding = false;
  std::string inject_fault = "none";
};

nlohmann::json source_json(const ptx::Module& m, const ptx::DebugLoc& loc) {
  if (!loc.outer_line) return nullptr;
  return {{"file", std::string(m.file_path(loc.outer_file))}, {"line", loc.outer_line}};
}

nlohmann::json witness_json(const Witness& w) {
  nlohmann::json loads = nlohmann::json::array();
  for (const auto& l : w.loads)
    loads.push_back({{"ptx_line", l.ptx_line}, {"space", l.space}, {"lane", l.lane},
                     {"address", fmt::format("0x{:x}", l.address)}, {"value", fmt::format("0x{:x}", l.value)},
                     {"bits", l.bits}});
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [n, v] : w.params) params[n] = fmt::format("0x{:x}", v);
  // A struct parameter: its bytes in memory order, as hex.
  for (const auto& [n, bytes] : w.aggregates) params[n] = fmt::format("{:02x}", fmt::join(bytes, ""));
  auto lane = [&](int t) {
    return nlohmann::json{{"lane", w.lane[t]}, {"tid", {w.tid[t][0], w.tid[t][1], w.tid[t][2]}}, {"outcome", w.outcome[t]}};
  };
  return {{"block", {w.block[0], w.block[1], w.block[2]}}, {"grid", {w.grid[0], w.grid[1], w.grid[2]}},
          {"cta", {w.cta[0], w.cta[1], w.cta[2]}}, {"warp", w.warp}, {"lanes", {lane(0), lane(1)}},
          {"params", params}, {"loads", loads}, {"replayable", w.replayable}};
}

nlohmann::json ranges_json(const BranchRanges& r) {
  nlohmann::json rs = nlohmann::json::array();
  for (const auto& x : r.ranges) rs.push_back({{"begin", x.begin}, {"end", x.end}, {"outcome", x.outcome}});
  nlohmann::json warps = nlohmann::json::array();
  for (const auto& [cta, w] : r.splitting_warps) warps.push_back({{"cta", cta}, {"warp", w}});
  return {{"space", r.space}, {"intervals", rs}, {"splitting_warps", warps}, {"complete", r.complete}};
}

nlohmann::json kernel_json(const ptx::Module& m, const KernelBranches& k) {
  nlohmann::json branches = nlohmann::json::array();
  for (const BranchResult& b : k.branches) {
    branches.push_back({{"ptx_line", b.ptx_line},
                        {"source", source_json(m, b.loc)},
                        {"kind", b.indexed ? "brx.idx" : "bra"},
                        {"verdict", to_string(b.verdict)},
                        {"reason", b.reason},
                        {"imprecision", b.imprecision},
                        {"whole_warp", b.whole_warp},
                        {"validated", b.validated},
                        {"validation", b.validation},
                        {"witness", b.witness ? witness_json(*b.witness) : nlohmann::json(nullptr)},
                        {"ranges", b.ranges ? ranges_json(*b.ranges) : nlohmann::json(nullptr)},
                        {"solve_ms", b.solve_ms},
                        {"encode_ms", b.encode_ms},
                        {"queries", b.queries}});
  }
  nlohmann::json paths = nlohmann::json::array();
  for (const FeasiblePath& p : k.paths) {
    nlohmann::json outcomes = nlohmann::json::array(), threads = nlohmann::json::array();
    for (const auto& [line, o] : p.outcomes) outcomes.push_back({{"ptx_line", line}, {"outcome", o}});
    for (const auto& r : p.threads) threads.push_back({{"begin", r.begin}, {"end", r.end}});
    paths.push_back({{"outcomes", outcomes}, {"threads", threads}});
  }
  return {{"name", k.name},          {"assumptions", k.assumptions},        {"branches", branches},
          {"paths", paths},          {"paths_space", k.paths_space},        {"paths_complete", k.paths_complete},
          {"paths_validated", k.paths_validated}};
}

void print_table(const ptx::Module& m, const std::vector<KernelBranches>& kernels) {
  for (const KernelBranches& k : kernels) {
    fmt::print("kernel {}\n  assuming: {}\n", k.name, fmt::join(k.assumptions, "; "));
    // Group by source line when .loc is there, so a CUDA programmer sees their ifs.
    std::map<std::pair<std::string, uint32_t>, std::vector<const BranchResult*>> by_line;
    for (const BranchResult& b : k.branches) {
      std::string file = b.loc.outer_line ? std::string(m.file_path(b.loc.outer_file)) : "";
      by_line[{file, b.loc.outer_line ? b.loc.outer_line : 0}].push_back(&b);
    }
    for (const auto& [where, list] : by_line) {
      if (!where.first.empty() || where.second) fmt::print("  {}:{}\n", where.first, where.second);
      for (const BranchResult* b : list) {
        fmt::print("    PTX line {:<5} {:<11} {}{}\n", b->ptx_line, to_string(b->verdict), b->reason,
                   b->validated ? "" : fmt::format(" [not validated: {}]", b->validation));
        if (b->witness) {
          const Witness& w = *b->witness;
          fmt::print("      witness: block ({},{},{}) warp {}: lane {} (thread {},{},{}) {}, lane {} (thread {},{},{}) {}\n",
                     w.cta[0], w.cta[1], w.cta[2], w.warp, w.lane[0], w.tid[0][0], w.tid[0][1], w.tid[0][2],
                     w.outcome[0] ? "takes it" : "does not", w.lane[1], w.tid[1][0], w.tid[1][1], w.tid[1][2],
                     w.outcome[1] ? "takes it" : "does not");
        }
        if (b->ranges) {
          std::vector<std::string> parts;
          for (const auto& r : b->ranges->ranges) parts.push_back(fmt::format("{} on [{},{})", r.outcome, r.begin, r.end));
          if (!b->ranges->complete) parts.push_back("(more intervals not listed)");
          fmt::print("      {} ranges: {}", b->ranges->space, fmt::join(parts, ", "));
          std::vector<std::string> warps;
          for (const auto& [cta, w] : b->ranges->splitting_warps)
            warps.push_back(b->ranges->space == "thread" ? fmt::format("{}", w) : fmt::format("{} of block {}", w, cta));
          if (!warps.empty()) fmt::print("; warps that split: {}", fmt::join(warps, ", "));
          fmt::print("\n");
        }
      }
    }
    if (!k.paths.empty()) {
      fmt::print("  feasible paths ({} ranges{}{}):\n", k.paths_space, k.paths_complete ? "" : "; not all listed",
                 k.paths_validated ? "" : "; not validated");
      for (const FeasiblePath& p : k.paths) {
        std::vector<std::string> steps, ids;
        for (const auto& [line, o] : p.outcomes) steps.push_back(fmt::format("{} {}", line, o));
        for (const auto& r : p.threads) ids.push_back(fmt::format("[{},{})", r.begin, r.end));
        fmt::print("    {}: PTX lines {}\n", fmt::join(ids, " "), fmt::join(steps, ", "));
      }
    }
    auto count = [&](BranchVerdict v) {
      return std::count_if(k.branches.begin(), k.branches.end(), [&](const BranchResult& b) { return b.verdict == v; });
    };
    fmt::print("  {} branch(es): {} uniform, {} divergent, {} unreachable, {} unknown\n\n", k.branches.size(),
               count(BranchVerdict::Uniform), count(BranchVerdict::Divergent), count(BranchVerdict::Unreachable),
               count(BranchVerdict::Unknown));
  }
}

void dimensions(const char* option, const std::vector<uint32_t>& given, uint32_t out[3]) {
  if (given.size() > 3) throw command_line_error(fmt::format("{} takes at most three sizes, X,Y,Z", option));
  for (size_t i = 0; i < 3; ++i) out[i] = i < given.size() ? given[i] : 1;
}

// The hardware's limits (compute capability 7.0 and later).
void check_block(const uint32_t b[3]) {
  uint64_t threads = uint64_t{b[0]} * b[1] * b[2];
  if (b[0] < 1 || b[1] < 1 || b[2] < 1 || b[0] > 1024 || b[1] > 1024 || b[2] > 64 || threads > 1024)
    throw command_line_error(fmt::format("block {}x{}x{} is not a block a GPU can launch (each size >= 1; x, y <= "
                                         "1024, z <= 64, x*y*z <= 1024)",
                                         b[0], b[1], b[2]));
}
void check_grid(const uint32_t g[3]) {
  if (g[0] < 1 || g[1] < 1 || g[2] < 1 || g[0] > 0x7fffffffu || g[1] > 65535 || g[2] > 65535)
    throw command_line_error(fmt::format("grid {}x{}x{} is not a grid a GPU can launch (each size >= 1; x < 2^31, "
                                         "y, z <= 65535)",
                                         g[0], g[1], g[2]));
}

int run_branches(const BranchesOptions& o) {
  ptx::Module m = ptx::read_module(o.file);
  BranchOptions bo;
  bo.solver = SolverOptions{o.timeout_ms, o.seed, o.dump_dir};
  bo.exact_float_budget_ms = o.exact_float_budget_ms;
  bo.encoding.unroll = o.unroll;
  bo.encoding.race_free = !o.no_race_free;
  bo.encoding.one_per_kernel = !o.per_branch_encoding;
  bo.max_ranges = o.max_ranges;
  bo.max_paths = o.max_paths;
  std::vector<const ptx::Function*> kernels;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry && f.has_body && (o.kernel.empty() || f.name == o.kernel)) kernels.push_back(&f);
  if (kernels.empty()) throw command_line_error(o.kernel.empty() ? "no kernels in " + o.file : "no kernel named " + o.kernel);
  if (!o.launch.empty() && (!o.block.empty() || !o.grid.empty() || o.symbolic))
    throw command_line_error("--launch fixes the block and grid: give it without --block, --grid or --symbolic-launch");
  if (o.symbolic && (!o.block.empty() || !o.grid.empty()))
    throw command_line_error("--symbolic-launch leaves the block and grid free: give it without --block or --grid");
  std::optional<LaunchFile> lf;
  if (!o.launch.empty()) {
    lf = read_launch_file(o.launch);
    simt::Launch l = simt::launch_from_file(m, *lf);
    kernels = {&simt::find_kernel(m, l.kernel)};
    bo.launch.concrete_block = bo.launch.concrete_grid = true;
    std::copy(l.block, l.block + 3, bo.launch.block);
    std::copy(l.grid, l.grid + 3, bo.launch.grid);
    for (const auto& p : lf->params)
      bo.launch.param_values.push_back(p.scalar ? std::optional<uint64_t>(p.scalar->bits) : std::nullopt);
  } else {
    if (!o.block.empty()) {
      bo.launch.concrete_block = true;
      dimensions("--block", o.block, bo.launch.block);
    }
    if (!o.grid.empty()) {
      bo.launch.concrete_grid = true;
      dimensions("--grid", o.grid, bo.launch.grid);
    }
  }
  if (bo.launch.concrete_block) check_block(bo.launch.block);
  if (bo.launch.concrete_grid) check_grid(bo.launch.grid);
  for (const ptx::Function* k : kernels) (void)assumptions_for_kernel(o.assume, *k);  // errors before any work
  ReplayOptions ro;
  ro.fault = o.inject_fault == "uniform-as-divergent" ? ReplayFault::FlipUniform
             : o.inject_fault == "divergent-as-uniform" ? ReplayFault::FlipDivergent : ReplayFault::None;
  ro.dump_dir = o.dump_dir;
  ro.racecheck = o.racecheck;
  // Kernel by kernel, each on its own Z3 context, released when it is done;
  // -j N runs N kernels at once. The output is in the module's order.
  std::vector<KernelBranches> results(kernels.size());
  Progress progress("branches", "kernels", kernels.size());
  parallel_for(kernels.size(), o.jobs, [&](size_t i) {
    // Each kernel's own options: its .reqntid must not fix another's block.
    BranchOptions mine;
    mine.solver = bo.solver;
    mine.exact_float_budget_ms = bo.exact_float_budget_ms;
    mine.encoding = bo.encoding;
    mine.max_ranges = bo.max_ranges;
    mine.max_paths = bo.max_paths;
    LaunchSpec& l = mine.launch;
    l.concrete_block = bo.launch.concrete_block;
    l.concrete_grid = bo.launch.concrete_grid;
    std::copy(bo.launch.block, bo.launch.block + 3, l.block);
    std::copy(bo.launch.grid, bo.launch.grid + 3, l.grid);
    l.param_values = bo.launch.param_values;
    l.assumptions = assumptions_for_kernel(o.assume, *kernels[i]);
    results[i] = check_kernel_branches(m, *kernels[i], mine, o.no_replay ? nullptr : &ro);
    progress.done_one();
  });
  progress.finish();
  if (o.format == "json") {
    nlohmann::json ks = nlohmann::json::array();
    for (const auto& k : results) ks.push_back(kernel_json(m, k));
    std::cout << nlohmann::json{{"file", m.source}, {"kernels", ks}}.dump(2) << "\n";
  } else if (o.format == "sarif") {
    std::cout << branches_sarif(m, results).dump(2) << "\n";
  } else {
    print_table(m, results);
  }
  return kExitOk;
}

}  // namespace

void add_branches_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<BranchesOptions>();
  CLI::App* sub = app.add_subcommand("branches", "prove PTX branches warp-uniform, or find where warps split (Z3 + emulator replay)");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("--kernel", o->kernel, "only this kernel");
  sub->add_option("--launch", o->launch, "a launch description (.toml): concrete block, grid and scalar parameters");
  sub->add_option("--block", o->block, "concrete block X,Y,Z")->delimiter(',');
  sub->add_option("--grid", o->grid, "concrete grid X,Y,Z")->delimiter(',');
  sub->add_flag("--symbolic-launch", o->symbolic, "any block and grid the hardware allows (the default without --block/--launch)");
  sub->add_option("--assume", o->assume, "an assumption such as 'ntid.x % 32 == 0' (repeatable)");
  sub->add_option("--format", o->format, "output format")->check(CLI::IsMember({"table", "json", "sarif"}))->capture_default_str();
  sub->add_option("--timeout-ms", o->timeout_ms, "per-query solver timeout (the 32-lane retry for shuffles gets four times this)")->capture_default_str();
  sub->add_option("--exact-float-budget-ms", o->exact_float_budget_ms,
                  "time per kernel for asking again, with exact IEEE terms, branches floating point left undecided (0: never)")
      ->capture_default_str();
  sub->add_option("--unroll", o->unroll, "loop iterations unrolled before values carried around a loop are abstracted")
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "solver random seed")->capture_default_str();
  sub->add_option("--dump-smt2", o->dump_dir, "write every query to DIR as a named .smt2 file");
  sub->add_option("--max-ranges", o->max_ranges,
                  "thread-id intervals reported per branch with a concrete launch (0: none)")
      ->capture_default_str();
  sub->add_option("--max-paths", o->max_paths, "feasible paths reported per kernel with a concrete launch (0: none)")
      ->capture_default_str();
  sub->add_flag("--racecheck", o->racecheck,
                "replay a concrete launch with the race detector too: a data race contradicts the analysis (exit 3)");
  sub->add_flag("--no-race-free", o->no_race_free,
                "do not assume the kernel is free of data races: shared-memory loads after a barrier stay per thread");
  sub->add_option("-j,--jobs", o->jobs, "kernels analysed at once, each on its own thread (output stays in module order)")
      ->capture_default_str()
      ->check(CLI::Range(1u, std::max(1u, std::thread::hardware_concurrency()) * 4));
  sub->add_flag("--per-branch-encoding", o->per_branch_encoding,
                "encode each branch's slice on its own instead of one encoding per kernel (slower; for comparison)");
  sub->add_flag("--no-replay", o->no_replay, "do not replay verdicts on the emulator (reported as not validated)");
  sub->add_option("--inject-fault", o->inject_fault, "testing only: corrupt a verdict before the replay")
      ->check(CLI::IsMember({"none", "uniform-as-divergent", "divergent-as-uniform"}))
      ->group("");
  commands.push_back({sub, [o] { return run_branches(*o); }});
}

}  // namespace warpsat::cli
