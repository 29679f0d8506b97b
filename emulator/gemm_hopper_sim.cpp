#include "emulator/gemm_hopper_sim.h"

#include <algorithm>

#include <fmt/format.h>

#include "emulator/checked_time.h"
#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

using checked_time::add;
using checked_time::mul;

// One tile's mainloop, stage by stage (the async equations with Hopper's
// transfers): the producer issues A then B once it is free and stage i - D's
// multiply has released the slot; both land λ after their transfer; the
// multiply starts when they have and the previous one is done.
std::vector<StageEvents> mainloop_events(const HopperDurations& d, int64_t stages, int64_t depth) {
  std::vector<StageEvents> ev;
  ev.reserve(static_cast<size_t>(stages));
  for (int64_t i = 1; i <= stages; ++i) {
    int64_t ia = i == 1 ? 0 : add(ev.back().sb, d.transfer_b);
    if (i - depth >= 1) ia = std::max(ia, add(ev[static_cast<size_t>(i - depth - 1)].sm, d.math));
    int64_t ib = add(ia, d.transfer_a);
    int64_t sm = add(add(ib, d.transfer_b), d.latency);
    if (i > 1) sm = std::max(sm, add(ev.back().sm, d.math));
    ev.push_back({i, ia, ib, sm});
  }
  return ev;
}

// A CTA's data-parallel tiles one after the other. Cooperative: both
// consumer warp groups run the epilogue E after each mainloop, while the
// producer already loads the next tile, so the next mainloop starts
// max(E, F) after the last ended and its data-landed part takes ML - F.
// Ping-pong: mainloops alternate between the two warp groups back to back
// (the next one's fill, up to min(F, ML - F), loaded during the last), and
// a warp group starts its next mainloop only once its own epilogue, two
// tiles back, has ended.
std::vector<int64_t> data_parallel_ends(const HopperTimeline& h, MainloopSchedule schedule, int64_t tiles) {
  std::vector<int64_t> mainloop_end, ends;
  int64_t ml = h.mainloop, f = h.fill, e = h.durations.epilogue;
  for (int64_t j = 1; j <= tiles; ++j) {
    int64_t end;
    if (schedule == MainloopSchedule::Cooperative) {
      end = j == 1 ? ml : add(add(mainloop_end.back(), std::max(e, f)), ml - f);
    } else {
      int64_t steady = ml - std::min(f, ml - f);
      if (j == 1) {
        end = ml;
      } else {
        int64_t start = mainloop_end.back();
        if (j >= 3) start = std::max(start, ends[static_cast<size_t>(j - 3)]);  // this warp group's last epilogue
        end = add(start, steady);
      }
    }
    mainloop_end.push_back(end);
    ends.push_back(add(end, e));
  }
  return ends;
}

// Every stream-K unit piece by piece: each piece a mainloop of its own
// (fill included); a piece that does not finish its tile stores its fp32
// partial (Ψ); the finisher waits for the other units' partials, reads
// them (Φ each) and runs the epilogue. A tile's other contributors hold its
// earlier k-blocks, so they are units with lower indices: one pass in order.
int64_t stream_k_time(const HopperTimeline& h, const std::vector<StageEvents>& ev, int64_t stages) {
  const StreamKPlan& p = h.stream_k;
  std::vector<int64_t> partial_ready(static_cast<size_t>(p.sk_tiles), 0), partials(static_cast<size_t>(p.sk_tiles), 0);
  int64_t slowest = 0;
  for (int64_t u = 0; u < p.units; ++u) {
    int64_t t = 0;
    for (const StreamKPiece& piece : stream_k_pieces(p, stages, u)) {
      t = add(t, add(ev[static_cast<size_t>(piece.length - 1)].sm, h.durations.math));
      size_t tile = static_cast<size_t>(piece.tile);
      if (piece.finishes) {
        t = add(add(std::max(t, partial_ready[tile]), mul(partials[tile], h.durations.partial)), h.durations.epilogue);
      } else {
        t = add(t, h.durations.partial);
        partial_ready[tile] = std::max(partial_ready[tile], t);
        ++partials[tile];
      }
    }
    slowest = std::max(slowest, t);
  }
  return slowest;
}

}  // namespace

