#include "report/timeline.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "frontend/diagnostics.h"
#include "frontend/time_unit.h"
#include "report/svg.h"

namespace warpsat {

namespace {

constexpr int64_t kMaxDrawnWaves = 8;
constexpr int64_t kMaxDrawnSlices = 30000;  // beyond this an SVG is too heavy to be a useful picture

// Absolute start of wave w (1-based): T_INIT + (w - 1) * one wave.
double wave_start(const Schedule& s, int64_t w) {
  return static_cast<double>(s.durations.init) + static_cast<double>(w - 1) * static_cast<double>(s.wave);
}

double wave_length(const Schedule& s) { return static_cast<double>(s.wave); }

// How long a load occupies the DMA: its whole duration in seed 001, its
// transfer only in the async model (the latency is spent in flight).
int64_t busy(const Schedule& s, const Machine& m, int64_t load) {
  return s.model == GemmModel::Async ? load - m.load_latency : load;
}

}  // namespace

std::string chrome_trace_json(const Schedule& s, const Machine& m) {
  auto per = seconds_per_unit(m.time_unit);
  if (!per)
    throw command_line_error(
        fmt::format("machine {}'s time unit '{}' has no conversion to microseconds, which Chrome "
                    "traces use; give the machine's times in s, ms, us or ns",
                    m.name, m.time_unit));
  if (s.waves > kMaxTraceSlices / (3 * s.stage_count))
    throw command_line_error(
        fmt::format("the trace would have {} waves x {} stages x 3 slices, more than {}; "
                    "use a smaller problem",
                    s.waves, s.stage_count, kMaxTraceSlices));
  const double to_us = *per * 1e6;
  nlohmann::json events = nlohmann::json::array();
  auto meta = [&](const char* what, int64_t pid, std::optional<int64_t> tid, nlohmann::json args) {
    nlohmann::json e = {{"name", what}, {"ph", "M"}, {"pid", pid}, {"args", std::move(args)}};
    if (tid) e["tid"] = *tid;
    events.push_back(std::move(e));
  };
  auto slice = [&](std::string name, const char* cat, int64_t pid, int64_t tid, double start, double length,
                   nlohmann::json args) {
    events.push_back({{"name", std::move(name)},
                      {"cat", cat},
                      {"ph", "X"},
                      {"pid", pid},
                      {"tid", tid},
                      {"ts", start * to_us},
                      {"dur", length * to_us},
                      {"args", std::move(args)}});
  };
  const Durations& d = s.durations;
  meta("process_name", 0, std::nullopt, {{"name", "kernel"}});
  meta("process_sort_index", 0, std::nullopt, {{"sort_index", 0}});
  meta("thread_name", 0, 0, {{"name", "waves"}});
  slice("init (T_INIT)", "init", 0, 0, 0, static_cast<double>(d.init), {{"T_INIT", d.init}});
  for (int64_t w = 1; w <= s.waves; ++w) {
    double start = wave_start(s, w), sm_last = static_cast<double>(s.events.back().sm);
    slice(fmt::format("wave {}", w), "wave", 0, 0, start, wave_length(s), {{"Sm(S) + T_EPILOGUE", wave_length(s)}});
    slice("epilogue", "epilogue", 0, 0, start + sm_last, static_cast<double>(d.epilogue), {{"T_EPILOGUE", d.epilogue}});
    meta("process_name", w, std::nullopt, {{"name", fmt::format("wave {}", w)}});
    meta("process_sort_index", w, std::nullopt, {{"sort_index", w}});
    meta("thread_name", w, 1, {{"name", "DMA warp"}});
    meta("thread_name", w, 2, {{"name", "MATH warp"}});
    for (const StageEvents& e : s.events) {
      slice(fmt::format("load A {}", e.stage), "load", w, 1, start + static_cast<double>(e.sa),
            static_cast<double>(busy(s, m, d.load_a)), {{"stage", e.stage}, {"Sa", e.sa}, {"T_LOAD_A", d.load_a}});
      slice(fmt::format("load B {}", e.stage), "load", w, 1, start + static_cast<double>(e.sb),
            static_cast<double>(busy(s, m, d.load_b)), {{"stage", e.stage}, {"Sb", e.sb}, {"T_LOAD_B", d.load_b}});
      slice(fmt::format("multiply {}", e.stage), "math", w, 2, start + static_cast<double>(e.sm),
            static_cast<double>(d.math), {{"stage", e.stage}, {"Sm", e.sm}, {"T_MATH", d.math}});
    }
  }
  const TileConfig& c = s.config;
  nlohmann::json out = {
      {"traceEvents", events},
      {"displayTimeUnit", "ns"},
      {"otherData",
       {{"generator", "warpsat simulate --trace"},
        {"problem",
         fmt::format("M={} N={} K={} tile {} D={}", s.shape.m, s.shape.n, s.shape.k, to_string(c.tile), c.stages)},
        {"machine", m.name},
        {"model_time_unit", m.time_unit},
        {"total", s.total},
        {"note", "times in microseconds; slices are seed 001's events (Sa, Sb, Sm) with the model's durations"}}}};
  return out.dump(1) + "\n";
}

std::string gantt_svg(const Schedule& s, const Machine& m) {
  int64_t drawn = std::min<int64_t>(s.waves, kMaxDrawnWaves);
  while (drawn > 1 && drawn * s.stage_count * 3 > kMaxDrawnSlices) --drawn;
  if (s.stage_count * 3 > kMaxDrawnSlices)
    throw command_line_error(
        fmt::format("one wave has {} stages, too many to draw; use --trace for a Chrome trace", s.stage_count));
  const Durations& d = s.durations;
  const double left = 130, right = 30, top = 78, row = 20, gap = 6, wave_gap = 12, width = 1200;
  const double rows_height = (row + gap) * (1 + 2 * drawn) + wave_gap * drawn;
  const double height = top + rows_height + 60;
  double end = wave_start(s, drawn) + std::max(wave_length(s), static_cast<double>(s.events.back().sm + d.math));
  const double scale = (width - left - right) / end;
  auto x = [&](double t) { return left + t * scale; };
  auto w = [&](double length) { return std::max(0.6, length * scale); };
  // A white edge separates neighbouring slices, but would hide a thin one.
  auto edge = [&](double length) { return length * scale > 3 ? "white" : ""; };

  svg::Document doc(width, height);
  const TileConfig& c = s.config;
  doc.text(left, 24,
           fmt::format("GeMM-WS pipeline: M={} N={} K={}, tile {}, D={}, machine {}", s.shape.m, s.shape.n, s.shape.k,
                       to_string(c.tile), c.stages, m.name),
           15, "start", "#222", true);
  doc.text(left, 44,
           fmt::format("S = {} stages, W = {} waves{}; total {}; gaps are waits", s.stage_count, s.waves,
                       drawn < s.waves ? fmt::format(" (first {} drawn, the rest are equal)", drawn) : "",
                       svg::time_label(static_cast<double>(s.total), m.time_unit)),
           12);
  struct Key {
    const char* label;
    const char* colour;
  };
  const Key keys[] = {{"load A (T_LOAD_A)", "#4e79a7"},         {"load B (T_LOAD_B)", "#59a14f"},
                      {"multiply (T_MATH)", "#f28e2b"},         {"init", "#9c9c9c"},
                      {"wave (Sm(S) + T_EPILOGUE)", "#dcdcdc"}, {"epilogue", "#e15759"}};
  double kx = left;
  for (const Key& k : keys) {
    doc.rect(kx, 56, 12, 12, k.colour);
    doc.text(kx + 16, 66, k.label, 11);
    kx += 30 + 6.5 * static_cast<double>(std::string_view(k.label).size());
  }

  double y = top;
  doc.text(left - 8, y + row * 0.7, "kernel", 12, "end");
  doc.rect(x(0), y, w(static_cast<double>(d.init)), row, "#9c9c9c", fmt::format("init: 0 .. {}", d.init));
  for (int64_t wave = 1; wave <= drawn; ++wave) {
    double start = wave_start(s, wave), sm_last = static_cast<double>(s.events.back().sm);
    doc.rect(x(start), y, w(wave_length(s)), row, wave % 2 ? "#dcdcdc" : "#c8c8c8",
             fmt::format("wave {}: {} .. {}", wave, start, start + wave_length(s)));
    doc.rect(x(start + sm_last), y, w(static_cast<double>(d.epilogue)), row, "#e15759",
             fmt::format("epilogue of wave {}: {} .. {}", wave, start + sm_last,
                         start + sm_last + static_cast<double>(d.epilogue)));
  }
  y += row + gap + wave_gap;
  for (int64_t wave = 1; wave <= drawn; ++wave) {
    double start = wave_start(s, wave);
    doc.text(left - 8, y + row * 0.7, fmt::format("wave {} DMA", wave), 12, "end");
    doc.text(left - 8, y + row + gap + row * 0.7, fmt::format("wave {} MATH", wave), 12, "end");
    for (const StageEvents& e : s.events) {
      double sa = start + static_cast<double>(e.sa), sb = start + static_cast<double>(e.sb),
             sm = start + static_cast<double>(e.sm);
      doc.rect(x(sa), y, w(static_cast<double>(busy(s, m, d.load_a))), row, "#4e79a7",
               fmt::format("wave {} load A {}: Sa = {}, T_LOAD_A = {}", wave, e.stage, e.sa, d.load_a),
               edge(static_cast<double>(d.load_a)), 0.5);
      doc.rect(x(sb), y, w(static_cast<double>(busy(s, m, d.load_b))), row, "#59a14f",
               fmt::format("wave {} load B {}: Sb = {}, T_LOAD_B = {}", wave, e.stage, e.sb, d.load_b),
               edge(static_cast<double>(d.load_b)), 0.5);
      doc.rect(x(sm), y + row + gap, w(static_cast<double>(d.math)), row, "#f28e2b",
               fmt::format("wave {} multiply {}: Sm = {}, T_MATH = {}", wave, e.stage, e.sm, d.math),
               edge(static_cast<double>(d.math)), 0.5);
    }
    y += 2 * (row + gap) + wave_gap;
  }
  // Time axis with 1-2-5 steps.
  double axis = y + 4;
  doc.line(left, axis, width - right, axis, "#444");
  double raw = end / 8, step = std::pow(10.0, std::floor(std::log10(raw)));
  for (double f : {2.0, 5.0, 10.0})
    if (step < raw) step = std::pow(10.0, std::floor(std::log10(raw))) * f;
  for (double t = 0; t <= end * 1.0001; t += step) {
    doc.line(x(t), axis, x(t), axis + 5, "#444");
    doc.text(x(t), axis + 18, svg::time_label(t, m.time_unit), 11, "middle");
  }
  doc.text(width - right, axis + 36, "time since kernel launch", 11, "end", "#555");
  return doc.finish();
}

}  // namespace warpsat
