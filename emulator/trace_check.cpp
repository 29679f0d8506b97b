#include "emulator/trace_check.h"

#include <algorithm>

#include <fmt/format.h>

#include "emulator/gemm_ws_sim.h"

namespace warpsat {

__extension__ using i128 = __int128;

namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

std::string wave_label(int64_t first, int64_t last) {
  return first == last ? fmt::format("wave {}", first) : fmt::format("waves {}-{}", first, last);
}

// One argument of a max: an earlier event plus a duration.
struct Term {
  std::string event;  // "Sb(2)"
  int64_t value;
  const char* duration;  // "T_LOAD_B"
  int64_t length;
  int64_t sum() const { return value + length; }
};

// "max(Sb(2) + T_LOAD_B, Sm(1) + T_MATH) = max(323649, 300982)"
std::pair<int64_t, std::string> evaluate(const std::vector<Term>& terms) {
  std::string symbolic, numeric;
  int64_t best = INT64_MIN;
  for (const Term& t : terms) {
    symbolic += (symbolic.empty() ? "" : ", ") + fmt::format("{} + {}", t.event, t.duration);
    numeric += (numeric.empty() ? "" : ", ") + fmt::format("{}", t.sum());
    best = std::max(best, t.sum());
  }
  if (terms.size() == 1) return {best, fmt::format("{} = {} + {}", symbolic, terms[0].value, terms[0].length)};
  return {best, fmt::format("max({}) = max({})", symbolic, numeric)};
}

class Checker {
 public:
  // `s` is the simulator's schedule of the same problem: the reference for
  // the first divergence, and the source of S, W and the machine's durations.
  Checker(const Trace& t, const Schedule& s, const Machine& m) : t_(t), s_(s), shape_(s.shape), c_(s.config), m_(m) {
    r_.machine_durations = s.durations;
    r_.stage_count = s.stage_count;
    r_.waves = s.waves;
    const TraceDurations& td = t.durations;
    const Durations& md = r_.machine_durations;
    r_.durations = {td.math.value_or(md.math), td.load_a.value_or(md.load_a), td.load_b.value_or(md.load_b),
                    td.init.value_or(md.init), td.epilogue.value_or(md.epilogue)};
  }

  TraceCheck run() {
    r_.model = s_.model;
    check_wave_count();
    check_durations();
    const TraceWave* previous = nullptr;
    for (const TraceWave& w : t_.waves) {
      check_wave(w, previous);
      previous = &w;
    }
    check_total_and_wait();
    find_divergence();
    return r_;
  }

 private:
  const Durations& d() const { return r_.durations; }
  bool async() const { return s_.model == GemmModel::Async; }
  // The async model keeps the latency off the copy path: a load occupies it
  // for its transfer, T_LOAD - load_latency (docs/models.md).
  int64_t transfer_a() const { return d().load_a - m_.load_latency; }
  int64_t transfer_b() const { return d().load_b - m_.load_latency; }
  // One wave's time after its last multiply starts: T_EPILOGUE, plus T_MATH in
  // the async model (its wave ends when the last multiply does).
  int64_t wave_tail() const { return d().epilogue + (async() ? d().math : 0); }
  int64_t S() const { return r_.stage_count; }

  // Every violation is counted; the first kMaxStoredViolations are kept, so a
  // systematic error in a long trace cannot exhaust memory.
  void violation(TraceViolation v) {
    if (r_.violation_count++ < kMaxStoredViolations) r_.violations.push_back(std::move(v));
  }

  void expect(TraceViolation v) {
    ++r_.equations;
    if (v.trace != v.required) violation(std::move(v));
  }

  void check_wave_count() {
    ++r_.equations;
    int64_t tiles = ceil_div(shape_.m, c_.tile.tm) * ceil_div(shape_.n, c_.tile.tn);
    std::string formula =
        fmt::format("W = ceil(ceil(M/TM) * ceil(N/TN) / sms) = ceil({} / {}) = {}", tiles, m_.sms, r_.waves);
    if (t_.wave_count != r_.waves)
      violation({"waves", "wave count", 0, 0, 0, t_.wave_count, r_.waves, formula, t_.waves.front().line});
    // Waves the trace skips over.
    int64_t expected = 1;
    for (const TraceWave& w : t_.waves) {
      if (w.first > expected)
        violation({fmt::format("waves.w{}", expected), "wave count", expected, w.first - 1, 0, std::nullopt,
                   std::nullopt,
                   fmt::format("{} missing: the trace jumps from wave {} to wave {}", wave_label(expected, w.first - 1),
                               expected - 1, w.first),
                   w.line});
      expected = w.last + 1;
    }
    if (t_.stage_count) {
      ++r_.equations;
      if (*t_.stage_count != S())
        violation({"stages", "stage count", 0, 0, 0, *t_.stage_count, S(),
                   fmt::format("S = ceil(K / TK) = ceil({} / {})", shape_.k, c_.tile.tk), 0});
    }
  }

