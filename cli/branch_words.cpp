#include "cli/branch_words.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace warpsat::cli {

std::array<uint64_t, 3> block_index(uint64_t cta, const uint32_t grid[3]) {
  uint64_t x = grid[0] ? cta % grid[0] : cta, rest = grid[0] ? cta / grid[0] : 0;
  uint64_t y = grid[1] ? rest % grid[1] : rest, z = grid[1] ? rest / grid[1] : 0;
  return {x, y, z};
}

std::string block_name(uint64_t cta, const uint32_t grid[3]) {
  auto [x, y, z] = block_index(cta, grid);
  return fmt::format("({},{},{})", x, y, z);
}

std::optional<SourceCondition> branch_condition(const ptx::Module& m, const KernelBranches& k, const BranchResult& b,
                                                const SourceFiles& sources) {
  if (b.indexed || k.function >= m.functions.size()) return std::nullopt;
  return source_condition(m.functions[k.function], b.instruction, sources);
}

std::string split_warp_name(const BranchRanges& r, const std::pair<uint64_t, uint32_t>& warp, const uint32_t grid[3]) {
  if (r.space == "thread") return fmt::format("warp {} of every block", warp.second);
  return fmt::format("warp {} of block {}", warp.second, block_name(warp.first, grid));
}

std::string condition_outcome(const std::string& ptx_outcome, const SourceCondition& c) {
  if (ptx_outcome == "not reached") return ptx_outcome;
  return condition_outcome(ptx_outcome == "taken", c);
}

std::string condition_outcome(bool taken, const SourceCondition& c) {
  return taken == c.holds_when_taken ? "holds" : "fails";
}

std::string condition_sentence(const SourceCondition& c) {
  std::string statement =
      c.keyword == "for" ? fmt::format("for (...; {}; ...)", c.text) : fmt::format("{} ({})", c.keyword, c.text);
  return fmt::format("`{}`: the condition holds where the branch is {}", statement,
                     c.holds_when_taken ? "taken" : "not taken");
}

std::string witness_sentence(const Witness& w, bool indexed, const std::optional<SourceCondition>& c) {
  auto lane = [&](int t) {
    std::string what = indexed             ? fmt::format("takes target {}", w.outcome[t])
                       : w.outcome[t] != 0 ? "takes it"
                                           : "does not";
    if (c && !indexed) what += fmt::format(" (the condition {})", condition_outcome(w.outcome[t] != 0, *c));
    return fmt::format("lane {} (thread {},{},{}) {}", w.lane[t], w.tid[t][0], w.tid[t][1], w.tid[t][2], what);
  };
  return fmt::format("warp {} of block ({},{},{}), grid ({},{},{}), block size ({},{},{}): {}, {}", w.warp, w.cta[0],
                     w.cta[1], w.cta[2], w.grid[0], w.grid[1], w.grid[2], w.block[0], w.block[1], w.block[2], lane(0),
                     lane(1));
}

std::string ranges_sentence(const BranchRanges& r, const uint32_t grid[3]) {
  std::vector<std::string> parts;
  for (const auto& x : r.ranges) parts.push_back(fmt::format("{} on [{},{})", x.outcome, x.begin, x.end));
  if (!r.complete) parts.push_back("(more intervals not listed)");
  std::string s = fmt::format("{}", fmt::join(parts, ", "));
  std::vector<std::string> warps;
  for (const auto& w : r.splitting_warps) warps.push_back(split_warp_name(r, w, grid));
  if (!warps.empty()) s += fmt::format("; warps that split: {}", fmt::join(warps, ", "));
  return s;
}

std::string condition_ranges_sentence(const BranchRanges& r, const SourceCondition& c) {
  std::vector<std::string> parts;
  for (const auto& x : r.ranges)
    parts.push_back(fmt::format("{} on {}s [{},{})", condition_outcome(x.outcome, c), r.space, x.begin, x.end));
  if (!r.complete) parts.push_back("(more intervals not listed)");
  return fmt::format("the condition {}", fmt::join(parts, ", "));
}

}  // namespace warpsat::cli
