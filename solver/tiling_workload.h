// `tile --workload`: one proven, validated answer per shape of a workload,
// on N worker threads (each question owns its Z3 context), in input order.
#pragma once

#include <exception>
#include <functional>
#include <vector>

#include "frontend/workload_file.h"
#include "solver/tiling_validation.h"

namespace warpsat {

struct WorkloadAnswer {
  WorkloadShape shape;
  TilingQuestion question;
  ValidatedTiling result;
  std::exception_ptr error;  // an InputError or CrossValidationError for this shape, if any
};

// `base` supplies machine, space, objective and encoding; each shape replaces
// its shape. `progress(done, total)` is called after each shape, from the
// worker threads one at a time.
std::vector<WorkloadAnswer> solve_workload(const TilingQuestion& base, const std::vector<WorkloadShape>& shapes,
                                           const SolverOptions& options, unsigned jobs,
                                           const std::function<void(size_t, size_t)>& progress = {});

}  // namespace warpsat
