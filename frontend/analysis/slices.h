// Backward slices of conditional branches (seed 000's "filtered dependency
// graph", done with reaching definitions and control dependence): the
// instructions that alone decide which way a branch goes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "frontend/analysis/cfg.h"
#include "frontend/analysis/reaching_defs.h"

namespace warpsat::analysis {

// What a slice ultimately depends on: the values it reads from outside itself.
struct SliceLeaves {
  bool tid = false, ntid = false, ctaid = false, nctaid = false;  // thread/CTA ids and launch dimensions
  bool laneid = false, warpid = false;
  bool other_special = false;      // %clock, %smid, %lanemask_*, ...
  std::vector<std::string_view> kernel_params;  // .entry parameters read with ld.param
  bool function_params = false;    // .func parameters (values from a caller)
  std::vector<ptx::StateSpace> loads;  // state spaces loaded from (Generic for plain ld)
  bool atomics = false;            // values returned by atom
  bool warp_collectives = false;   // shfl, vote, redux, match, activemask
  bool call_results = false;
  bool loop_carried = false;       // a value that flows around a loop's back edge
  bool entry_values = false;       // a register read before any write
};

struct BranchSlice {
  uint32_t branch = 0;                      // instruction index of the branch
  std::vector<uint32_t> instructions;       // the slice, sorted; includes the branch
  std::vector<uint32_t> controlling;        // the branches it is (transitively) control dependent on
  SliceLeaves leaves;
};

struct FunctionAnalysis {
  Cfg cfg;
  ReachingDefs defs;
  // Per block: the conditional-branch instructions it is control dependent on.
  std::vector<std::vector<uint32_t>> control_deps;
  std::vector<BranchSlice> slices;  // one per conditional branch, in program order
  size_t slice_union = 0;           // instructions in the union of all slices
};

FunctionAnalysis analyse_function(const ptx::Function& f, const std::string& source);

// The slice of one branch, given the function's CFG, def-use chains and
// control dependences.
BranchSlice slice_branch(const ptx::Function& f, const FunctionAnalysis& a, uint32_t branch);

// The backward closure of `seeds` (instruction indices) under data and
// control dependence, with the leaves it reaches: what must execute for the
// seeds' inputs to be computed.
BranchSlice backward_closure(const ptx::Function& f, const FunctionAnalysis& a, const std::vector<uint32_t>& seeds);

}  // namespace warpsat::analysis
