// A progress line on stderr ("profile: 12/109 kernels") for commands that
// work through many items, so a long run on a terminal shows it is alive.
// Shown only when stderr is a terminal and the run has lasted a second, so
// pipes, files and tests see nothing; erased when the work is done.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace warpsat::cli {

class Progress {
 public:
  // `what` names the command and `unit` the items ("kernels").
  Progress(std::string what, std::string unit, size_t total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // One item done; safe to call from several threads at once.
  void done_one();
  // Erases the line, before the command prints its answer (also on destruction).
  void finish();

 private:
  void draw(size_t done);

  std::string what_, unit_;
  size_t total_;
  std::atomic<bool> terminal_;
  std::atomic<size_t> done_{0};
  std::chrono::steady_clock::time_point start_, last_draw_;
  std::mutex draw_mutex_;
  bool drawn_ = false;
};

}  // namespace warpsat::cli
