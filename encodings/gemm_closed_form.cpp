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
  // Z3's integer division rounds towards minus infinity for a positive divisor.
  z3::expr floor_div(const z3::expr& a, const z3::expr& b) const { return a / b; }
};

__extension__ typedef __int128 Wide;  // products of 64-bit values, checked before narrowing
struct WideOps {
  Wide zero() const { return 0; }
  Wide one() const { return 1; }
  Wide max(Wide a, Wide b) const { return a >= b ? a : b; }
  Wide floor_div(Wide a, Wide b) const { return a / b; }  // a >= 0, b >= 1 here
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

ClosedFormTerms closed_form_terms(const Durations& t, const Machine& m, GemmModel model) {
  if (model == GemmModel::Async) {
    int64_t transfer = async_transfer(t, m);
    return {transfer + m.load_latency, transfer, t.math};
  }
  return {t.load_a + t.load_b, t.load_a + t.load_b, t.math};
}

Cost closed_form_cost(const GemmShape& shape, const TileConfig& config, const Machine& machine, GemmModel model) {
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
