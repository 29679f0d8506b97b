// `warpsat run`: run a kernel on the emulator with a launch description and
// print the buffers it leaves and its metrics; with --racecheck, the data
// races it saw (exit 1 when there are any).
#include <cstring>
#include <optional>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/emulator_options.h"
#include "cli/metrics_output.h"
#include "cli/race_output.h"
#include "emulator/simt/launch.h"
#include "emulator/simt/replay_export.h"
#include "frontend/kernel_names.h"
#include "frontend/ptx/parser.h"
#include "report/buffer_values.h"

namespace warpsat::cli {

namespace {

struct RunOptions {
  std::string file, launch, format = "table";
  std::string gpu_replay;  // --gpu-replay DIR
  std::vector<size_t> dump;
  uint64_t max_steps = uint64_t{1} << 28;
  bool racecheck = false;
  simt::EmulatorOptions limits;  // --max-ctas and the other budgets
};

// One element of a buffer as text, by its type.
std::string element_text(const ElementType& t, const uint8_t* p) {
  uint64_t bits = 0;
  std::memcpy(&bits, p, t.bytes);
  if (t.is_float) return fmt::format("{:g}", float_bits_value(t, bits));
  if (t.is_signed && t.bytes < 8) {
    unsigned sh = 64 - 8 * t.bytes;
    return std::to_string(static_cast<int64_t>(bits << sh) >> sh);
  }
  if (t.is_signed) return std::to_string(static_cast<int64_t>(bits));
  return std::to_string(bits);
}

int run_run(const RunOptions& o) {
  ptx::Module m = ptx::read_module(o.file);
  LaunchFile lf = read_launch_file(o.launch, o.limits.max_launch_bytes);
  std::vector<ElementType> types;
  simt::Launch launch = simt::launch_from_file(m, lf, &types);
  // --gpu-replay keeps the buffers as they were before the run (a second
  // copy of every buffer, only when asked for).
  std::optional<simt::ReplayExport> replay;
  if (!o.gpu_replay.empty()) {
    replay.emplace();
    replay->ptx_text = *m.text;
    replay->launch = launch;
    for (const ElementType& t : types) replay->arg_types.push_back(t.name);
    for (const NamedBuffer& b : lf.buffers) replay->named_types.push_back(b.contents.type.name);
  }
  // The launch holds its own copy of every buffer: the file's goes, and the
  // launch's once device memory holds it (run_kernel on an rvalue), so that a
  // buffer costs twice its size at the peak (the device's and the one
  // returned) plus a constant.
  for (LaunchParam& p : lf.params)
    if (p.buffer) std::vector<uint8_t>().swap(p.buffer->bytes);
  for (NamedBuffer& b : lf.buffers) std::vector<uint8_t>().swap(b.contents.bytes);
  // [[buffer]]s no parameter points to are printed too, unless --dump picks.
  const bool named = o.dump.empty();
  std::vector<size_t> dump = o.dump;
  if (dump.empty())
    for (size_t i = 0; i < launch.args.size(); ++i)
      if (launch.args[i].kind == simt::KernelArgument::Kind::Buffer) dump.push_back(i);
  for (size_t i : dump)
    if (i >= launch.args.size() || launch.args[i].kind != simt::KernelArgument::Kind::Buffer)
      throw command_line_error(fmt::format("--dump {}: parameter {} is not a buffer", i, i));
  simt::EmulatorOptions eo = o.limits;
  eo.max_steps = o.max_steps;
  eo.racecheck = o.racecheck;
  eo.memory_metrics = true;
  simt::RunResult r = simt::run_kernel(m, std::move(launch), eo);  // keeps names, shapes and sizes
  // README's exit codes: a check that ran and found something is 1.
  int exit_code = o.racecheck && !r.races.empty() ? kExitCheckFailed : kExitOk;
  if (replay) {
    replay->final_args = r.buffers;
    replay->final_named = r.named_buffers;
    simt::write_replay_directory(o.gpu_replay, *replay);
  }

  if (o.format == "json") {
    nlohmann::json buffers = nlohmann::json::array();
    for (size_t i : dump) {
      const ElementType& t = types[i];
      buffers.push_back({{"param", i},
                         {"name", launch.args[i].name},
                         {"type", t.name},
                         {"values", buffer_values_json(&t, r.buffers[i])},
                         {"hex", buffer_hex_json(&t, r.buffers[i])}});
    }
    for (size_t i = 0; named && i < lf.buffers.size(); ++i) {
      const ElementType& t = lf.buffers[i].contents.type;
      buffers.push_back({{"buffer", lf.buffers[i].name},
                         {"type", t.name},
                         {"values", buffer_values_json(&t, r.named_buffers[i])},
                         {"hex", buffer_hex_json(&t, r.named_buffers[i])}});
    }
    nlohmann::json j = {{"kernel", launch.kernel},
                        {"block", {launch.block[0], launch.block[1], launch.block[2]}},
                        {"grid", {launch.grid[0], launch.grid[1], launch.grid[2]}},
                        {"buffers", buffers},
                        {"metrics", metrics_json(m, r.metrics)}};
    if (o.racecheck) j["racecheck"] = races_json(m, r.races);
    std::cout << j.dump(2) << "\n";
    return exit_code;
  }
  fmt::print("kernel {} on grid {}x{}x{}, block {}x{}x{}\n", short_kernel_name(launch.kernel), launch.grid[0], launch.grid[1],
             launch.grid[2], launch.block[0], launch.block[1], launch.block[2]);
  constexpr size_t kShown = 256;
  auto print_buffer = [&](const std::string& label, const std::string& name, const ElementType& t,
                          const std::vector<uint8_t>& b) {
    size_t n = b.size() / t.bytes;
    fmt::print("{} ({}, {} x {}):", label, name, n, t.name);
    for (size_t k = 0; k < std::min(n, kShown); ++k) fmt::print("{}{}", k % 16 == 0 ? "\n  " : " ", element_text(t, b.data() + k * t.bytes));
    if (n > kShown) fmt::print("\n  ... {} more (use --format json for all)", n - kShown);
    fmt::print("\n");
  };
  for (size_t i : dump) print_buffer(fmt::format("param {}", i), launch.args[i].name, types[i], r.buffers[i]);
  for (size_t i = 0; named && i < lf.buffers.size(); ++i)
    print_buffer("buffer", lf.buffers[i].name, lf.buffers[i].contents.type, r.named_buffers[i]);
  fmt::print("metrics:\n{}", metrics_text(r.metrics));
  if (o.racecheck) fmt::print("{}", races_text(m, r.races));
  return exit_code;
}

}  // namespace

void add_run_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* sub = app.add_subcommand("run", "run a kernel on the SIMT emulator and print its buffers and metrics");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("--launch", o->launch, "launch description (.toml): kernel, grid, block, parameters")->required();
  sub->add_option("--format", o->format, "output format")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  sub->add_option("--dump", o->dump, "parameters whose buffers to print (default: every buffer)")->delimiter(',');
  sub->add_option("--max-steps", o->max_steps, "stop after this many warp instructions (a runaway loop)")
      ->capture_default_str();
  sub->add_flag("--racecheck", o->racecheck,
                "report data races in shared and global memory, as compute-sanitizer's racecheck does; exit 1 "
                "when there are any");
  sub->add_option("--gpu-replay", o->gpu_replay,
                  "also write the launch, its inputs and the emulator's results to this directory, for "
                  "bench/gpu/replay to run on a GPU and compare (docs/gpu-replay.md)");
  add_limit_options(*sub, o->limits);
  commands.push_back({sub, [o] { return run_run(*o); }});
}

}  // namespace warpsat::cli