Schedule simulate_hopper(const GemmShape& shape, const TileConfig& config, const Machine& machine) {
  check_shape(shape);
  check_tile(config.tile);
  check_stages(config.stages);
  if (!config.is_sm90())
    throw command_line_error("the hopper model simulates CUTLASS's sm90 kernels: give a cluster, schedule and tile "
                             "scheduler (--target sm90)");
  int64_t s = stage_count(shape, config.tile);
  if (s > kMaxStageCount)
    throw command_line_error(fmt::format("K/TK = {} stages exceeds the simulator's limit of {}; use a larger TK", s,
                                         kMaxStageCount));
  Schedule out;
  out.model = GemmModel::Hopper;
  out.shape = shape;
  out.config = config;
  out.stage_count = s;
  out.waves = wave_count(shape, config, machine);
  HopperTimeline h;
  h.durations = hopper_durations(machine, config);
  const HopperDurations& d = h.durations;
  out.durations = {d.math, add(d.transfer_a, d.latency), add(d.transfer_b, d.latency), d.init, d.epilogue};
  out.events = mainloop_events(d, s, config.stages);
  h.fill = out.events.front().sm;
  h.mainloop = add(out.events.back().sm, d.math);
  h.stream_k = stream_k_plan(shape, config, machine);
  h.dp_tiles = h.stream_k.units ? h.stream_k.dp_waves : out.waves;
  h.tile_ends = data_parallel_ends(h, config.variant.schedule, h.dp_tiles);
  h.dp_time = h.tile_ends.empty() ? 0 : h.tile_ends.back();
  h.stream_k_time = h.stream_k.units ? stream_k_time(h, out.events, s) : 0;
  h.cta_time = add(h.dp_time, h.stream_k_time);
  h.hbm_floor = hbm_floor(shape, machine);
  out.wave = h.mainloop + d.epilogue;
  out.total = add(std::max(h.cta_time, h.hbm_floor), d.init);
  // MATH's wait in one mainloop (as async), times the waves.
  out.wait = mul(out.waves, add(out.events.back().sm, -mul(s - 1, d.math)));
  out.hopper = std::move(h);
  return out;
}

const char* to_string(PipelineEvent e) {
  switch (e) {
    case PipelineEvent::LoadIssued: return "load issued";
    case PipelineEvent::LoadLanded: return "load landed";
    case PipelineEvent::MultiplyStarted: return "multiply started";
    case PipelineEvent::SlotReleased: return "slot released";
  }
  return "?";
}

std::vector<PipelineEdge> pipeline_edges(int64_t stages, int64_t depth) {
  using E = PipelineEvent;
  std::vector<PipelineEdge> edges;
  for (int64_t k = 1; k <= stages; ++k) {
    if (k - depth >= 1) edges.push_back({{E::SlotReleased, k - depth}, {E::LoadIssued, k}});
    edges.push_back({{E::LoadIssued, k}, {E::LoadLanded, k}});
    edges.push_back({{E::LoadLanded, k}, {E::MultiplyStarted, k}});
    edges.push_back({{E::MultiplyStarted, k}, {E::SlotReleased, k}});
  }
  return edges;
}

std::optional<PipelineEdge> first_broken_edge(const std::vector<ObservedStage>& stages, int64_t depth) {
  auto time = [&](const PipelineStep& p) {
    const ObservedStage& o = stages[static_cast<size_t>(p.stage - 1)];
    switch (p.event) {
      case PipelineEvent::LoadIssued: return o.load_issued;
      case PipelineEvent::LoadLanded: return o.load_landed;
      case PipelineEvent::MultiplyStarted: return o.multiply_started;
      case PipelineEvent::SlotReleased: return o.slot_released;
    }
    return int64_t{0};
  };
  std::optional<PipelineEdge> first;
  for (const PipelineEdge& e : pipeline_edges(static_cast<int64_t>(stages.size()), depth))
    if (time(e.after) < time(e.before) && (!first || time(e.after) < time(first->after))) first = e;
  return first;
}

std::vector<ObservedStage> observed_mainloop(const Schedule& s) {
  const HopperDurations& d = s.hopper->durations;
  std::vector<ObservedStage> out;
  for (const StageEvents& e : s.events)
    out.push_back({e.sa, add(add(e.sb, d.transfer_b), d.latency), e.sm, add(e.sm, d.math)});
  return out;
}

}  // namespace warpsat
