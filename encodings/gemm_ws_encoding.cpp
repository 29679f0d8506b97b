#include "encodings/gemm_ws_encoding.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "encodings/smt_helpers.h"
#include "frontend/diagnostics.h"

namespace warpsat {

GemmEncoding parse_gemm_encoding(const std::string& text) {
  if (text == "closed-form") return GemmEncoding::ClosedForm;
  if (text == "array") return GemmEncoding::Array;
  if (text == "bounds") return GemmEncoding::Bounds;
  throw command_line_error(fmt::format("encoding '{}' must be 'closed-form', 'bounds' or 'array'", text));
}

const char* to_string(GemmEncoding e) {
  switch (e) {
    case GemmEncoding::ClosedForm: return "closed-form";
    case GemmEncoding::Array: return "array";
    case GemmEncoding::Bounds: return "bounds";
  }
  return "?";
}

namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// What both encodings share: the tile's durations, S and W as integer
// constants defined by one implication per combination of the tile sizes they
// depend on (exact values from frontend/gemm_problem.cpp), and the objectives.
class EncoderBase {
 public:
  EncoderBase(z3::context& c, const GemmShape& shape, const Machine& m, const SearchSpace& sp)
      : c_(c), shape_(shape), m_(m), sp_(sp), t_math_(c.int_const("t_math")), t_load_a_(c.int_const("t_load_a")),
        t_load_b_(c.int_const("t_load_b")), s_(c.int_const("stage_count")), w_(c.int_const("waves")),
        total_(c.int_const("total")), wait_(c.int_const("wait")), cs_(c) {
    smax_ = ceil_div(shape.k, sp.tk.front());
    if (smax_ > kMaxEncodedStages)
      throw command_line_error(fmt::format(
          "K / min(TK) = {} stages is more than the solver encodings unroll ({}); give larger --tk candidates",
          smax_, kMaxEncodedStages));
  }

  virtual ~EncoderBase() = default;

 protected:
  z3::expr val(int64_t v) { return smt::int_val(c_, v); }
  void add(const z3::expr& e) { cs_.push_back(e); }

  // `is_tm(v)` etc. are the formulas "TM = v" in the encoding's own terms.
  virtual z3::expr is_tm(int64_t v) = 0;
  virtual z3::expr is_tn(int64_t v) = 0;
  virtual z3::expr is_tk(int64_t v) = 0;
  virtual z3::expr is_depth(int64_t v) = 0;

  void define_durations() {
    for (int64_t a : sp_.tm)
      for (int64_t b : sp_.tn)
        for (int64_t k : sp_.tk)
          add(z3::implies(is_tm(a) && is_tn(b) && is_tk(k), t_math_ == val(durations(m_, {a, b, k}).math)));
    for (int64_t a : sp_.tm)
      for (int64_t k : sp_.tk)
        add(z3::implies(is_tm(a) && is_tk(k), t_load_a_ == val(durations(m_, {a, 1, k}).load_a)));
    for (int64_t k : sp_.tk)
      for (int64_t b : sp_.tn)
        add(z3::implies(is_tk(k) && is_tn(b), t_load_b_ == val(durations(m_, {1, b, k}).load_b)));
    for (int64_t k : sp_.tk) add(z3::implies(is_tk(k), s_ == val(ceil_div(shape_.k, k))));
    for (int64_t a : sp_.tm)
      for (int64_t b : sp_.tn) add(z3::implies(is_tm(a) && is_tn(b), w_ == val(wave_count(shape_, Tile{a, b, 1}, m_))));
  }

  // The machine's limits (exceeded_limit) as a bound on D per tile: shared
  // memory grows with D, registers exclude the tile at every depth.
  void limit_to_machine() {
    for (int64_t a : sp_.tm)
      for (int64_t b : sp_.tn)
        for (int64_t k : sp_.tk) {
          int64_t deepest = deepest_fitting_stages(Tile{a, b, k}, m_);
          if (deepest >= sp_.max_stages) continue;
          z3::expr is_tile = is_tm(a) && is_tn(b) && is_tk(k);
          for (int64_t d = std::max(sp_.min_stages, deepest + 1); d <= sp_.max_stages; ++d)
            add(z3::implies(is_tile, !is_depth(d)));
        }
  }

  // total = (Sm(S) + T_EPILOGUE) * W + T_INIT and wait = W * per_wave_wait.
  // W is a constant per (TM, TN), which keeps both products linear.
  void define_objectives(const z3::expr& sm_at_s, const z3::expr& per_wave_wait) {
    for (int64_t a : sp_.tm)
      for (int64_t b : sp_.tn) {
        int64_t waves = wave_count(shape_, Tile{a, b, 1}, m_);
        z3::expr is = is_tm(a) && is_tn(b);
        add(z3::implies(is, total_ == (sm_at_s + val(m_.epilogue)) * val(waves) + val(m_.init)));
        add(z3::implies(is, wait_ == val(waves) * per_wave_wait));
      }
  }

