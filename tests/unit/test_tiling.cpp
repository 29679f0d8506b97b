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
                        GemmEncoding e = GemmEncoding::Bounds) {
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

TEST_CASE("the fast encoding agrees with seed 001's array encoding") {
  for (auto [m, n, k, machine] : {std::tuple{256, 256, 128, "a6000-paper"}, {512, 128, 256, "balanced"},
                                  {128, 512, 192, "dma-fast"}, {96, 160, 256, "dma-slow"},
                                  {1024, 1024, 128, "h100-sxm"}})
    for (Objective o : {Objective::Lex, Objective::Total, Objective::Wait}) {
      TilingQuestion fast = question(m, n, k, machine), reference = question(m, n, k, machine, GemmEncoding::Array);
      fast.objective = reference.objective = o;
      ValidatedTiling a = solve_tiling(fast, SolverOptions{}), b = solve_tiling(reference, SolverOptions{});
      CHECK(a.answer.best.config == b.answer.best.config);
      CHECK(a.answer.best.cost == b.answer.best.cost);
      REQUIRE(a.answer.co_optimal.size() == b.answer.co_optimal.size());
      for (size_t i = 0; i < a.answer.co_optimal.size(); ++i)
        CHECK(a.answer.co_optimal[i].config == b.answer.co_optimal[i].config);
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