  void check_durations() {
    const TraceDurations& td = t_.durations;
    const Durations& md = r_.machine_durations;
    const Tile& t = c_.tile;
    auto check = [&](const std::optional<int64_t>& given, int64_t model, const char* name, std::string formula) {
      if (given) expect({name, name, 0, 0, 0, *given, model, std::move(formula), 0});
    };
    check(td.math, md.math, "T_MATH",
          fmt::format("ceil(TM*TN*TK / compute_throughput) + compute_latency = ceil({} / {}) + {}", t.tm * t.tn * t.tk,
                      m_.compute_throughput.to_string(), m_.compute_latency));
    check(td.load_a, md.load_a, "T_LOAD_A",
          fmt::format("ceil(TM*TK / load_throughput) + load_latency = ceil({} / {}) + {}", t.tm * t.tk,
                      m_.load_throughput.to_string(), m_.load_latency));
    check(td.load_b, md.load_b, "T_LOAD_B",
          fmt::format("ceil(TK*TN / load_throughput) + load_latency = ceil({} / {}) + {}", t.tk * t.tn,
                      m_.load_throughput.to_string(), m_.load_latency));
    check(td.init, md.init, "T_INIT", "the machine's init");
    check(td.epilogue, md.epilogue, "T_EPILOGUE", "the machine's epilogue");
  }

  // The trace's events of one wave run, indexed by stage (nullptr where absent).
  std::vector<const TraceEvent*> by_stage(const TraceWave& w) const {
    std::vector<const TraceEvent*> ev(static_cast<size_t>(S()) + 1, nullptr);
    for (const TraceEvent& e : w.events)
      if (e.stage <= S()) ev[static_cast<size_t>(e.stage)] = &e;
    return ev;
  }

  // Where a wave starts: 0 in a relative trace; in an absolute one T_INIT for
  // wave 1 and Sm(S) + T_EPILOGUE of the previous wave otherwise (seed 001's
  // wave time), or nothing when that event is missing.
  std::optional<std::pair<int64_t, std::string>> wave_start(const TraceWave& w, const TraceWave* previous) const {
    if (!t_.absolute) return std::pair<int64_t, std::string>{0, "0 (times are relative to the wave's start)"};
    if (w.first == 1) return std::pair<int64_t, std::string>{d().init, fmt::format("T_INIT = {}", d().init)};
    if (!previous || previous->last != w.first - 1) return std::nullopt;
    for (const TraceEvent& e : previous->events)
      if (e.stage == S())
        return std::pair<int64_t, std::string>{
            e.sm + wave_tail(), fmt::format("Sm(S) of wave {} + {} = {} + {}", previous->last,
                                            async() ? "T_MATH + T_EPILOGUE" : "T_EPILOGUE", e.sm, wave_tail())};
    return std::nullopt;
  }

