// `tile --workload F --max-kernels K`: at most K GEMM configurations for a
// whole workload, each shape assigned the best of them, minimising
// sum(weight x predicted total), proven minimal by Z3 (docs/kernel-sets.md).
//
// Costs come from the proven closed form; exact pruning rules shrink the
// candidate set first (each is documented and tested):
//  1. configurations that fit no machine limit are dropped;
//  2. configurations with the same total on every shape are interchangeable:
//     one is kept (the preferred: least shared memory, then D, TM, TN, TK);
//  3. a configuration that another beats or ties on every shape is never
//     needed: swapping it for the other never raises the objective;
//  5. a configuration that a Lagrangian lower bound (solver/kernel_set_bound.h)
//     shows to be in no set as good as greedy's is never built.
// (Rule 4 bounds each shape's cost inside the query.)
// The choice is then weighted MaxSAT on Z3's optimiser: "c is built"
// Booleans under an at-most-K constraint, each shape's cost in order
// encoding over its candidates' distinct totals, one soft clause per step.
// Every assigned total is re-derived by the simulator; small instances are
// also checked against an exhaustive enumeration of K-subsets.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "frontend/workload_file.h"
#include "solver/smt_query.h"
#include "solver/tiling_optimizer.h"

namespace warpsat {

struct KernelSetQuestion {
  std::vector<WorkloadShape> shapes;
  Machine machine;
  SearchSpace space;
  GemmModel model = GemmModel::Seed001;
  size_t max_kernels = 1;
  std::string name() const;  // "kernels.h100-sxm.K4"
};

struct KernelChoice {
  std::vector<TileConfig> kernels;
  std::vector<size_t> assignment;  // per shape: index into kernels
  std::vector<int64_t> totals;     // per shape: its total on its kernel
  int64_t objective = 0;           // sum of weight x total
};

struct KernelSetAnswer {
  enum class Status { Optimal, Unknown } status = Status::Unknown;
  std::string reason;                   // why Unknown
  KernelChoice best;                    // optimal, or the best known on Unknown
  std::optional<int64_t> lower_bound;   // proven lower bound (Unknown)
  KernelChoice greedy;                  // K rounds of the largest improvement
  KernelChoice unlimited;               // every shape on its own optimum (no limit on K)
  size_t configurations = 0;            // the search space
  size_t feasible = 0, distinct = 0, undominated = 0;  // left after each pruning rule
  size_t after_bound = 0;                   // left after rule 5 (the Lagrangian bound)
  std::optional<int64_t> lagrangian_bound;  // rule 5's lower bound on the objective
  size_t search_nodes = 0;              // nodes the branch and bound visited
  double search_ms = 0;                 // its wall time
  bool search_complete = false;         // it closed every node (its set is optimal)
  std::string proof;                    // "z3" (an unsat query), "branch-and-bound" (Z3 gave up), or empty
  bool exhaustive_checked = false;      // an enumeration of K-subsets agreed
  size_t exhaustive_candidates = 0;     // over this many candidates (all undominated ones, or rule 5's)
  size_t simulated = 0;                 // (shape, kernel) totals re-derived by the simulator
  double solve_ms = 0, validate_ms = 0;
  std::vector<std::string> dumped;
};

// Throws InputError for a space too large to tabulate, CrossValidationError
// when the simulator or the enumeration disagrees with the answer.
KernelSetAnswer choose_kernels(const KernelSetQuestion& q, const SolverOptions& options);

// The objective of a given set of kernels: each shape on its best one.
KernelChoice evaluate_kernels(const KernelSetQuestion& q, const std::vector<TileConfig>& kernels);

// `tile --kernels FILE`: a shipped set, and the one configuration of the
// search space whose addition lowers the objective most (every candidate is
// tried: exact), each total re-derived by the simulator.
struct KernelSetEvaluation {
  KernelChoice shipped;
  std::optional<TileConfig> best_addition;  // empty when no candidate improves
  KernelChoice with_addition;
  std::vector<std::string> unbuildable;     // shipped kernels that break a machine limit, with why
  size_t simulated = 0;
};
KernelSetEvaluation evaluate_shipped_kernels(const KernelSetQuestion& q, const std::vector<TileConfig>& kernels);

}  // namespace warpsat
