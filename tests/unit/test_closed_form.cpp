#include <doctest/doctest.h>

#include <random>

#include "emulator/gemm_sweep.h"
#include "encodings/gemm_closed_form.h"
#include "frontend/diagnostics.h"
#include "frontend/workload_file.h"
#include "solver/closed_form_proof.h"
#include "solver/kernel_set.h"
#include "solver/kernel_set_bound.h"
#include "solver/kernel_set_search.h"
#include "solver/tiling_validation.h"

using namespace warpsat;

TEST_CASE("Z3 proves the closed forms against both models' recurrences, base and step") {
  ClosedFormProof p = prove_closed_form(SolverOptions{60000, 0, ""});
  REQUIRE(p.obligations.size() == 5);
  for (const auto& o : p.obligations) {
    CAPTURE(o.name);
    CHECK(o.outcome.status == SmtStatus::Unsat);
  }
  CHECK(p.proven());
}

TEST_CASE("the closed forms equal the simulator's recurrences on 20,000 random configurations, both models") {
  std::mt19937 rng(1);  // fixed seed
  std::uniform_int_distribution<int64_t> tile(1, 96), stages(1, 300), depth(2, 9), latency(0, 900), thr(1, 400);
  for (int i = 0; i < 20000; ++i) {
    Machine m;
    m.name = "random";
    m.sms = 1 + i % 7;
    m.init = latency(rng);
    m.epilogue = latency(rng);
    m.load_latency = latency(rng);
    m.compute_latency = latency(rng);
    m.load_throughput = Rational(thr(rng), 1 + thr(rng) % 13);
    m.compute_throughput = Rational(thr(rng), 1 + thr(rng) % 5);
    TileConfig c{{tile(rng), tile(rng), tile(rng)}, depth(rng)};
    GemmShape shape{c.tile.tm * (1 + i % 5), c.tile.tn * (1 + i % 3), c.tile.tk * stages(rng)};
    for (GemmModel model : {GemmModel::Seed001, GemmModel::Async}) {
      Schedule s = simulate(shape, c, m, model);
      Cost closed = closed_form_cost(shape, c, m, model);
      CAPTURE(i);
      CAPTURE(to_string(model));
      REQUIRE(closed.total == s.total);
      REQUIRE(closed.wait == s.wait);
    }
  }
}

TEST_CASE("for D >= 2 the buffer depth never changes the time") {
  Durations d{100, 300, 50, 0, 0};  // math, load_a, load_b
  for (int64_t s : {1, 2, 7, 100})
    for (int64_t depth = 2; depth <= 9; ++depth) CHECK(closed_form_sm(d, s, depth) == closed_form_sm(d, s, 2));
  // With D = 1 the buffer-full edge costs L + X - M every stage after the first.
  CHECK(closed_form_sm(d, 3, 1) == 350 + 2 * 350 + 2 * 100);
}

TEST_CASE("candidate ranges") {
  CHECK(parse_candidates({"16:64:16", "128"}, "--tm") == std::vector<int64_t>{16, 32, 48, 64, 128});
  CHECK(parse_candidates({"8:20:5"}, "--tn") == std::vector<int64_t>{8, 13, 18});
  CHECK_THROWS_AS(parse_candidates({"64:16:16"}, "--tn"), InputError);
  CHECK_THROWS_AS(parse_candidates({"16:256"}, "--tn"), InputError);
  CHECK_THROWS_AS(parse_candidates({"16:70000:16"}, "--tn"), InputError);
  CHECK_THROWS_AS(parse_candidates({"0"}, "--tn"), InputError);
}

