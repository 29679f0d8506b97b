#include "solver/tiling_workload.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

namespace warpsat {

std::vector<WorkloadAnswer> solve_workload(const TilingQuestion& base, const std::vector<WorkloadShape>& shapes,
                                           const SolverOptions& options, unsigned jobs,
                                           const std::function<void(size_t, size_t)>& progress) {
  std::vector<WorkloadAnswer> out(shapes.size());
  std::atomic<size_t> next{0}, done{0};
  std::mutex report;
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < shapes.size();) {
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
    }
  };
  unsigned n = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(shapes.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return out;
}

}  // namespace warpsat
