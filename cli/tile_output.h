// How `warpsat tile` prints its answers: one problem or a workload, as a
// table, JSON or (workloads) CSV.
#pragma once

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "emulator/gemm_explain.h"
#include "solver/kernel_set.h"
#include "solver/tiling_workload.h"

namespace warpsat::cli {

void print_tile_table(const TilingQuestion& q, const ValidatedTiling& r, const TilingExplanation* explanation);
// The question and the answer as the comment that heads `--emit cutlass`'s source.
std::string cutlass_comment(const TilingQuestion& q, const ValidatedTiling& r);
nlohmann::json tile_json(const TilingQuestion& q, const ValidatedTiling& r, const TilingExplanation* explanation);

void print_workload_table(const std::vector<WorkloadAnswer>& answers);
void print_workload_csv(const std::vector<WorkloadAnswer>& answers);
nlohmann::json workload_json(const std::vector<WorkloadAnswer>& answers);

void print_kernel_set_table(const KernelSetQuestion& q, const KernelSetAnswer& a);
void print_kernel_set_csv(const KernelSetQuestion& q, const KernelSetAnswer& a);
nlohmann::json kernel_set_json(const KernelSetQuestion& q, const KernelSetAnswer& a);

void print_shipped_table(const KernelSetQuestion& q, const KernelSetEvaluation& e);
nlohmann::json shipped_json(const KernelSetQuestion& q, const KernelSetEvaluation& e);

}  // namespace warpsat::cli