TEST_CASE("machine limits: registers, threads and epilogue staging") {
  Machine m = resolve_machine("h100-sxm");
  CHECK(consumer_registers({256, 256, 64}, m) == 256 + 32);
  CHECK(exceeded_limit({{256, 256, 64}, 2}, m) == Limit::RegistersPerThread);
  CHECK(exceeded_limit({{128, 256, 64}, 3}, m) == Limit::None);
  CHECK(exceeded_limit({{128, 256, 64}, 4}, m) == Limit::SharedMemory);  // 4 x 48 KB + 64 KB of C staging
  CHECK(deepest_fitting_stages({128, 256, 64}, m) == 3);
  CHECK(deepest_fitting_stages({256, 256, 64}, m) == 0);
  Machine paper = resolve_machine("a6000-paper");  // the paper's figures: no limits at all
  CHECK(exceeded_limit({{256, 256, 256}, 64}, paper) == Limit::None);
  std::string base = machine_to_toml(m);
  CHECK(parse_machine(base, "round-trip").max_registers_per_thread == 232);
  std::string no_consumers = "name = \"x\"\nsms = 1\ninit = 0\nepilogue = 0\nload_latency = 0\ncompute_latency = 0\n"
                             "load_throughput = 1\ncompute_throughput = 1\nsmem_bytes = 0\nelement_bytes = 4\n"
                             "max_registers_per_thread = 255\n";
  CHECK_THROWS_AS(parse_machine(no_consumers, "x.toml"), InputError);
}

TEST_CASE("workload files") {
  auto w = parse_workload("# a comment\nm,n,k,weight,name\n1,2,3,4,a\n5,6,7,,\n", "w.csv");
  REQUIRE(w.size() == 2);
  CHECK(w[0].shape.k == 3);
  CHECK(w[0].weight == 4);
  CHECK(w[0].name == "a");
  CHECK(w[1].weight == 1);
  CHECK(w[1].line == 4);
  CHECK_THROWS_AS(parse_workload("m,n\n1,2\n", "w.csv"), InputError);
  CHECK_THROWS_AS(parse_workload("m,n,k,wieght\n1,2,3,4\n", "w.csv"), InputError);
  CHECK_THROWS_AS(parse_workload("m,n,k\n", "w.csv"), InputError);
}

TEST_CASE("a 10^5-configuration space is answered, proven and swept") {
  TilingQuestion q;
  q.shape = {8192, 8192, 8192};
  q.machine = resolve_machine("h100-sxm");
  q.space = SearchSpace{parse_candidates({"8:256:8"}, "tm"), parse_candidates({"8:256:8"}, "tn"),
                        parse_candidates({"16:256:16"}, "tk"), 2, 8};
  REQUIRE(q.space.size() > 100000);
  ValidatedTiling v = solve_tiling(q, SolverOptions{});
  CHECK(v.answer.status == TilingStatus::Optimal);
  CHECK(v.validation.sweep_ran);
}

TEST_CASE("kernel sets: Z3's optimum equals an enumeration of every K-subset on random small workloads") {
  std::mt19937 rng(5);  // fixed seed
  std::uniform_int_distribution<int64_t> dim(1, 64), weight(1, 9);
  for (int i = 0; i < 12; ++i) {
    KernelSetQuestion q;
    q.machine = resolve_machine(i % 2 ? "h100-sxm" : "a100");
    q.space = SearchSpace{{64, 128, 256}, {64, 128, 256}, {32, 64}, 2, 3};
    q.model = i % 3 ? GemmModel::Seed001 : GemmModel::Async;
    q.max_kernels = 1 + static_cast<size_t>(i % 3);
    for (int s = 0; s < 6; ++s) q.shapes.push_back({{64 * dim(rng), 64 * dim(rng), 64 * dim(rng)}, weight(rng), "", 0});
    KernelSetAnswer a = choose_kernels(q, SolverOptions{60000, 0, ""});  // throws on any disagreement
    REQUIRE(a.status == KernelSetAnswer::Status::Optimal);
    CHECK(a.exhaustive_checked);
    CHECK(a.exhaustive_candidates == a.undominated);  // over rule 5's exclusions too
    CHECK(a.after_bound <= a.undominated);
    CHECK(a.best.kernels.size() <= q.max_kernels);
    CHECK(a.best.objective <= a.greedy.objective);
    CHECK(a.unlimited.objective <= a.best.objective);
    CHECK(evaluate_kernels(q, a.best.kernels).objective == a.best.objective);
  }
}

