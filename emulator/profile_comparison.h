// A hardware profile (Nsight Compute, frontend/ncu_profile.h) beside what
// the SIMT emulator counted for the same launch: per metric both values, the
// ratio, and why PTX and the SASS the GPU ran count differently
// (docs/emulator.md, "Comparing with Nsight Compute").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "emulator/simt/metrics.h"
#include "frontend/ncu_profile.h"

namespace warpsat {

struct ComparedMetric {
  std::string key;         // warp_instructions, flops_single, ...
  std::string label;       // "warp instructions"
  std::string ncu_metric;  // the ncu metric, or the formula over several
  double ncu = 0;
  double emulator = 0;
  std::optional<double> ratio;  // emulator / ncu; 1 when both are 0, none when only ncu is 0
  std::string difference;       // "equal", "ncu 12.5% more", ...
  std::string note;             // why PTX and SASS differ in this metric
};

struct BranchEfficiencies {
  // ncu's definition: 100 uniform branch targets / branch targets.
  std::optional<double> ncu;           // from the profile's target counts
  std::optional<double> ncu_reported;  // smsp__sass_average_branch_targets_threads_uniform.pct
  double emulator_targets = 100;       // the same definition, on the emulator's PTX branches
  // nvprof's definition: 100 (branches - divergent branches) / branches.
  double emulator_executions = 100;
};

struct ProfileComparison {
  std::vector<ComparedMetric> metrics;
  BranchEfficiencies branch_efficiency;
  std::vector<std::string> launch_checked;  // profile fields that agreed with the launch
  std::vector<NcuMetric> other_metrics;     // in the profile, not compared
  std::vector<std::string> remarks;         // metrics that could not be compared, and why
};

// Compares `row` (a launch of `profile`) with the emulator's metrics `k` of the
// same kernel. Throws InputError at the profile's cell when its grid or block
// contradicts the launch (`launch_source` names the launch description) or a
// compared metric is not a number.
ProfileComparison compare_profile(const NcuProfile& profile, const NcuLaunch& row, const simt::KernelMetrics& k,
                                  const std::string& launch_source);

}  // namespace warpsat
