// Times proven, validated tiling answers (encode + solve + simulator check) on
// the search-space sizes real users search, on h100-sxm at M = N = K = 4096:
//   7,168 configurations: TM, TN in 16..256 step 16, TK in {16, 32, 64, 128}, D 2-8
//   114,688:              TM, TN in 8..256 step 8, TK in 16..256 step 16, D 2-8
//   1,048,576:            TM, TN in 8..256 step 8, TK in 8..512 step 8, D 2-17
//
//   bench_tile_scale [--repeat N] [--encoding closed-form|bounds|array] [--machine NAME]
#include <algorithm>
#include <chrono>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "solver/tiling_validation.h"

using namespace warpsat;

int main(int argc, char** argv) {
  CLI::App app{"time tiling answers on large search spaces"};
  int repeat = 9;
  std::string encoding = "closed-form", machine = "h100-sxm";
  app.add_option("--repeat", repeat, "answers per space (the median is reported)")->check(CLI::PositiveNumber);
  app.add_option("--encoding", encoding);
  app.add_option("--machine", machine);
  CLI11_PARSE(app, argc, argv);

  struct Space {
    const char* name;
    SearchSpace space;
  };
  std::vector<Space> spaces = {
      {"7,168", {parse_candidates({"16:256:16"}, "tm"), parse_candidates({"16:256:16"}, "tn"), {16, 32, 64, 128}, 2, 8}},
      {"114,688",
       {parse_candidates({"8:256:8"}, "tm"), parse_candidates({"8:256:8"}, "tn"), parse_candidates({"16:256:16"}, "tk"), 2,
        8}},
      {"1,048,576",
       {parse_candidates({"8:256:8"}, "tm"), parse_candidates({"8:256:8"}, "tn"), parse_candidates({"8:512:8"}, "tk"), 2,
        17}},
  };
  fmt::print("{} encoding, machine {}, M = N = K = 4096, median of {} answers\n", encoding, machine, repeat);
  fmt::print("{:>12} {:>10} {:>10} {:>10} {:>10} {:>10} {:>8}  {}\n", "configs", "total ms", "encode", "solve",
             "validate", "max ms", "queries", "best");
  for (const Space& s : spaces) {
    TilingQuestion q;
    q.shape = {4096, 4096, 4096};
    q.machine = resolve_machine(machine);
    q.space = s.space;
    q.encoding = parse_gemm_encoding(encoding);
    SolverOptions o;
    o.timeout_ms = 60000;
    std::vector<double> total;
    ValidatedTiling last;
    for (int i = 0; i < repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      last = solve_tiling(q, o);
      total.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      if (last.answer.status != TilingStatus::Optimal) {
        fmt::print("{:>12} no answer: {}\n", s.name, last.answer.reason);
        return 4;
      }
    }
    std::sort(total.begin(), total.end());
    const TilingAnswer& a = last.answer;
    fmt::print("{:>12} {:>10.1f} {:>10.1f} {:>10.1f} {:>10.1f} {:>10.1f} {:>8}  {} D={} ({}; sweep {})\n", s.name,
               total[total.size() / 2], a.encode_ms, a.solve_ms, last.validation.validate_ms, total.back(), a.queries,
               to_string(a.best.config.tile), a.best.config.stages, a.best.cost.total,
               last.validation.sweep_ran ? "ran" : "skipped");
  }
  return 0;
}