  GemmWsTerms terms(const z3::expr& tm, const z3::expr& tn, const z3::expr& tk, const z3::expr& d) {
    z3::expr_vector choices(c_);
    for (const auto& e : choices_) choices.push_back(e);
    return {tm, tn, tk, d, total_, wait_, w_, cs_, choices, z3::expr_vector(c_)};
  }

  z3::context& c_;
  const GemmShape& shape_;
  const Machine& m_;
  const SearchSpace& sp_;
  z3::expr t_math_, t_load_a_, t_load_b_, s_, w_, total_, wait_;
  z3::expr_vector cs_;
  std::vector<z3::expr> choices_;  // filled by encodings that decide with Booleans
  int64_t smax_ = 0;
};

// Seed 001's encoding: integer decision variables over the candidate sets,
// arrays for the events, equalities with max, reads at variable indices.
class ArrayEncoder : EncoderBase {
 public:
  using EncoderBase::EncoderBase;

  GemmWsTerms encode() {
    add(smt::one_of(tm_, sp_.tm));
    add(smt::one_of(tn_, sp_.tn));
    add(smt::one_of(tk_, sp_.tk));
    add(d_ >= val(sp_.min_stages) && d_ <= val(sp_.max_stages));
    limit_to_machine();
    define_durations();
    encode_events();
    return terms(tm_, tn_, tk_, d_);
  }

 private:
  z3::expr is_tm(int64_t v) override { return tm_ == val(v); }
  z3::expr is_tn(int64_t v) override { return tn_ == val(v); }
  z3::expr is_tk(int64_t v) override { return tk_ == val(v); }
  z3::expr is_depth(int64_t v) override { return d_ == val(v); }

  void encode_events() {
    z3::sort stage_array = c_.array_sort(c_.int_sort(), c_.int_sort());
    z3::expr sa = c_.constant("Sa", stage_array), sb = c_.constant("Sb", stage_array),
             sm = c_.constant("Sm", stage_array);
    auto at = [&](const z3::expr& a, int64_t i) { return z3::select(a, val(i)); };
    z3::expr wait_sum = val(0);
    for (int64_t i = 1; i <= smax_; ++i) {
      // The buffer-full term Sm(i - D) + T_MATH exists only when i - D >= 1.
      auto with_release = [&](const z3::expr& own) -> z3::expr {
        if (i - sp_.min_stages < 1) return own;
        z3::expr released = smt::max(own, z3::select(sm, val(i) - d_) + t_math_);
        if (i - sp_.max_stages >= 1) return released;
        return z3::ite(d_ <= val(i - 1), released, own);
      };
      add(at(sa, i) == (i == 1 ? val(0) : with_release(at(sb, i - 1) + t_load_b_)));  // eq. 1
      add(at(sb, i) == with_release(at(sa, i) + t_load_a_));                           // eq. 2
      add(at(sm, i) == (i == 1 ? at(sb, 1) + t_load_b_                                 // eq. 3
                               : smt::max(at(sm, i - 1) + t_math_, at(sb, i) + t_load_b_)));
      if (i >= 2) wait_sum = wait_sum + z3::ite(val(i) <= s_, at(sm, i) - at(sm, i - 1) - t_math_, val(0));
    }
    define_objectives(z3::select(sm, s_), at(sb, 1) + t_load_b_ + wait_sum);
  }

  z3::expr tm_ = c_.int_const("tm"), tn_ = c_.int_const("tn"), tk_ = c_.int_const("tk"), d_ = c_.int_const("stages");
};

// The fast encoding: Boolean selectors (exactly one per dimension) and events
// bounded below by the arguments of their max (a longest-path system).
class BoundsEncoder : EncoderBase {
 public:
  using EncoderBase::EncoderBase;

  GemmWsTerms encode() {
    auto tm = choose("tm", sp_.tm, tm_sel_), tn = choose("tn", sp_.tn, tn_sel_), tk = choose("tk", sp_.tk, tk_sel_);
    std::vector<int64_t> depths;
    for (int64_t d = sp_.min_stages; d <= sp_.max_stages; ++d) depths.push_back(d);
    auto d = choose("stages", depths, d_sel_);
    limit_to_machine();
    define_durations();
    encode_events();
    return terms(tm, tn, tk, d);
  }

