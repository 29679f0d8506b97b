#include "frontend/nearest_name.h"

#include <algorithm>

namespace warpsat {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string nearest_name(std::string_view word, const std::vector<std::string>& candidates) {
  // A name that is the start of a candidate ("h100" for "h100-sxm") is
  // what was meant, however many characters it leaves out: "a100" is one
  // substitution from "h100", but another machine.
  std::string best;
  size_t best_d = std::string::npos;
  for (const std::string& c : candidates) {
    bool prefix = !word.empty() && c.starts_with(word);
    size_t d = edit_distance(word, c);
    if (prefix && d < best_d) best = c, best_d = d;
  }
  if (!best.empty()) return best;
  for (const std::string& c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_d && d <= std::max<size_t>(2, c.size() / 3)) best = c, best_d = d;
  }
  return best;
}

}  // namespace warpsat
