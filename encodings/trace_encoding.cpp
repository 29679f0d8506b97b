#include "encodings/trace_encoding.h"

#include <map>
#include <tuple>

#include <fmt/format.h>

#include "encodings/smt_helpers.h"
#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

std::string wave_label(const TraceWave& w) {
  return w.first == w.last ? fmt::format("wave {}", w.first) : fmt::format("waves {}-{}", w.first, w.last);
}

class TraceEncoder {
 public:
  TraceEncoder(z3::context& c, const Trace& t, const GemmShape& shape, const TileConfig& config,
               const ParameterBounds& b, GemmModel model)
      : model_(model),
        c_(c),
        t_(t),
        shape_(shape),
        config_(config),
        b_(b),
        terms_{c.int_const("sms"),
               c.int_const("init"),
               c.int_const("epilogue"),
               c.int_const("load_latency"),
               c.int_const("compute_latency"),
               c.real_const("load_time_per_element"),
               c.real_const("compute_time_per_mac"),
               c.int_const("T_MATH"),
               c.int_const("T_LOAD_A"),
               c.int_const("T_LOAD_B"),
               {},
               {}} {
    TraceTerms& x = terms_;
    x.unknowns = {x.sms,
                  x.init,
                  x.epilogue,
                  x.load_latency,
                  x.compute_latency,
                  x.load_time_per_element,
                  x.compute_time_per_mac,
                  x.t_math,
                  x.t_load_a,
                  x.t_load_b};
    S_ = ceil_div(shape.k, config.tile.tk);
  }

  TraceTerms encode() {
    bounds();
    duration_links();
    trace_durations();
    wave_count();
    waves();
    total_and_wait();
    return terms_;
  }

 private:
  z3::expr val(int64_t v) { return smt::int_val(c_, v); }
  z3::expr real(const Rational& r) {
    return c_.real_val(std::to_string(r.num()).c_str()) / c_.real_val(std::to_string(r.den()).c_str());
  }
  void add(std::string name, std::string description, const z3::expr& f) {
    terms_.constraints.push_back({std::move(name), std::move(description), f});
  }

  void int_bound(MachineParameter p, const z3::expr& x, int64_t lo, int64_t hi) {
    const Bound& b = b_[p];
    if (b.lo) lo = std::max(lo, b.lo->num());
    if (b.hi) hi = std::min(hi, b.hi->num());
    add(fmt::format("bound.{}", to_string(p)),
        fmt::format("{} <= {} <= {}{}", lo, to_string(p), hi, b.lo || b.hi ? " (--bound)" : ""),
        x >= val(lo) && x <= val(hi));
  }

  // throughput in [lo, hi]  <=>  1/hi <= r <= 1/lo, with r > 0 always.
  void throughput_bound(MachineParameter p, const z3::expr& r) {
    const Bound& b = b_[p];
    z3::expr f = r > c_.real_val(0);
    std::string d = fmt::format("{} > 0", to_string(p));
    if (b.lo || b.hi) {
      d = fmt::format("{} <= {} <= {} (--bound; as {} <= 1/{} <= {})", b.lo ? b.lo->to_string() : "0", to_string(p),
                      b.hi ? b.hi->to_string() : "inf", b.hi ? b.hi->reciprocal().to_string() : "0", to_string(p),
                      b.lo ? b.lo->reciprocal().to_string() : "inf");
      if (b.hi) f = f && r >= real(b.hi->reciprocal());
      if (b.lo) f = f && r <= real(b.lo->reciprocal());
    }
    add(fmt::format("bound.{}", to_string(p)), d, f);
  }

  void bounds() {
    TraceTerms& x = terms_;
    int_bound(MachineParameter::Sms, x.sms, 1, kMaxFittedSms);
    int_bound(MachineParameter::Init, x.init, 0, kMaxFittedTime);
    int_bound(MachineParameter::Epilogue, x.epilogue, 0, kMaxFittedTime);
    int_bound(MachineParameter::LoadLatency, x.load_latency, 0, kMaxFittedTime);
    int_bound(MachineParameter::ComputeLatency, x.compute_latency, 0, kMaxFittedTime);
    throughput_bound(MachineParameter::LoadThroughput, x.load_time_per_element);
    throughput_bound(MachineParameter::ComputeThroughput, x.compute_time_per_mac);
    for (auto [t, name] : {std::pair{x.t_math, "T_MATH"}, {x.t_load_a, "T_LOAD_A"}, {x.t_load_b, "T_LOAD_B"}})
      add(fmt::format("bound.{}", name), fmt::format("0 <= {} <= 2^40", name), t >= val(0) && t <= val(kMaxFittedTime));
  }

