// Where a command's time went, by kind of work (`branches --stats`): each
// named solver query, the loop induction's queries, encodings, replays, and
// freeing Z3 contexts. Z3-free, so that every layer can record into it; one
// object per command, passed down through the options (no global state),
// safe to record into from the threads of `-j N`.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace warpsat {

class TimeStats {
 public:
  struct Row {
    std::string kind;
    size_t count = 0;
    double ms = 0;
    double max_ms = 0;
    std::map<std::string, size_t> outcomes;  // "sat", "unsat", "timeout"...
  };

  // One piece of work of `kind` that took `ms` and ended in `outcome`
  // (empty: none to tell). Query names that carry a line number
  // ("unwritten-line42") count under their kind without it.
  void record(std::string_view kind, std::string_view outcome, double ms);

  // Rows by time spent, most first.
  std::vector<Row> rows() const;
  // Adds a row recorded elsewhere (another process's) to this one's.
  void merge(const Row& row);
  // Forgets every row (a child process starts its own count).
  void clear();

 private:
  mutable std::mutex mutex_;
  std::map<std::string, Row, std::less<>> rows_;
};

// Records the time from its construction to its end as one piece of work
// of `kind` (however the scope is left: a run that throws counts too).
// A null `stats` records nothing.
class TimedScope {
 public:
  TimedScope(TimeStats* stats, const char* kind) : stats_(stats), kind_(kind) {}
  TimedScope(const TimedScope&) = delete;
  TimedScope& operator=(const TimedScope&) = delete;
  ~TimedScope() {
    if (stats_)
      stats_->record(kind_, "", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count());
  }

 private:
  TimeStats* stats_;
  const char* kind_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace warpsat
