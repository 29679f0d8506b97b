#include "solver/trace_fit.h"

#include <algorithm>
#include <bit>
#include <chrono>

#include <fmt/format.h>

#include "encodings/query_timer.h"
#include "emulator/gemm_ws_sim.h"
#include "encodings/trace_encoding.h"
#include "emulator/trace_check.h"
#include "frontend/diagnostics.h"
#include "solver/cross_validation.h"

namespace warpsat {

__extension__ using i128 = __int128;

const char* to_string(TraceFitStatus s) {
  switch (s) {
    case TraceFitStatus::Consistent: return "consistent";
    case TraceFitStatus::Inconsistent: return "inconsistent";
    case TraceFitStatus::Unknown: return "unknown";
  }
  return "?";
}

std::string TraceFitQuestion::name() const {
  return fmt::format("check-trace.M{}.N{}.K{}.{}.D{}", shape.m, shape.n, shape.k, to_string(config.tile),
                     config.stages);
}

namespace {

int64_t as_int64(const z3::expr& e) {
  int64_t v = 0;
  if (!e.is_numeral_i64(v)) throw std::runtime_error("solver model value is not a 64-bit integer: " + e.to_string());
  return v;
}

// An interval of rationals with open or closed ends; no upper end = infinity.
struct Interval {
  Rational lo{0, 1};
  bool lo_open = true;
  std::optional<Rational> hi;
  bool hi_open = true;

  void raise(const Rational& v, bool open) {
    if (v > lo || (v == lo && open)) lo = v, lo_open = open;
  }
  void lower(const Rational& v, bool open) {
    if (!hi || v < *hi || (v == *hi && open)) hi = v, hi_open = open;
  }
  bool contains(const Rational& v) const {
    bool above = lo_open ? v > lo : v >= lo;
    bool below = !hi || (hi_open ? v < *hi : v <= *hi);
    return above && below;
  }
  std::string to_string() const {
    return fmt::format("{}{:.7g}, {}{}", lo_open ? "(" : "[", lo.to_double(),
                       hi ? fmt::format("{:.7g}", hi->to_double()) : "inf", hi && !hi_open ? "]" : ")");
  }
};

// The throughputs consistent with integer durations `t` of `work` at a
// latency: ceil(work / thr) = t - latency for each, within the user's bounds.
Interval throughput_interval(const std::vector<std::pair<int64_t, int64_t>>& work_and_duration, int64_t latency,
                             const Bound& bound) {
  // In r = 1 / throughput: (q - 1) / work < r <= q / work, q = t - latency.
  Interval r;
  for (auto [work, t] : work_and_duration) {
    int64_t q = t - latency;
    r.raise(Rational(q - 1, work), true);
    r.lower(Rational(q, work), false);
  }
  if (bound.hi) r.raise(bound.hi->reciprocal(), false);
  if (bound.lo) r.lower(bound.lo->reciprocal(), false);
  Interval thr;  // throughput = 1 / r: the ends swap
  if (r.hi) thr.lo = r.hi->reciprocal(), thr.lo_open = r.hi_open;
  if (r.lo.num() > 0) thr.hi = r.lo.reciprocal(), thr.hi_open = r.lo_open;
  return thr;
}

// The decimal with the fewest digits inside `thr` (machine files read
// decimals exactly, and short ones are what a person would write).
std::optional<Rational> simplest_decimal(const Interval& thr) {
  i128 scale = 1;
  for (int places = 0; places <= 18; ++places, scale *= 10) {
    i128 n = static_cast<i128>(thr.lo.num()) * scale, d = thr.lo.den();
    i128 c = n / d + 1;  // the least multiple of 1/scale above lo
    if (!thr.lo_open && n % d == 0) c = n / d;
    if (c > INT64_MAX || scale > INT64_MAX) return std::nullopt;
    Rational candidate(static_cast<int64_t>(c), static_cast<int64_t>(scale));
    if (candidate.is_positive() && thr.contains(candidate)) return candidate;
  }
  return std::nullopt;
}

class TraceFitter {
 public:
  TraceFitter(const TraceFitQuestion& q, const SolverOptions& o)
      : q_(q), o_(o), terms_(encode_trace(ctx_, q.trace, q.shape, q.config, q.bounds, q.model)), solver_(ctx_) {
    z3::params p(ctx_);
    p.set("random_seed", o.random_seed);
    solver_.set(p);
    for (const NamedConstraint& c : terms_.constraints) {
      z3::expr lit = ctx_.bool_const(("track!" + c.name).c_str());
      solver_.add(z3::implies(lit, c.formula));
      literals_.push_back(lit);
    }
  }

