#include "cli/deadline.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include "cli/commands.h"

namespace warpsat::cli {

Deadline::Deadline(double seconds) {
  if (seconds <= 0) return;
  watchdog_ = std::thread([this, seconds] {
    std::unique_lock lock(m_);
    auto limit = std::chrono::duration<double>(seconds);
    if (cv_.wait_for(lock, limit, [this] { return done_; })) return;
    std::fflush(stdout);
    std::fputs(fmt::format("warpsat: error: the --deadline of {} s passed before the command finished (no answer; "
                           "raise --deadline)\n",
                           seconds)
                   .c_str(),
               stderr);
    std::fflush(stderr);
    std::_Exit(kExitNoAnswer);
  });
}

Deadline::~Deadline() {
  if (!watchdog_.joinable()) return;
  {
    std::lock_guard lock(m_);
    done_ = true;
  }
  cv_.notify_one();
  watchdog_.join();
}

}  // namespace warpsat::cli
