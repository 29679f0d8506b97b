// A wall-clock limit on Z3 queries, kept by a thread of ours that interrupts
// the context. Z3 4.8.12's own "timeout" parameter runs on a pool of timer
// threads that can deadlock once a timeout has fired (Z3Prover/z3#5371):
// `warpsat prove-model --timeout-ms 5` hung for good in most runs (issue 13).
// An interrupted query is unknown with the reason "interrupted". An
// interrupt while no query runs is not lost: Z3 4.8.12 keeps it until the
// next check starts, and a simplify or model evaluation before that throws
// "canceled"; the timer clears what its own interrupts left behind.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <z3++.h>

namespace warpsat {

// While in scope, interrupts `context` once `ms` milliseconds have passed
// (0: never). Construct it just before a check, on the thread that checks.
class QueryTimer {
 public:
  QueryTimer(z3::context& context, unsigned ms) : context_(context) {
    if (ms == 0) return;
    // Past the limit, interrupt again every 10 ms until the query ends: an
    // interrupt that comes before Z3 has entered the check is lost (under
    // load, a 1 ms limit often passes first; `tile --timeout-ms 1` then ran
    // its whole optimisation).
    watchdog_ = std::thread([this, ms] {
      std::unique_lock lock(m_);
      auto wait = std::chrono::milliseconds(ms);
      while (!cv_.wait_for(lock, wait, [this] { return done_; })) {
        context_.interrupt();
        interrupted_ = true;
        wait = std::chrono::milliseconds(10);
      }
    });
  }
  QueryTimer(const QueryTimer&) = delete;
  QueryTimer& operator=(const QueryTimer&) = delete;
  ~QueryTimer() {
    if (!watchdog_.joinable()) return;
    {
      std::lock_guard lock(m_);
      done_ = true;
    }
    cv_.notify_one();
    watchdog_.join();
    // An interrupt that came after the check returned (the watchdog woke
    // just before done_ was set) stays with the context: Z3 4.8.12 clears
    // it only when a check starts, and the next simplify or model
    // evaluation threw "canceled" (the held-out CUB module under load:
    // exit 70, an internal error). A check of nothing clears it.
    if (interrupted_) z3::solver(context_, z3::solver::simple()).check();
  }

 private:
  z3::context& context_;
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false;
  bool interrupted_ = false;  // by the watchdog, at least once
  std::thread watchdog_;
};

// Whether Z3's reason for "unknown" is a spent time limit: its own timer's
// words, or ours.
inline bool is_time_limit_reason(const std::string& reason) {
  return reason.find("timeout") != std::string::npos || reason.find("canceled") != std::string::npos ||
         reason.find("interrupted") != std::string::npos;
}

}  // namespace warpsat
