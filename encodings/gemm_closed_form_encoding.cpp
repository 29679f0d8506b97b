// The default tiling encoding: every configuration's cost from the proven
// closed form (gemm_closed_form.h), stated to Z3 as propositional clauses.
//
// The closed form gives every cost before Z3 is asked anything, so the
// encoding is built around the best configuration found that way (the
// incumbent, value B of the primary objective):
//  - the primary objective is in order encoding on Booleans "objective >= v",
//    exact for every attained value v <= B, plus one literal for ">= B + 1";
//  - each TM candidate, and each (TM, TN) pair, implies the least cost among
//    its configurations; a group whose least cost exceeds B is closed by that
//    one clause, and only configurations in the other groups get clauses of
//    their own (their exact cost, or ">= B + 1");
//  - the secondary objective (wait, under lex) is exact for the
//    configurations with total <= B, the only ones a lex query can reach.
// Every configuration is thereby bounded below, exactly where it could tie
// or beat B. Z3 then proves "objective < B" unsat (by unit propagation: every
// TM literal falls) and enumerates "objective = B". docs/encodings.md.
#include <algorithm>
#include <numeric>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "encodings/gemm_closed_form.h"
#include "encodings/gemm_ws_encoding.h"
#include "encodings/smt_helpers.h"
#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

// Depths [lo, hi] of one tile with one cost (the jump term of the closed form
// vanishes once first + X <= D M: for seed 001 from D = 2 on, for async once
// D covers the latency).
struct Run {
  int64_t lo = 0, hi = 0;
  Cost cost;
};

struct TileCosts {
  int64_t shallowest = 0;  // the space's shallowest depth for this tile and variant
  int64_t deepest = 0;     // deepest fitting depth within the space; < shallowest: excluded
  std::vector<Run> runs;   // empty when excluded
};

// "objective >= v" on fresh Booleans for the values in `values` (sorted,
// distinct), chained downwards. With `bucket_last`, the last value stands for
// everything at or above it, and nothing can be said beyond it; otherwise
// the values are all the configurations the encoding states this objective
// for, and "objective < v" past the last is true of each of them.
class OrderEncoding {
 public:
  OrderEncoding(z3::context& c, const char* name, std::vector<int64_t> values, bool bucket_last, z3::expr_vector& cs)
      : values_(std::move(values)), bucket_last_(bucket_last) {
    for (int64_t v : values_) {
      at_least_.push_back(c.bool_const(fmt::format("{}_ge_{}", name, v).c_str()));
      if (at_least_.size() > 1) cs.push_back(z3::implies(at_least_.back(), at_least_[at_least_.size() - 2]));
    }
  }
  // The literal implied by a cost v: "objective >= the largest listed value <= v".
  std::optional<z3::expr> implied_by(int64_t v) const {
    size_t j = static_cast<size_t>(std::upper_bound(values_.begin(), values_.end(), v) - values_.begin());
    if (j <= 1) return std::nullopt;  // the least value holds anyway
    return at_least_[j - 1];
  }
  // "objective < v", exact for v up to the last listed value.
  z3::expr less_than(z3::context& c, int64_t v) const {
    if (bucket_last_ && v > values_.back())
      throw std::logic_error(fmt::format("the closed-form encoding states no bound at {}", v));
    size_t j = static_cast<size_t>(std::lower_bound(values_.begin(), values_.end(), v) - values_.begin());
    if (j == 0 || values_.empty()) return c.bool_val(j != 0);  // nothing is below the least value
    return j == values_.size() ? c.bool_val(true) : !at_least_[j];
  }

 private:
  std::vector<int64_t> values_;
  bool bucket_last_ = false;
  std::vector<z3::expr> at_least_;
};

class ClosedFormEncoder {
 public:
  ClosedFormEncoder(z3::context& c, const GemmShape& shape, const Machine& m, const SearchSpace& sp, Objective o,
                    GemmModel model)
      : c_(c), shape_(shape), m_(m), sp_(sp), objective_(o), model_(model), cs_(c), choices_(c), hint_(c) {}

