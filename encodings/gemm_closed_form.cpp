#include "encodings/gemm_closed_form.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "encodings/gemm_ws_encoding.h"
#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

// The formula once, over any number type with +, -, * and the two operations
// below: Z3 integer terms for the proof, 128-bit integers for the encoding.
template <typename Num, typename Ops>
Num sm_formula(const Num& load_a, const Num& load_b, const Num& math, const Num& s, const Num& d, const Ops& ops) {
  Num l = load_a + load_b;
  Num m = ops.max(l, math);
  Num jump_gain = ops.max(ops.zero(), l + math - d * m);  // what one buffer-full jump adds over D steps
  return l + (s - ops.one()) * m + ops.floor_div(s - ops.one(), d) * jump_gain;
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

z3::expr closed_form_sm(const z3::expr& load_a, const z3::expr& load_b, const z3::expr& math, const z3::expr& s,
                        const z3::expr& d) {
  return sm_formula(load_a, load_b, math, s, d, TermOps{load_a.ctx()});
}

int64_t closed_form_sm(const Durations& t, int64_t s, int64_t d) {
  return narrow(sm_formula<Wide>(t.load_a, t.load_b, t.math, s, d, WideOps{}));
}

Cost closed_form_cost(const GemmShape& shape, const TileConfig& config, const Machine& machine) {
  Durations t = durations(machine, config.tile);
  int64_t s = stage_count(shape, config.tile), w = wave_count(shape, config.tile, machine);
  Wide sm = closed_form_sm(t, s, config.stages);
  Wide total = (sm + t.epilogue) * w + t.init;
  Wide wait = static_cast<Wide>(w) * (sm - static_cast<Wide>(s - 1) * t.math);
  return {narrow(total), narrow(wait)};
}

}  // namespace warpsat

// ---------------------------------------------------------------------------
// The closed-form encoding of the tiling space.

namespace warpsat {

namespace {

class ClosedFormEncoder {
 public:
  ClosedFormEncoder(z3::context& c, const GemmShape& shape, const Machine& m, const SearchSpace& sp, Objective o)
      : c_(c), shape_(shape), m_(m), sp_(sp), objective_(o),
        cs_(c), choices_(c), hint_(c), wave_terms_(c) {}

  GemmWsTerms encode() {
    z3::expr tm = choose("tm", sp_.tm, tm_sel_), tn = choose("tn", sp_.tn, tn_sel_), tk = choose("tk", sp_.tk, tk_sel_);
    z3::expr stages = encode_depth();
    for (size_t a = 0; a < sp_.tm.size(); ++a)
      for (size_t b = 0; b < sp_.tn.size(); ++b) {
        int64_t waves = wave_count(shape_, {sp_.tm[a], sp_.tn[b], 1}, m_);
        wave_terms_.push_back(z3::ite(tm_sel_[a] && tn_sel_[b], c_.int_val(waves), c_.int_val(0)));
        for (size_t k = 0; k < sp_.tk.size(); ++k) encode_tile(a, b, k);
      }
    OrderEncoding totals = order_encoding("total", [](const Cost& c) { return c.total; });
    OrderEncoding waits = order_encoding("wait", [](const Cost& c) { return c.wait; });
    // total and wait are read from models as sums over the runs (exactly one
    // holds), never asserted: the solver sees only Booleans.
    z3::expr_vector total_terms(c_), wait_terms(c_);
    for (const auto& [when, cost] : runs_) {
      totals.imply_value(cs_, when, cost.total);
      waits.imply_value(cs_, when, cost.wait);
      z3::expr holds = z3::mk_and(when);
      total_terms.push_back(z3::ite(holds, c_.int_val(cost.total), c_.int_val(0)));
      wait_terms.push_back(z3::ite(holds, c_.int_val(cost.wait), c_.int_val(0)));
    }
    add_projected_bounds(totals, waits);
    z3::expr total = runs_.empty() ? c_.int_val(0) : z3::sum(total_terms);
    z3::expr wait = runs_.empty() ? c_.int_val(0) : z3::sum(wait_terms);
    GemmWsTerms terms{tm, tn, tk, stages, total, wait, z3::sum(wave_terms_), cs_, choices_, hint_};
    terms.selects = [this_tm = tm_sel_, this_tn = tn_sel_, this_tk = tk_sel_, sp = sp_, depth = depth_ge_](
                        const TileConfig& c) {
      auto index = [](const std::vector<int64_t>& v, int64_t x) {
        return static_cast<size_t>(std::lower_bound(v.begin(), v.end(), x) - v.begin());
      };
      z3::expr_vector lits(this_tm.front().ctx());
      lits.push_back(this_tm[index(sp.tm, c.tile.tm)]);
      lits.push_back(this_tn[index(sp.tn, c.tile.tn)]);
      lits.push_back(this_tk[index(sp.tk, c.tile.tk)]);
      if (c.stages > sp.min_stages) lits.push_back(depth[static_cast<size_t>(c.stages - sp.min_stages - 1)]);
      if (c.stages < sp.max_stages) lits.push_back(!depth[static_cast<size_t>(c.stages - sp.min_stages)]);
      return z3::mk_and(lits);
    };
    unsigned total_id = total.id();
    terms.less_than = [totals, waits, total_id](const z3::expr& objective, int64_t v) {
      return (objective.id() == total_id ? totals : waits).less_than(v);
    };
    return terms;
  }

