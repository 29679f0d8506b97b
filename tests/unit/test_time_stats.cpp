// TimeStats (`branches --stats`): kinds with line numbers fold together,
// rows come most time first, and outcomes are counted per kind.
#include <doctest/doctest.h>

#include <thread>

#include "frontend/time_stats.h"

using warpsat::TimeStats;

TEST_CASE("time stats: a query named after its line counts under its kind") {
  TimeStats s;
  s.record("unwritten-line42", "timeout", 10);
  s.record("unwritten-line7", "unsat", 5);
  s.record("seen-split", "sat", 40);
  s.record("re-line", "sat", 1);         // no digits after "-line": a name of its own
  s.record("divergent-1d", "", 2);       // no outcome to tell
  std::vector<TimeStats::Row> rows = s.rows();
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].kind == "seen-split");
  CHECK(rows[1].kind == "unwritten");
  CHECK(rows[1].count == 2);
  CHECK(rows[1].ms == doctest::Approx(15));
  CHECK(rows[1].max_ms == doctest::Approx(10));
  CHECK(rows[1].outcomes.at("timeout") == 1);
  CHECK(rows[1].outcomes.at("unsat") == 1);
  CHECK(rows[2].kind == "divergent-1d");
  CHECK(rows[2].outcomes.empty());
  CHECK(rows[3].kind == "re-line");
}

TEST_CASE("time stats: records from several threads all count") {
  TimeStats s;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) s.record("q", "sat", 1);
    });
  for (std::thread& t : threads) t.join();
  REQUIRE(s.rows().size() == 1);
  CHECK(s.rows()[0].count == 4000);
  CHECK(s.rows()[0].outcomes.at("sat") == 4000);
}