  void check_wave(const TraceWave& w, const TraceWave* previous) {
    std::vector<const TraceEvent*> ev = by_stage(w);
    const int64_t D = c_.stages;
    auto at = [&](int64_t i) { return ev[static_cast<size_t>(i)]; };
    auto base = [&](int eq, int64_t i, const std::string& name) {
      return TraceViolation{equation_id(eq, w.first, i), name, w.first, w.last, i, std::nullopt, std::nullopt, "", 0};
    };
    // Stages beyond S, and runs of missing stages, each as one violation.
    if (!w.events.empty() && w.events.back().stage > S()) {
      auto first = std::find_if(w.events.begin(), w.events.end(), [&](const TraceEvent& e) { return e.stage > S(); });
      violation({fmt::format("stages.w{}", w.first), "stage count", w.first, w.last, first->stage, first->stage,
                 std::nullopt,
                 fmt::format("the model has S = ceil(K / TK) = {} stages; the trace has stage(s) {} to {}", S(),
                             first->stage, w.events.back().stage),
                 first->line});
    }
    for (int64_t i = 1; i <= S(); ++i) {
      if (at(i)) continue;
      int64_t last = i;
      while (last < S() && !at(last + 1)) ++last;
      violation({fmt::format("stages.w{}", w.first), "stage count", w.first, w.last, i, std::nullopt, i,
                 fmt::format("the model has S = {} stages; the trace lacks {} of {}", S(),
                             i == last ? fmt::format("stage {}", i) : fmt::format("stages {}-{}", i, last),
                             wave_label(w.first, w.last)),
                 w.line});
      i = last;
    }
    for (int64_t i = 1; i <= S(); ++i) {
      const TraceEvent* e = at(i);
      if (!e) continue;
      const TraceEvent* released = i - D >= 1 ? at(i - D) : nullptr;  // the stage whose slot stage i reuses
      bool release_known = i - D < 1 || released;
      // Eq. 1: Sa(i).
      if (i == 1) {
        if (auto start = wave_start(w, previous)) {
          TraceViolation v = base(1, i, "eq. 1 (Sa)");
          v.trace = e->sa;
          v.required = start->first;
          v.formula = "Sa(1) = " + start->second;
          v.line = e->line;
          expect(std::move(v));
        }
      } else if (at(i - 1) && release_known) {
        std::vector<Term> terms{async() ? Term{fmt::format("Sb({})", i - 1), at(i - 1)->sb, "T_XFER_B", transfer_b()}
                                        : Term{fmt::format("Sb({})", i - 1), at(i - 1)->sb, "T_LOAD_B", d().load_b}};
        if (released) terms.push_back({fmt::format("Sm({})", i - D), released->sm, "T_MATH", d().math});
        check_event(base(1, i, "eq. 1 (Sa)"), fmt::format("Sa({})", i), e->sa, terms, e->line);
      }
      // Eq. 2: Sb(i); the async producer issues B right after A.
      if (async()) {
        check_event(base(2, i, "eq. 2 (Sb)"), fmt::format("Sb({})", i), e->sb,
                    {{fmt::format("Sa({})", i), e->sa, "T_XFER_A", transfer_a()}}, e->line);
      } else if (release_known) {
        std::vector<Term> terms{{fmt::format("Sa({})", i), e->sa, "T_LOAD_A", d().load_a}};
        if (released) terms.push_back({fmt::format("Sm({})", i - D), released->sm, "T_MATH", d().math});
        check_event(base(2, i, "eq. 2 (Sb)"), fmt::format("Sb({})", i), e->sb, terms, e->line);
      }
      // Eq. 3: Sm(i).
      if (i == 1 || at(i - 1)) {
        std::vector<Term> terms;
        if (i > 1) terms.push_back({fmt::format("Sm({})", i - 1), at(i - 1)->sm, "T_MATH", d().math});
        terms.push_back({fmt::format("Sb({})", i), e->sb, "T_LOAD_B", d().load_b});
        check_event(base(3, i, "eq. 3 (Sm)"), fmt::format("Sm({})", i), e->sm, terms, e->line);
      }
    }
  }

  void check_event(TraceViolation v, const std::string& event, int64_t value, const std::vector<Term>& terms,
                   uint32_t line) {
    auto [required, formula] = evaluate(terms);
    v.trace = value;
    v.required = required;
    v.formula = event + " = " + formula;
    v.line = line;
    expect(std::move(v));
  }

