#include <doctest/doctest.h>

#include <random>

#include "emulator/gemm_sweep.h"
#include "frontend/diagnostics.h"
#include "solver/cross_validation.h"
#include "solver/tiling_validation.h"

using namespace warpsat;

namespace {
SearchSpace seed_space() { return SearchSpace{{32, 64, 128}, {32, 64, 128}, {32, 64, 128}, 2, 4}; }

TilingQuestion question(int64_t m, int64_t n, int64_t k, const std::string& machine,
                        GemmEncoding e = GemmEncoding::ClosedForm) {
  TilingQuestion q;
  q.shape = {m, n, k};
  q.machine = resolve_machine(machine);
  q.space = seed_space();
  q.encoding = e;
  return q;
}

bool lists(const TilingAnswer& a, Tile t) {
  for (const auto& c : a.co_optimal)
    if (c.config.tile == t) return true;
  return false;
}
}  // namespace

TEST_CASE("seed 001 Table 1: the paper's tiling is co-optimal for each problem") {
  struct Row {
    int64_t m, n, k;
    Tile tile;
  };
  for (Row r : {Row{1024, 1024, 1024, {128, 128, 128}}, Row{1024, 512, 1024, {128, 64, 128}},
                Row{1024, 1024, 512, {128, 128, 128}}, Row{1024, 512, 512, {128, 64, 128}},
                Row{512, 512, 512, {64, 64, 128}}}) {
    ValidatedTiling v = solve_tiling(question(r.m, r.n, r.k, "a6000-paper"), SolverOptions{});
    REQUIRE(v.answer.status == TilingStatus::Optimal);
    CHECK_MESSAGE(lists(v.answer, r.tile), "M=", r.m, " N=", r.n, " K=", r.k);
    CHECK(v.validation.sweep_ran);
  }
}

TEST_CASE("solver and simulator agree on 320 problems of the seed's grid under four machines") {
  std::mt19937 rng(2024);  // fixed seed: the same problems every run
  std::uniform_int_distribution<int> dim(1, 32);
  int solved = 0;
  for (const char* machine : {"a6000-paper", "dma-fast", "dma-slow", "balanced"})
    for (int i = 0; i < 80; ++i) {
      TilingQuestion q = question(32 * dim(rng), 32 * dim(rng), 32 * dim(rng), machine);
      // solve_tiling throws CrossValidationError on any disagreement.
      ValidatedTiling v = solve_tiling(q, SolverOptions{});
      REQUIRE(v.answer.status == TilingStatus::Optimal);
      SweepResult sw = sweep(q.shape, q.machine, q.space, q.objective);
      CHECK(v.answer.best.cost == sw.best->cost);
      CHECK(v.answer.co_optimal.size() == sw.co_optimal.size());
      ++solved;
    }
  CHECK(solved == 320);
}

// The three encodings must give the same optimum and co-optimal set.
void check_same_answer(const TilingQuestion& base) {
  std::vector<ValidatedTiling> answers;
  for (GemmEncoding e : {GemmEncoding::ClosedForm, GemmEncoding::Bounds, GemmEncoding::Array}) {
    TilingQuestion q = base;
    q.encoding = e;
    answers.push_back(solve_tiling(q, SolverOptions{}));
  }
  const TilingAnswer& a = answers[0].answer;
  for (size_t i = 1; i < answers.size(); ++i) {
    const TilingAnswer& b = answers[i].answer;
    REQUIRE(a.status == b.status);
    if (a.status != TilingStatus::Optimal) continue;
    CHECK(a.best.config == b.best.config);
    CHECK(a.best.cost == b.best.cost);
    REQUIRE(a.co_optimal.size() == b.co_optimal.size());
    for (size_t j = 0; j < a.co_optimal.size(); ++j) CHECK(a.co_optimal[j].config == b.co_optimal[j].config);
  }
}

TEST_CASE("closed-form, bounds and array encodings agree on every bundled machine and objective") {
  for (const std::string& machine : bundled_machine_names())
    for (Objective o : {Objective::Lex, Objective::Total, Objective::Wait}) {
      TilingQuestion q = question(512, 384, 192, machine);
      q.objective = o;
      CAPTURE(machine);
      check_same_answer(q);
    }
}

