#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "frontend/periodic_ranges.h"

using namespace warpsat;

namespace {

// The partition of [0, n) that `code_of` gives, merged into maximal intervals.
template <class F>
std::vector<CodedInterval> partition_of(uint64_t n, F code_of) {
  std::vector<CodedInterval> p;
  for (uint64_t t = 0; t < n; ++t) {
    uint32_t c = code_of(t);
    if (!p.empty() && p.back().code == c)
      p.back().end = t + 1;
    else
      p.push_back({t, t + 1, c});
  }
  return p;
}

// Every index's code as the runs say it, checked against the partition.
void check_exact(const std::vector<CodedInterval>& p, const std::vector<PeriodicRun>& runs) {
  REQUIRE(!runs.empty());
  CHECK(runs.front().begin == p.front().begin);
  CHECK(runs.back().end == p.back().end);
  size_t at = 0;
  for (size_t r = 0; r < runs.size(); ++r) {
    if (r) CHECK(runs[r].begin == runs[r - 1].end);
    for (uint64_t t = runs[r].begin; t < runs[r].end; ++t) {
      while (p[at].end <= t) ++at;
      uint32_t said = runs[r].code;
      if (runs[r].period) {
        said = ~0u;
        for (const auto& x : runs[r].residues)
          for (const auto& [lo, hi] : x.intervals)
            if (t % runs[r].period >= lo && t % runs[r].period < hi) said = x.code;
      }
      CHECK(said == p[at].code);
    }
  }
}

}  // namespace

TEST_CASE("t % 2 == 0 over 64 threads is one run: even threads one way, odd the other") {
  auto p = partition_of(64, [](uint64_t t) { return t % 2 == 0 ? 2u : 1u; });
  REQUIRE(p.size() == 64);
  std::vector<PeriodicRun> runs = periodic_runs(p);
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].begin == 0);
  CHECK(runs[0].end == 64);
  CHECK(runs[0].period == 2);
  REQUIRE(runs[0].residues.size() == 2);
  CHECK(runs[0].residues[0].code == 2);
  CHECK(runs[0].residues[0].intervals == std::vector<std::pair<uint64_t, uint64_t>>{{0, 1}});
  CHECK(runs[0].residues[1].code == 1);
  CHECK(runs[0].residues[1].intervals == std::vector<std::pair<uint64_t, uint64_t>>{{1, 2}});
  check_exact(p, runs);
}

TEST_CASE("a few intervals stay intervals, a periodic stretch before a plain tail is split off exactly") {
  auto two_halves = partition_of(64, [](uint64_t t) { return (t & 31) < 16 ? 1u : 2u; });
  std::vector<PeriodicRun> runs = periodic_runs(two_halves);
  CHECK(runs.size() == 4);
  for (const PeriodicRun& r : runs) CHECK(r.period == 0);
  check_exact(two_halves, runs);

  // t < 40 && t odd: a pattern over [0,40), then one interval.
  auto bounded = partition_of(64, [](uint64_t t) { return t < 40 && t % 2 ? 1u : 2u; });
  runs = periodic_runs(bounded);
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].period == 2);
  CHECK(runs[0].begin == 0);
  CHECK(runs[0].end == 40);
  CHECK(runs[1].period == 0);
  CHECK(runs[1].begin == 40);
  CHECK(runs[1].code == 2);
  check_exact(bounded, runs);
}

TEST_CASE("a subset's pattern covers whole periods where its gaps say the same") {
  std::vector<std::pair<uint64_t, uint64_t>> odd_16_to_32;
  for (uint64_t t = 17; t < 32; t += 2) odd_16_to_32.emplace_back(t, t + 1);
  std::vector<CodedInterval> p = subset_partition(odd_16_to_32, 64);
  CHECK(p.size() == 17);  // [0,17), 8 threads, 7 gaps between them, [32,64)
  CHECK(p.front() == CodedInterval{0, 17, 0});
  CHECK(p.back() == CodedInterval{32, 64, 0});
  std::vector<PeriodicRun> runs = periodic_runs(p);
  REQUIRE(runs.size() == 3);
  CHECK(runs[0].end == 16);
  CHECK(runs[1].period == 2);
  CHECK(runs[1].begin == 16);
  CHECK(runs[1].end == 32);
  CHECK(runs[2].begin == 32);
  check_exact(p, runs);

  std::vector<std::pair<uint64_t, uint64_t>> even_below_16;
  for (uint64_t t = 0; t < 16; t += 2) even_below_16.emplace_back(t, t + 1);
  p = subset_partition(even_below_16, 64);
  runs = periodic_runs(p);
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].period == 2);
  CHECK(runs[0].end == 16);
  CHECK(runs[1].begin == 16);
  check_exact(p, runs);
}

TEST_CASE("periodic runs describe random partitions exactly") {
  std::mt19937 rng(28);
  for (int trial = 0; trial < 300; ++trial) {
    uint64_t period = 2 + rng() % 12, phase = rng() % period, cut = rng() % 200, n = 1 + rng() % 300;
    uint64_t lo = rng() % period, hi = lo + 1 + rng() % (period - lo);
    uint32_t codes = 2 + rng() % 2;
    auto p = partition_of(n, [&](uint64_t t) -> uint32_t {
      if (t >= cut) return (t / 7) % codes;  // something else after the cut
      uint64_t r = (t + phase) % period;
      return r >= lo && r < hi ? 0u : (codes == 3 && r % 2 ? 2u : 1u);
    });
    check_exact(p, periodic_runs(p));
  }
}