 private:
  // One Boolean per candidate, exactly one true; returns the chosen value as
  // an if-then-else term for reading models and blocking configurations.
  z3::expr choose(const char* name, const std::vector<int64_t>& values, std::vector<z3::expr>& sel) {
    z3::expr_vector all(c_);
    for (int64_t v : values) {
      sel.push_back(c_.bool_const(fmt::format("{}_is_{}", name, v).c_str()));
      all.push_back(sel.back());
      choices_.push_back(sel.back());
    }
    cs_.push_back(z3::mk_or(all));
    if (all.size() > 1) cs_.push_back(z3::atmost(all, 1));
    z3::expr chosen = c_.int_val(values.back());
    for (size_t i = values.size() - 1; i-- > 0;) chosen = z3::ite(sel[i], c_.int_val(values[i]), chosen);
    return chosen;
  }

  // D in order encoding: depth_ge_[v] is "D >= v" for v in (min, max], so a
  // run of depths [lo, hi] is two literals and "D <= deepest" one.
  z3::expr encode_depth() {
    z3::expr stages = c_.int_val(sp_.min_stages);
    for (int64_t v = sp_.min_stages + 1; v <= sp_.max_stages; ++v) {
      depth_ge_.push_back(c_.bool_const(fmt::format("stages_ge_{}", v).c_str()));
      choices_.push_back(depth_ge_.back());
      if (depth_ge_.size() > 1) cs_.push_back(z3::implies(depth_ge_.back(), depth_ge_[depth_ge_.size() - 2]));
      stages = stages + z3::ite(depth_ge_.back(), c_.int_val(1), c_.int_val(0));
    }
    return stages;
  }
  // "D >= v" as a literal, or std::nullopt when it always holds (v <= min).
  std::optional<z3::expr> at_least(int64_t v) {
    if (v <= sp_.min_stages) return std::nullopt;
    return depth_ge_[static_cast<size_t>(v - sp_.min_stages - 1)];
  }
  z3::expr_vector depth_run(int64_t lo, int64_t hi) {
    z3::expr_vector lits(c_);
    if (auto ge = at_least(lo)) lits.push_back(*ge);
    if (hi < sp_.max_stages) lits.push_back(!*at_least(hi + 1));
    return lits;
  }

  // The tile's cost at every depth that fits, as runs of depths with equal
  // cost: the closed form's jump term vanishes once L + X <= D M, so past
  // that depth (D = 2 at the latest) one implication covers every depth.
  void encode_tile(size_t a, size_t b, size_t k) {
    Tile t{sp_.tm[a], sp_.tn[b], sp_.tk[k]};
    z3::expr_vector tile(c_);
    tile.push_back(tm_sel_[a]);
    tile.push_back(tn_sel_[b]);
    tile.push_back(tk_sel_[k]);
    int64_t deepest = std::min(sp_.max_stages, deepest_fitting_stages(t, m_));
    if (deepest < sp_.min_stages) {
      cs_.push_back(clause(tile, c_.bool_val(false)));
      return;
    }
    if (deepest < sp_.max_stages) cs_.push_back(clause(tile, !*at_least(deepest + 1)));
    Durations du = durations(m_, t);
    // Durations are below 2^51 and depths below 2^11, so these stay in 64 bits.
    int64_t l = du.load_a + du.load_b, x = du.math, mx = std::max(l, x);
    for (int64_t lo = sp_.min_stages; lo <= deepest;) {
      int64_t hi = l + x <= lo * mx ? deepest : lo;
      Cost cost = closed_form_cost(shape_, {t, lo}, m_);
      z3::expr_vector when = depth_run(lo, hi);
      for (const z3::expr& lit : tile) when.push_back(lit);
      runs_.push_back({when, cost});
      auto& least = least_[a * sp_.tn.size() + b];
      least = lower(least, cost);
      consider_incumbent(a, b, k, {t, lo}, cost);
      lo = hi + 1;
    }
  }

  // premises -> conclusion as one flat clause: Z3 internalises it without the
  // auxiliary variable a conjunction node would need.
  static z3::expr clause(const z3::expr_vector& premises, const z3::expr& conclusion) {
    z3::expr_vector lits(conclusion.ctx());
    for (const z3::expr& p : premises) lits.push_back(!p);
    if (!conclusion.is_false()) lits.push_back(conclusion);
    return z3::mk_or(lits);
  }

