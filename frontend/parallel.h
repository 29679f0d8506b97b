// Runs independent jobs on worker threads. Generic (no Z3 here), so every
// layer can use it: the solver's jobs each own their Z3 context (contexts
// are not shared between threads), the emulator's their own run state, and
// each job writes only its own result slot, so results need no locks.
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <thread>
#include <vector>

namespace warpsat {

// Calls job(i) for i in [0, n) on up to `jobs` threads (the caller's among
// them). The exception a job throws is kept; the first in index order is
// rethrown after every job has finished, as a sequential loop would report it.
inline void parallel_for(size_t n, unsigned jobs, const std::function<void(size_t)>& job) {
  std::vector<std::exception_ptr> errors(n);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < n;) {
      try {
        job(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  unsigned threads = static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>(jobs, n)));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace warpsat
