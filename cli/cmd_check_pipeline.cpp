// `warpsat check-pipeline`: run a warp-specialized kernel on the emulator,
// recover its circular buffer from the mbarrier events and check it against
// seed 001's pipeline for the recovered depth (emulator/pipeline_check.h,
// docs/check-pipeline.md). Exit 0: the pipeline matches; 1: the first event
// where kernel and model differ is printed.
#include <iostream>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.h"
#include "cli/emulator_options.h"
#include "emulator/pipeline_check.h"
#include "frontend/kernel_names.h"
#include "frontend/ptx/parser.h"

namespace warpsat::cli {

namespace {

struct CheckPipelineOptions {
  std::string file, launch, kernel, format = "text";
  uint64_t max_steps = uint64_t{1} << 28;
  uint64_t max_events = uint64_t{1} << 24;
  bool steps = false;
  simt::EmulatorOptions limits;
};

// A ring's loads, multiplies and releases in execution order (--steps).
nlohmann::json steps_json(const ptx::Module& m, const PipelineRing& r, const uint32_t (&grid)[3]) {
  nlohmann::json steps = nlohmann::json::array();
  for (const RingStep& st : r.steps)
    steps.push_back({{"step", to_string(st.kind)},
                     {"k", st.k},
                     {"slot", st.k % static_cast<int64_t>(r.depth())},
                     {"event", st.event},
                     {"block", block_label(st.by_block, grid)},
                     {"warp", st.warp},
                     {"place", ptx_and_source_line(m, st.function, st.instruction)}});
  return {{"block", block_label(r.block, grid)}, {"steps", steps}};
}

void print_steps(const ptx::Module& m, const PipelineRing& r, const uint32_t (&grid)[3]) {
  fmt::print("steps of the pipeline at full barrier 0x{:x} of {}:\n", r.slots[0].full, block_label(r.block, grid));
  for (const RingStep& st : r.steps)
    fmt::print("  event {:>6}  {:<8} {:>4} (slot {})  warp {} of {}, {}\n", st.event, to_string(st.kind), st.k,
               st.k % static_cast<int64_t>(r.depth()), st.warp, block_label(st.by_block, grid),
               ptx_and_source_line(m, st.function, st.instruction));
}

// Rings alike in every block (same barriers, warps and counts) are shown once.
struct RingGroup {
  const PipelineRing* ring = nullptr;
  std::vector<uint64_t> blocks;
  uint64_t loads = 0, multiplies = 0, releases = 0, wgmma = 0;
  std::set<uint64_t> tile_loads;
  uint64_t tiles = 0;
};

std::string signature(const PipelineRing& r) {
  std::string s = fmt::format("{}|{}|{}|{}|{}|{}|", r.full_arrivals, r.empty_arrivals, r.load_bytes,
                              fmt::join(r.producer_warps, ","), fmt::join(r.consumer_warps, ","), r.schedule);
  for (const PipelineSlot& slot : r.slots) s += fmt::format("{}:{},", slot.full, slot.empty);
  return s;
}

std::vector<RingGroup> group_rings(const std::vector<PipelineRing>& rings) {
  std::vector<RingGroup> groups;
  std::map<std::string, size_t> index;
  for (const PipelineRing& r : rings) {
    auto [it, fresh] = index.try_emplace(signature(r), groups.size());
    if (fresh) {
      groups.emplace_back();
      groups.back().ring = &r;
    }
    RingGroup& g = groups[it->second];
    g.blocks.push_back(r.block);
    g.loads += r.loads;
    g.multiplies += r.multiplies;
    g.releases += r.releases;
    g.wgmma += r.wgmma;
    g.tiles += r.tile_loads.size();
    g.tile_loads.insert(r.tile_loads.begin(), r.tile_loads.end());
  }
  return groups;
}

std::string hex_list(const PipelineRing& r, bool full) {
  std::vector<std::string> v;
  for (const PipelineSlot& s : r.slots)
    v.push_back(full || s.empty != PipelineSlot::kNoBarrier ? fmt::format("0x{:x}", full ? s.full : s.empty) : "none");
  return fmt::format("{}", fmt::join(v, " "));
}

std::string warp_list(const std::vector<uint32_t>& warps) {
  return fmt::format("{}", fmt::join(warps, ", "));
}

nlohmann::json mismatch_json(const PipelineMismatch& m, const uint32_t (&grid)[3]) {
  return {{"event", m.event},           {"k", m.k},
          {"slot", m.slot},             {"barrier", m.barrier},
          {"barrier_offset", m.barrier_offset},
          {"block", block_label(m.block, grid)},
          {"by_block", block_label(m.by_block, grid)},
          {"warp", m.warp},             {"warp_group", m.warp / 4},
          {"place", m.place},           {"expected", m.expected},
          {"actual", m.actual},         {"equation", m.equation},
          {"found_when_the_run_ended", m.at_end}};
}

int run_check_pipeline(const CheckPipelineOptions& o) {
  ptx::Module m = ptx::read_module(o.file);
  simt::Launch launch = launch_for(m, read_launch_file(o.launch, o.limits.max_launch_bytes), o.kernel);
  const std::string kernel = launch.kernel;
  const uint32_t grid[3] = {launch.grid[0], launch.grid[1], launch.grid[2]};
  const uint32_t block[3] = {launch.block[0], launch.block[1], launch.block[2]};
  simt::EmulatorOptions eo = o.limits;
  eo.max_steps = o.max_steps;
  PipelineRun run = run_pipeline_check(m, std::move(launch), eo, o.max_events);
  const PipelineReport& rep = run.report;
  std::vector<RingGroup> groups = group_rings(rep.rings);
  const int exit_code = rep.mismatch ? kExitCheckFailed : kExitOk;
  const PipelineRing* mismatch_ring = nullptr;
  if (rep.mismatch)
    for (const PipelineRing& r : rep.rings)
      if (r.block == rep.mismatch->block && r.slots.size() > rep.mismatch->slot &&
          (rep.mismatch->barrier == "full" ? r.slots[rep.mismatch->slot].full
                                           : r.slots[rep.mismatch->slot].empty) == rep.mismatch->barrier_offset)
        mismatch_ring = &r;
  // The model's pipeline: the ring whose consumers multiply (wgmma).
  const RingGroup* mainloop = nullptr;
  for (const RingGroup& g : groups)
    if (!mainloop || g.wgmma > mainloop->wgmma) mainloop = &g;

  if (o.format == "json") {
    nlohmann::json pipelines = nlohmann::json::array();
    for (const RingGroup& g : groups) {
      const PipelineRing& r = *g.ring;
      nlohmann::json blocks = nlohmann::json::array();
      for (uint64_t b : g.blocks) blocks.push_back(block_label(b, grid));
      std::vector<std::string> full, empty;
      for (const PipelineSlot& s : r.slots) {
        full.push_back(fmt::format("0x{:x}", s.full));
        empty.push_back(s.empty == PipelineSlot::kNoBarrier ? "none" : fmt::format("0x{:x}", s.empty));
      }
      pipelines.push_back({{"blocks", blocks},
                           {"stages", r.depth()},
                           {"stages_filled", r.depth() - r.unused_slots},
                           {"mainloop", &g == mainloop},
                           {"full_barriers", full},
                           {"empty_barriers", empty},
                           {"full_arrivals", r.full_arrivals},
                           {"empty_arrivals", r.empty_arrivals},
                           {"load_bytes", r.load_bytes},
                           {"producer_warps", r.producer_warps},
                           {"consumer_warps", r.consumer_warps},
                           {"consumer_warp_groups", r.consumer_groups()},
                           {"schedule", r.schedule},
                           {"loads", g.loads},
                           {"multiplies", g.multiplies},
                           {"releases", g.releases},
                           {"wgmma", g.wgmma},
                           {"tiles", g.tiles},
                           {"k_iterations_per_tile", g.tile_loads}});
      if (o.steps) {
        nlohmann::json per_block = nlohmann::json::array();
        for (const PipelineRing& r : rep.rings)
          if (signature(r) == signature(*g.ring)) per_block.push_back(steps_json(m, r, grid));
        pipelines.back()["steps"] = per_block;
      }
    }
    nlohmann::json j = {{"kernel", kernel},
                        {"grid", {grid[0], grid[1], grid[2]}},
                        {"block", {block[0], block[1], block[2]}},
                        {"events", rep.events},
                        {"pipelines", pipelines},
                        {"matches", rep.matches()}};
    if (mismatch_ring) j["stages"] = mismatch_ring->depth();
    else if (mainloop) j["stages"] = mainloop->ring->depth();
    if (rep.mismatch) j["mismatch"] = mismatch_json(*rep.mismatch, grid);
    if (run.stopped) j["stopped"] = run.stopped->render();
    std::cout << j.dump(2) << "\n";
    return exit_code;
  }

  fmt::print("kernel {} on grid {}x{}x{}, block {}x{}x{}: {} mbarrier and wgmma events\n", short_kernel_name(kernel),
             grid[0], grid[1], grid[2], block[0], block[1], block[2], rep.events);
  for (const RingGroup& g : groups) {
    const PipelineRing& r = *g.ring;
    fmt::print("pipeline{} in {} block{} ({}{}): D = {} stages{}\n",
               &g == mainloop && g.wgmma ? " (the model's: its consumers issue wgmma)" : "",
               g.blocks.size(), g.blocks.size() == 1 ? "" : "s", block_label(g.blocks[0], grid),
               g.blocks.size() > 1 ? ", ..." : "", r.depth(),
               r.unused_slots ? fmt::format(" ({} filled by this launch; the others initialised like them)",
                                            r.depth() - r.unused_slots)
                              : "");
    fmt::print("  full barriers  {}: {} arrival{} + {} transaction bytes per load\n", hex_list(r, true),
               r.full_arrivals, r.full_arrivals == 1 ? "" : "s", r.load_bytes);
    fmt::print("  empty barriers {}: {} arrival{} per release\n", hex_list(r, false), r.empty_arrivals,
               r.empty_arrivals == 1 ? "" : "s");
    fmt::print("  producer: warp {}\n", warp_list(r.producer_warps));
    fmt::print("  consumers: warp group{} {} (warps {}), {}\n", r.consumer_groups().size() == 1 ? "" : "s",
               warp_list(r.consumer_groups()), warp_list(r.consumer_warps), r.schedule);
    fmt::print("  {} loads, {} multiplied, {} releases, {} wgmma.mma_async by its consumers", g.loads, g.multiplies,
               g.releases, g.wgmma);
    if (g.tiles)
      fmt::print("; {} tile{} of {} k-iteration{}", g.tiles, g.tiles == 1 ? "" : "s", fmt::join(g.tile_loads, " or "),
                 g.tile_loads.size() == 1 && *g.tile_loads.begin() == 1 ? "" : "s");
    fmt::print("\n");
  }
  if (o.steps)
    for (const PipelineRing& r : rep.rings) print_steps(m, r, grid);
  if (!rep.mismatch) {
    fmt::print("pipeline matches the model (D = {}): every load, multiply and release follows equations 1-3's order\n",
               mainloop->ring->depth());
    return exit_code;
  }
  const PipelineMismatch& mm = *rep.mismatch;
  fmt::print("pipeline differs from the model (D = {}) at event {}: k = {}, slot {}, {} barrier 0x{:x} of {}\n",
             mismatch_ring ? mismatch_ring->depth() : 0, mm.event, mm.k, mm.slot, mm.barrier, mm.barrier_offset,
             block_label(mm.block, grid));
  fmt::print("  at: warp {} (warp group {}) of {}, {}\n", mm.warp, mm.warp / 4, block_label(mm.by_block, grid), mm.place);
  fmt::print("  model:  {}\n", mm.expected);
  fmt::print("  kernel: {}\n", mm.actual);
  fmt::print("  breaks: {}\n", mm.equation);
  if (run.stopped) fmt::print("then the run stopped:\n{}\n", run.stopped->render());
  return exit_code;
}

}  // namespace

void add_check_pipeline_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<CheckPipelineOptions>();
  CLI::App* sub = app.add_subcommand("check-pipeline",
                                     "recover a warp-specialized kernel's mbarrier pipeline from an emulator run and "
                                     "check it against seed 001's model for its depth");
  sub->footer(
      "Exit codes: 0 the pipeline matches the model; 1 the first event where kernel and model differ is printed (a "
      "finding about the kernel, also when it deadlocks; the deadlock report follows); 2 bad input, a kernel with no "
      "mbarrier pipeline filled by TMA loads, or a run stopped by another emulator error before any difference "
      "(docs/check-pipeline.md).");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("--launch", o->launch, "launch description (.toml): kernel, grid, block, parameters")->required();
  sub->add_option("--kernel", o->kernel, "the kernel to run, when the module has several (mangled or demangled name)");
  sub->add_option("--format", o->format, "output format")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  sub->add_option("--max-steps", o->max_steps, "stop after this many warp instructions (a runaway loop)")
      ->capture_default_str();
  sub->add_flag("--steps", o->steps,
                "also print each block's loads, multiplies (a load first waited for and got) and releases (a slot's "
                "empty barrier completing a phase) in execution order, with warp and line");
  sub->add_option("--max-events", o->max_events, "stop when the run has recorded this many mbarrier events")
      ->capture_default_str();
  add_limit_options(*sub, o->limits);
  commands.push_back({sub, [o] { return run_check_pipeline(*o); }});
}

}  // namespace warpsat::cli