  TraceFit run(TraceFitFault fault) {
    auto start = std::chrono::steady_clock::now();
    r_.constraints = terms_.constraints.size();
    z3::expr_vector all = all_literals();
    z3::check_result res = check(all);
    dump("fit", all, res == z3::sat ? "sat" : res == z3::unsat ? "unsat" : "");
    if (res == z3::unsat) minimise_core();
    if (res == z3::sat) describe_model(solver_.get_model(), fault);
    r_.solve_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (res == z3::sat && r_.status == TraceFitStatus::Consistent) validate();
    return r_;
  }

 private:
  z3::check_result check(const z3::expr_vector& assumptions) {
    ++r_.queries;
    auto start = std::chrono::steady_clock::now();
    z3::check_result res = z3::unknown;
    {
      QueryTimer timer(ctx_, o_.timeout_ms);
      res = solver_.check(assumptions);
    }
    if (res == z3::unknown) {
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      std::string why = solver_.reason_unknown();
      r_.status = TraceFitStatus::Unknown;
      r_.reason = classify_unknown(why, ms, o_.timeout_ms) == SmtStatus::Timeout
                      ? fmt::format("trace query: timeout after {:.0f} ms", ms)
                      : fmt::format("trace query: unknown ({})", why);
    }
    return res;
  }

  // The query as a stand-alone SMT-LIB file the z3 tool replays: every
  // constraint asserted under its name.
  std::string query_text(const std::string& part, const z3::expr_vector& which, const std::string& expected) const {
    std::string out = fmt::format("; warpsat {}.{}\n", q_.name(), part);
    if (!expected.empty()) out += fmt::format("; expected: {}\n", expected);
    out += "(set-option :produce-unsat-cores true)\n";
    for (const z3::expr& u : terms_.unknowns)
      out += fmt::format("(declare-fun {} () {})\n", u.decl().name().str(), u.get_sort().is_int() ? "Int" : "Real");
    for (const z3::expr& lit : which) {
      const NamedConstraint& c = constraint_of(lit);
      out += fmt::format("; {}\n(assert (! {} :named {}))\n", c.description, c.formula.to_string(), c.name);
    }
    out += "(check-sat)\n";
    if (expected == "unsat") out += "(get-unsat-core)\n";
    return out;
  }

  void dump(const std::string& part, const z3::expr_vector& which, const std::string& expected) {
    if (!o_.dump_dir.empty())
      r_.dumped.push_back(write_smt2(o_.dump_dir, q_.name() + "." + part, query_text(part, which, expected)));
  }

  z3::expr_vector all_literals() {
    z3::expr_vector all(ctx_);
    for (const z3::expr& l : literals_) all.push_back(l);
    return all;
  }

  const NamedConstraint& constraint_of(const z3::expr& lit) const {
    for (size_t i = 0; i < literals_.size(); ++i)
      if (z3::eq(literals_[i], lit)) return terms_.constraints[i];
    throw std::runtime_error("unknown constraint literal " + lit.to_string());
  }

  // Deletion: drop each constraint in turn; if the rest is still unsat, it
  // was not needed (and Z3's new core may drop more at once).
  void minimise_core() {
    z3::expr_vector core = solver_.unsat_core();
    r_.core_minimal = true;
    for (size_t i = 0; i < core.size();) {
      z3::expr_vector trial(ctx_);
      for (size_t j = 0; j < core.size(); ++j)
        if (j != i) trial.push_back(core[static_cast<int>(j)]);
      z3::check_result res = check(trial);
      if (res == z3::unknown) {
        r_.core_minimal = false;
        break;
      }
      if (res == z3::unsat) {
        z3::expr_vector smaller = solver_.unsat_core();
        core = smaller;
        i = 0;  // a different core: start again (each round removes at least one)
        continue;
      }
      ++i;
    }
    // The status reflects the first check's answer, whatever shrinking met.
    r_.status = TraceFitStatus::Inconsistent;
    r_.reason.clear();
    std::vector<size_t> order;
    for (const z3::expr& lit : core)
      for (size_t k = 0; k < literals_.size(); ++k)
        if (z3::eq(literals_[k], lit)) order.push_back(k);
    std::sort(order.begin(), order.end());
    for (size_t k : order) r_.core.push_back({terms_.constraints[k].name, terms_.constraints[k].description});
    dump("core", core, "unsat");
  }

