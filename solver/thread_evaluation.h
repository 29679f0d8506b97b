// Terms of a branch encoding evaluated at every thread of a concrete
// launch, by substitution and simplification instead of queries (issue 28,
// item 2: a concrete launch costs no more than a few times the symbolic
// analysis). What evaluation finds is a claim only: the callers confirm it
// with a few queries and fall back to the interval queries on any doubt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "encodings/branch_encoding.h"
#include "encodings/branch_options.h"

namespace warpsat {

// The index thread ranges and feasible paths are over: the linear thread id
// of tracked thread 0, preceded by its CTA's linear id when `global`.
z3::expr range_index(z3::context& c, const BranchEncoding& e, const LaunchSpec& l, bool global);

// Launches of more threads than this are not evaluated thread by thread by
// substitution (about 6 us a term and thread), nor, where the terms compile
// to a TermProgram, by more than kMostCompiledThreads; nor are more ranges
// than kMostKeptIntervals kept as complete.
inline constexpr uint64_t kMostEvaluatedThreads = 4096;
inline constexpr uint64_t kMostCompiledThreads = 1 << 18;
inline constexpr uint64_t kMostKeptIntervals = 1 << 16;
// Operations of a compiled program times threads: about 0.1 to 0.3 s.
inline constexpr uint64_t kMostProgramSteps = uint64_t{1} << 27;

// `terms` (Boolean or bit-vector, over tracked thread 0) at each index of
// [0, n): per index, each term's value (a Boolean as 0 or 1). The thread's
// ids are substituted for thread 0's and the CTA's id symbols, and `fixed`
// (a parameter term to a numeral of its sort) for what the caller pins.
// Nothing when n is over the limits above, an id is no plain symbol,
// or some value does not simplify to a numeral (it depends on something
// free: a loaded value, an unpinned parameter).
std::optional<std::vector<std::vector<uint64_t>>> evaluate_per_thread(
    z3::context& c, const BranchEncoding& e, const LaunchSpec& l, bool global, uint64_t n,
    const z3::expr_vector& terms, const std::vector<std::pair<z3::expr, z3::expr>>& fixed = {});

// A partition of [0, n) into maximal intervals of equal code.
struct CodeRun {
  uint64_t begin = 0, end = 0;
  uint64_t code = 0;
};
std::vector<CodeRun> code_runs(const std::vector<uint64_t>& code_by_index);

// The code `runs` (a partition of [0, n), in order) give an index, as a
// term over `index` (a balanced tree of comparisons); from n on, the
// all-ones value of `bits`, which the caller makes no possible code. A
// query that a term differs from it, unsat, proves the runs: every thread
// of every model of the encoding has its run's code, and no other index
// exists.
z3::expr claimed_code(z3::context& c, const z3::expr& index, const std::vector<CodeRun>& runs, unsigned bits);

// The pieces (plain or periodic runs) claimed_code's term compares with:
// a claim of many irregular intervals is a query too large to be cheap.
size_t claimed_pieces(const std::vector<CodeRun>& runs);
// Claims of more pieces than this are left to the interval queries.
inline constexpr size_t kMostClaimedPieces = 4096;

}  // namespace warpsat
