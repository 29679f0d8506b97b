#include "encodings/gemm_closed_form.h"

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

// The formula once, over any number type with +, -, * and the two operations
// below: Z3 integer terms for the proof, 128-bit integers for the encoding.
template <typename Num, typename Ops>
Num sm_formula(const Num& first, const Num& step, const Num& math, const Num& s, const Num& d, const Ops& ops) {
  Num m = ops.max(step, math);
  Num jump_gain = ops.max(ops.zero(), first + math - d * m);  // what one buffer-full jump adds over D steps
  return first + (s - ops.one()) * m + ops.floor_div(s - ops.one(), d) * jump_gain;
}

struct TermOps {
  z3::context& c;
  z3::expr zero() const { return c.int_val(0); }
  z3::expr one() const { return c.int_val(1); }
  z3::expr max(const z3::expr& a, const z3::expr& b) const { return z3::ite(a >= b, a, b); }
  z3::expr min(const z3::expr& a, const z3::expr& b) const { return z3::ite(a <= b, a, b); }
  // Z3's integer division rounds towards minus infinity for a positive divisor.
  z3::expr floor_div(const z3::expr& a, const z3::expr& b) const { return a / b; }
  z3::expr mod(const z3::expr& a, const z3::expr& b) const { return z3::mod(a, b); }
};

__extension__ typedef __int128 Wide;  // products of 64-bit values, checked before narrowing
struct WideOps {
  Wide zero() const { return 0; }
  Wide one() const { return 1; }
  Wide max(Wide a, Wide b) const { return a >= b ? a : b; }
  Wide min(Wide a, Wide b) const { return a <= b ? a : b; }
  Wide floor_div(Wide a, Wide b) const { return a / b; }  // a >= 0, b >= 1 here
  Wide mod(Wide a, Wide b) const { return a % b; }
};

int64_t narrow(Wide v) {
  if (v > INT64_MAX || v < INT64_MIN)
    throw command_line_error(
        "the predicted times overflow 64-bit integers; use a coarser time unit in the machine file or smaller matrices");
  return static_cast<int64_t>(v);
}

}  // namespace

z3::expr closed_form_sm(const z3::expr& first, const z3::expr& step, const z3::expr& math, const z3::expr& s,
                        const z3::expr& d) {
  return sm_formula(first, step, math, s, d, TermOps{first.ctx()});
}

int64_t closed_form_sm(int64_t first, int64_t step, int64_t math, int64_t s, int64_t d) {
  return narrow(sm_formula<Wide>(first, step, math, s, d, WideOps{}));
}

int64_t closed_form_sm(const Durations& t, int64_t s, int64_t d) {
  return closed_form_sm(t.load_a + t.load_b, t.load_a + t.load_b, t.math, s, d);
}

ClosedFormTerms closed_form_terms(const TileConfig& c, const Machine& m, GemmModel model) {
  if (model != GemmModel::Hopper) return closed_form_terms(durations(m, c.tile), m, model);
  HopperDurations d = hopper_durations(m, c);
  int64_t transfer = d.transfer_a + d.transfer_b;
  return {transfer + d.latency, transfer, d.math};
}

namespace {
template <typename Num, typename Ops>
Num cooperative_formula(const Num& n, const Num& ml, const Num& fill, const Num& e, const Ops& ops) {
  return n * (ml + e) - (n - ops.one()) * ops.min(fill, e);
}
template <typename Num, typename Ops>
Num pingpong_formula(const Num& n, const Num& ml, const Num& steady, const Num& e, const Ops& ops) {
  Num two = ops.one() + ops.one();
  return ml + ops.floor_div(n - ops.one(), two) * ops.max(two * steady, steady + e) +
         ops.mod(n - ops.one(), two) * steady;
}
}  // namespace

z3::expr cooperative_tiles_time(const z3::expr& n, const z3::expr& ml, const z3::expr& fill, const z3::expr& epilogue) {
  return cooperative_formula(n, ml, fill, epilogue, TermOps{n.ctx()});
}

