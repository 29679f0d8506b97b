// Times `warpsat tile` answers (solve + cross-validation) on seed 001's Table 1
// problems and on its cross-validation grid: M, N, K in 32..1024 step 32,
// candidates {32, 64, 128}, D in 2..4, machine a6000-paper (32,768 problems).
//
//   bench_tile_grid [--stride S] [--encoding closed-form|bounds|array] [--machine NAME]
//
// --stride S takes every S-th problem of the grid (1 = all of it).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "solver/tiling_validation.h"

using namespace warpsat;

namespace {

struct Timing {
  std::vector<double> ms;
  double percentile(double p) {
    std::sort(ms.begin(), ms.end());
    return ms.empty() ? 0 : ms[std::min(ms.size() - 1, static_cast<size_t>(p * static_cast<double>(ms.size())))];
  }
};

double answer_ms(const TilingQuestion& q, const SolverOptions& o, TilingAnswer* out = nullptr) {
  auto start = std::chrono::steady_clock::now();
  ValidatedTiling r = solve_tiling(q, o);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (r.answer.status != TilingStatus::Optimal) throw std::runtime_error("no optimum for " + q.name());
  if (out) *out = r.answer;
  return ms;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"time tiling answers on seed 001's Table 1 and cross-validation grid"};
  int stride = 1;
  std::string encoding = "closed-form", machine_name = "a6000-paper";
  app.add_option("--stride", stride, "take every S-th grid problem")->check(CLI::PositiveNumber);
  app.add_option("--encoding", encoding);
  app.add_option("--machine", machine_name);
  CLI11_PARSE(app, argc, argv);

  TilingQuestion q;
  q.machine = resolve_machine(machine_name);
  q.space = SearchSpace{{32, 64, 128}, {32, 64, 128}, {32, 64, 128}, 2, 4};
  q.encoding = parse_gemm_encoding(encoding);
  SolverOptions options;
  options.timeout_ms = 60000;

  fmt::print("Table 1 of seed 001 ({} encoding, machine {}):\n", encoding, q.machine.name);
  for (auto [m, n, k] : {std::tuple{1024, 1024, 1024}, {1024, 512, 1024}, {1024, 1024, 512}, {1024, 512, 512},
                         {512, 512, 512}}) {
    q.shape = {m, n, k};
    TilingAnswer a;
    double ms = answer_ms(q, options, &a);
    fmt::print("  M={:5} N={:5} K={:5}  best {} D={}  total {}  {:7.1f} ms (seed: 210-556 ms)\n", m, n, k,
               to_string(a.best.config.tile), a.best.config.stages, a.best.cost.total, ms);
  }

  Timing t;
  auto wall_start = std::chrono::steady_clock::now();
  size_t index = 0;
  for (int m = 32; m <= 1024; m += 32)
    for (int n = 32; n <= 1024; n += 32)
      for (int k = 32; k <= 1024; k += 32, ++index) {
        if (index % static_cast<size_t>(stride) != 0) continue;
        q.shape = {m, n, k};
        t.ms.push_back(answer_ms(q, options));
        if (t.ms.back() > 200) fmt::print(stderr, "slow: M={} N={} K={}: {:.0f} ms\n", m, n, k, t.ms.back());
      }
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  size_t count = t.ms.size();
  fmt::print("grid: {} problems (stride {}), all proven optimal and cross-validated\n", count, stride);
  fmt::print("  per problem: median {:.2f} ms, p95 {:.2f} ms, max {:.2f} ms\n", t.percentile(0.5),
             t.percentile(0.95), t.percentile(1.0));
  fmt::print("  wall time {:.1f} s{}\n", wall,
             stride > 1 ? fmt::format(" (whole grid extrapolated: {:.0f} s)", wall * stride) : "");
  return 0;
}
