// `warpsat branches`: which conditional branches of a kernel are uniform
// across every warp (proved), which diverge (with a witness and the
// thread-id ranges on each side), which are unreachable; every verdict
// replayed on the emulator.
#include <algorithm>
#include <iostream>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "cli/branch_callees.h"
#include "cli/branch_words.h"
#include "cli/branches_run.h"
#include "cli/commands.h"
#include "cli/shard.h"
#include "frontend/diagnostics.h"
#include "frontend/inline_chain.h"
#include "frontend/kernel_names.h"
#include "frontend/ptx/parser.h"

namespace warpsat::cli {

namespace {

// The innermost source line (where the code is written, not the call site
// it was inlined into), and the inlined_at chain outward.
nlohmann::json source_json(const ptx::Module& m, const ptx::DebugLoc& loc) {
  if (!loc.line) return nullptr;
  nlohmann::json chain = nlohmann::json::array();
  std::vector<SourceFrame> frames = inline_chain(m, loc);
  for (size_t i = 1; i < frames.size(); ++i)
    chain.push_back({{"file", std::string(m.file_path(frames[i].file))},
                     {"line", frames[i].line},
                     {"column", frames[i].column},
                     {"function", frames[i].function.empty() ? nlohmann::json(nullptr) : nlohmann::json(frames[i].function)}});
  return {{"file", std::string(m.file_path(loc.file))},
          {"line", loc.line},
          {"function", frames.empty() || frames[0].function.empty() ? nlohmann::json(nullptr)
                                                                    : nlohmann::json(frames[0].function)},
          {"inlined_at", chain}};
}

nlohmann::json condition_json(const ptx::Module& m, const std::optional<SourceCondition>& c) {
  if (!c) return nullptr;
  return {{"keyword", c->keyword},
          {"text", c->text},
          {"file", std::string(m.file_path(c->file))},
          {"line", c->line},
          {"holds_when", c->holds_when_taken ? "taken" : "not taken"}};
}

nlohmann::json witness_json(const Witness& w, bool indexed, const std::optional<SourceCondition>& c) {
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
    nlohmann::json j{{"lane", w.lane[t]}, {"tid", {w.tid[t][0], w.tid[t][1], w.tid[t][2]}}, {"outcome", w.outcome[t]}};
    if (c && !indexed) j["condition"] = condition_outcome(w.outcome[t] != 0, *c);
    return j;
  };
  return {{"block", {w.block[0], w.block[1], w.block[2]}}, {"grid", {w.grid[0], w.grid[1], w.grid[2]}},
          {"cta", {w.cta[0], w.cta[1], w.cta[2]}}, {"warp", w.warp},
          {"warp_name", fmt::format("warp {} of block ({},{},{})", w.warp, w.cta[0], w.cta[1], w.cta[2])},
          {"lanes", {lane(0), lane(1)}}, {"params", params}, {"loads", loads}, {"replayable", w.replayable}};
}

nlohmann::json ranges_json(const BranchRanges& r, const uint32_t grid[3], const std::optional<SourceCondition>& c) {
  nlohmann::json rs = nlohmann::json::array();
  for (const auto& x : r.ranges) {
    nlohmann::json j{{"begin", x.begin}, {"end", x.end}, {"outcome", x.outcome}};
    if (c) j["condition"] = condition_outcome(x.outcome, *c);
    rs.push_back(j);
  }
  nlohmann::json warps = nlohmann::json::array();
  for (const auto& w : r.splitting_warps) {
    // Thread-space ranges hold in every block: no one block to name.
    nlohmann::json block = nullptr;
    if (r.space != "thread") block = block_index(w.first, grid);
    warps.push_back({{"cta", w.first}, {"warp", w.second}, {"block", block}, {"name", split_warp_name(r, w, grid)}});
  }
  return {{"space", r.space},
          {"intervals", rs},
          {"summary", ranges_sentence(r, grid)},
          {"splitting_warps", warps},
          {"complete", r.complete}};
}

// Why each branch of a concrete launch that has no thread ranges has none,
// where the launch is the cause (branch_words.h), by branch instruction.
std::map<uint32_t, std::string> missing_ranges(const ptx::Module& m, const KernelBranches& k,
                                               const ModuleBranches& run) {
  std::map<uint32_t, std::string> out;
  if (!run.concrete_launch || k.function >= m.functions.size()) return out;
  const ptx::Function& f = m.functions[k.function];
  std::optional<analysis::FunctionAnalysis> a;
  for (const BranchResult& b : k.branches) {
    if (b.ranges || b.indexed || b.verdict == BranchVerdict::Unknown) continue;
    if (!a) a = analysis::analyse_function(f, m.source);
    // The parameters the ranges could rely on: the launch's and those the
    // assumptions fix (the kernel's; a kernel from an older cache: the launch's).
    const auto& fixed = k.fixed_parameters.empty() ? run.param_values : k.fixed_parameters;
    if (std::string why = missing_ranges_reason(m, f, *a, b, fixed); !why.empty())
      out[b.instruction] = why;
  }
  return out;
}

nlohmann::json kernel_json(const ptx::Module& m, const KernelBranches& k, const SourceFiles& sources,
                           const ModuleBranches& run, const KernelNames& names) {
  const uint32_t* grid = run.grid;
  std::map<uint32_t, std::string> no_ranges = missing_ranges(m, k, run);
  nlohmann::json branches = nlohmann::json::array();
  for (const BranchResult& b : k.branches) {
    std::optional<SourceCondition> c = branch_condition(m, k, b, sources);
    auto why = no_ranges.find(b.instruction);
    branches.push_back({{"ptx_line", b.ptx_line},
                        {"source", source_json(m, b.loc)},
                        {"source_condition", condition_json(m, c)},
                        {"kind", b.indexed ? "brx.idx" : "bra"},
                        {"verdict", to_string(b.verdict)},
                        {"reason", b.reason},
                        {"imprecision", b.imprecision},
                        {"whole_warp", b.whole_warp},
                        {"elected_lane", elected_sentence(b) ? nlohmann::json(*b.elected_lane) : nlohmann::json(nullptr)},
                        {"validated", b.validated},
                        {"validation", b.validation},
                        {"race_conditional", b.race_conditional},
                        {"witness", b.witness ? witness_json(*b.witness, b.indexed, c) : nlohmann::json(nullptr)},
                        {"ranges", b.ranges ? ranges_json(*b.ranges, grid, c) : nlohmann::json(nullptr)},
                        {"ranges_note", why != no_ranges.end() ? nlohmann::json(fmt::format("{}; {}", why->second, kMissingRangesHint))
                                                              : nlohmann::json(nullptr)},
                        {"solve_ms", b.solve_ms},
                        {"encode_ms", b.encode_ms},
                        {"queries", b.queries}});
  }
  nlohmann::json chosen = nlohmann::json::object();
  for (const auto& [name, v] : k.chosen_parameters) chosen[name] = fmt::format("{:#x}", v);
  nlohmann::json paths = nlohmann::json::array();
  for (const FeasiblePath& p : k.paths) {
    nlohmann::json outcomes = nlohmann::json::array(), threads = nlohmann::json::array();
    for (const auto& [line, o] : p.outcomes) outcomes.push_back({{"ptx_line", line}, {"outcome", o}});
    for (const auto& r : p.threads) threads.push_back({{"begin", r.begin}, {"end", r.end}});
    paths.push_back({{"outcomes", outcomes}, {"threads", threads}});
  }
  nlohmann::json j = {{"name", k.name},          {"short_name", names.display(k.name)}, {"demangled_name", demangle_kernel_name(k.name)},
          {"assumptions", k.assumptions},        {"branches", branches},
          {"paths", paths},          {"paths_space", k.paths_space},        {"paths_complete", k.paths_complete},
          {"paths_validated", k.paths_validated}, {"chosen_parameters", chosen}, {"parameters_note", k.parameters_note}, {"paths_note", k.paths_note}};
  j["not_analysed"] = unanalysed_json(m, unanalysed_functions(m, k));
  // Only with --racecheck: the races of the launch the user gave apart
  // from those of launches the replay made up.
  if (run.racecheck) {
    nlohmann::json given = nlohmann::json::array(), made_up = nlohmann::json::array();
    for (const RaceFinding& r : k.races)
      (r.given_launch ? given : made_up)
          .push_back({{"launch", r.launch},
                      {"hazard", r.hazard},
                      {"space", r.space},
                      {"ptx_lines", {r.first_line, r.second_line}},
                      {"text", r.text}});
    j["races"] = {{"given_launch", given}, {"made_up_launches", made_up}};
  }
  return j;
}

// --racecheck's findings under a kernel's table: the given launch's races
// apart from those of launches nobody asked for, and what the verdicts
// marked conditional assume.
void print_races(const KernelBranches& k, bool racecheck) {
  if (!racecheck) return;
  if (k.races.empty()) {
    fmt::print("  racecheck: no data races in the launches the verdicts were replayed on\n");
    return;
  }
  size_t given = std::count_if(k.races.begin(), k.races.end(), [](const RaceFinding& r) { return r.given_launch; });
  fmt::print("  racecheck: {} data race(s)\n", k.races.size());
  if (given) {
    fmt::print("    in the given launch:\n");
    for (const RaceFinding& r : k.races)
      if (r.given_launch) fmt::print("      {}: {}\n", r.launch, r.text);
  }
  if (given < k.races.size()) {
    fmt::print("    in launches the replay made up (each meets the assumptions; shared memory only):\n");
    for (const RaceFinding& r : k.races)
      if (!r.given_launch) fmt::print("      {}: {}\n", r.launch, r.text);
    fmt::print("    an --assume that excludes such a launch, or --no-race-free, drops the race-free reading there\n");
  }
  size_t conditional = std::count_if(k.branches.begin(), k.branches.end(),
                                     [](const BranchResult& b) { return b.race_conditional; });
  if (conditional)
    fmt::print("    {} verdict(s) marked conditional read shared memory after a barrier as race-free: they hold only "
               "in launches without such a race\n",
               conditional);
  else
    fmt::print("    no verdict relies on the absence of races: each holds as printed\n");
}

void print_table(const ptx::Module& m, const ModuleBranches& run, const SourceFiles& sources, const KernelNames& names,
                 bool show_chain) {
  const uint32_t* grid = run.grid;
  if (!run.selection_note.empty()) fmt::print("{}\n\n", run.selection_note);
  for (const KernelBranches& k : run.kernels) {
    std::map<uint32_t, std::string> no_ranges = missing_ranges(m, k, run);
    fmt::print("kernel {}\n  assuming: {}\n", names.display(k.name), fmt::join(k.assumptions, "; "));
    // The values the replay of a concrete launch runs its free parameters with.
    if (!k.parameters_note.empty()) fmt::print("  parameters: {}\n", k.parameters_note);
    // Group by source line when .loc is there, so a CUDA programmer sees
    // their ifs: the innermost line of an inlined_at chain, where the `if`
    // is written (CUTLASS inlines every branch into device_kernel.h:123).
    // Groups in the order of their first branch in the PTX: the kernel's
    // own code first, not the headers whose paths sort first.
    std::vector<std::pair<std::pair<std::string, uint32_t>, std::vector<const BranchResult*>>> by_line;
    std::map<std::pair<std::string, uint32_t>, size_t> group;
    for (const BranchResult& b : k.branches) {
      std::string file = b.loc.line ? std::string(m.file_path(b.loc.file)) : "";
      auto [it, fresh] = group.try_emplace({file, b.loc.line}, by_line.size());
      if (fresh) by_line.push_back({it->first, {}});
      by_line[it->second].second.push_back(&b);
    }
    for (const auto& [where, list] : by_line) {
      if (!where.first.empty() || where.second) fmt::print("  {}:{}\n", where.first, where.second);
      for (const BranchResult* b : list) {
        fmt::print("    PTX line {:<5} {:<11} {}{}\n", b->ptx_line, to_string(b->verdict), b->reason,
                   b->validated ? "" : fmt::format(" [not validated: {}]", b->validation));
        if (b->race_conditional)
          fmt::print("      conditional: read shared memory after a barrier as race-free, and --racecheck found a race "
                     "(below)\n");
        if (auto e = elected_sentence(*b)) fmt::print("      {}\n", *e);
        if (show_chain && b->loc.inlined_at) fmt::print("      inlined: {}\n", inline_chain_text(m, b->loc, names.display(k.name)));
        std::optional<SourceCondition> c = branch_condition(m, k, *b, sources);
        if (c) fmt::print("      source: {}\n", condition_sentence(*c));
        if (b->witness) fmt::print("      witness: {}\n", witness_sentence(*b->witness, b->indexed, c));
        if (b->ranges) {
          fmt::print("      {} ranges: {}\n", b->ranges->space, ranges_sentence(*b->ranges, grid));
          if (c) fmt::print("      {}\n", condition_ranges_sentence(*b->ranges, *c));
        } else if (auto it = no_ranges.find(b->instruction); it != no_ranges.end()) {
          fmt::print("      thread ranges: {}\n", it->second);
        }
      }
    }
    if (!no_ranges.empty()) fmt::print("  {}\n", kMissingRangesHint);
    if (!k.paths_note.empty()) fmt::print("  feasible paths: {}\n", k.paths_note);
    if (!k.paths.empty()) {
      fmt::print("  feasible paths ({} ranges{}{}):\n", k.paths_space, k.paths_complete ? "" : "; not all listed",
                 k.paths_validated ? "" : "; not validated");
      for (const FeasiblePath& p : k.paths) {
        std::vector<std::string> steps;
        for (const auto& [line, o] : p.outcomes) steps.push_back(fmt::format("{} {}", line, o));
        fmt::print("    {}: PTX lines {}\n", thread_set_phrase(p.threads, k.paths_space), fmt::join(steps, ", "));
      }
    }
    std::vector<UnanalysedFunction> callees = unanalysed_functions(m, k);
    fmt::print("{}", unanalysed_text(m, callees));
    print_races(k, run.racecheck);
    auto count = [&](BranchVerdict v) {
      return std::count_if(k.branches.begin(), k.branches.end(), [&](const BranchResult& b) { return b.verdict == v; });
    };
    size_t conditional = std::count_if(k.branches.begin(), k.branches.end(),
                                       [](const BranchResult& b) { return b.race_conditional; });
    fmt::print("  {} branch(es): {} uniform, {} divergent, {} unreachable, {} unknown{}{}\n\n", k.branches.size(),
               count(BranchVerdict::Uniform), count(BranchVerdict::Divergent), count(BranchVerdict::Unreachable),
               count(BranchVerdict::Unknown),
               conditional ? fmt::format(" ({} conditional on race freedom)", conditional) : "",
               callees.empty() ? "" : fmt::format("; {} more in called functions, not analysed", unanalysed_count(callees)));
  }
}

// --stats, on stderr so that it never mixes with JSON or SARIF on stdout.
void print_time_stats(const TimeStats& stats) {
  fmt::print(stderr, "{:<44} {:>7} {:>9} {:>9}  {}\n", "where the time went", "count", "total s", "max ms", "outcomes");
  for (const TimeStats::Row& r : stats.rows()) {
    std::string outcomes;
    for (const auto& [what, n] : r.outcomes) outcomes += fmt::format("{}{} {}", outcomes.empty() ? "" : ", ", n, what);
    fmt::print(stderr, "{:<44} {:>7} {:>9.2f} {:>9.1f}  {}\n", r.kind, r.count, r.ms / 1000, r.max_ms, outcomes);
  }
}

int run_branches(const BranchesOptions& o, const CLI::App& sub) {
  if (!o.shard.empty() && o.format == "table")
    throw command_line_error("--shard writes what 'warpsat merge' reads: give --format json or sarif");
  ptx::Module m = ptx::read_module(o.file);
  SourceFiles sources(m, o.source_root.empty() ? std::vector<std::string>{} : std::vector<std::string>{o.source_root});
  std::optional<TimeStats> stats;
  if (o.stats) stats.emplace();
  ModuleBranches run = analyse_module_branches(m, o, stats ? &*stats : nullptr);
  const std::vector<KernelBranches>& results = run.kernels;
  // Races are findings about the kernel, as for `run --racecheck`: exit 1.
  int exit_code = std::any_of(results.begin(), results.end(), [](const KernelBranches& k) { return !k.races.empty(); })
                      ? kExitCheckFailed
                      : kExitOk;
  // --shard: the part says which it is and of what run (cli/shard.h).
  std::optional<nlohmann::json> mark;
  if (!o.shard.empty()) {
    std::vector<std::string> shard_names;
    for (const KernelBranches& k : results) shard_names.push_back(k.name);
    mark = mark_json(make_mark(sub, "branches", o.format, parse_shard(o.shard), run.selected, run.items, shard_names,
                               {o.file}, exit_code));
  }
  std::vector<std::string> mangled;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry) mangled.emplace_back(f.name);
  KernelNames names(mangled, o.full_names);
  if (o.format == "json") {
    nlohmann::json ks = nlohmann::json::array();
    for (const auto& k : results) ks.push_back(kernel_json(m, k, sources, run, names));
    nlohmann::json out{{"file", m.source}, {"kernels", ks}};
    if (!run.selection_note.empty()) out["kernel_selection"] = run.selection_note;
    if (mark) out["shard"] = *mark;
    std::cout << out.dump(2) << "\n";
  } else if (o.format == "sarif") {
    nlohmann::json out = branches_sarif(m, results, o.source_root, &sources, &names);
    if (mark) out["runs"][0]["properties"]["warpsat/shard"] = *mark;
    std::cout << out.dump(2) << "\n";
  } else {
    print_table(m, run, sources, names, o.inline_chain);
  }
  if (stats) print_time_stats(*stats);
  return exit_code;
}

}  // namespace

void add_branches_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<BranchesOptions>();
  CLI::App* sub = app.add_subcommand("branches", "prove PTX branches warp-uniform, or find where warps split (Z3 + emulator replay)");
  sub->add_option("file", o->file, "PTX file")->required();
  add_branch_analysis_options(sub, *o);
  sub->add_option("--format", o->format, "output format")->check(CLI::IsMember({"table", "json", "sarif"}))->capture_default_str();
  sub->add_flag("--inline-chain", o->inline_chain,
                "under each branch inlined from elsewhere, the chain of call sites it was inlined at (from the .loc "
                "inlined_at lines; the JSON always has it)");
  sub->add_option("--source-root", o->source_root,
                  "SARIF: artifact URIs relative to DIR (originalUriBaseIds SRCROOT); sources are also looked for there");
  sub->add_option("--inject-fault", o->inject_fault,
                  "testing only: corrupt a verdict before the replay, or abort a kernel's child process")
      ->check(CLI::IsMember({"none", "uniform-as-divergent", "divergent-as-uniform", "abort-child"}))
      ->group("");
  add_shard_option(sub, o->shard);
  commands.push_back({sub, [o, sub] { return run_branches(*o, *sub); }});
}

}  // namespace warpsat::cli