  GemmWsTerms encode() {
    evaluate_space();
    choose("tm", sp_.tm, tm_sel_, not_tm_);
    choose("tn", sp_.tn, tn_sel_, not_tn_);
    choose("tk", sp_.tk, tk_sel_, not_tk_);
    std::vector<int64_t> variant_ids(sp_.variant_count());
    std::iota(variant_ids.begin(), variant_ids.end(), int64_t{0});
    choose("variant", variant_ids, var_sel_, not_var_);
    encode_depth();
    // The encoding is purely propositional, and stays so: no integer term is
    // ever made in this context (Z3's arithmetic, once used, takes some 30 ms
    // to tear down with the context, longer than the whole query). The
    // objectives are opaque handles `less_than` recognises; configurations are
    // read through `read` and blocked through `selects`, never arithmetically.
    z3::expr total = c_.bool_const("objective_total"), wait = c_.bool_const("objective_wait");
    if (incumbent_) encode_costs();
    else cs_.push_back(c_.bool_val(false));  // nothing fits: the space is empty
    z3::expr none = c_.bool_val(false);  // tm, tn, tk, stages, waves: not terms here
    GemmWsTerms terms{none, none, none, none, total, wait, none, cs_, choices_, hint_};
    terms.read = reader();
    terms.selects = selector();
    unsigned total_id = total.id();
    terms.less_than = [this_primary = primary_, this_secondary = secondary_, total_id, objective = objective_,
                       &ctx = c_](const z3::expr& obj, int64_t v) {
      bool is_primary = (obj.id() == total_id) == (objective != Objective::Wait);
      const std::optional<OrderEncoding>& e = is_primary ? this_primary : this_secondary;
      if (!e) throw std::logic_error("the closed-form encoding has no order encoding for this objective");
      return e->less_than(ctx, v);
    };
    return terms;
  }

 private:
  int64_t primary(const Cost& c) const { return primary_value(objective_, c); }

  // One Boolean per candidate, exactly one true.
  void choose(const char* name, const std::vector<int64_t>& values, std::vector<z3::expr>& sel,
              std::vector<z3::expr>& negated) {
    z3::expr_vector all(c_);
    for (int64_t v : values) {
      sel.push_back(c_.bool_const(fmt::format("{}_is_{}", name, v).c_str()));
      negated.push_back(!sel.back());
      all.push_back(sel.back());
      choices_.push_back(sel.back());
    }
    cs_.push_back(z3::mk_or(all));
    if (all.size() > 1) cs_.push_back(z3::atmost(all, 1));
  }

  // D in order encoding: depth_ge_[v] is "D >= v" for v in (min, max]
  // (the range every tile's depths lie in).
  void encode_depth() {
    for (int64_t v = min_depth_ + 1; v <= max_depth_; ++v) {
      depth_ge_.push_back(c_.bool_const(fmt::format("stages_ge_{}", v).c_str()));
      choices_.push_back(depth_ge_.back());
      if (depth_ge_.size() > 1) cs_.push_back(z3::implies(depth_ge_.back(), depth_ge_[depth_ge_.size() - 2]));
    }
  }
  const z3::expr& at_least_depth(int64_t v) const { return depth_ge_[static_cast<size_t>(v - min_depth_ - 1)]; }

  size_t variants() const { return sp_.variant_count(); }
  size_t index(size_t a, size_t b, size_t k, size_t v) const {
    return ((a * sp_.tn.size() + b) * sp_.tk.size() + k) * variants() + v;
  }

  // Every configuration's cost by the closed form, and the incumbent.
  void evaluate_space() {
    tiles_.resize(sp_.tm.size() * sp_.tn.size() * sp_.tk.size() * variants());
    min_depth_ = INT64_MAX;
    max_depth_ = INT64_MIN;
    for (size_t a = 0; a < sp_.tm.size(); ++a)
      for (size_t b = 0; b < sp_.tn.size(); ++b)
        for (size_t k = 0; k < sp_.tk.size(); ++k)
          for (size_t v = 0; v < variants(); ++v) {
            Tile t{sp_.tm[a], sp_.tn[b], sp_.tk[k]};
            const KernelVariant& variant = sp_.variant(v);
            TileCosts& tc = tiles_[index(a, b, k, v)];
            auto [first_depth, last_depth] = depth_range(sp_, t, variant, m_);
            min_depth_ = std::min(min_depth_, first_depth);
            max_depth_ = std::max(max_depth_, last_depth);
            tc.shallowest = first_depth;
            tc.deepest = std::min(last_depth, deepest_fitting_stages(TileConfig{t, first_depth, variant}, m_));
            if (tc.deepest < tc.shallowest) continue;
            ClosedFormTerms f = closed_form_terms(TileConfig{t, first_depth, variant}, m_, model_);
            // Durations are below 2^51 and depths below 2^11: no overflow here.
            int64_t mx = std::max(f.step, f.math);
            for (int64_t lo = first_depth; lo <= tc.deepest;) {
              int64_t hi = f.first + f.math <= lo * mx ? tc.deepest : lo;
              TileConfig config{t, lo, variant};  // the shallowest depth of a run is its preferred one
              Cost cost = closed_form_cost(shape_, config, m_, model_);
              tc.runs.push_back({lo, hi, cost});
              if (!incumbent_ || preferred(objective_, cost, config, incumbent_->second, incumbent_->first, m_)) {
                incumbent_ = {config, cost};
                incumbent_index_ = {a, b, k, v};
              }
              lo = hi + 1;
            }
          }
    // Under CUTLASS's carve-out every tile has its own single depth: no
    // depth to choose, so no depth literals (the reader recomputes it).
    if (sp_.auto_stages) min_depth_ = max_depth_ = 0;
  }