TEST_CASE("kernel sets: the Lagrangian bound is below the optimum and excludes no member of an optimal set") {
  std::mt19937 rng(11);  // fixed seed
  size_t excluded_somewhere = 0;
  for (int i = 0; i < 200; ++i) {
    size_t n = 4 + static_cast<size_t>(i % 9), shapes = 3 + static_cast<size_t>(i % 5), k = 1 + static_cast<size_t>(i % 4);
    std::uniform_int_distribution<int64_t> total(1000, 1000 + 200 * (1 + i % 7)), weight(1, 20);
    std::vector<std::vector<int64_t>> totals(n, std::vector<int64_t>(shapes));
    std::vector<int64_t> weights(shapes);
    for (auto& row : totals)
      for (auto& t : row) t = total(rng);
    for (auto& w : weights) w = weight(rng);
    auto objective = [&](const std::vector<size_t>& set) {
      int64_t sum = 0;
      for (size_t s = 0; s < shapes; ++s) {
        int64_t best = INT64_MAX;
        for (size_t c : set) best = std::min(best, totals[c][s]);
        sum += weights[s] * best;
      }
      return sum;
    };
    // Every subset of exactly min(k, n) candidates (more never hurts).
    size_t m = std::min(k, n);
    int64_t optimum = INT64_MAX;
    std::vector<std::vector<size_t>> optimal;
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
      if (static_cast<size_t>(__builtin_popcount(mask)) != m) continue;
      std::vector<size_t> set;
      for (size_t c = 0; c < n; ++c)
        if (mask >> c & 1) set.push_back(c);
      int64_t v = objective(set);
      if (v < optimum) optimum = v, optimal.clear();
      if (v == optimum) optimal.push_back(set);
    }
    // The bound against the optimum itself as the known set: the tightest test.
    KernelSetBound b = kernel_set_bound(totals, weights, k, optimum);
    INFO("instance ", i);
    CHECK(b.lower_bound <= static_cast<long double>(optimum) + 1e-6L);
    for (const auto& set : optimal)
      for (size_t c : set) CHECK_FALSE(b.excluded[c]);
    excluded_somewhere += static_cast<size_t>(std::count(b.excluded.begin(), b.excluded.end(), true));
  }
  CHECK(excluded_somewhere > 100);  // the rule does prune
}

TEST_CASE("kernel sets: the branch and bound proves the optimum an enumeration of every K-subset finds") {
  std::mt19937 rng(23);  // fixed seed
  for (int i = 0; i < 150; ++i) {
    size_t n = 3 + static_cast<size_t>(i % 12), shapes = 2 + static_cast<size_t>(i % 7), k = 1 + static_cast<size_t>(i % 5);
    std::uniform_int_distribution<int64_t> total(500, 500 + 300 * (1 + i % 5)), weight(1, 30);
    std::vector<std::vector<int64_t>> totals(n, std::vector<int64_t>(shapes));
    std::vector<int64_t> weights(shapes);
    for (auto& row : totals)
      for (auto& t : row) t = total(rng);
    for (auto& w : weights) w = weight(rng);
    auto objective = [&](const std::vector<size_t>& set) {
      int64_t sum = 0;
      for (size_t s = 0; s < shapes; ++s) {
        int64_t best = INT64_MAX;
        for (size_t c : set) best = std::min(best, totals[c][s]);
        sum += weights[s] * best;
      }
      return sum;
    };
    int64_t optimum = INT64_MAX;
    for (uint32_t mask = 1; mask < (1u << n); ++mask)
      if (static_cast<size_t>(__builtin_popcount(mask)) <= k) {
        std::vector<size_t> set;
        for (size_t c = 0; c < n; ++c)
          if (mask >> c & 1) set.push_back(c);
        optimum = std::min(optimum, objective(set));
      }
    // Multipliers from the Lagrangian bound against a poor known set (candidate 0 alone).
    KernelSetBound b = kernel_set_bound(totals, weights, k, objective({0}));
    KernelSetSearch r = branch_and_bound(totals, weights, k, {0}, b.lambda, 0);
    INFO("instance ", i);
    CHECK(r.complete);
    CHECK(r.objective == optimum);
    CHECK(objective(r.best) == r.objective);
    CHECK(r.best.size() <= k);
    CHECK(r.lower_bound <= static_cast<long double>(optimum) + 1e-6L);
  }
}
