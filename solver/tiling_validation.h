// Re-derives a tiling answer with the simulator (emulator/): the solver's
// best and co-optimal configurations are simulated one by one, and the whole
// search space is swept when it holds at most 2^20 configurations.
#pragma once

#include <string>

#include "solver/tiling_optimizer.h"

namespace warpsat {

struct TilingValidation {
  bool sweep_ran = false;    // false only when the space is too large to sweep
  size_t swept = 0;          // configurations the sweep evaluated (fitting smem)
  size_t simulated = 0;      // solver configurations simulated one by one
  double validate_ms = 0;
};

// Deliberate faults for the tests that show validation fires (--inject-fault).
enum class TilingFault { None, BestTotal, DropCoOptimal };

// Throws CrossValidationError listing every mismatch (with both values). The
// optimisation query is written to `options.dump_dir`, or to the working
// directory when no dump directory was given.
TilingValidation cross_validate(const TilingQuestion& q, const TilingAnswer& a, const SolverOptions& options);

// Solves, then validates: the one entry point the command line uses.
struct ValidatedTiling {
  TilingAnswer answer;
  TilingValidation validation;
};
ValidatedTiling solve_tiling(const TilingQuestion& q, const SolverOptions& options,
                             TilingFault fault = TilingFault::None);

}  // namespace warpsat