  // Minimum and maximum of an integer term over every consistent machine,
  // with `extra` assumed; nullopt when a query gives no answer.
  std::optional<ValueRange> range(const z3::expr& term, const std::vector<z3::expr>& extra) {
    ValueRange out;
    for (bool maximise : {false, true}) {
      z3::optimize opt(ctx_);
      for (const NamedConstraint& c : terms_.constraints) opt.add(c.formula);
      for (const z3::expr& e : extra) opt.add(e);
      z3::optimize::handle h = maximise ? opt.maximize(term) : opt.minimize(term);
      ++r_.queries;
      QueryTimer timer(ctx_, o_.timeout_ms);
      if (opt.check() != z3::sat) return std::nullopt;
      int64_t v = 0;
      if (!(maximise ? opt.upper(h) : opt.lower(h)).is_numeral_i64(v)) return std::nullopt;
      (maximise ? out.hi : out.lo) = v;
    }
    return out;
  }

  // `cap` is the default bound: reaching it means the trace sets no upper limit.
  static std::string range_text(const std::optional<ValueRange>& r, int64_t cap = kMaxFittedTime) {
    if (!r) return "(range query gave no answer)";
    if (r->hi == cap)
      return fmt::format("[{}, 2^{}]: no upper limit from the trace", r->lo, std::bit_width(uint64_t(cap)) - 1);
    return fmt::format("[{}, {}]", r->lo, r->hi);
  }

  void describe_model(const z3::model& m, TraceFitFault fault) {
    const TraceTerms& x = terms_;
    auto v = [&](const z3::expr& e) { return as_int64(m.eval(e, true)); };
    r_.status = TraceFitStatus::Consistent;
    Durations& d = r_.durations;
    d.math = v(x.t_math);
    d.load_a = v(x.t_load_a);
    d.load_b = v(x.t_load_b);
    d.init = v(x.init);
    d.epilogue = v(x.epilogue);
    for (auto [name, term] : {std::pair{"T_MATH", x.t_math},
                              {"T_LOAD_A", x.t_load_a},
                              {"T_LOAD_B", x.t_load_b},
                              {"T_INIT", x.init},
                              {"T_EPILOGUE", x.epilogue}})
      r_.duration_ranges.emplace_back(name, range(term, {}));
    const int64_t found[5] = {d.math, d.load_a, d.load_b, d.init, d.epilogue};
    for (size_t i = 0; i < 5; ++i)
      r_.duration_table.push_back(
          {r_.duration_ranges[i].first, std::to_string(found[i]), range_text(r_.duration_ranges[i].second)});

    // Given the durations found, which latencies and throughputs produce them.
    std::vector<z3::expr> fixed{x.t_math == ctx_.int_val(d.math), x.t_load_a == ctx_.int_val(d.load_a),
                                x.t_load_b == ctx_.int_val(d.load_b)};
    Machine& mc = r_.machine;
    mc.name = "fitted";
    mc.description = fmt::format("fitted by warpsat check-trace to {}", q_.trace.source);
    mc.time_unit = q_.trace.time_unit.empty() ? "ns" : q_.trace.time_unit;
    mc.sms = v(x.sms);
    mc.init = d.init;
    mc.epilogue = d.epilogue;
    mc.load_latency = v(x.load_latency);
    mc.compute_latency = v(x.compute_latency);
    const Tile& t = q_.config.tile;
    Interval load = throughput_interval({{t.tm * t.tk, d.load_a}, {t.tk * t.tn, d.load_b}}, mc.load_latency,
                                        q_.bounds[MachineParameter::LoadThroughput]);
    Interval compute = throughput_interval({{t.tm * t.tn * t.tk, d.math}}, mc.compute_latency,
                                           q_.bounds[MachineParameter::ComputeThroughput]);
    mc.load_throughput = pick(load, m.eval(x.load_time_per_element, true));
    mc.compute_throughput = pick(compute, m.eval(x.compute_time_per_mac, true));
    if (fault == TraceFitFault::ComputeThroughput)
      mc.compute_throughput = Rational(mc.compute_throughput.num() * 2, mc.compute_throughput.den());
    mc.smem_bytes = 0;
    mc.element_bytes = 4;

    auto add = [&](const char* name, std::string value, std::string range) {
      r_.parameters.push_back({name, std::move(value), std::move(range)});
    };
    add("sms", std::to_string(mc.sms), range_text(range(x.sms, {}), kMaxFittedSms));
    add("init", std::to_string(mc.init), range_text(r_.duration_ranges[3].second));
    add("epilogue", std::to_string(mc.epilogue), range_text(r_.duration_ranges[4].second));
    add("load_latency", std::to_string(mc.load_latency),
        range_text(range(x.load_latency, fixed)) + " given the durations");
    add("load_throughput", mc.load_throughput.to_string(),
        fmt::format("{} at load_latency = {}", load.to_string(), mc.load_latency));
    add("compute_latency", std::to_string(mc.compute_latency),
        range_text(range(x.compute_latency, fixed)) + " given the durations");
    add("compute_throughput", mc.compute_throughput.to_string(),
        fmt::format("{} at compute_latency = {}", compute.to_string(), mc.compute_latency));
  }