  // T = ceil(work * r) + latency, exactly: T - latency - 1 < work * r <= T - latency.
  void duration_link(const char* name, const z3::expr& t, int64_t work, const z3::expr& r, const z3::expr& latency,
                     const char* formula) {
    z3::expr scaled = c_.real_val(std::to_string(work).c_str()) * r;
    add(fmt::format("duration.{}", name),
        fmt::format("{} = {}: {} - latency - 1 < {} / throughput <= {} - latency", name, formula, name, work, name),
        z3::to_real(t - latency - val(1)) < scaled && scaled <= z3::to_real(t - latency));
  }

  void duration_links() {
    const Tile& tile = config_.tile;
    TraceTerms& x = terms_;
    duration_link("T_MATH", x.t_math, tile.tm * tile.tn * tile.tk, x.compute_time_per_mac, x.compute_latency,
                  "ceil(TM*TN*TK / compute_throughput) + compute_latency");
    duration_link("T_LOAD_A", x.t_load_a, tile.tm * tile.tk, x.load_time_per_element, x.load_latency,
                  "ceil(TM*TK / load_throughput) + load_latency");
    duration_link("T_LOAD_B", x.t_load_b, tile.tk * tile.tn, x.load_time_per_element, x.load_latency,
                  "ceil(TK*TN / load_throughput) + load_latency");
  }

  void trace_durations() {
    const TraceDurations& d = t_.durations;
    TraceTerms& x = terms_;
    for (auto [given, term, name] : {std::tuple{d.math, x.t_math, "T_MATH"},
                                     {d.load_a, x.t_load_a, "T_LOAD_A"},
                                     {d.load_b, x.t_load_b, "T_LOAD_B"},
                                     {d.init, x.init, "T_INIT"},
                                     {d.epilogue, x.epilogue, "T_EPILOGUE"}})
      if (given)
        add(fmt::format("trace.{}", name), fmt::format("{} = {} (the trace's)", name, *given), term == val(*given));
  }

  // W = ceil(tiles / sms) equals the trace's wave count: (W-1)*sms < tiles <= W*sms.
  void wave_count() {
    int64_t tiles = ceil_div(shape_.m, config_.tile.tm) * ceil_div(shape_.n, config_.tile.tn);
    int64_t w = t_.wave_count;
    add("waves",
        fmt::format("ceil(ceil(M/TM) * ceil(N/TN) / sms) = ceil({} / sms) = {} (the trace's wave count)", tiles, w),
        val(w - 1) * terms_.sms < val(tiles) && val(tiles) <= val(w) * terms_.sms);
    int64_t expected = 1;
    for (const TraceWave& tw : t_.waves) {
      if (tw.first > expected)
        add(fmt::format("waves.w{}", expected),
            fmt::format("the trace lacks {}", wave_label(TraceWave{expected, tw.first - 1, {}, 0})),
            c_.bool_val(false));
      expected = tw.last + 1;
    }
    if (t_.stage_count)
      add("stages", fmt::format("the trace says S = {}; ceil(K / TK) = {}", *t_.stage_count, S_),
          c_.bool_val(*t_.stage_count == S_));
  }

  // Where wave `w` starts: 0 for relative times; for absolute ones T_INIT
  // (wave 1) or Sm(S) + T_EPILOGUE of the previous wave.
  std::optional<z3::expr> wave_start(const TraceWave& w, const TraceWave* previous, std::string& text) {
    if (!t_.absolute) {
      text = "0";
      return val(0);
    }
    if (w.first == 1) {
      text = "T_INIT";
      return terms_.init;
    }
    if (!previous || previous->last != w.first - 1) return std::nullopt;
    for (const TraceEvent& e : previous->events)
      if (e.stage == S_) {
        text = fmt::format("Sm(S) of wave {} + {} = {} + {}", previous->last, tail_text(), e.sm, tail_text());
        return val(e.sm) + tail();
      }
    return std::nullopt;
  }

