// Periodic runs in a partition of an index range: `t % 2u == 0u` over 64
// threads is 64 one-thread intervals, which read better as "odd threads of
// [0,64)". The description is exact: every index of a run has the code the
// run's residues give it, so nothing the intervals say is lost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace warpsat {

struct CodedInterval {
  uint64_t begin = 0, end = 0;  // [begin, end)
  uint32_t code = 0;
  friend bool operator==(const CodedInterval&, const CodedInterval&) = default;
};

// [begin, end) either as one interval of `code` (period 0), or periodic:
// index t has the code whose residue intervals (half-open, within
// [0, period)) hold t % period.
struct PeriodicRun {
  uint64_t begin = 0, end = 0;
  uint64_t period = 0;
  uint32_t code = 0;  // period 0 only
  struct Residues {
    uint32_t code = 0;
    std::vector<std::pair<uint64_t, uint64_t>> intervals;
    friend bool operator==(const Residues&, const Residues&) = default;
  };
  std::vector<Residues> residues;  // codes in the order they first occur in the run
  friend bool operator==(const PeriodicRun&, const PeriodicRun&) = default;
};

// `partition`: contiguous intervals in order (each begins where the one
// before ends). A run is periodic when its intervals repeat, lengths and
// codes alike, with at most `max_intervals_per_period` intervals to a period,
// for at least `min_periods` periods and `min_intervals` intervals; shorter
// repetitions stay plain intervals.
std::vector<PeriodicRun> periodic_runs(const std::vector<CodedInterval>& partition, size_t min_periods = 3,
                                       size_t min_intervals = 6, size_t max_intervals_per_period = 8);

// A subset of [0, universe_end) given by its sorted, disjoint intervals, as
// a partition of the whole: code 1 inside the subset, 0 in the gaps.
std::vector<CodedInterval> subset_partition(const std::vector<std::pair<uint64_t, uint64_t>>& subset,
                                            uint64_t universe_end = UINT64_MAX);

}  // namespace warpsat
