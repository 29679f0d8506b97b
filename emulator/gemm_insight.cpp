#include "emulator/gemm_insight.h"

#include <algorithm>

#include "frontend/time_unit.h"

namespace warpsat {

const char* to_string(Bottleneck b) {
  switch (b) {
    case Bottleneck::Load: return "load-bound";
    case Bottleneck::Math: return "math-bound";
    case Bottleneck::Latency: return "latency-bound";
    case Bottleneck::Hbm: return "HBM-bound";
  }
  return "?";
}

namespace {
ScheduleInsight hopper_insight(const Schedule& s, const Machine& m, ScheduleInsight in) {
  const HopperTimeline& h = *s.hopper;
  int64_t transfer = h.durations.transfer_a + h.durations.transfer_b;
  double per_stage = static_cast<double>(std::max(transfer, h.durations.math));
  // Every mainloop's stages after its first at the pace of the slower chain.
  double steady = static_cast<double>(h.dp_tiles) * static_cast<double>(s.stage_count - 1) * per_stage;
  double cta = static_cast<double>(h.cta_time);
  if (h.hbm_floor >= h.cta_time) {
    in.bottleneck = Bottleneck::Hbm;
    in.bottleneck_share = 1;
  } else if (steady >= cta - steady) {
    in.bottleneck = transfer > h.durations.math ? Bottleneck::Load : Bottleneck::Math;
    in.bottleneck_share = cta > 0 ? steady / cta : 0;
  } else {
    in.bottleneck = Bottleneck::Latency;
    in.bottleneck_share = cta > 0 ? (cta - steady) / cta : 0;
  }
  int64_t size = s.config.variant.cluster.size(), slots = cluster_slots(m, s.config.variant.cluster);
  in.tiles = cluster_tiles(s.shape, s.config) * size;
  in.last_wave_tiles = in.tiles - (s.waves - 1) * slots * size;
  in.tail_occupancy = static_cast<double>(in.last_wave_tiles) / static_cast<double>(slots * size);
  return in;
}
}  // namespace

ScheduleInsight insight(const Schedule& s, const Machine& m) {
  ScheduleInsight in;
  const Durations& d = s.durations;
  if (auto unit = seconds_per_unit(m.time_unit); unit && s.total > 0) {
    double flops = 2.0 * static_cast<double>(s.shape.m) * static_cast<double>(s.shape.n) * static_cast<double>(s.shape.k);
    in.tflops = flops / (static_cast<double>(s.total) * *unit) / 1e12;
  }
  if (s.hopper) return hopper_insight(s, m, in);
  // What one stage occupies the copy path for: the whole loads in seed 001,
  // the transfers only in the async model (the latency overlaps).
  int64_t load = s.model == GemmModel::Async ? async_transfer(d, m) : d.load_a + d.load_b;
  double steady = static_cast<double>(s.stage_count - 1) * static_cast<double>(std::max(load, d.math));
  double wave = static_cast<double>(s.wave);
  double fill = wave - steady;  // the first loads, the epilogue, and any buffer-full stalls
  if (steady >= fill) {
    in.bottleneck = load >= d.math ? Bottleneck::Load : Bottleneck::Math;
    in.bottleneck_share = wave > 0 ? steady / wave : 0;
  } else {
    in.bottleneck = Bottleneck::Latency;
    in.bottleneck_share = wave > 0 ? fill / wave : 0;
  }
  const Tile& t = s.config.tile;
  in.tiles = ((s.shape.m + t.tm - 1) / t.tm) * ((s.shape.n + t.tn - 1) / t.tn);
  in.last_wave_tiles = in.tiles - (s.waves - 1) * m.sms;
  in.tail_occupancy = static_cast<double>(in.last_wave_tiles) / static_cast<double>(m.sms);
  return in;
}

}  // namespace warpsat
