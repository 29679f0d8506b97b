// A workload: the GEMM shapes a model runs, each with a weight (how often it
// runs) and an optional name, as `tile --workload FILE.csv` reads them:
//
//   m,n,k,weight,name
//   4096,4096,4096,32,qkv_proj
//
// `weight` (an integer >= 1, default 1) and `name` are optional columns.
#pragma once

#include <string>
#include <vector>

#include "frontend/gemm_problem.h"

namespace warpsat {

struct WorkloadShape {
  GemmShape shape;
  int64_t weight = 1;
  std::string name;
  uint32_t line = 0;  // in the workload file
};

// The most shapes a workload may hold.
inline constexpr size_t kMaxWorkloadShapes = 100000;

// Throws InputError at file:line:col on any malformed row.
std::vector<WorkloadShape> parse_workload(std::string text, const std::string& source);
std::vector<WorkloadShape> read_workload_file(const std::string& path);

// A set of compiled kernels (`tile --kernels FILE.csv`): columns tm,tn,tk,stages.
std::vector<TileConfig> parse_kernel_list(std::string text, const std::string& source);
std::vector<TileConfig> read_kernel_list(const std::string& path);

}  // namespace warpsat