TEST_CASE("closed-form, bounds and array encodings agree on random spaces") {
  std::mt19937 rng(11);  // fixed seed: the same spaces every run
  std::uniform_int_distribution<int> dim(1, 24), tile(1, 16), count(1, 4), depth(2, 5);
  std::vector<std::string> machines = bundled_machine_names();
  for (int i = 0; i < 24; ++i) {
    TilingQuestion q = question(16 * dim(rng), 16 * dim(rng), 16 * dim(rng), machines[i % machines.size()]);
    auto candidates = [&] {
      std::vector<int64_t> v;
      for (int c = count(rng); c > 0; --c) v.push_back(16 * tile(rng));
      return normalise_candidates(v, "test");
    };
    q.space = SearchSpace{candidates(), candidates(), candidates(), depth(rng), 0};
    q.space.max_stages = q.space.min_stages + count(rng);
    CAPTURE(q.name());
    check_same_answer(q);
  }
}

TEST_CASE("ties: when D does not matter every depth is co-optimal") {
  // K = 64 with TK = 128 is a single stage: D never matters.
  TilingQuestion q = question(1024, 1024, 64, "a6000-paper");
  ValidatedTiling v = solve_tiling(q, SolverOptions{});
  CHECK(v.answer.co_optimal.size() % 3 == 0);
  CHECK(v.answer.best.config.stages == 2);
}

TEST_CASE("the shared-memory limit shapes the answer, and can rule out everything") {
  TilingQuestion q = question(4096, 4096, 4096, "h100-sxm");
  q.space.min_stages = 2;
  q.space.max_stages = 8;
  ValidatedTiling v = solve_tiling(q, SolverOptions{});
  REQUIRE(v.answer.status == TilingStatus::Optimal);
  CHECK(smem_footprint(v.answer.best.config, q.machine) <= q.machine.smem_bytes);

  TilingQuestion none = question(1024, 1024, 1024, "h100-sxm");
  none.machine.smem_bytes = 1000;  // less than the smallest tile's two stages
  ValidatedTiling n = solve_tiling(none, SolverOptions{});
  CHECK(n.answer.status == TilingStatus::Infeasible);
  CHECK(n.validation.sweep_ran);
}

TEST_CASE("objectives: total only, and wait only") {
  TilingQuestion q = question(512, 1024, 768, "balanced");
  q.objective = Objective::Wait;
  ValidatedTiling w = solve_tiling(q, SolverOptions{});
  SweepResult sw = sweep(q.shape, q.machine, q.space, Objective::Wait);
  CHECK(w.answer.best.cost.wait == sw.best->cost.wait);
  q.objective = Objective::Total;
  ValidatedTiling t = solve_tiling(q, SolverOptions{});
  CHECK(t.answer.best.cost.total <= w.answer.best.cost.total);
}

TEST_CASE("a corrupted answer fails cross-validation loudly, with the query written") {
  TilingQuestion q = question(512, 512, 512, "a6000-paper");
  SolverOptions o;
  o.dump_dir = "warpsat-test-disagreement";
  for (TilingFault f : {TilingFault::BestTotal, TilingFault::DropCoOptimal}) {
    try {
      solve_tiling(q, o, f);
      FAIL("expected CrossValidationError");
    } catch (const CrossValidationError& e) {
      CHECK(!e.mismatches().empty());
      CHECK(e.query_path().ends_with(".disagreement.smt2"));
    }
  }
}

TEST_CASE("a timeout is reported as unknown, never as an answer") {
  TilingQuestion q = question(1024, 1024, 1024, "a6000-paper", GemmEncoding::Array);
  SolverOptions o;
  o.timeout_ms = 1;
  TilingAnswer a = optimize_tiling(q, o);
  CHECK(a.status == TilingStatus::Unknown);
  CHECK(a.reason.find("timeout") != std::string::npos);
}
