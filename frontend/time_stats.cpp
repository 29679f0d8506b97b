#include "frontend/time_stats.h"

#include <algorithm>
#include <cctype>

namespace warpsat {

namespace {
// "unwritten-line42" and "unwritten-line7" are one kind of query.
std::string_view kind_of(std::string_view name) {
  if (size_t at = name.rfind("-line"); at != std::string_view::npos) {
    std::string_view digits = name.substr(at + 5);
    if (!digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      return name.substr(0, at);
  }
  return name;
}
}  // namespace

void TimeStats::record(std::string_view kind, std::string_view outcome, double ms) {
  std::string_view k = kind_of(kind);
  std::lock_guard lock(mutex_);
  auto it = rows_.find(k);
  if (it == rows_.end()) it = rows_.emplace(std::string(k), Row{std::string(k), 0, 0, 0, {}}).first;
  Row& r = it->second;
  ++r.count;
  r.ms += ms;
  r.max_ms = std::max(r.max_ms, ms);
  if (!outcome.empty()) ++r.outcomes[std::string(outcome)];
}

void TimeStats::merge(const Row& row) {
  std::lock_guard lock(mutex_);
  auto it = rows_.find(row.kind);
  if (it == rows_.end()) it = rows_.emplace(row.kind, Row{row.kind, 0, 0, 0, {}}).first;
  Row& r = it->second;
  r.count += row.count;
  r.ms += row.ms;
  r.max_ms = std::max(r.max_ms, row.max_ms);
  for (const auto& [outcome, n] : row.outcomes) r.outcomes[outcome] += n;
}

void TimeStats::clear() {
  std::lock_guard lock(mutex_);
  rows_.clear();
}

std::vector<TimeStats::Row> TimeStats::rows() const {
  std::vector<Row> out;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [k, r] : rows_) out.push_back(r);
  }
  std::stable_sort(out.begin(), out.end(), [](const Row& a, const Row& b) { return a.ms > b.ms; });
  return out;
}

}  // namespace warpsat
