#include <doctest/doctest.h>

#include <array>

#include "emulator/gemm_sweep.h"
#include "emulator/gemm_ws_sim.h"
#include "frontend/diagnostics.h"

using namespace warpsat;

namespace {
// Round numbers so the events can be worked out by hand (see each test).
Machine toy(const char* compute_throughput) {
  Machine m;
  m.name = "toy";
  m.sms = 2;
  m.init = 10;
  m.epilogue = 5;
  m.load_throughput = *Rational::parse("1");
  m.compute_throughput = *Rational::parse(compute_throughput);
  return m;
}
}  // namespace

TEST_CASE("simulate: loads and math on par (worked by hand)") {
  // T_MATH = 8, T_LOAD_A = T_LOAD_B = 4, S = 4, W = ceil(2*2/2) = 2.
  Schedule s = simulate({4, 4, 8}, {{2, 2, 2}, 2}, toy("1"));
  CHECK(s.durations.math == 8);
  CHECK(s.durations.load_a == 4);
  CHECK(s.stage_count == 4);
  CHECK(s.waves == 2);
  std::vector<std::array<int64_t, 3>> expected = {{0, 4, 8}, {8, 12, 16}, {16, 20, 24}, {24, 28, 32}};
  REQUIRE(s.events.size() == 4);
  for (size_t i = 0; i < 4; ++i) {
    CHECK(s.events[i].sa == expected[i][0]);
    CHECK(s.events[i].sb == expected[i][1]);
    CHECK(s.events[i].sm == expected[i][2]);
  }
  CHECK(s.total == (32 + 5) * 2 + 10);
  CHECK(s.wait == 2 * 8);
}

TEST_CASE("simulate: slow math fills the buffer and delays the loads") {
  // T_MATH = 16. With D = 2, stage 3 waits for Sm(1) + T_MATH = 24 and stage 4
  // for Sm(2) + T_MATH = 40.
  Schedule s = simulate({4, 4, 8}, {{2, 2, 2}, 2}, toy("0.5"));
  CHECK(s.events[2].sa == 24);
  CHECK(s.events[2].sb == 28);
  CHECK(s.events[3].sa == 40);
  CHECK(s.events[3].sb == 44);
  CHECK(s.events[3].sm == 56);
  CHECK(s.total == 132);
  CHECK(s.wait == 16);
  // With D = 3 the loads run ahead, but the MATH chain is the bottleneck: a tie.
  Schedule d3 = simulate({4, 4, 8}, {{2, 2, 2}, 3}, toy("0.5"));
  CHECK(d3.events[2].sa == 16);
  CHECK(d3.total == 132);
}

TEST_CASE("simulate: D larger than S and K not a multiple of TK") {
  Schedule deep = simulate({4, 4, 8}, {{2, 2, 2}, 64}, toy("0.5"));  // no release term at any stage
  CHECK(deep.events[3].sa == 24);  // Sb(3) + T_LOAD_B: the buffer never fills
  CHECK(deep.total == 132);
  Schedule ragged = simulate({4, 4, 7}, {{2, 2, 2}, 2}, toy("1"));  // S = ceil(7/2) = 4
  CHECK(ragged.stage_count == 4);
  CHECK(ragged.total == simulate({4, 4, 8}, {{2, 2, 2}, 2}, toy("1")).total);
}

TEST_CASE("evaluate agrees with simulate on every configuration of a space") {
  Machine m = resolve_machine("balanced");
  std::vector<int64_t> scratch;
  for (int64_t k : {32, 96, 400, 1024})
    for (int64_t tk : {16, 32, 128})
      for (int64_t d = 2; d <= 6; ++d) {
        TileConfig c{{64, 32, tk}, d};
        Schedule s = simulate({256, 512, k}, c, m);
        Cost e = evaluate({256, 512, k}, c, m, scratch);
        CHECK(e.total == s.total);
        CHECK(e.wait == s.wait);
      }
}

TEST_CASE("out-of-range inputs are input errors, not crashes") {
  Machine m = resolve_machine("a6000-paper");
  CHECK_THROWS_AS(simulate({0, 4, 4}, {{2, 2, 2}, 2}, m), InputError);
  CHECK_THROWS_AS(simulate({4, 4, 4}, {{2, 2, 2}, 1}, m), InputError);
  CHECK_THROWS_AS(simulate({4, 4, int64_t{1} << 31}, {{2, 2, 1}, 2}, m), InputError);  // too many stages
  Machine slow = m;
  slow.load_throughput = *Rational::parse("1/1000000000000");
  CHECK_THROWS_AS(simulate({1 << 30, 1 << 30, 1 << 20}, {{1, 1, 1024}, 2}, slow), InputError);  // overflow
}

TEST_CASE("sweep finds the best configuration and every tie") {
  SearchSpace space{{2}, {2}, {2}, 2, 4};
  SweepResult r = sweep({4, 4, 8}, toy("0.5"), space, Objective::Lex);
  REQUIRE(r.best);
  CHECK(r.best->config.stages == 2);  // ties broken towards the smaller buffer
  CHECK(r.co_optimal.size() == 3);
}
