// --deadline SECONDS, on every command: a wall-clock limit for the whole
// command, on top of each solver query's own timeout. A watchdog thread
// ends the process with exit code 4 (no answer) and a message naming the
// flag when the limit passes; the library is never interrupted mid-answer
// by anything but the process ending, so nothing half-validated is printed
// after it.
#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>

namespace warpsat::cli {

class Deadline {
 public:
  // seconds <= 0: no deadline.
  explicit Deadline(double seconds);
  ~Deadline();
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

 private:
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread watchdog_;
};

}  // namespace warpsat::cli