  // The objective's attained values in order encoding, on fresh Booleans
  // "objective >= v" chained downwards and implied by every configuration
  // (its own value holds, the next does not). "objective < v" is then one
  // literal, and a bound reaches every selector by unit propagation: the
  // optimality query is refuted without a decision and without the
  // arithmetic solver (bound atoms over one integer cost Z3 ~100x more).
  struct OrderEncoding {
    std::vector<int64_t> values;  // sorted, distinct
    std::vector<z3::expr> at_least;
    z3::expr less_than(int64_t v) const {
      size_t j = static_cast<size_t>(std::lower_bound(values.begin(), values.end(), v) - values.begin());
      if (j == 0) return at_least.front().ctx().bool_val(false);  // nothing is below the least value
      return j == values.size() ? at_least.front().ctx().bool_val(true) : !at_least[j];
    }
    // Only the lower bound: the chain makes "at_least[v] and not at_least[next]"
    // select exactly the configurations of value v, and models are read from
    // the sums, not from these literals, so an upper bound would be redundant.
    void imply_value(z3::expr_vector& cs, const z3::expr_vector& when, int64_t v) const {
      size_t j = static_cast<size_t>(std::lower_bound(values.begin(), values.end(), v) - values.begin());
      if (j > 0) cs.push_back(clause(when, at_least[j]));  // the least value holds anyway
    }
  };
  template <typename Value>
  OrderEncoding order_encoding(const char* name, Value value) {
    OrderEncoding e;
    for (const auto& run : runs_) e.values.push_back(value(run.second));
    std::sort(e.values.begin(), e.values.end());
    e.values.erase(std::unique(e.values.begin(), e.values.end()), e.values.end());
    for (int64_t v : e.values) {
      e.at_least.push_back(c_.bool_const(fmt::format("{}_ge_{}", name, v).c_str()));
      if (e.at_least.size() > 1) cs_.push_back(z3::implies(e.at_least.back(), e.at_least[e.at_least.size() - 2]));
    }
    return e;
  }

  // Lemmas implied by the table: a TM candidate (and a TM, TN pair) bounds the
  // objectives below by the least value among its configurations. "total <
  // optimum" then falsifies every TM selector by unit propagation, so the
  // optimality proof needs no search at all; without them Z3 refutes tile
  // conjunctions one by one (hundreds of conflicts for 7,168 configurations).
  void add_projected_bounds(const OrderEncoding& totals, const OrderEncoding& waits) {
    for (size_t a = 0; a < sp_.tm.size(); ++a) {
      std::optional<Cost> least_a;
      for (size_t b = 0; b < sp_.tn.size(); ++b) {
        const std::optional<Cost>& least_ab = least_[a * sp_.tn.size() + b];
        if (!least_ab) continue;
        z3::expr_vector pair(c_);
        pair.push_back(tm_sel_[a]);
        pair.push_back(tn_sel_[b]);
        totals.imply_value(cs_, pair, least_ab->total);
        waits.imply_value(cs_, pair, least_ab->wait);
        least_a = lower(least_a, *least_ab);
      }
      if (least_a) {
        z3::expr_vector tm(c_);
        tm.push_back(tm_sel_[a]);
        totals.imply_value(cs_, tm, least_a->total);
        waits.imply_value(cs_, tm, least_a->wait);
      }
    }
  }
  static Cost lower(const std::optional<Cost>& a, const Cost& b) {
    return a ? Cost{std::min(a->total, b.total), std::min(a->wait, b.wait)} : b;
  }

  // The best configuration seen so far, as assumption literals: the
  // optimiser's first model, so that its first "anything better?" query is
  // already the proof of optimality.
  void consider_incumbent(size_t a, size_t b, size_t k, const TileConfig& c, const Cost& cost) {
    if (best_ && !preferred(objective_, cost, c, best_->second, best_->first, m_)) return;
    best_ = {c, cost};
    z3::expr_vector h = depth_run(c.stages, c.stages);
    h.push_back(tm_sel_[a]);
    h.push_back(tn_sel_[b]);
    h.push_back(tk_sel_[k]);
    hint_ = h;
  }

  z3::context& c_;
  const GemmShape& shape_;
  const Machine& m_;
  const SearchSpace& sp_;
  Objective objective_;
  z3::expr_vector cs_, choices_, hint_, wave_terms_;
  std::vector<z3::expr> tm_sel_, tn_sel_, tk_sel_, depth_ge_;
  std::optional<std::pair<TileConfig, Cost>> best_;
  std::vector<std::optional<Cost>> least_ = std::vector<std::optional<Cost>>(sp_.tm.size() * sp_.tn.size());
  std::vector<std::pair<z3::expr_vector, Cost>> runs_;  // (configurations, their cost) per tile and depth run
};

}  // namespace

GemmWsTerms encode_gemm_ws_closed_form(z3::context& ctx, const GemmShape& shape, const Machine& machine,
                                       const SearchSpace& space, Objective objective) {
  return ClosedFormEncoder(ctx, shape, machine, space, objective).encode();
}

}  // namespace warpsat