  bool async() const { return model_ == GemmModel::Async; }
  // What follows a wave's last multiply start: T_EPILOGUE, and in the async
  // model the last multiply itself (its wave ends when that multiply does).
  z3::expr tail() const { return async() ? terms_.epilogue + terms_.t_math : terms_.epilogue; }
  const char* tail_text() const { return async() ? "T_MATH + T_EPILOGUE" : "T_EPILOGUE"; }

  // One argument of a max: an event's time plus a duration.
  struct Arg {
    std::string text;
    z3::expr value;
  };
  void event(int eq, const TraceWave& w, int64_t i, const char* name, int64_t value, const std::vector<Arg>& args) {
    z3::expr rhs = args[0].value;
    std::string text = args[0].text;
    for (size_t j = 1; j < args.size(); ++j) {
      rhs = smt::max(rhs, args[j].value);
      text += ", " + args[j].text;
    }
    if (args.size() > 1) text = "max(" + text + ")";
    add(fmt_id(eq, w.first, i),
        fmt::format("eq. {} ({}) {} stage {}: {}({}) = {} = {}", eq, name, wave_label(w), i, name, i, value, text),
        val(value) == rhs);
  }
  static std::string fmt_id(int eq, int64_t wave, int64_t stage) {
    return fmt::format("eq{}.w{}.i{}", eq, wave, stage);
  }

  void waves() {
    // Identical relative waves give identical constraints: encode each once.
    std::map<std::vector<std::tuple<int64_t, int64_t, int64_t, int64_t>>, int64_t> seen;
    int64_t encoded = 0;
    const TraceWave* previous = nullptr;
    for (const TraceWave& w : t_.waves) {
      const TraceWave* prev = previous;
      previous = &w;
      if (!t_.absolute) {
        std::vector<std::tuple<int64_t, int64_t, int64_t, int64_t>> key;
        for (const TraceEvent& e : w.events) key.emplace_back(e.stage, e.sa, e.sb, e.sm);
        if (!seen.emplace(std::move(key), w.first).second) continue;
      }
      encoded += static_cast<int64_t>(w.events.size());
      if (encoded > kMaxEncodedTraceEvents)
        throw command_line_error(
            fmt::format("the trace has more than {} distinct events, more than the solver query "
                        "takes; check it against a known machine with --machine",
                        kMaxEncodedTraceEvents));
      encode_wave(w, prev);
    }
  }