z3::expr pingpong_mainloop_end(const z3::expr& n, const z3::expr& ml, const z3::expr& steady, const z3::expr& epilogue) {
  return pingpong_formula(n, ml, steady, epilogue, TermOps{n.ctx()});
}

int64_t data_parallel_time(MainloopSchedule schedule, int64_t n, int64_t ml, int64_t fill, int64_t epilogue) {
  if (n == 0) return 0;
  if (schedule == MainloopSchedule::Cooperative) return narrow(cooperative_formula<Wide>(n, ml, fill, epilogue, WideOps{}));
  int64_t steady = ml - std::min(fill, ml - fill);
  return narrow(pingpong_formula<Wide>(n, ml, steady, epilogue, WideOps{}) + epilogue);
}

namespace {
// The hopper model's cost (the header): one tile's mainloop of any length by
// the proven async formula, the data-parallel tiles by the formulas above,
// stream-K units piece by piece (the same pieces the simulator walks, each
// piece's mainloop in closed form), and the HBM floor.
Cost hopper_closed_form_cost(const GemmShape& shape, const TileConfig& config, const Machine& machine) {
  HopperDurations d = hopper_durations(machine, config);
  int64_t s = stage_count(shape, config.tile), w = wave_count(shape, config, machine);
  int64_t transfer = d.transfer_a + d.transfer_b, fill = transfer + d.latency;
  auto mainloop = [&](int64_t len) { return closed_form_sm(fill, transfer, d.math, len, config.stages) + d.math; };
  int64_t sm_s = closed_form_sm(fill, transfer, d.math, s, config.stages);
  int64_t ml = sm_s + d.math;
  StreamKPlan plan = stream_k_plan(shape, config, machine);
  int64_t dp = data_parallel_time(config.variant.schedule, plan.units ? plan.dp_waves : w, ml, fill, d.epilogue);
  Wide sk = 0;
  if (plan.units) {
    std::vector<Wide> ready(static_cast<size_t>(plan.sk_tiles), 0), partials(static_cast<size_t>(plan.sk_tiles), 0);
    for (int64_t u = 0; u < plan.units; ++u) {
      Wide t = 0;
      for (const StreamKPiece& p : stream_k_pieces(plan, s, u)) {
        size_t tile = static_cast<size_t>(p.tile);
        t += mainloop(p.length);
        if (p.finishes) {
          t = std::max(t, ready[tile]) + partials[tile] * d.partial + d.epilogue;
        } else {
          t += d.partial;
          ready[tile] = std::max(ready[tile], t);
          partials[tile] += 1;
        }
      }
      sk = std::max(sk, t);
    }
  }
  Wide cta = static_cast<Wide>(dp) + sk;
  Wide total = std::max(cta, static_cast<Wide>(hbm_floor(shape, machine))) + d.init;
  Wide wait = static_cast<Wide>(w) * (sm_s - static_cast<Wide>(s - 1) * d.math);
  return {narrow(total), narrow(wait)};
}
}  // namespace

ClosedFormTerms closed_form_terms(const Durations& t, const Machine& m, GemmModel model) {
  if (model == GemmModel::Async) {
    int64_t transfer = async_transfer(t, m);
    return {transfer + m.load_latency, transfer, t.math};
  }
  return {t.load_a + t.load_b, t.load_a + t.load_b, t.math};
}

Cost closed_form_cost(const GemmShape& shape, const TileConfig& config, const Machine& machine, GemmModel model) {
  if (model == GemmModel::Hopper) return hopper_closed_form_cost(shape, config, machine);
  Durations t = durations(machine, config.tile);
  ClosedFormTerms f = closed_form_terms(t, machine, model);
  int64_t s = stage_count(shape, config.tile), w = wave_count(shape, config.tile, machine);
  Wide sm = closed_form_sm(f.first, f.step, f.math, s, config.stages);
  Wide wave = sm + t.epilogue + (model == GemmModel::Async ? t.math : 0);
  Wide total = wave * w + t.init;
  Wide wait = static_cast<Wide>(w) * (sm - static_cast<Wide>(s - 1) * t.math);
  return {narrow(total), narrow(wait)};
}

}  // namespace warpsat