  void encode_costs() {
    const int64_t bound = primary(incumbent_->second);
    std::vector<int64_t> primary_values{bound + 1}, secondary_values;
    bool lex = objective_ == Objective::Lex;
    for (const TileCosts& tc : tiles_)
      for (const Run& r : tc.runs)
        if (primary(r.cost) <= bound) {
          primary_values.push_back(primary(r.cost));
          if (lex) secondary_values.push_back(r.cost.wait);
        }
    auto distinct = [](std::vector<int64_t>& v) {
      std::sort(v.begin(), v.end());
      v.erase(std::unique(v.begin(), v.end()), v.end());
    };
    distinct(primary_values);
    distinct(secondary_values);
    primary_.emplace(c_, objective_ == Objective::Wait ? "wait" : "total", primary_values, true, cs_);
    if (lex) secondary_.emplace(c_, "wait", secondary_values, false, cs_);

    for (size_t a = 0; a < sp_.tm.size(); ++a) {
      std::optional<int64_t> least_a = least_primary(a, std::nullopt);
      if (!least_a) {
        clause({not_tm_[a]}, std::nullopt);  // no tile with this TM fits
        continue;
      }
      imply_primary({not_tm_[a]}, *least_a);
      if (*least_a > bound) continue;  // closed: this TM never ties or beats B
      for (size_t b = 0; b < sp_.tn.size(); ++b) {
        std::optional<int64_t> least_ab = least_primary(a, b);
        if (!least_ab) {
          clause({not_tm_[a], not_tn_[b]}, std::nullopt);
          continue;
        }
        imply_primary({not_tm_[a], not_tn_[b]}, *least_ab);
        if (*least_ab > bound) continue;
        for (size_t k = 0; k < sp_.tk.size(); ++k)
          for (size_t v = 0; v < variants(); ++v) encode_tile(a, b, k, v, bound);
      }
    }
    z3::expr_vector h = depth_literals(incumbent_->first.stages);
    h.push_back(tm_sel_[incumbent_index_[0]]);
    h.push_back(tn_sel_[incumbent_index_[1]]);
    h.push_back(tk_sel_[incumbent_index_[2]]);
    h.push_back(var_sel_[incumbent_index_[3]]);
    hint_ = h;
  }

  // The least primary cost over TM a (and TN b when given), or nothing when no tile fits.
  std::optional<int64_t> least_primary(size_t a, std::optional<size_t> b) const {
    std::optional<int64_t> least;
    for (size_t bb = b.value_or(0); bb < (b ? *b + 1 : sp_.tn.size()); ++bb)
      for (size_t k = 0; k < sp_.tk.size(); ++k)
        for (size_t v = 0; v < variants(); ++v)
          for (const Run& r : tiles_[index(a, bb, k, v)].runs)
            least = std::min(least.value_or(INT64_MAX), primary(r.cost));
    return least;
  }

  void encode_tile(size_t a, size_t b, size_t k, size_t v, int64_t bound) {
    const TileCosts& tc = tiles_[index(a, b, k, v)];
    std::vector<z3::expr> tile{not_tm_[a], not_tn_[b], not_tk_[k], not_var_[v]};
    if (tc.runs.empty()) return clause(tile, std::nullopt);
    bool choose_depth = !sp_.auto_stages;
    if (choose_depth && tc.shallowest > min_depth_) clause(tile, at_least_depth(tc.shallowest));
    if (choose_depth && tc.deepest < max_depth_) clause(tile, !at_least_depth(tc.deepest + 1));
    for (const Run& r : tc.runs) {
      std::vector<z3::expr> when = tile;
      if (choose_depth && r.lo > min_depth_) when.push_back(!at_least_depth(r.lo));
      if (choose_depth && r.hi < max_depth_) when.push_back(at_least_depth(r.hi + 1));
      imply_primary(when, primary(r.cost));
      if (secondary_ && primary(r.cost) <= bound)
        if (auto lit = secondary_->implied_by(r.cost.wait)) clause(when, *lit);
    }
  }

  void imply_primary(const std::vector<z3::expr>& negated_premises, int64_t v) {
    if (auto lit = primary_->implied_by(v)) clause(negated_premises, *lit);
  }

