#include "solver/tiling_workload.h"

#include <atomic>
#include <mutex>

#include "frontend/parallel.h"

namespace warpsat {

std::vector<WorkloadAnswer> solve_workload(const TilingQuestion& base, const std::vector<WorkloadShape>& shapes,
                                           const SolverOptions& options, unsigned jobs,
                                           const std::function<void(size_t, size_t)>& progress) {
  std::vector<WorkloadAnswer> out(shapes.size());
  std::atomic<size_t> done{0};
  std::mutex report;
  // A shape's error stays with its answer: the others still get theirs.
  parallel_for(shapes.size(), jobs, [&](size_t i) {
    WorkloadAnswer& a = out[i];
    a.shape = shapes[i];
    a.question = base;
    a.question.shape = shapes[i].shape;
    try {
      check_shape(a.question.shape);
      a.result = solve_tiling(a.question, options);
    } catch (...) {
      a.error = std::current_exception();
    }
    size_t finished = done.fetch_add(1) + 1;
    if (progress) {
      std::lock_guard lock(report);
      progress(finished, shapes.size());
    }
  });
  return out;
}

}  // namespace warpsat
