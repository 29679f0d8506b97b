// `warpsat compare-profile`: an Nsight Compute profile of a kernel launch
// beside the emulator's metrics for the same launch (issue 6), with the ratio
// and why PTX and SASS count differently. The work is in
// frontend/ncu_profile (the CSV) and emulator/profile_comparison.
#include <algorithm>
#include <cmath>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/emulator_options.h"
#include "cli/metrics_output.h"
#include "emulator/profile_comparison.h"
#include "frontend/ncu_profile.h"
#include "frontend/ptx/parser.h"

namespace warpsat::cli {

namespace {

struct CompareOptions {
  std::string file, launch, profile, kernel, format = "table";
  std::optional<uint64_t> launch_id;
  EmulatorRunOptions run;
};

std::string number_text(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{:.6g}", v);
}

std::string ratio_text(const std::optional<double>& r) { return r ? fmt::format("{:.3f}", *r) : "n/a"; }

// `text` in lines of at most `width` characters, each after `indent`.
std::string wrap(const std::string& text, size_t width, const std::string& indent) {
  std::string out, line;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t space = text.find(' ', pos);
    std::string word = text.substr(pos, space == std::string::npos ? std::string::npos : space - pos);
    pos = space == std::string::npos ? text.size() : space + 1;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += indent + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += indent + line + "\n";
  return out;
}

std::string dims(const uint32_t (&d)[3]) { return fmt::format("{}x{}x{}", d[0], d[1], d[2]); }

nlohmann::json optional_json(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

void print_table(const CompareOptions& o, const NcuProfile& profile, const NcuLaunch& row,
                 const simt::KernelProfile& run, const ProfileComparison& c) {
  const simt::KernelMetrics& k = run.metrics;
  std::string demangled = demangle_kernel_name(run.kernel);
  fmt::print("compare-profile: kernel {}{}, grid {}, block {}\n", run.kernel,
             demangled == run.kernel ? "" : " (" + demangled + ")", dims(k.grid), dims(k.block));
  fmt::print("  ptx       {} with launch {}\n", o.file, o.launch);
  fmt::print("  profile   {} ({} page), launch ID {} at line {}: {}\n", profile.source(),
             profile.layout() == NcuLayout::Raw ? "raw" : "details", row.id, row.line, row.kernel);
  fmt::print("  emulator  {} mode{}, {:.1f} ms\n", run.mode == simt::ProfileMode::Slices ? "slices" : "full",
             run.fallback.empty() ? "" : " (slices fell back: " + run.fallback + ")", run.milliseconds);
  if (!c.launch_checked.empty()) fmt::print("  the profile's launch agrees: {}\n", fmt::join(c.launch_checked, ", "));

  size_t width = 24;  // the memory rows' labels ("TMA shared write sectors delivered") may be longer
  for (const ComparedMetric& m : c.metrics) width = std::max(width, m.label.size());
  fmt::print("\n{:<{}} {:>14} {:>14} {:>8}  {}\n", "metric", width, "ncu", "emulator", "emu/ncu", "difference");
  for (const ComparedMetric& m : c.metrics)
    fmt::print("{:<{}} {:>14} {:>14} {:>8}  {}\n", m.label, width, number_text(m.ncu), number_text(m.emulator),
               ratio_text(m.ratio), m.difference);

  const BranchEfficiencies& e = c.branch_efficiency;
  fmt::print("\nbranch efficiency:\n");
  if (!e.ncu && !e.ncu_reported)
    fmt::print("  ncu: not in the profile (collect smsp__sass_branch_targets.sum and ..._threads_uniform.sum)\n");
  if (e.ncu) fmt::print("  {:<54} {:>7.2f}%\n", "ncu: uniform targets / targets", *e.ncu);
  if (e.ncu_reported)
    fmt::print("  {:<54} {:>7.2f}%\n", "ncu as reported (smsp__sass_average_..._uniform.pct)", *e.ncu_reported);
  fmt::print("  {:<54} {:>7.2f}%\n", "emulator: uniform targets / targets", e.emulator_targets);
  fmt::print("  {:<54} {:>7.2f}%\n", "emulator, nvprof's: (branches - divergent) / branches", e.emulator_executions);

  if (!c.metrics.empty()) {
    fmt::print("\nwhy PTX and SASS differ:\n");
    for (const ComparedMetric& m : c.metrics) {
      fmt::print("  {} ({}):\n", m.label, m.ncu_metric);
      fmt::print("{}", wrap(m.note, 96, "    "));
    }
  }
  for (const std::string& r : c.remarks) fmt::print("\nnote: {}\n", r);
  if (!c.other_metrics.empty()) {
    constexpr size_t kShown = 20;
    fmt::print("\nnot compared ({} other metric(s) in the profile):\n", c.other_metrics.size());
    for (size_t i = 0; i < std::min(kShown, c.other_metrics.size()); ++i) {
      const NcuMetric& m = c.other_metrics[i];
      fmt::print("  {} = {}{}\n", m.name, m.value, m.unit.empty() ? "" : " " + m.unit);
    }
    if (c.other_metrics.size() > kShown)
      fmt::print("  ... and {} more (--format json lists them all)\n", c.other_metrics.size() - kShown);
  }
}

void print_json(const CompareOptions& o, const ptx::Module& m, const NcuProfile& profile, const NcuLaunch& row,
                const simt::KernelProfile& run, const ProfileComparison& c) {
  const simt::KernelMetrics& k = run.metrics;
  nlohmann::json metrics = nlohmann::json::array();
  for (const ComparedMetric& x : c.metrics)
    metrics.push_back({{"key", x.key},
                       {"label", x.label},
                       {"ncu_metric", x.ncu_metric},
                       {"ncu", x.ncu},
                       {"emulator", x.emulator},
                       {"ratio", optional_json(x.ratio)},
                       {"difference", x.difference},
                       {"note", x.note}});
  nlohmann::json others = nlohmann::json::array();
  for (const NcuMetric& x : c.other_metrics)
    others.push_back({{"name", x.name}, {"unit", x.unit}, {"value", x.value}, {"line", x.line}});
  const BranchEfficiencies& e = c.branch_efficiency;
  nlohmann::json out = {{"kernel", run.kernel},
                        {"ptx", o.file},
                        {"launch", o.launch},
                        {"grid", {k.grid[0], k.grid[1], k.grid[2]}},
                        {"block", {k.block[0], k.block[1], k.block[2]}},
                        {"profile",
                         {{"file", profile.source()},
                          {"layout", profile.layout() == NcuLayout::Raw ? "raw" : "details"},
                          {"launch_id", row.id},
                          {"line", row.line},
                          {"kernel_name", row.kernel}}},
                        {"launch_checked", c.launch_checked},
                        {"metrics", metrics},
                        {"branch_efficiency",
                         {{"ncu", optional_json(e.ncu)},
                          {"ncu_reported", optional_json(e.ncu_reported)},
                          {"emulator_targets", e.emulator_targets},
                          {"emulator_executions", e.emulator_executions}}},
                        {"remarks", c.remarks},
                        {"other_metrics", others},
                        {"emulator",
                         {{"mode", run.mode == simt::ProfileMode::Slices ? "slices" : "full"},
                          {"duration_ms", run.milliseconds},
                          {"metrics", metrics_json(m, k)}}}};
  if (!run.fallback.empty()) out["emulator"]["fallback"] = run.fallback;
  std::cout << out.dump(2) << "\n";
}

int run_compare(const CompareOptions& o) {
  ptx::Module m = ptx::read_module(o.file);
  simt::Launch launch = launch_for(m, read_launch_file(o.launch, o.run.limits.max_launch_bytes), o.kernel);
  // The profile is read and its launch chosen before the emulator runs, so
  // bad input is reported without waiting for a long kernel.
  NcuProfile profile = read_ncu_profile(o.profile);
  const NcuLaunch& row = profile.select(launch.kernel, o.launch_id);
  simt::EmulatorOptions eo = o.run.emulator_options();
  eo.memory_metrics = true;  // lined up with ncu's l1tex__ metrics where the profile has them
  simt::KernelProfile run = simt::profile_kernel(m, launch, o.run.profile_mode(), eo);
  if (!run.ok) {
    std::cerr << fmt::format("warpsat: error: the emulator could not run {}: {}\n", run.kernel, run.error);
    return kExitCheckFailed;
  }
  ProfileComparison c = compare_profile(profile, row, run.metrics, o.launch);
  if (o.format == "json")
    print_json(o, m, profile, row, run, c);
  else
    print_table(o, profile, row, run, c);
  return kExitOk;
}

}  // namespace

void add_compare_profile_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<CompareOptions>();
  CLI::App* sub = app.add_subcommand("compare-profile",
                                     "an Nsight Compute CSV profile beside the emulator's metrics for the same launch");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("--launch", o->launch, "launch description (.toml): kernel, grid, block, parameters")->required();
  sub->add_option("--profile", o->profile, "ncu --csv export: the raw page (--page raw) or the details page")
      ->required();
  sub->add_option("--kernel", o->kernel, "the kernel, when the PTX has several and the launch file names none");
  sub->add_option("--launch-id", o->launch_id,
                  "the profile's launch (its ID column) when it has several of the kernel");
  sub->add_option("--format", o->format, "output format")
      ->check(CLI::IsMember({"table", "json"}))
      ->capture_default_str();
  o->run.add_to(*sub);
  commands.push_back({sub, [o] { return run_compare(*o); }});
}

}  // namespace warpsat::cli
