#include "frontend/periodic_ranges.h"

#include <algorithm>

namespace warpsat {

namespace {

uint64_t length(const CodedInterval& i) { return i.end - i.begin; }

// The end (exclusive, an index into p) of the longest run from `from` whose
// intervals repeat every k intervals.
size_t repeating_end(const std::vector<CodedInterval>& p, size_t from, size_t k) {
  size_t j = from + k;
  if (j > p.size()) return from;
  while (j < p.size() && length(p[j]) == length(p[j - k]) && p[j].code == p[j - k].code) ++j;
  return j;
}

PeriodicRun describe(const std::vector<CodedInterval>& p, size_t from, size_t to, size_t k) {
  PeriodicRun run;
  run.begin = p[from].begin;
  run.end = p[to - 1].end;
  for (size_t m = from; m < from + k; ++m) run.period += length(p[m]);
  auto residues_of = [&](uint32_t code) -> std::vector<std::pair<uint64_t, uint64_t>>& {
    for (PeriodicRun::Residues& r : run.residues)
      if (r.code == code) return r.intervals;
    run.residues.push_back({code, {}});
    return run.residues.back().intervals;
  };
  for (size_t m = from; m < from + k; ++m) {
    uint64_t r = p[m].begin % run.period, n = length(p[m]);
    auto& list = residues_of(p[m].code);
    if (r + n <= run.period) {
      list.emplace_back(r, r + n);
    } else {  // wraps around the period
      list.emplace_back(r, run.period);
      list.emplace_back(0, r + n - run.period);
    }
  }
  for (PeriodicRun::Residues& r : run.residues) {
    std::sort(r.intervals.begin(), r.intervals.end());
    std::vector<std::pair<uint64_t, uint64_t>> merged;
    for (const auto& x : r.intervals)
      if (!merged.empty() && merged.back().second == x.first)
        merged.back().second = x.second;
      else
        merged.push_back(x);
    r.intervals = std::move(merged);
  }
  return run;
}

// Whether every index of [from, to) (at most one period long) has `code`.
bool all_of_code(const PeriodicRun& run, uint64_t from, uint64_t to, uint32_t code) {
  uint64_t lo = from % run.period, hi = lo + (to - from);
  std::vector<std::pair<uint64_t, uint64_t>> wanted;  // residue intervals to cover
  if (hi <= run.period) {
    wanted.emplace_back(lo, hi);
  } else {
    wanted.emplace_back(lo, run.period);
    wanted.emplace_back(0, hi - run.period);
  }
  for (const PeriodicRun::Residues& x : run.residues)
    if (x.code != code)
      for (const auto& [a, b] : x.intervals)
        for (const auto& [c, d] : wanted)
          if (a < d && c < b) return false;
  return true;
}

}  // namespace

std::vector<PeriodicRun> periodic_runs(const std::vector<CodedInterval>& partition, size_t min_periods,
                                       size_t min_intervals, size_t max_intervals_per_period) {
  std::vector<CodedInterval> p = partition;  // an interval a run takes the start of is trimmed
  std::vector<PeriodicRun> out;
  size_t i = 0;
  while (i < p.size()) {
    size_t best_k = 0, best_end = i;
    for (size_t k = 2; k <= max_intervals_per_period; ++k) {
      size_t end = repeating_end(p, i, k);
      size_t n = end - i;
      if (n >= std::max(min_periods * k, min_intervals) && n > best_end - i) best_k = k, best_end = end;
    }
    if (!best_k) {
      PeriodicRun plain;
      plain.begin = p[i].begin;
      plain.end = p[i].end;
      plain.code = p[i].code;
      out.push_back(plain);
      ++i;
      continue;
    }
    PeriodicRun run = describe(p, i, best_end, best_k);
    // Likewise its start moves back to a multiple of the period when the
    // plain interval before it says the same there ("odd threads of
    // [16,32)", not "of [17,32)").
    uint64_t aligned = run.begin / run.period * run.period;
    if (aligned < run.begin && !out.empty() && !out.back().period && out.back().begin <= aligned &&
        all_of_code(run, aligned, run.begin, out.back().code)) {
      out.back().end = aligned;
      if (out.back().begin == aligned) out.pop_back();
      run.begin = aligned;
    }
    // A run that stops inside a period takes the rest of that period from
    // the next interval when the pattern says the same there ("even threads
    // of [0,16)", not "of [0,15)"); the next interval then begins after it.
    uint64_t whole = run.begin + (run.end - run.begin + run.period - 1) / run.period * run.period;
    if (whole > run.end && best_end < p.size() && p[best_end].end >= whole) {
      if (all_of_code(run, run.end, whole, p[best_end].code)) {
        run.end = whole;
        p[best_end].begin = whole;
        if (p[best_end].begin == p[best_end].end) ++best_end;
      }
    }
    out.push_back(run);
    i = best_end;
  }
  return out;
}

std::vector<CodedInterval> subset_partition(const std::vector<std::pair<uint64_t, uint64_t>>& subset,
                                            uint64_t universe_end) {
  std::vector<CodedInterval> p;
  uint64_t at = 0;
  for (const auto& [b, e] : subset) {
    if (at < b) p.push_back({at, b, 0});
    p.push_back({b, e, 1});
    at = e;
  }
  if (at < universe_end) p.push_back({at, universe_end, 0});
  return p;
}

}  // namespace warpsat
