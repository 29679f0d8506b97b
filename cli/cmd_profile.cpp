// `warpsat profile`: seed 000/002's metrics for every kernel of one or more
// PTX files, without a GPU, in full or slices mode.
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/option_checks.h"
#include "cli/emulator_options.h"
#include "cli/hypa_csv.h"
#include "cli/memory_output.h"
#include "cli/metrics_output.h"
#include "cli/progress.h"
#include "cli/race_output.h"
#include "cli/shard.h"
#include "emulator/simt/launch.h"
#include "emulator/simt/profile.h"
#include "frontend/kernel_names.h"
#include "frontend/kernel_params.h"
#include "frontend/parallel.h"
#include "frontend/ptx/parser.h"

namespace warpsat::cli {

namespace {

struct ProfileOptions {
  std::vector<std::string> files;
  std::string launch, kernel, format = "table";
  std::vector<uint32_t> block, grid;
  uint64_t buffer_bytes = uint64_t{64} << 20;
  uint64_t dynamic_shared_bytes = 0;
  EmulatorRunOptions run;
  bool racecheck = false;
  bool async_columns = false;  // --async-columns: HyPA's CSV with Hopper's asynchronous work appended
  bool full_names = false;
  unsigned jobs = 1;
  std::string shard;  // --shard I/N (cli/shard.h)
  size_t memory_lines = 10;
  std::string source_lines = "innermost";
  bool no_memory = false;
};

struct Row {
  const ptx::Module* module;
  simt::KernelProfile profile;
  simt::Launch launch;
  std::vector<std::string> assumptions;  // what the launch took for the parameters it was not given
  std::string shown;                     // the kernel's name as output shows it (kernel_names.h)
};

size_t file_instructions(const ptx::Module& m) {
  size_t n = 0;
  for (const auto& f : m.functions) n += f.instructions.size();
  return n;
}

void fill3(const std::vector<uint32_t>& v, uint32_t (&out)[3], const char* what) {
  if (v.empty()) return;
  if (v.size() > 3) throw command_line_error(fmt::format("{} takes X,Y,Z", what));
  for (size_t i = 0; i < 3; ++i) out[i] = i < v.size() ? v[i] : 1;
  for (uint32_t x : out)
    if (x == 0) throw command_line_error(fmt::format("{} dimensions must be at least 1", what));
}

// What a launch without --launch takes for the kernel's parameters, in
// words: simt::default_launch gives every pointer-sized parameter a
// zero-filled buffer and every other parameter 0, which changes what the
// kernel does (a loop bound of 0 runs no iteration), so the output says so.
std::vector<std::string> default_launch_assumptions(const ptx::Module& m, const ptx::Function& f,
                                                    uint64_t buffer_bytes) {
  std::vector<std::string> zero, pointers;
  for (const ptx::Variable& p : f.params)
    (p.dims.empty() && pointer_sized_param(m, p) ? pointers : zero).push_back(std::string(p.name));
  std::vector<std::string> out;
  if (!zero.empty())
    out.push_back(fmt::format("no --launch: every scalar parameter is 0 ({})", fmt::join(zero, ", ")));
  if (!pointers.empty())
    out.push_back(fmt::format("every pointer parameter points to {} zero bytes (--buffer-bytes) ({})", buffer_bytes,
                              fmt::join(pointers, ", ")));
  return out;
}

// The table's and the JSON's one line for the whole run without --launch.
// `rows` null: the line without the kernels that take scalars, the same for
// every shard of a run (JSON: each kernel's own "assumptions" names them).
std::string default_assumptions_line(const std::vector<Row>* rows_or_null, uint64_t buffer_bytes) {
  static const std::vector<Row> kNoRows;
  const std::vector<Row>& rows = rows_or_null ? *rows_or_null : kNoRows;
  std::vector<std::string> with_scalars;
  for (const Row& r : rows)
    if (!r.assumptions.empty() && r.assumptions[0].starts_with("no --launch")) with_scalars.push_back(r.shown);
  std::string which = !rows_or_null         ? "each kernel's own assumptions say whether it takes one"
                      : with_scalars.empty() ? "none of the kernels takes one"
                      : with_scalars.size() <= 4
                          ? fmt::format("{} of {} kernel(s) take some: {}", with_scalars.size(), rows.size(),
                                        fmt::join(with_scalars, ", "))
                          : fmt::format("{} of {} kernels take some", with_scalars.size(), rows.size());
  return fmt::format("assuming (no --launch): every scalar parameter is 0 ({}), every pointer parameter points to {} "
                     "zero bytes (--buffer-bytes); --launch FILE gives a kernel its values (`warpsat launch-template` "
                     "writes one)",
                     which, buffer_bytes);
}

// warpsat's own CSV: one row per kernel, warpsat's names and meanings (not
// HyPA's layout, which is --format hypa-csv).
void print_csv(const std::vector<Row>& rows) {
  fmt::print(
      "filename,PTX version,target,address size,file instructions,CTAs,thread count,static instructions,"
      "dynamic instructions,FP instructions,executed instructions,divergent branches,branch efficiency,duration ms,"
      "kernel,block,grid,warp instructions,thread instructions,flops half,flops single,flops double,branches,"
      "SIMT efficiency,mode,status\n");
  for (const Row& r : rows) {
    const ptx::Module& m = *r.module;
    const simt::KernelMetrics& k = r.profile.metrics;
    std::string status = r.profile.ok ? (r.profile.fallback.empty() ? "ok" : "ok (slices fell back to full)") : "failed";
    if (!r.profile.ok) status += ": " + r.profile.error;
    for (char& c : status)
      if (c == '"' || c == '\n') c = '\'';
    fmt::print("{},{}.{},{},{},{},{},{},{},{},{},{},{},{:.4f},{:.3f},{},{}x{}x{},{}x{}x{},{},{},{},{},{},{},{:.4f},{},\"{}\"\n",
               m.source, m.version_major, m.version_minor, fmt::join(m.targets, " "), m.address_size,
               file_instructions(m), k.ctas, k.threads, k.static_instructions * k.threads, k.thread_instructions,
               k.fp_total(), k.warp_instructions, k.divergent_branches, k.branch_efficiency(), r.profile.milliseconds,
               r.profile.kernel, r.launch.block[0], r.launch.block[1], r.launch.block[2], r.launch.grid[0],
               r.launch.grid[1], r.launch.grid[2], k.warp_instructions, k.thread_instructions, k.flops[0], k.flops[1],
               k.flops[2], k.branches, 100 * k.simt_efficiency(),
               r.profile.mode == simt::ProfileMode::Slices ? "slices" : "full", status);
  }
}

// What profiling a row costs, roughly: its instructions times its threads.
uint64_t cost_estimate(const Row& r) {
  const ptx::Function* f = r.module->find_function(r.launch.kernel);
  uint64_t threads = uint64_t{r.launch.block[0]} * r.launch.block[1] * r.launch.block[2] * r.launch.grid[0] *
                     r.launch.grid[1] * r.launch.grid[2];
  return (f ? f->instructions.size() : 1) * std::max<uint64_t>(threads, 1);
}

// --shard I/N: this shard's rows. A shard of HyPA's CSV takes whole files
// (its rows are files); the others kernels. `items` and `total` say which.
std::vector<Row> shard_rows(std::vector<Row> rows, const ProfileOptions& o, std::vector<size_t>& items, size_t& total,
                            std::vector<std::string>& names) {
  ShardSpec s = parse_shard(o.shard);
  bool by_file = o.format == "hypa-csv";
  std::vector<uint64_t> estimates;
  std::vector<size_t> unit_of(rows.size());  // the row's item: its file or itself
  for (size_t i = 0; i < rows.size(); ++i) {
    bool new_unit = !by_file || i == 0 || rows[i].module != rows[i - 1].module;
    if (new_unit) {
      estimates.push_back(0);
      names.push_back(by_file ? rows[i].module->source
                              : fmt::format("{}:{}", rows[i].module->source, rows[i].launch.kernel));
    }
    unit_of[i] = estimates.size() - 1;
    estimates.back() += cost_estimate(rows[i]);
  }
  total = estimates.size();
  items = shard_items(estimates, s);
  std::vector<bool> mine(total, false);
  for (size_t i : items) mine[i] = true;
  std::vector<std::string> kept_names;
  for (size_t i : items) kept_names.push_back(names[i]);
  names = std::move(kept_names);
  std::vector<Row> out;
  for (size_t i = 0; i < rows.size(); ++i)
    if (mine[unit_of[i]]) out.push_back(std::move(rows[i]));
  return out;
}

int run_profile(const ProfileOptions& o, const CLI::App& sub) {
  if (!o.launch.empty() && o.files.size() != 1) throw command_line_error("--launch profiles one file");
  if (!o.shard.empty() && o.format == "table")
    throw command_line_error("--shard writes what 'warpsat merge' reads: give --format json, csv or hypa-csv");
  simt::ProfileMode mode = o.run.profile_mode();
  simt::DefaultLaunchOptions dl;
  fill3(o.block, dl.block, "--block");
  fill3(o.grid, dl.grid, "--grid");
  dl.buffer_bytes = o.buffer_bytes;
  dl.dynamic_shared_bytes = o.dynamic_shared_bytes;
  simt::EmulatorOptions eo = o.run.emulator_options();
  // Zero-filled buffers are mapped lazily, but their size is still the
  // launch's: one past the launch limit is an input error, not an
  // allocator's "out of memory".
  if (o.launch.empty() && o.buffer_bytes > eo.max_launch_bytes)
    throw command_line_error(fmt::format("--buffer-bytes {} is over the limit of {} bytes per launch; raise it with "
                                         "--max-launch-bytes",
                                         o.buffer_bytes, eo.max_launch_bytes));
  // Slices mode skips the instructions that do not decide control flow, and
  // with them most memory accesses: races there would go unseen.
  if (o.racecheck && mode == simt::ProfileMode::Slices) throw command_line_error("--racecheck needs --mode full");
  if (o.async_columns && o.format != "hypa-csv")
    throw command_line_error("--async-columns adds columns to --format hypa-csv; the table and JSON always carry them");
  if (o.racecheck && (o.format == "csv" || o.format == "hypa-csv"))
    throw command_line_error("--racecheck prints a table or JSON, not CSV");
  eo.racecheck = o.racecheck;
  eo.count_thread_paths = o.format == "hypa-csv";
  eo.memory_metrics = !o.no_memory;  // full mode only (slices mode skips most accesses)

  std::vector<ptx::Module> modules;
  modules.reserve(o.files.size());
  std::vector<Row> rows;
  for (const auto& file : o.files) {
    modules.push_back(ptx::read_module(file));
    const ptx::Module& m = modules.back();
    if (!o.launch.empty()) {
      rows.push_back({&m, {}, launch_for(m, read_launch_file(o.launch, eo.max_launch_bytes), o.kernel),
                      {fmt::format("parameters and buffers from {}", o.launch)}});
      rows.back().shown = o.full_names ? rows.back().launch.kernel : short_kernel_name(rows.back().launch.kernel);
      continue;
    }
    std::vector<const ptx::Function*> kernels;
    std::vector<std::string> mangled;
    for (const ptx::Function& f : m.functions)
      if (f.is_entry && f.has_body) {
        kernels.push_back(&f);
        mangled.emplace_back(f.name);
      }
    if (!o.kernel.empty()) {
      // Several files: the kernel may be in some of them only; one file:
      // a name that matches none, or several, says which there are.
      std::vector<size_t> found = match_kernel_names(mangled, o.kernel);
      if (o.files.size() == 1 || found.size() > 1) found = {select_kernel_name(mangled, o.kernel, "kernel", file)};
      std::vector<const ptx::Function*> picked;
      for (size_t i : found) picked.push_back(kernels[i]);
      kernels = picked;
    }
    KernelNames names(mangled, o.full_names);
    for (const ptx::Function* f : kernels)
      rows.push_back({&m, {}, simt::default_launch(m, *f, dl), default_launch_assumptions(m, *f, o.buffer_bytes),
                      names.display(f->name)});
  }
  if (rows.empty()) throw command_line_error(o.kernel.empty() ? "no kernels (.entry) to profile" : "no kernel matches " + o.kernel);
  std::vector<size_t> items;
  std::vector<std::string> names;
  size_t item_count = 0;
  if (!o.shard.empty()) rows = shard_rows(std::move(rows), o, items, item_count, names);
  // Every kernel on its own run state: -j N profiles N at once, over the
  // kernels of all files; each result has its slot, so the output is in
  // input order and the same for every N.
  {
    Progress progress("profile", "kernels", rows.size());
    parallel_for(rows.size(), o.jobs, [&](size_t i) {
      rows[i].profile = simt::profile_kernel(*rows[i].module, rows[i].launch, mode, eo);
      progress.done_one();
    });
  }

  simt::KernelMetrics total;
  size_t failed = 0, fell_back = 0, racy = 0;
  double ms = 0;
  for (const Row& r : rows) {
    if (r.profile.ok) total += r.profile.metrics;
    failed += !r.profile.ok;
    fell_back += !r.profile.fallback.empty();
    racy += !r.profile.races.empty();
    ms += r.profile.milliseconds;
  }

  // A kernel that could not be profiled is bad input (exit 2), as in `run` and
  // `branches`; races found by --racecheck are a failed check (exit 1).
  int status = failed ? kExitBadInput : racy ? kExitCheckFailed : kExitOk;
  std::optional<nlohmann::json> mark;
  if (!o.shard.empty())
    mark = mark_json(make_mark(sub, "profile", o.format, parse_shard(o.shard), item_count, items, names, o.files, status));
  if (mark && o.format != "json") fmt::print("{}{}\n", kCsvMarkPrefix, mark->dump());

  // Every kernel that could not be profiled also on stderr, whatever the
  // format: HyPA's row has no place for the error, and a script that reads
  // the table, JSON or CSV from stdout sees it there too.
  for (const Row& r : rows)
    if (!r.profile.ok)
      fmt::print(stderr, "warpsat: error: {}: kernel {} could not be profiled: {}\n", r.module->source,
                 r.shown, r.profile.error);

  if (o.format == "csv") {
    print_csv(rows);
  } else if (o.format == "hypa-csv") {
    // The memory columns only where memory was measured (full mode).
    bool memory = mode == simt::ProfileMode::Full && !o.no_memory;
    std::string out = hypa_csv_header(memory, o.async_columns);
    for (size_t i = 0; i < rows.size();) {
      std::vector<const simt::KernelProfile*> kernels;
      const ptx::Module* m = rows[i].module;
      for (; i < rows.size() && rows[i].module == m; ++i) kernels.push_back(&rows[i].profile);
      out += hypa_csv_row(*m, kernels, memory, o.async_columns);
    }
    std::cout << out;
  } else if (o.format == "json") {
    nlohmann::json kernels = nlohmann::json::array();
    for (const Row& r : rows) {
      nlohmann::json j = r.profile.ok ? metrics_json(*r.module, r.profile.metrics) : nlohmann::json::object();
      j["file"] = r.module->source;
      j["name"] = r.profile.kernel;
      j["short_name"] = r.shown;
      j["demangled_name"] = demangle_kernel_name(r.profile.kernel);
      j["block"] = {r.launch.block[0], r.launch.block[1], r.launch.block[2]};
      j["grid"] = {r.launch.grid[0], r.launch.grid[1], r.launch.grid[2]};
      j["ok"] = r.profile.ok;
      if (!r.profile.ok) j["error"] = r.profile.error;
      j["mode"] = r.profile.mode == simt::ProfileMode::Slices ? "slices" : "full";
      if (!r.profile.fallback.empty()) j["fallback"] = r.profile.fallback;
      j["duration_ms"] = r.profile.milliseconds;
      j["assumptions"] = r.assumptions;
      if (o.racecheck && r.profile.ok) j["racecheck"] = races_json(*r.module, r.profile.races);
      if (r.profile.ok && r.profile.metrics.memory.measured) j["memory_detail"] = memory_lines_json(*r.module, r.profile.metrics, line_attribution(o.source_lines));
      kernels.push_back(j);
    }
    nlohmann::json t = metrics_json(modules.front(), total);
    t.erase("per_branch");
    nlohmann::json out = {{"mode", o.run.mode}, {"files", o.files}, {"kernels", kernels}, {"total", t},
                          {"failed", failed}, {"duration_ms", ms}};
    out["assumptions"] = o.launch.empty() ? default_assumptions_line(nullptr, o.buffer_bytes)
                                          : fmt::format("parameters and buffers from {}", o.launch);
    if (mark) out["shard"] = *mark;
    std::cout << out.dump(2) << "\n";
  } else {
    fmt::print("{:<34} {:>11} {:>12} {:>13} {:>10} {:>9} {:>9} {:>8} {:>7} {:>8}\n", "kernel", "block",
               "warp instr", "thread instr", "FLOPs", "branches", "divergent", "br eff%", "SIMT%", "ms");
    const ptx::Module* file = nullptr;
    for (const Row& r : rows) {
      // Several files: each file's rows under its name (the variants of one
      // kernel, clang's and nvcc's, otherwise read alike).
      if (o.files.size() > 1 && r.module != file) fmt::print("{}:\n", r.module->source);
      file = r.module;
      // Shortened, never cut: a name longer than its column has a line of its own.
      std::string name = r.shown;
      if (name.size() > 34) {
        fmt::print("{}\n", name);
        name.clear();
      }
      std::string block = fmt::format("{}x{}x{}", r.launch.block[0], r.launch.block[1], r.launch.block[2]);
      if (!r.profile.ok) {
        fmt::print("{:<34} {:>11} failed: {}\n", name, block, r.profile.error);
        continue;
      }
      const simt::KernelMetrics& k = r.profile.metrics;
      fmt::print("{:<34} {:>11} {:>12} {:>13} {:>10} {:>9} {:>9} {:>8.2f} {:>7.2f} {:>8.2f}{}\n", name, block,
                 k.warp_instructions, k.thread_instructions, k.flops_total(), k.branches, k.divergent_branches,
                 k.branch_efficiency(), 100 * k.simt_efficiency(), r.profile.milliseconds,
                 r.profile.fallback.empty() ? "" : "  (full: " + r.profile.fallback + ")");
    }
    // No totals over no kernels: an efficiency of 100% of nothing misleads.
    if (rows.size() == failed)
      fmt::print("\nno kernel could be profiled ({} failed)\n", failed);
    else
      fmt::print("\ntotal over {} kernel(s){}:\n{}", rows.size() - failed,
                 failed ? fmt::format(" ({} could not be profiled)", failed) : "", metrics_text(total));
    if (o.launch.empty()) fmt::print("\n{}\n", default_assumptions_line(&rows, o.buffer_bytes));
    if (rows.size() == 1 && rows.front().profile.ok)
      fmt::print("{}", memory_lines_text(*rows.front().module, rows.front().profile.metrics, o.memory_lines,
                                         line_attribution(o.source_lines)));
    fmt::print("mode {}{}; {:.1f} ms\n", o.run.mode,
               mode == simt::ProfileMode::Slices ? fmt::format(" ({} kernel(s) fell back to full)", fell_back) : "", ms);
    for (const Row& r : rows)
      if (o.racecheck && r.profile.ok)
        fmt::print("{}: {}", r.shown, races_text(*r.module, r.profile.races));
  }
  return status;
}

}  // namespace

void add_profile_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<ProfileOptions>();
  CLI::App* sub = app.add_subcommand("profile", "instruction, FLOP and branch-divergence metrics of PTX kernels, without a GPU");
  sub->add_option("files", o->files, "PTX files")->required();
  sub->add_option("--launch", o->launch, "launch description (.toml) for one kernel");
  sub->add_option("--kernel", o->kernel,
                  "only this kernel: its mangled, demangled or short name, or a part of one that names no other "
                  "(with --launch: the kernel the launch is for)");
  sub->add_flag("--full-names", o->full_names, "name kernels by their mangled names (default: demangled, shortened)");
  add_shape_option(sub, "--block", o->block,
                   "block for every kernel, 16x16 or 16,16 (default: its .reqntid/.maxntid, else 128)");
  add_shape_option(sub, "--grid", o->grid, "grid, 4x2 or 4,2 (default 1x1x1)");
  sub->add_option("--buffer-bytes", o->buffer_bytes, "zero-filled bytes per pointer parameter without --launch")
      ->capture_default_str();
  sub->add_option("--dynamic-shared-bytes", o->dynamic_shared_bytes, "dynamic shared memory per block without --launch")
      ->capture_default_str();
  o->run.add_to(*sub);
  add_source_lines_option(sub, o->source_lines);
  sub->add_option("--memory-lines", o->memory_lines,
                  "profiling one kernel: the source lines with memory accesses to list, costliest first (table)")
      ->capture_default_str();
  sub->add_flag("--no-memory-metrics", o->no_memory,
                "skip the memory metrics (requests, sectors, wavefronts): what they cost is in docs/benchmarks.md");
  sub->add_flag("--racecheck", o->racecheck,
                "report data races in shared and global memory per kernel (full mode); exit 1 when there are any");
  sub->add_option("--format", o->format,
                  "output format: table, json, csv (warpsat's columns, one row per kernel) or hypa-csv (HyPA's "
                  "layout, one row per file: docs/hypa-csv.md)")
      ->check(CLI::IsMember({"table", "json", "csv", "hypa-csv"}))
      ->capture_default_str();
  sub->add_option("-j,--jobs", o->jobs, "kernels profiled at once, each on its own thread (output stays in input order)")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  sub->add_flag("--async-columns", o->async_columns,
                "with --format hypa-csv: after HyPA's 15 columns, wgmma instructions and FLOPs, TMA bytes loaded and "
                "stored and mbarrier waits, in all and per warp role (docs/hypa-csv.md)");
  add_shard_option(sub, o->shard);
  commands.push_back({sub, [o, sub] { return run_profile(*o, *sub); }});
}

}  // namespace warpsat::cli
