// Times proven, validated tiling answers (encode + solve + simulator check) on
// the search-space sizes real users search, on h100-sxm at M = N = K = 4096:
//   7,168 configurations: TM, TN in 16..256 step 16, TK in {16, 32, 64, 128}, D 2-8
//   114,688:              TM, TN in 8..256 step 8, TK in 16..256 step 16, D 2-8
//   1,048,576:            TM, TN in 8..256 step 8, TK in 8..512 step 8, D 2-17
//
// and, with --sm90, the Hopper space of issue 31 (hopper model, fp16): every
// legal wgmma tile (TM 64..256 step 64, TN 8..256 step 8, TK 64..256 step
// 64), every cluster 1-4 per dimension including the non-portable 4x4, the
// cooperative and ping-pong schedules, persistent and stream-K schedulers,
// D from CUTLASS's carve-out: 13,824 configurations.
//
//   bench_tile_scale [--repeat N] [--encoding closed-form|bounds|array] [--machine NAME] [--sm90]
#include <algorithm>
#include <chrono>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "frontend/sm90.h"
#include "solver/tiling_validation.h"

using namespace warpsat;

int main(int argc, char** argv) {
  CLI::App app{"time tiling answers on large search spaces"};
  int repeat = 9;
  std::string encoding = "closed-form", machine = "h100-sxm";
  app.add_option("--repeat", repeat, "answers per space (the median is reported)")->check(CLI::PositiveNumber);
  app.add_option("--encoding", encoding);
  app.add_option("--machine", machine);
  bool sm90 = false;
  app.add_flag("--sm90", sm90, "the Hopper space under the hopper model (issue 31)");
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
  GemmModel model = GemmModel::Seed001;
  Machine m = resolve_machine(machine);
  if (sm90) {
    model = GemmModel::Hopper;
    m = with_operand_type(m, OperandType::F16);
    SearchSpace h{sm90_tm_candidates(), sm90_tn_candidates(), sm90_tk_candidates(OperandType::F16), 2, 8, {}, true};
    for (int64_t cm : {1, 2, 4})
      for (int64_t cn : {1, 2, 4})
        for (auto [schedule, scheduler] : {std::pair{MainloopSchedule::Cooperative, TileScheduler::Persistent},
                                           {MainloopSchedule::Cooperative, TileScheduler::StreamK},
                                           {MainloopSchedule::PingPong, TileScheduler::Persistent}})
          h.variants.push_back({{cm, cn}, schedule, scheduler});
    std::sort(h.variants.begin(), h.variants.end());
    spaces = {{"13,824 sm90", h}};
  }
  fmt::print("{} encoding, machine {}, {} model, M = N = K = 4096, median of {} answers\n", encoding, m.name,
             to_string(model), repeat);
  fmt::print("{:>12} {:>10} {:>10} {:>10} {:>10} {:>10} {:>8}  {}\n", "configs", "total ms", "encode", "solve",
             "validate", "max ms", "queries", "best");
  for (const Space& s : spaces) {
    TilingQuestion q;
    q.shape = {4096, 4096, 4096};
    q.machine = m;
    q.model = model;
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
    fmt::print("{:>12} {:>10.1f} {:>10.1f} {:>10.1f} {:>10.1f} {:>10.1f} {:>8}  {} D={}{} ({}; sweep {} of {} feasible)\n",
               s.name, total[total.size() / 2], a.encode_ms, a.solve_ms, last.validation.validate_ms, total.back(),
               a.queries, to_string(a.best.config.tile), a.best.config.stages,
               a.best.config.is_sm90() ? " " + to_string(a.best.config.variant) : "", a.best.cost.total,
               last.validation.sweep_ran ? "ran" : "skipped", last.validation.swept);
  }
  return 0;
}
