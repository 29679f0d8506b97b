#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "emulator/gemm_ws_sim.h"
#include "frontend/diagnostics.h"
#include "report/heatmap.h"
#include "report/timeline.h"

using namespace warpsat;

namespace {
size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("Chrome trace: a slice per load and multiply on per-wave DMA and MATH tracks, none overlapping") {
  Machine m = resolve_machine("a6000-paper");
  Schedule s = simulate({2048, 1024, 512}, {{128, 128, 64}, 2}, m);
  REQUIRE(s.waves == 2);
  nlohmann::json j = nlohmann::json::parse(chrome_trace_json(s, m));
  std::map<std::pair<int, int>, std::vector<std::pair<double, double>>> tracks;
  size_t slices = 0;
  for (const auto& e : j["traceEvents"]) {
    if (e["ph"] != "X") continue;
    ++slices;
    tracks[{e["pid"].get<int>(), e["tid"].get<int>()}].emplace_back(e["ts"].get<double>(), e["dur"].get<double>());
  }
  CHECK(slices == 1 + 2 * 2 + 3 * 2 * 8);  // init, wave spans and epilogues, and 3 slices per stage and wave
  CHECK(tracks[{1, 1}].size() == 16);      // wave 1 DMA: load A and load B of 8 stages
  CHECK(tracks[{1, 2}].size() == 8);       // wave 1 MATH
  for (auto& [track, v] : tracks) {
    if (track.first == 0) continue;  // the kernel track nests epilogues inside wave spans
    std::sort(v.begin(), v.end());
    for (size_t i = 1; i < v.size(); ++i) CHECK(v[i - 1].first + v[i - 1].second <= v[i].first + 1e-9);
  }
  // Microseconds: the first load of wave 1 starts after T_INIT = 1680 ns.
  CHECK(tracks[{1, 1}].front().first == doctest::Approx(1.680));
  // Waits are gaps: multiply 2 starts Sm(2) - Sm(1) - T_MATH after multiply 1 ends.
  auto& math = tracks[{1, 2}];
  CHECK(math[1].first - (math[0].first + math[0].second) ==
        doctest::Approx((s.events[1].sm - s.events[0].sm - s.durations.math) / 1000.0));
  Machine cycles = m;
  cycles.time_unit = "cycles";
  CHECK_THROWS_AS(chrome_trace_json(s, cycles), InputError);
}

TEST_CASE("Gantt SVG: one rectangle per slice, every tooltip closed") {
  Machine m = resolve_machine("balanced");
  Schedule s = simulate({256, 256, 256}, {{64, 64, 64}, 2}, m);
  REQUIRE(s.waves == 1);
  std::string svg = gantt_svg(s, m);
  CHECK(svg.starts_with("<?xml"));
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(count(svg, "wave 1 load A ") == static_cast<size_t>(s.stage_count));
  CHECK(count(svg, "<title>") == count(svg, "</title>"));
  // background, 6 legend keys, init, wave span, epilogue, 3 per stage, then the axis is lines.
  CHECK(count(svg, "<rect") == 1 + 6 + 3 + 3 * static_cast<size_t>(s.stage_count));
}

TEST_CASE("heat map SVG: a cell per (TM, TN), the optimum outlined, over-limit cells marked") {
  Machine m = resolve_machine("h100-sxm");
  SearchSpace space{{64, 128, 256}, {64, 128, 256}, {64}, 2, 2};
  std::string svg = tiling_heatmap_svg({4096, 4096, 4096}, m, space, {{128, 256, 64}, 2});
  CHECK(count(svg, "x64 D=2: total") + count(svg, "over the limit") == 9);
  // 256x256 fp32 needs 288 registers per MATH thread on h100-sxm.
  CHECK(count(svg, "over the limit: needs 288 registers per consumer thread") == 1);
  CHECK(svg.find("optimum 128x256x64 D=2") != std::string::npos);
  Machine small = m;
  small.smem_bytes = 100000;  // 256x256x64 at D=2 needs 131072 bytes
  std::string limited = tiling_heatmap_svg({4096, 4096, 4096}, small, space, {{128, 128, 64}, 2});
  CHECK(count(limited, "bytes of shared memory, the machine has 100000") == 4);
}