  // The simplest decimal in the interval; Z3's own value when none is short.
  static Rational pick(const Interval& thr, const z3::expr& time_per_unit) {
    if (auto d = simplest_decimal(thr)) return *d;
    int64_t num = 0, den = 0;
    if (time_per_unit.numerator().is_numeral_i64(num) && time_per_unit.denominator().is_numeral_i64(den) && num > 0)
      return Rational(den, num);
    throw std::runtime_error("no representable throughput in " + thr.to_string());
  }

  // The central rule: simulate with the machine found and check the trace
  // against it concretely; every event must agree.
  void validate() {
    const Machine& mc = r_.machine;
    std::vector<std::string> mismatches;
    Durations got = durations(mc, q_.config.tile);
    auto same = [&](const char* what, int64_t solver, int64_t concrete) {
      if (solver != concrete)
        mismatches.push_back(fmt::format("{}: solver says {}, the chosen machine gives {}", what, solver, concrete));
    };
    same("T_MATH", r_.durations.math, got.math);
    same("T_LOAD_A", r_.durations.load_a, got.load_a);
    same("T_LOAD_B", r_.durations.load_b, got.load_b);
    TraceCheck c = check_trace(q_.trace, q_.shape, q_.config, mc, q_.model);
    for (size_t i = 0; i < std::min<size_t>(c.violations.size(), 10); ++i) {
      const TraceViolation& v = c.violations[i];
      mismatches.push_back(fmt::format("{} ({}): trace {}, simulated machine requires {}", v.id, v.equation,
                                       v.trace ? std::to_string(*v.trace) : "-",
                                       v.required ? std::to_string(*v.required) : "-"));
    }
    if (c.first_divergence)
      mismatches.push_back(fmt::format("first divergence from the simulation: wave {} stage {} {}",
                                       c.first_divergence->wave, c.first_divergence->stage, c.first_divergence->event));
    if (mismatches.empty()) return;
    std::string path;
    try {
      path = write_smt2(o_.dump_dir.empty() ? "." : o_.dump_dir, q_.name() + ".disagreement",
                        query_text("disagreement", all_literals(), "sat"));
    } catch (const std::exception& e) {
      path = std::string("(could not write the query: ") + e.what() + ")";
    }
    throw CrossValidationError(q_.name(), mismatches, path);
  }

  z3::context ctx_;
  const TraceFitQuestion& q_;
  const SolverOptions& o_;
  TraceTerms terms_;
  z3::solver solver_;
  std::vector<z3::expr> literals_;
  TraceFit r_;
};

}  // namespace

TraceFit fit_trace(const TraceFitQuestion& q, const SolverOptions& options, TraceFitFault fault) {
  check_shape(q.shape);
  check_tile(q.config.tile);
  check_stages(q.config.stages);
  if (stage_count(q.shape, q.config.tile) > kMaxStageCount)
    throw command_line_error(fmt::format("K/TK = {} stages exceeds the limit of {}; use a larger TK",
                                         stage_count(q.shape, q.config.tile), kMaxStageCount));
  return TraceFitter(q, options).run(fault);
}

}  // namespace warpsat