 private:
  // Declares one selector per value, asserts exactly one, and returns the
  // chosen value as an if-then-else term for reading it from a model.
  z3::expr choose(const std::string& name, const std::vector<int64_t>& values, std::vector<z3::expr>& selectors) {
    z3::expr_vector any(c_);
    for (int64_t v : values) {
      selectors.push_back(c_.bool_const(fmt::format("{}_is_{}", name, v).c_str()));
      any.push_back(selectors.back());
      choices_.push_back(selectors.back());
    }
    add(z3::mk_or(any));
    for (size_t i = 0; i < selectors.size(); ++i)
      for (size_t j = i + 1; j < selectors.size(); ++j) add(!(selectors[i] && selectors[j]));
    z3::expr chosen = val(values.back());
    for (size_t i = values.size() - 1; i-- > 0;) chosen = z3::ite(selectors[i], val(values[i]), chosen);
    return chosen;
  }
  static z3::expr pick(const std::vector<int64_t>& values, const std::vector<z3::expr>& sel, int64_t v) {
    return sel[static_cast<size_t>(std::lower_bound(values.begin(), values.end(), v) - values.begin())];
  }
  z3::expr is_tm(int64_t v) override { return pick(sp_.tm, tm_sel_, v); }
  z3::expr is_tn(int64_t v) override { return pick(sp_.tn, tn_sel_, v); }
  z3::expr is_tk(int64_t v) override { return pick(sp_.tk, tk_sel_, v); }
  z3::expr is_depth(int64_t v) override { return d_sel_[static_cast<size_t>(v - sp_.min_stages)]; }

  void encode_events() {
    std::vector<z3::expr> sa, sb, sm;
    for (int64_t i = 1; i <= smax_; ++i) {
      sa.push_back(c_.int_const(smt::indexed("sa", i).c_str()));
      sb.push_back(c_.int_const(smt::indexed("sb", i).c_str()));
      sm.push_back(c_.int_const(smt::indexed("sm", i).c_str()));
    }
    auto at = [](std::vector<z3::expr>& v, int64_t i) -> z3::expr& { return v[static_cast<size_t>(i - 1)]; };
    // Stage 1 has no max (Sm(1 - D) is absent for D >= 2): plain equalities.
    add(at(sa, 1) == val(0));
    add(at(sb, 1) == at(sa, 1) + t_load_a_);
    add(at(sm, 1) == at(sb, 1) + t_load_b_);
    for (int64_t i = 2; i <= smax_; ++i) {
      add(at(sa, i) >= at(sb, i - 1) + t_load_b_);  // eq. 1, first argument
      // Eq. 2's buffer-full argument never wins: Sa(i) already waits for the
      // same release and T_LOAD_A >= 0, so Sb(i) = Sa(i) + T_LOAD_A exactly.
      add(at(sb, i) == at(sa, i) + t_load_a_);
      add(at(sm, i) >= at(sm, i - 1) + t_math_);  // eq. 3
      add(at(sm, i) >= at(sb, i) + t_load_b_);
      for (int64_t d = sp_.min_stages; d <= std::min(sp_.max_stages, i - 1); ++d)
        add(z3::implies(is_depth(d), at(sa, i) >= at(sm, i - d) + t_math_));  // eq. 1, present when i - D >= 1
    }
    // S is fixed by TK, so Sm(S) is one of the constants; with Sm(1) =
    // Sb(1) + T_LOAD_B exact, the wait sum telescopes to Sm(S) - (S-1) T_MATH.
    z3::expr sm_at_s = c_.int_const("sm_at_S"), per_wave_wait = c_.int_const("wait_per_wave");
    for (int64_t k : sp_.tk) {
      int64_t s = ceil_div(shape_.k, k);
      add(z3::implies(is_tk(k), sm_at_s == at(sm, s) && per_wave_wait == at(sm, s) - val(s - 1) * t_math_));
    }
    define_objectives(sm_at_s, per_wave_wait);
  }

  std::vector<z3::expr> tm_sel_, tn_sel_, tk_sel_, d_sel_;
};

}  // namespace

GemmWsTerms encode_gemm_ws(z3::context& ctx, const GemmShape& shape, const Machine& machine,
                           const SearchSpace& space, GemmEncoding encoding, Objective objective, GemmModel model) {
  if (encoding == GemmEncoding::ClosedForm)
    return encode_gemm_ws_closed_form(ctx, shape, machine, space, objective, model);
  if (model != GemmModel::Seed001 || !space.variants.empty())
    throw command_line_error(fmt::format("the {} model{} is encoded in closed form only; use --encoding closed-form",
                                         to_string(model), space.variants.empty() ? "" : " over sm90 kernels"));
  if (encoding == GemmEncoding::Array) return ArrayEncoder(ctx, shape, machine, space).encode();
  return BoundsEncoder(ctx, shape, machine, space).encode();
}

}  // namespace warpsat