  // total = sum over waves of (Sm(S) + T_EPILOGUE), + T_INIT: the seed's
  // (Sm(S) + T_EPILOGUE) * W + T_INIT when the waves are equal, as the model
  // says they are. wait = sum over waves of Wait(1) + ... + Wait(S).
  void check_total_and_wait() {
    if (!t_.total && !t_.wait) return;
    i128 total = d().init, wait = 0;
    int64_t covered = 0;
    const TraceWave* previous = nullptr;
    for (const TraceWave& w : t_.waves) {
      if (w.first > r_.waves) break;
      std::vector<const TraceEvent*> ev = by_stage(w);
      auto start = wave_start(w, previous);
      previous = &w;
      const TraceEvent *first = ev[1], *last = ev[static_cast<size_t>(S())];
      if (!first || !last || !start || w.first != covered + 1) return;  // reported already
      int64_t count = std::min(w.last, r_.waves) - w.first + 1;
      covered += count;
      i128 per_wave_end = last->sm - start->first + wave_tail();
      total += per_wave_end * count;
      i128 per_wave_wait =
          (first->sb - start->first) + d().load_b + (last->sm - first->sm) - static_cast<i128>(S() - 1) * d().math;
      wait += per_wave_wait * count;
    }
    if (covered != r_.waves) return;  // the wave-count violation says why
    auto narrow = [](i128 v) {
      return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : static_cast<int64_t>(v);
    };
    if (t_.total)
      expect({"total", "total", 0, 0, 0, *t_.total, narrow(total),
              fmt::format("sum over the {} wave(s) of (Sm(S) + {}), + T_INIT", r_.waves,
                          async() ? "T_MATH + T_EPILOGUE" : "T_EPILOGUE"),
              0});
    if (t_.wait)
      expect({"wait", "wait", 0, 0, 0, *t_.wait, narrow(wait),
              "sum over the waves of Sb(1) + T_LOAD_B + sum_{i=2..S} (Sm(i) - Sm(i-1) - T_MATH)", 0});
  }

  // The first event, wave by wave and stage by stage (Sa, Sb, Sm), where the
  // trace and the simulator's schedule differ.
  void find_divergence() {
    const Schedule& s = s_;
    i128 wave_time = s.wave;
    int64_t expected = 1;
    auto diverge = [&](TraceDivergence d) {
      if (!r_.first_divergence) r_.first_divergence = std::move(d);
    };
    for (const TraceWave& w : t_.waves) {
      if (r_.first_divergence) return;
      if (w.first > expected)
        return diverge({expected, 0, "wave", std::nullopt,
                        expected <= r_.waves ? std::optional<int64_t>(expected) : std::nullopt, w.line});
      if (w.first > r_.waves) return diverge({w.first, 0, "wave", w.first, std::nullopt, w.line});
      expected = w.last + 1;
      i128 offset = t_.absolute ? s.durations.init + wave_time * (w.first - 1) : 0;
      size_t j = 0;
      for (int64_t i = 1; i <= std::max(S(), w.events.empty() ? 0 : w.events.back().stage); ++i) {
        const TraceEvent* e = j < w.events.size() && w.events[j].stage == i ? &w.events[j++] : nullptr;
        const StageEvents* sim = i <= S() ? &s.events[static_cast<size_t>(i - 1)] : nullptr;
        const int64_t trace_values[3] = {e ? e->sa : 0, e ? e->sb : 0, e ? e->sm : 0};
        const int64_t sim_values[3] = {sim ? sim->sa : 0, sim ? sim->sb : 0, sim ? sim->sm : 0};
        static const char* names[3] = {"Sa", "Sb", "Sm"};
        for (int k = 0; k < 3; ++k) {
          std::optional<int64_t> tv = e ? std::optional<int64_t>(trace_values[k]) : std::nullopt;
          i128 simulated_abs = offset + sim_values[k];
          std::optional<int64_t> sv = sim ? std::optional<int64_t>(static_cast<int64_t>(simulated_abs)) : std::nullopt;
          if (tv != sv) return diverge({w.first, i, names[k], tv, sv, e ? e->line : w.line});
        }
      }
      if (w.last > r_.waves) return diverge({r_.waves + 1, 0, "wave", r_.waves + 1, std::nullopt, w.line});
    }
    if (!r_.first_divergence && expected <= r_.waves) diverge({expected, 0, "wave", std::nullopt, expected, 0});
  }

  const Trace& t_;
  const Schedule& s_;
  const GemmShape& shape_;
  const TileConfig& c_;
  const Machine& m_;
  TraceCheck r_;
};

}  // namespace

std::string equation_id(int equation, int64_t wave, int64_t stage) {
  return fmt::format("eq{}.w{}.i{}", equation, wave, stage);
}

TraceCheck check_trace(const Trace& trace, const GemmShape& shape, const TileConfig& config, const Machine& machine,
                       GemmModel model) {
  Schedule s = simulate(shape, config, machine, model);  // range checks: the same InputErrors as `simulate`
  return Checker(trace, s, machine).run();
}

}  // namespace warpsat