  // premises -> conclusion as one flat clause (premises given negated).
  void clause(const std::vector<z3::expr>& negated_premises, const std::optional<z3::expr>& conclusion) {
    z3::expr_vector lits(c_);
    for (const z3::expr& p : negated_premises) lits.push_back(p);
    if (conclusion) lits.push_back(*conclusion);
    cs_.push_back(z3::mk_or(lits));
  }

  z3::expr_vector depth_literals(int64_t d) {
    z3::expr_vector lits(c_);
    if (sp_.auto_stages) return lits;
    if (d > min_depth_) lits.push_back(at_least_depth(d));
    if (d < max_depth_) lits.push_back(!at_least_depth(d + 1));
    return lits;
  }

  std::function<ModelReading(const z3::model&)> reader() const {
    return [shape = shape_, m = m_, sp = sp_, tms = tm_sel_, tns = tn_sel_, tks = tk_sel_, vars = var_sel_,
            depth = depth_ge_, min_depth = min_depth_, pipeline = model_](const z3::model& model) {
      auto chosen_index = [&](const std::vector<z3::expr>& sel) {
        for (size_t i = 0; i < sel.size(); ++i)
          if (model.eval(sel[i], true).is_true()) return i;
        throw std::runtime_error("a model of the closed-form encoding chose no candidate");
      };
      TileConfig c{{sp.tm[chosen_index(tms)], sp.tn[chosen_index(tns)], sp.tk[chosen_index(tks)]}, min_depth,
                   sp.variant(chosen_index(vars))};
      for (const z3::expr& ge : depth) c.stages += model.eval(ge, true).is_true() ? 1 : 0;
      if (sp.auto_stages) c.stages = depth_range(sp, c.tile, c.variant, m).first;
      return ModelReading{c, closed_form_cost(shape, c, m, pipeline), wave_count(shape, c, m)};
    };
  }

  std::function<z3::expr(const TileConfig&)> selector() {
    return [this_tm = tm_sel_, this_tn = tn_sel_, this_tk = tk_sel_, vars = var_sel_, sp = sp_, depth = depth_ge_,
            min_depth = min_depth_, max_depth = max_depth_](const TileConfig& c) {
      auto index = [](const std::vector<int64_t>& v, int64_t x) {
        return static_cast<size_t>(std::lower_bound(v.begin(), v.end(), x) - v.begin());
      };
      z3::expr_vector lits(this_tm.front().ctx());
      lits.push_back(this_tm[index(sp.tm, c.tile.tm)]);
      lits.push_back(this_tn[index(sp.tn, c.tile.tn)]);
      lits.push_back(this_tk[index(sp.tk, c.tile.tk)]);
      size_t v = 0;
      while (v + 1 < sp.variant_count() && !(sp.variant(v) == c.variant)) ++v;
      lits.push_back(vars[v]);
      if (!sp.auto_stages && c.stages > min_depth) lits.push_back(depth[static_cast<size_t>(c.stages - min_depth - 1)]);
      if (!sp.auto_stages && c.stages < max_depth) lits.push_back(!depth[static_cast<size_t>(c.stages - min_depth)]);
      return z3::mk_and(lits);
    };
  }

  z3::context& c_;
  const GemmShape& shape_;
  const Machine& m_;
  const SearchSpace& sp_;
  Objective objective_;
  GemmModel model_;
  z3::expr_vector cs_, choices_, hint_;
  std::vector<z3::expr> tm_sel_, tn_sel_, tk_sel_, var_sel_, depth_ge_;
  std::vector<z3::expr> not_tm_, not_tn_, not_tk_, not_var_;  // built once: every clause uses them
  std::vector<TileCosts> tiles_;
  int64_t min_depth_ = 2, max_depth_ = 2;  // the depths any tile of the space may take
  std::optional<std::pair<TileConfig, Cost>> incumbent_;
  std::array<size_t, 4> incumbent_index_{};
  std::optional<OrderEncoding> primary_, secondary_;
};

}  // namespace

GemmWsTerms encode_gemm_ws_closed_form(z3::context& ctx, const GemmShape& shape, const Machine& machine,
                                       const SearchSpace& space, Objective objective, GemmModel model) {
  // Each tile holds its cost runs in memory (about 100 bytes): 2^21 tiles stay near 200 MB.
  constexpr size_t kMaxTiles = size_t{1} << 21;
  size_t tiles = space.tm.size() * space.tn.size() * space.tk.size() * space.variant_count();
  if (tiles > kMaxTiles)
    throw command_line_error(fmt::format(
        "the search space has {} tiles (TM x TN x TK candidates{}); the closed-form encoding takes at most {}; "
        "narrow the candidate lists",
        tiles, space.variants.empty() ? "" : " x kernel variants", kMaxTiles));
  return ClosedFormEncoder(ctx, shape, machine, space, objective, model).encode();
}

}  // namespace warpsat
