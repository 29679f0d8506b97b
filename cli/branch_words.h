// The words `branches` (table, JSON) and `report` (HTML) use for a branch's
// witness, thread-id ranges and split warps: warps named by their block, the
// launch with every witness, and the source condition's outcome beside the
// PTX branch's where its polarity is known (frontend/source_condition.h).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "frontend/analysis/slices.h"
#include "frontend/source_condition.h"
#include "solver/branch_analysis.h"

namespace warpsat::cli {

// The block with linear id `cta` in `grid` (x fastest), and as "(1,0,0)".
std::array<uint64_t, 3> block_index(uint64_t cta, const uint32_t grid[3]);
std::string block_name(uint64_t cta, const uint32_t grid[3]);

// The source condition of a conditional `bra` (none for brx.idx, or when its
// polarity cannot be told).
std::optional<SourceCondition> branch_condition(const ptx::Module& m, const KernelBranches& k, const BranchResult& b,
                                                const SourceFiles& sources);

// "warp 2 of block (0,0,0)"; for ranges over the thread ids of a block
// (space "thread"), which are the same in every block, "warp 2 of every block".
std::string split_warp_name(const BranchRanges& r, const std::pair<uint64_t, uint32_t>& warp, const uint32_t grid[3]);

// "holds", "fails" or "not reached" for a PTX outcome ("taken", "not taken",
// "not reached") of a branch with that source condition.
std::string condition_outcome(const std::string& ptx_outcome, const SourceCondition& c);
std::string condition_outcome(bool taken, const SourceCondition& c);

// "`if (t < 64)`: the condition holds where the branch is not taken".
std::string condition_sentence(const SourceCondition& c);
// A divergent branch that splits only its elect.sync-elected lane from the
// rest: "one elected lane: lane 0 ..."; nullopt otherwise.
std::optional<std::string> elected_sentence(const BranchResult& b);

// "warp 1 of block (0,0,0), grid (2,1,1), block size (256,1,1): lane 0
// (thread 32,0,0) takes it (the condition fails), lane 16 (...) does not (...)".
std::string witness_sentence(const Witness& w, bool indexed, const std::optional<SourceCondition>& c);

// "taken on [0,48), not taken on [48,256); warps that split: warp 1 of every
// block"; a periodic stretch as "not taken on even threads of [0,64), taken
// on odd threads of [0,64)" (frontend/periodic_ranges.h), each warp once.
std::string ranges_sentence(const BranchRanges& r, const uint32_t grid[3]);

// "the condition holds on threads [0,48), fails on threads [48,256)".
std::string condition_ranges_sentence(const BranchRanges& r, const SourceCondition& c);

// Why a branch of a concrete launch has no thread ranges where the launch
// is the cause: "not computed: the branch reads P (param2), which the
// launch leaves free" for the non-pointer kernel parameters its slice reads
// that the launch does not fix (ranges hold for one value of each). Empty
// when it reads none; kMissingRangesHint says how to fix them.
inline constexpr const char* kMissingRangesHint =
    "thread ranges hold for one value of each kernel parameter a branch reads: give the values in a launch file "
    "(--launch FILE; `warpsat launch-template` writes one)";
std::string missing_ranges_reason(const ptx::Module& m, const ptx::Function& kernel,
                                  const analysis::FunctionAnalysis& a, const BranchResult& b,
                                  const std::vector<std::optional<uint64_t>>& param_values);

// A feasible path's threads: "[0,8) [40,48)", or "even threads of [0,16)".
std::string thread_set_phrase(const std::vector<Range>& threads, const std::string& space);

}  // namespace warpsat::cli
