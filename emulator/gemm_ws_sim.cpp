#include "emulator/gemm_ws_sim.h"

#include <algorithm>

#include <fmt/format.h>

#include "emulator/gemm_hopper_sim.h"
#include "emulator/checked_time.h"
#include "frontend/diagnostics.h"

namespace warpsat {

namespace {
using checked_time::add;
using checked_time::mul;

struct Setup {
  Durations d;
  int64_t s, w, depth;
  GemmModel model;
  int64_t latency;  // the load latency (async: paid once per load, off the copy path)
};

Setup prepare(const GemmShape& shape, const TileConfig& config, const Machine& machine, GemmModel model) {
  check_shape(shape);
  check_tile(config.tile);
  check_stages(config.stages);
  int64_t s = stage_count(shape, config.tile);
  if (s > kMaxStageCount)
    throw command_line_error(fmt::format("K/TK = {} stages exceeds the simulator's limit of {}; use a larger TK", s,
                                         kMaxStageCount));
  return {durations(machine, config.tile), s, wave_count(shape, config.tile, machine), config.stages, model,
          machine.load_latency};
}

// Equations 1-3 of seed 001 for stage i, given Sb(i-1), Sm(i-1) and Sm(i-D)
// (nullptr when i-D < 1, i.e. the buffer-full term is absent).
struct Step {
  int64_t sa, sb, sm;
};
Step step(int64_t i, const Durations& d, int64_t sb_prev, int64_t sm_prev, const int64_t* sm_minus_d) {
  int64_t released = sm_minus_d ? add(*sm_minus_d, d.math) : 0;
  int64_t sa = i == 1 ? 0 : add(sb_prev, d.load_b);
  if (i > 1 && sm_minus_d) sa = std::max(sa, released);
  int64_t sb = add(sa, d.load_a);
  if (sm_minus_d) sb = std::max(sb, released);
  int64_t sm = add(sb, d.load_b);
  if (i > 1) sm = std::max(sm, add(sm_prev, d.math));
  return {sa, sb, sm};
}

// The async model's stage i: the copy path issues A then B back to back (each
// busy for its transfer time, off the latency), once it is free and the slot
// of stage i - D has been released by that stage's multiply; both tiles land
// a latency after their transfer; MATH starts when they have landed and its
// previous multiply is done.
Step async_step(int64_t i, const Setup& st, int64_t sb_prev, int64_t sm_prev, const int64_t* sm_minus_d) {
  int64_t transfer_a = st.d.load_a - st.latency, transfer_b = st.d.load_b - st.latency;
  int64_t sa = i == 1 ? 0 : add(sb_prev, transfer_b);
  if (sm_minus_d) sa = std::max(sa, add(*sm_minus_d, st.d.math));
  int64_t sb = add(sa, transfer_a);
  int64_t sm = add(add(sb, transfer_b), st.latency);  // B lands last: it is issued last
  if (i > 1) sm = std::max(sm, add(sm_prev, st.d.math));
  return {sa, sb, sm};
}

Step model_step(int64_t i, const Setup& st, int64_t sb_prev, int64_t sm_prev, const int64_t* sm_minus_d) {
  return st.model == GemmModel::Async ? async_step(i, st, sb_prev, sm_prev, sm_minus_d)
                                      : step(i, st.d, sb_prev, sm_prev, sm_minus_d);
}

struct Finish {
  int64_t wave;
  Cost cost;
};

Finish finish(const Setup& st, int64_t sm1, int64_t sm_last) {
  // MATH waits Sm(1) for its first tiles, then Sm(i) - Sm(i-1) - T_MATH before
  // each later stage; the sum telescopes to Sm(S) - (S-1) T_MATH. (In seed
  // 001, Sm(1) = Sb(1) + T_LOAD_B, the seed's first term.)
  int64_t per_wave = add(sm1, add(sm_last - sm1, -mul(st.s - 1, st.d.math)));
  int64_t wave = add(sm_last, st.d.epilogue);
  if (st.model == GemmModel::Async) wave = add(wave, st.d.math);  // the last multiply ends the wave
  return {wave, {add(mul(wave, st.w), st.d.init), mul(st.w, per_wave)}};
}
}  // namespace

Schedule simulate(const GemmShape& shape, const TileConfig& config, const Machine& machine, GemmModel model) {
  if (model == GemmModel::Hopper) return simulate_hopper(shape, config, machine);
  if (config.is_sm90())
    throw command_line_error(fmt::format("the {} model has one producer and one consumer; sm90 kernels (cluster {}, "
                                         "{}) need the hopper model",
                                         to_string(model), to_string(config.variant.cluster),
                                         to_string(config.variant.schedule)));
  Setup st = prepare(shape, config, machine, model);
  Schedule out{model, shape, config, st.d, st.s, st.w, {}, 0, 0, 0};
  out.events.reserve(static_cast<size_t>(st.s));
  for (int64_t i = 1; i <= st.s; ++i) {
    const StageEvents* prev = i > 1 ? &out.events.back() : nullptr;
    const int64_t* sm_minus_d = i - st.depth >= 1 ? &out.events[static_cast<size_t>(i - st.depth - 1)].sm : nullptr;
    Step e = model_step(i, st, prev ? prev->sb : 0, prev ? prev->sm : 0, sm_minus_d);
    out.events.push_back({i, e.sa, e.sb, e.sm});
  }
  Finish f = finish(st, out.events.front().sm, out.events.back().sm);
  out.wave = f.wave;
  out.total = f.cost.total;
  out.wait = f.cost.wait;
  return out;
}

Cost evaluate(const GemmShape& shape, const TileConfig& config, const Machine& machine,
              std::vector<int64_t>& sm_ring, GemmModel model) {
  if (model == GemmModel::Hopper || config.is_sm90()) {
    Schedule s = simulate(shape, config, machine, model);
    return {s.total, s.wait};
  }
  Setup st = prepare(shape, config, machine, model);
  // sm_ring[i mod D] holds Sm(i) for the last D stages.
  sm_ring.assign(static_cast<size_t>(st.depth), 0);
  int64_t sb_prev = 0, sm_prev = 0, sm1 = 0;
  for (int64_t i = 1; i <= st.s; ++i) {
    int64_t& slot = sm_ring[static_cast<size_t>(i % st.depth)];  // holds Sm(i-D) until overwritten
    Step e = model_step(i, st, sb_prev, sm_prev, i - st.depth >= 1 ? &slot : nullptr);
    slot = e.sm;
    sb_prev = e.sb;
    sm_prev = e.sm;
    if (i == 1) sm1 = e.sm;
  }
  return finish(st, sm1, sm_prev).cost;
}

}  // namespace warpsat
