// The conditional branches `branches` leaves without a verdict because they
// sit in a non-inlined device function (.func) the kernel calls: listed per
// function, with the calls and the reason, in the table, the JSON and SARIF
// (frontend/analysis/called_functions.h).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "frontend/ptx/ir.h"
#include "solver/branch_analysis.h"

namespace warpsat::cli {

// Why such a branch has no verdict, and how to get one.
extern const char* const kCalleeBranchesReason;

// The called functions of the kernel `k` holds the answer for that have
// conditional branches.
struct UnanalysedFunction {
  const ptx::Function* function = nullptr;
  std::string name;  // short and demangled, as kernels are named
  std::vector<uint32_t> called_at;  // PTX lines
  std::vector<std::pair<uint32_t, ptx::DebugLoc>> branches;  // (PTX line, .loc)
};
std::vector<UnanalysedFunction> unanalysed_functions(const ptx::Module& m, const KernelBranches& k);

// Table lines (empty when there are none), the JSON array, the count.
std::string unanalysed_text(const ptx::Module& m, const std::vector<UnanalysedFunction>& fs);
nlohmann::json unanalysed_json(const ptx::Module& m, const std::vector<UnanalysedFunction>& fs);
size_t unanalysed_count(const std::vector<UnanalysedFunction>& fs);

}  // namespace warpsat::cli