  void encode_wave(const TraceWave& w, const TraceWave* previous) {
    std::vector<const TraceEvent*> ev(static_cast<size_t>(std::min<int64_t>(S_, kMaxEncodedTraceEvents)) + 1, nullptr);
    bool stages_ok = true;
    for (const TraceEvent& e : w.events) {
      if (e.stage > S_)
        stages_ok = false;
      else
        ev[static_cast<size_t>(e.stage)] = &e;
    }
    for (int64_t i = 1; i <= S_ && stages_ok; ++i)
      stages_ok = static_cast<size_t>(i) < ev.size() && ev[static_cast<size_t>(i)];
    if (!stages_ok)
      add(fmt::format("stages.w{}", w.first),
          fmt::format("{} has stages other than 1..S = 1..ceil(K / TK) = 1..{}", wave_label(w), S_),
          c_.bool_val(false));
    if (S_ >= static_cast<int64_t>(ev.size())) return;
    const TraceTerms& x = terms_;
    const int64_t D = config_.stages;
    auto at = [&](int64_t i) { return i >= 1 && i <= S_ ? ev[static_cast<size_t>(i)] : nullptr; };
    for (int64_t i = 1; i <= S_; ++i) {
      const TraceEvent* e = at(i);
      if (!e) continue;
      const TraceEvent* released = i - D >= 1 ? at(i - D) : nullptr;
      bool release_known = i - D < 1 || released;
      auto release_arg = [&]() {
        return Arg{fmt::format("Sm({}) + T_MATH = {} + T_MATH", i - D, released->sm), val(released->sm) + x.t_math};
      };
      if (i == 1) {
        std::string text;
        if (auto start = wave_start(w, previous, text)) event(1, w, 1, "Sa", e->sa, {{text, *start}});
      } else if (at(i - 1) && release_known) {
        std::vector<Arg> args{async()
                                  ? Arg{fmt::format("Sb({}) + T_LOAD_B - load_latency = {} + T_LOAD_B - load_latency",
                                                    i - 1, at(i - 1)->sb),
                                        val(at(i - 1)->sb) + x.t_load_b - x.load_latency}
                                  : Arg{fmt::format("Sb({}) + T_LOAD_B = {} + T_LOAD_B", i - 1, at(i - 1)->sb),
                                        val(at(i - 1)->sb) + x.t_load_b}};
        if (released) args.push_back(release_arg());
        event(1, w, i, "Sa", e->sa, args);
      }
      if (async()) {  // the async producer issues B right after A's transfer
        event(2, w, i, "Sb", e->sb,
              {{fmt::format("Sa({}) + T_LOAD_A - load_latency = {} + T_LOAD_A - load_latency", i, e->sa),
                val(e->sa) + x.t_load_a - x.load_latency}});
      } else if (release_known) {
        std::vector<Arg> args{{fmt::format("Sa({}) + T_LOAD_A = {} + T_LOAD_A", i, e->sa), val(e->sa) + x.t_load_a}};
        if (released) args.push_back(release_arg());
        event(2, w, i, "Sb", e->sb, args);
      }
      if (i == 1 || at(i - 1)) {
        std::vector<Arg> args;
        if (i > 1)
          args.push_back(
              {fmt::format("Sm({}) + T_MATH = {} + T_MATH", i - 1, at(i - 1)->sm), val(at(i - 1)->sm) + x.t_math});
        args.push_back({fmt::format("Sb({}) + T_LOAD_B = {} + T_LOAD_B", i, e->sb), val(e->sb) + x.t_load_b});
        event(3, w, i, "Sm", e->sm, args);
      }
    }
  }

  // total = T_INIT + sum over waves of (Sm(S) - start + T_EPILOGUE), and
  // wait = sum over waves of (Sb(1) - start + T_LOAD_B + Sm(S) - Sm(1) - (S-1) T_MATH).
  void total_and_wait() {
    if (!t_.total && !t_.wait) return;
    const TraceTerms& x = terms_;
    z3::expr total = x.init, wait = val(0);
    int64_t covered = 0;
    const TraceWave* previous = nullptr;
    for (const TraceWave& w : t_.waves) {
      const TraceEvent *first = nullptr, *last = nullptr;
      for (const TraceEvent& e : w.events) {
        if (e.stage == 1) first = &e;
        if (e.stage == S_) last = &e;
      }
      std::string text;
      auto start = wave_start(w, previous, text);
      previous = &w;
      if (!first || !last || !start || w.first != covered + 1) return;  // already unsatisfiable
      covered = w.last;
      z3::expr count = val(w.count());
      total = total + count * (val(last->sm) - *start + tail());
      wait = wait + count * (val(first->sb) - *start + x.t_load_b + val(last->sm - first->sm) - val(S_ - 1) * x.t_math);
    }
    if (t_.total)
      add("total", fmt::format("total = {} = T_INIT + sum over the waves of (Sm(S) + T_EPILOGUE)", *t_.total),
          val(*t_.total) == total);
    if (t_.wait)
      add("wait",
          fmt::format("wait = {} = sum over the waves of Sb(1) + T_LOAD_B + Sm(S) - Sm(1) - (S-1) T_MATH", *t_.wait),
          val(*t_.wait) == wait);
  }

  GemmModel model_;
  z3::context& c_;
  const Trace& t_;
  const GemmShape& shape_;
  const TileConfig& config_;
  const ParameterBounds& b_;
  TraceTerms terms_;
  int64_t S_ = 0;
};

}  // namespace

TraceTerms encode_trace(z3::context& ctx, const Trace& trace, const GemmShape& shape, const TileConfig& config,
                        const ParameterBounds& bounds, GemmModel model) {
  return TraceEncoder(ctx, trace, shape, config, bounds, model).encode();
}

}  // namespace warpsat
