#include <doctest/doctest.h>

#include <random>

#include "emulator/gemm_hopper_sim.h"
#include "emulator/gemm_sweep.h"
#include "encodings/gemm_closed_form.h"
#include "frontend/diagnostics.h"
#include "frontend/workload_file.h"
#include "frontend/sm90.h"
#include "solver/closed_form_proof.h"
#include "solver/kernel_set.h"
#include "solver/kernel_set_bound.h"
#include "solver/kernel_set_search.h"
#include "solver/tiling_validation.h"

using namespace warpsat;

TEST_CASE("Z3 proves the closed forms against the models' recurrences, base and step") {
  ClosedFormProof p = prove_closed_form(SolverOptions{60000, 0, ""});
  REQUIRE(p.obligations.size() == 9);
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

TEST_CASE("the hopper model's closed form equals its simulation on 6,000 random sm90 configurations") {
  std::mt19937 rng(7);  // fixed seed
  std::uniform_int_distribution<int64_t> latency(0, 900), thr(1, 4000), small(1, 40), pick(0, 1 << 20);
  const std::vector<int64_t> tms{64, 128, 192, 256}, tks{64, 128}, extents{1, 2, 4};
  size_t stream_k = 0, hbm_bound = 0;
  for (int i = 0; i < 6000; ++i) {
    Machine m;
    m.name = "random";
    m.arch = "sm90";
    m.element_bytes = 2;
    m.sms = 1 + small(rng) * 4;
    m.init = latency(rng);
    m.epilogue = latency(rng);
    m.load_latency = latency(rng);
    m.compute_latency = latency(rng) / 10;
    m.compute_throughput = Rational(thr(rng), 1 + thr(rng) % 5);
    m.l2_throughput = Rational(thr(rng) * 10, 1 + thr(rng) % 7);
    m.hbm_throughput = Rational(thr(rng), 1 + thr(rng) % 3);
    if (i % 3) m.smem_fill_throughput = Rational(thr(rng), 1 + thr(rng) % 11);
    TileConfig c{{tms[pick(rng) % 4], 8 * (1 + pick(rng) % 32), tks[pick(rng) % 2]}, 2 + pick(rng) % 8};
    c.variant.cluster = {extents[pick(rng) % 3], extents[pick(rng) % 3]};
    c.variant.schedule = i % 2 ? MainloopSchedule::Cooperative : MainloopSchedule::PingPong;
    c.variant.scheduler = i % 4 == 1 ? TileScheduler::StreamK : TileScheduler::Persistent;
    GemmShape shape{c.tile.tm * small(rng), c.tile.tn * small(rng) - pick(rng) % 7, c.tile.tk * (1 + pick(rng) % 70)};
    Schedule s = simulate(shape, c, m, GemmModel::Hopper);
    Cost closed = closed_form_cost(shape, c, m, GemmModel::Hopper);
    CAPTURE(i);
    REQUIRE(closed.total == s.total);
    REQUIRE(closed.wait == s.wait);
    if (s.hopper->stream_k.units) ++stream_k;
    if (s.hopper->hbm_floor >= s.hopper->cta_time) ++hbm_bound;
  }
  CHECK(stream_k > 50);   // the split-K units and their fix-up are exercised
  CHECK(hbm_bound > 50);  // and so is the HBM floor
}

TEST_CASE("hopper: multicast divides a CTA's L2 traffic, ping-pong hides the epilogue, clusters count in waves") {
  Machine m = resolve_machine("h100-sxm");
  TileConfig c{{128, 256, 64}, 4, {{1, 1}, MainloopSchedule::Cooperative, TileScheduler::Persistent}};
  HopperDurations alone = hopper_durations(m, c);
  c.variant.cluster = {2, 1};  // two CTAs along M share each B tile
  HopperDurations pair = hopper_durations(m, c);
  CHECK(pair.transfer_a == alone.transfer_a);
  CHECK(pair.transfer_b < alone.transfer_b);
  GemmShape shape{4096, 4096, 4096};
  CHECK(wave_count(shape, c, m) == (32 * 16 / 2 + 65) / 66);  // 66 clusters of 2 on 132 SMs
  Schedule coop = simulate(shape, c, m, GemmModel::Hopper);
  c.variant.schedule = MainloopSchedule::PingPong;
  Schedule pingpong = simulate(shape, c, m, GemmModel::Hopper);
  // The same tiles: ping-pong overlaps every epilogue but the last with a mainloop.
  REQUIRE(coop.hopper->dp_tiles == pingpong.hopper->dp_tiles);
  CHECK(pingpong.hopper->dp_time < coop.hopper->dp_time);
  CHECK(coop.hopper->dp_time - pingpong.hopper->dp_time >= (coop.hopper->dp_tiles - 1) * (coop.hopper->durations.epilogue - coop.hopper->fill));
}

TEST_CASE("sm90 limits: wgmma tiles, clusters, schedules, setmaxnreg budgets and CUTLASS's carve-out") {
  Machine m = resolve_machine("h100-sxm");
  auto limit = [&](Tile t, int64_t d, ClusterShape cl, MainloopSchedule s, TileScheduler ts = TileScheduler::Persistent) {
    return exceeded_limit(TileConfig{t, d, {cl, s, ts}}, m);
  };
  using S = MainloopSchedule;
  CHECK(limit({128, 256, 64}, 4, {2, 1}, S::Cooperative) == Limit::None);
  CHECK(limit({176, 256, 64}, 3, {1, 1}, S::PingPong) == Limit::NotBuildable);   // not whole 64-row warp groups
  CHECK(limit({192, 128, 64}, 3, {1, 1}, S::Cooperative) == Limit::NotBuildable);  // cooperative: 128 | TM
  CHECK(limit({128, 100, 64}, 3, {1, 1}, S::PingPong) == Limit::NotBuildable);   // wgmma N: multiple of 8
  CHECK(limit({128, 128, 32}, 3, {1, 1}, S::PingPong) == Limit::NotBuildable);   // TK: 64 bf16 per swizzle row
  CHECK(limit({128, 128, 64}, 3, {3, 1}, S::PingPong) == Limit::NotBuildable);   // cluster extent 1, 2 or 4
  CHECK(limit({128, 128, 64}, 3, {1, 1}, S::PingPong, TileScheduler::StreamK) == Limit::NotBuildable);
  CHECK(limit({128, 256, 64}, 3, {1, 1}, S::PingPong) == Limit::RegistersPerThread);  // 256 + 32 > 232
  CHECK(limit({256, 256, 64}, 3, {1, 1}, S::Cooperative) == Limit::RegistersPerThread);
  // CUTLASS's own figures for these tiles (sizeof, DispatchPolicy::Stages; tests/cutlass checks more).
  CHECK(sm90_epilogue_smem_bytes({128, 256, 64}, S::Cooperative, OperandType::Bf16) == 17408);
  CHECK(sm90_epilogue_smem_bytes({64, 8, 64}, S::PingPong, OperandType::Bf16) == 1280);
  CHECK(sm90_epilogue_smem_bytes({128, 48, 64}, S::Cooperative, OperandType::Bf16) == 8704);
  CHECK(sm90_epilogue_smem_bytes({128, 128, 32}, S::Cooperative, OperandType::Tf32) == 34816);
  CHECK(sm90_auto_stages({128, 256, 64}, S::Cooperative, OperandType::Bf16, 232448) == 4);
  CHECK(sm90_auto_stages({64, 8, 64}, S::PingPong, OperandType::Bf16, 232448) == 25);
  CHECK(sm90_auto_stages({128, 128, 128}, S::Cooperative, OperandType::E4m3, 232448) == 6);
  CHECK(limit({128, 256, 64}, 5, {1, 1}, S::Cooperative) == Limit::SharedMemory);
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
  CHECK(deepest_fitting_stages(Tile{128, 256, 64}, m) == 3);
  CHECK(deepest_fitting_stages(Tile{256, 256, 64}, m) == 0);
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

TEST_CASE("hopper: the mainloop keeps its own dependency structure, a pipeline one slot too deep breaks it") {
  Machine m = resolve_machine("h100-sxm");
  TileConfig c{{128, 128, 64}, 3, {{1, 1}, MainloopSchedule::PingPong, TileScheduler::Persistent}};
  Schedule s = simulate({1024, 1024, 1024}, c, m, GemmModel::Hopper);
  std::vector<ObservedStage> observed = observed_mainloop(s);
  CHECK_FALSE(first_broken_edge(observed, 3));
  CHECK(pipeline_edges(16, 3).size() == 16 * 3 + 13);
  // A kernel that reuses a slot before its multiply released it, as if it had
  // one more stage than the model: stage 4 issued before stage 1's release.
  observed[3].load_issued = observed[0].slot_released - 1;
  auto broken = first_broken_edge(observed, 3);
  REQUIRE(broken);
  CHECK(broken->before.event == PipelineEvent::SlotReleased);
  CHECK(broken->before.stage == 1);
  CHECK(broken->after.event == PipelineEvent::LoadIssued);
  CHECK(broken->after.stage == 4);
}
