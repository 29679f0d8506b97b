// A conditional branch's slice as Z3 terms for two threads of one warp
// (docs/branches.md): thread and CTA ids symbolic, launch dimensions
// concrete or symbolic within the hardware's limits, kernel parameters
// shared, loads from immutable memory an uninterpreted function of the
// address, warp-wide results (vote, redux, shfl from one lane) shared, loops
// unrolled to a depth and then abstracted (registers proved equal in both
// threads by induction stay equal; the rest become unknown).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <z3++.h>

#include "frontend/analysis/slices.h"
#include "frontend/assumption.h"
#include "frontend/ptx/ir.h"

namespace warpsat {

struct LaunchSpec {
  bool concrete_block = false, concrete_grid = false;
  uint32_t block[3] = {1, 1, 1}, grid[3] = {1, 1, 1};
  // Per kernel parameter: a concrete value (a launch file's scalar), or nullopt.
  std::vector<std::optional<uint64_t>> param_values;
  std::vector<Assumption> assumptions;
};

struct BranchEncodingOptions {
  unsigned unroll = 8;              // loop iterations unrolled before abstracting
  size_t block_budget = 20000;      // block visits before loops are abstracted at once
};

// One dynamic occurrence of the branch in both threads.
struct BranchInstance {
  uint32_t branch = 0;        // the branch instruction
  z3::expr reach0, reach1;    // the thread is active at this occurrence
  z3::expr out0, out1;        // bra: 1-bit taken; brx.idx: the 32-bit index
  bool beyond = false;        // in an abstracted iteration (past the unrolling depth)
};

// A load whose value the solver chooses (for witnesses and replays).
struct LoadTerm {
  uint32_t instruction = 0;
  ptx::StateSpace space = ptx::StateSpace::Generic;
  unsigned bits = 32;
  z3::expr address0, address1, value0, value1, reach0, reach1;
};

struct BranchEncoding {
  z3::expr_vector base;               // launch limits, both threads' ids, assumptions, lane facts
  z3::expr same_warp;                 // the two threads are distinct lanes of one warp
  std::vector<z3::expr> ntid, nctaid, ctaid;           // 32-bit
  std::vector<std::vector<z3::expr>> tid;             // [thread][dimension]
  std::vector<z3::expr> lane, warp, linear;           // per thread
  std::vector<std::pair<std::string, z3::expr>> params;  // scalar kernel parameters by name
  std::vector<BranchInstance> instances;
  std::vector<LoadTerm> loads;
  std::set<std::string> imprecision;  // why a model may not be realisable by a real run
  std::string unsupported;            // non-empty when no encoding could be built
  size_t loops_abstracted = 0;
};

BranchEncoding encode_branch(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                             const analysis::FunctionAnalysis& a, uint32_t branch, const LaunchSpec& launch,
                             const BranchEncodingOptions& options);
// Several branches at once (their slices' union), e.g. for paths.
BranchEncoding encode_branches(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                               const analysis::FunctionAnalysis& a, const std::vector<uint32_t>& branches,
                               const LaunchSpec& launch, const BranchEncodingOptions& options);

// An assumption as a 64-bit signed term over the encoding's names.
z3::expr assumption_term(const BranchEncoding& e, const AssumptionExpr& x);

}  // namespace warpsat
