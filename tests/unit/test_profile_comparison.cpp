// emulator/profile_comparison: how an ncu profile and the emulator's counts
// are put side by side (branch targets from branch executions, FLOPs from
// ncu's per-op counters, ratios, launch checks), on hand-made metrics.
#include <doctest/doctest.h>

#include <string>

#include "emulator/profile_comparison.h"
#include "frontend/diagnostics.h"

using namespace warpsat;

namespace {

simt::KernelMetrics metrics() {
  simt::KernelMetrics k;
  k.grid[0] = 2;
  k.block[0] = 64;
  k.warp_instructions = 100;
  k.thread_instructions = 3000;
  k.branches = 10;
  k.divergent_branches = 3;
  k.flops = {0, 40, 0};
  k.warps = 4;
  return k;
}

std::string profile(const std::string& metric_columns, const std::string& values,
                    const std::string& grid = "(2, 1, 1)") {
  return "\"ID\",\"Kernel Name\",\"Grid Size\"," + metric_columns + "\n\"0\",\"k\",\"" + grid + "\"," + values + "\n";
}

const ComparedMetric* find(const ProfileComparison& c, const std::string& key) {
  for (const ComparedMetric& m : c.metrics)
    if (m.key == key) return &m;
  return nullptr;
}

}  // namespace

TEST_CASE("profile comparison: counts, ratios and branch targets from branch executions") {
  NcuProfile p(profile("\"smsp__inst_executed.sum\",\"smsp__sass_branch_targets.sum\","
                       "\"smsp__sass_branch_targets_threads_divergent.sum\","
                       "\"smsp__sass_branch_targets_threads_uniform.sum\",\"smsp__warps_launched.sum\",\"x__y\"",
                       "\"125\",\"13\",\"6\",\"7\",\"0\",\"1\""),
               "p.csv");
  ProfileComparison c = compare_profile(p, p.launches()[0], metrics(), "l.toml");
  const ComparedMetric* inst = find(c, "warp_instructions");
  REQUIRE(inst);
  CHECK(inst->ncu == 125);
  CHECK(inst->emulator == 100);
  CHECK(*inst->ratio == doctest::Approx(0.8));
  CHECK(inst->difference == "ncu 25.0% more");
  // 10 branch executions, 3 divergent: 7 uniform targets + 2 x 3 divergent.
  CHECK(find(c, "branch_targets")->emulator == 13);
  CHECK(find(c, "divergent_targets")->emulator == 6);
  CHECK(find(c, "uniform_targets")->emulator == 7);
  CHECK(find(c, "divergent_targets")->difference == "equal");
  // ncu counted no warps where the emulator ran 4: no ratio, said plainly.
  CHECK_FALSE(find(c, "warps_launched")->ratio);
  CHECK(find(c, "warps_launched")->difference == "ncu counted none");
  CHECK(*c.branch_efficiency.ncu == doctest::Approx(100.0 * 7 / 13));
  CHECK(c.branch_efficiency.emulator_targets == doctest::Approx(100.0 * 7 / 13));
  CHECK(c.branch_efficiency.emulator_executions == doctest::Approx(70.0));
  CHECK(c.launch_checked == std::vector<std::string>{"Grid Size"});
  REQUIRE(c.other_metrics.size() == 1);
  CHECK(c.other_metrics[0].name == "x__y");
  CHECK_FALSE(find(c, "flops_single"));
  REQUIRE(c.remarks.size() == 1);
  CHECK(c.remarks[0].starts_with("FLOPs single: the emulator counted 40, but the profile has no"));
}

TEST_CASE("profile comparison: FLOPs are add + mul + 2 fma, from sm__ or smsp__ counters") {
  NcuProfile p(profile("\"sm__sass_thread_inst_executed_op_fadd_pred_on.sum\","
                       "\"smsp__sass_thread_inst_executed_op_fmul_pred_on.sum\","
                       "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\"",
                       "\"4\",\"6\",\"1,000\""),
               "p.csv");
  ProfileComparison c = compare_profile(p, p.launches()[0], metrics(), "l.toml");
  const ComparedMetric* f = find(c, "flops_single");
  REQUIRE(f);
  CHECK(f->ncu == 2010);
  CHECK(f->emulator == 40);
  CHECK(f->ncu_metric == "fadd + fmul + 2 ffma, sm__sass_thread_inst_executed_op_*_pred_on.sum");
  CHECK(c.other_metrics.empty());
}

TEST_CASE("profile comparison: a grid or block the launch contradicts is an error at the profile's cell") {
  NcuProfile grid(profile("\"smsp__inst_executed.sum\"", "\"1\"", "(3, 1, 1)"), "g.csv");
  CHECK_THROWS_WITH_AS(compare_profile(grid, grid.launches()[0], metrics(), "l.toml"),
                       "g.csv:2:9: error: the profile's grid (3, 1, 1) contradicts the grid 2x1x1 of l.toml",
                       InputError);
  NcuProfile block(profile("\"launch__block_size\"", "\"32\""), "b.csv");
  CHECK_THROWS_WITH_AS(compare_profile(block, block.launches()[0], metrics(), "l.toml"),
                       "b.csv:2:21: error: the profile's launch__block_size = 32 contradicts l.toml: grid 2x1x1 and "
                       "block 64x1x1 give 64",
                       InputError);
}
