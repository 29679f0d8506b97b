// `warpsat advise`: the lines whose memory accesses cost most, the pattern,
// the change and its estimated gain, shared-array changes re-run on the
// emulator (emulator/advise.h does the work; this prints it).
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/emulator_options.h"
#include "cli/memory_output.h"
#include "emulator/advise.h"
#include "emulator/simt/launch.h"
#include "frontend/ptx/parser.h"

namespace warpsat::cli {

namespace {

struct AdviseCliOptions {
  std::string file, launch, kernel, format = "table";
  uint64_t max_steps = uint64_t{1} << 28;
  size_t lines = 5;
  double tolerance = 10;
  std::string source_lines = "innermost";
  simt::EmulatorOptions limits;
};

nlohmann::json advice_json(const Advice& a) {
  nlohmann::json checks = nlohmann::json::array();
  for (const RemapCheck& c : a.checks) {
    nlohmann::json j = {{"remap", c.remap}, {"before", c.before}, {"after", c.after},
                        {"measured_gain", c.measured_gain()}, {"results_unchanged", c.results_unchanged}};
    if (!c.error.empty()) j["error"] = c.error;
    checks.push_back(j);
  }
  return {{"pattern", a.pattern}, {"change", a.change}, {"unit", a.unit}, {"before", a.before},
          {"estimated_gain", a.estimated_gain}, {"rerun", checks}, {"verified", a.verified},
          {"advised", !a.contradicted}};
}

std::string advice_text(const Advice& a) {
  std::string s = fmt::format("     pattern: {}\n", a.pattern);
  if (a.contradicted) {
    s += fmt::format("     not advised: no re-run measured the estimated gain of {} {}:\n", a.estimated_gain, a.unit);
  } else {
    s += fmt::format("     change: {}\n", a.change);
    s += fmt::format("     estimated gain: {} {} ({} -> {})\n", a.estimated_gain, a.unit, a.before,
                     a.before - std::min(a.before, a.estimated_gain));
  }
  for (const RemapCheck& c : a.checks) {
    if (!c.error.empty()) {
      s += fmt::format("     re-run with {}: failed: {}\n", c.remap, c.error);
      continue;
    }
    double share = a.estimated_gain ? 100.0 * static_cast<double>(c.measured_gain()) / static_cast<double>(a.estimated_gain) : 0;
    s += fmt::format("     measured (re-run with {}): {} -> {} {}, gain {} ({:.1f}% of the estimate); results {}\n",
                     c.remap, c.before, c.after, a.unit, c.measured_gain(), share,
                     c.results_unchanged ? "unchanged" : "CHANGED (the remap is not safe here)");
  }
  if (a.checks.empty() && !a.contradicted) s += "     (a change to the code: not re-run)\n";
  return s;
}

int run_advise(const AdviseCliOptions& o) {
  ptx::Module m = ptx::read_module(o.file);
  simt::Launch launch = launch_for(m, read_launch_file(o.launch, o.limits.max_launch_bytes), o.kernel);
  AdviseOptions ao;
  ao.emulator = o.limits;
  ao.emulator.max_steps = o.max_steps;
  ao.max_lines = o.lines;
  ao.tolerance = o.tolerance / 100.0;
  ao.lines = line_attribution(o.source_lines);
  AdviseReport r = advise(m, launch, ao);
  if (o.format == "json") {
    nlohmann::json lines = nlohmann::json::array();
    for (const AdvisedLine& l : r.lines) {
      nlohmann::json advice = nlohmann::json::array();
      for (const Advice& a : l.advice) advice.push_back(advice_json(a));
      nlohmann::json source = nullptr;
      if (l.line.line) source = {{"file", std::string(m.file_path(l.line.file))}, {"line", l.line.line}};
      lines.push_back({{"source", source}, {"ptx_lines", l.line.ptx_lines}, {"excess", l.excess},
                       {"memory", memory_json(l.line.memory)["classes"]}, {"advice", advice}});
    }
    nlohmann::json j = {{"kernel", r.kernel},
                        {"block", {r.block[0], r.block[1], r.block[2]}},
                        {"grid", {r.grid[0], r.grid[1], r.grid[2]}},
                        {"lines_with_accesses", r.lines_with_accesses},
                        {"memory", memory_json(r.metrics.memory)},
                        {"lines", lines}};
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  fmt::print("advise: {} on grid {}x{}x{}, block {}x{}x{}: {} source line(s) access memory, {} cost more than the "
             "ideal\n",
             r.kernel, r.grid[0], r.grid[1], r.grid[2], r.block[0], r.block[1], r.block[2], r.lines_with_accesses,
             r.lines.size());
  size_t n = 0;
  for (const AdvisedLine& l : r.lines) {
    fmt::print("\n{}. {} (PTX {}): {} beyond the ideal\n", ++n, line_name(m, l.line), fmt::join(l.line.ptx_lines, ","),
               l.excess);
    fmt::print("{}", memory_text(l.line.memory));
    for (const Advice& a : l.advice) fmt::print("{}", advice_text(a));
  }
  if (r.lines.empty()) fmt::print("\nno line costs more than its accesses need: nothing to advise\n");
  return kExitOk;
}

}  // namespace

void add_advise_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<AdviseCliOptions>();
  CLI::App* sub = app.add_subcommand(
      "advise", "the source lines whose memory accesses cost most, the pattern, a change and its gain, checked by re-runs");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("--launch", o->launch, "launch description (.toml)")->required();
  sub->add_option("--kernel", o->kernel, "the kernel the launch is for (default: the launch file's)");
  sub->add_option("--lines", o->lines, "the costliest lines to report")->capture_default_str();
  add_source_lines_option(sub, o->source_lines);
  sub->add_option("--tolerance", o->tolerance,
                  "percent: a re-run's measured gain must be this close to the estimate for the advice to stand")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  sub->add_option("--format", o->format, "output format")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  sub->add_option("--max-steps", o->max_steps, "per run: stop after this many warp instructions")->capture_default_str();
  add_limit_options(*sub, o->limits);
  commands.push_back({sub, [o] { return run_advise(*o); }});
}

}  // namespace warpsat::cli
