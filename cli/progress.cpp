#include "cli/progress.h"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace warpsat::cli {

namespace {
constexpr auto kQuietFor = std::chrono::seconds(1);
// Redrawing more often than this costs time and reads as flicker.
constexpr auto kRedrawEvery = std::chrono::milliseconds(100);
}  // namespace

Progress::Progress(std::string what, std::string unit, size_t total)
    : what_(std::move(what)), unit_(std::move(unit)), total_(total), terminal_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()), last_draw_(start_) {}

Progress::~Progress() { finish(); }

void Progress::finish() {
  std::lock_guard<std::mutex> lock(draw_mutex_);
  if (drawn_) std::fputs("\r\033[K", stderr);  // leave the terminal as it was
  drawn_ = false;
  terminal_ = false;  // nothing more after the answer
}

void Progress::done_one() {
  size_t done = ++done_;
  if (terminal_) draw(done);
}

void Progress::draw(size_t done) {
  auto now = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(draw_mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return;  // another thread is drawing: one line is enough
  if (now - start_ < kQuietFor || (drawn_ && now - last_draw_ < kRedrawEvery && done != total_)) return;
  last_draw_ = now;
  drawn_ = true;
  std::fputs(fmt::format("\r\033[K{}: {}/{} {}", what_, done, total_, unit_).c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace warpsat::cli
