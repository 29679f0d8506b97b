#include "cli/branch_words.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "frontend/kernel_params.h"
#include "frontend/periodic_ranges.h"

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

namespace {

// "even threads of [0,64)", "threads of [0,256) with t % 32 in [16,32)".
std::string residue_set(const std::string& space, uint64_t begin, uint64_t end, uint64_t period,
                        const std::vector<std::pair<uint64_t, uint64_t>>& residues) {
  if (period == 2 && residues.size() == 1 && residues[0].second == residues[0].first + 1)
    return fmt::format("{} {}s of [{},{})", residues[0].first ? "odd" : "even", space, begin, end);
  std::vector<std::string> parts;
  for (const auto& [lo, hi] : residues)
    parts.push_back(hi == lo + 1 ? fmt::format("== {}", lo) : fmt::format("in [{},{})", lo, hi));
  return fmt::format("{}s of [{},{}) with t % {} {}", space, begin, end, period, fmt::join(parts, " or "));
}

// The intervals of a partition by outcome, with periodic stretches as one
// phrase per outcome; `plain` words a plain interval, `word` an outcome.
template <class Plain, class Word>
std::vector<std::string> partition_phrases(const std::vector<Range>& ranges, const std::string& space, Plain plain,
                                           Word word) {
  std::vector<std::string> outcomes;
  std::vector<CodedInterval> partition;
  for (const Range& r : ranges) {
    auto it = std::find(outcomes.begin(), outcomes.end(), r.outcome);
    if (it == outcomes.end()) it = outcomes.insert(outcomes.end(), r.outcome);
    partition.push_back({r.begin, r.end, static_cast<uint32_t>(it - outcomes.begin())});
  }
  std::vector<std::string> parts;
  for (const PeriodicRun& run : periodic_runs(partition)) {
    if (!run.period) {
      parts.push_back(plain(outcomes[run.code], run.begin, run.end));
      continue;
    }
    for (const PeriodicRun::Residues& x : run.residues)
      parts.push_back(fmt::format("{} on {}", word(outcomes[x.code]),
                                  residue_set(space, run.begin, run.end, run.period, x.intervals)));
  }
  return parts;
}

// "warps 0 to 3 of every block", "warp 1 of block (1,0,0)": consecutive
// warps of one block named together, each warp once.
std::vector<std::string> split_warp_names(const BranchRanges& r, const uint32_t grid[3]) {
  std::vector<std::pair<uint64_t, uint32_t>> warps = r.splitting_warps;
  std::sort(warps.begin(), warps.end());
  warps.erase(std::unique(warps.begin(), warps.end()), warps.end());
  std::vector<std::string> names;
  for (size_t i = 0; i < warps.size();) {
    size_t j = i + 1;
    while (j < warps.size() && warps[j].first == warps[i].first && warps[j].second == warps[j - 1].second + 1) ++j;
    std::string where = r.space == "thread" ? "every block" : "block " + block_name(warps[i].first, grid);
    uint32_t first = warps[i].second, last = warps[j - 1].second;
    if (first == last)
      names.push_back(fmt::format("warp {} of {}", first, where));
    else
      names.push_back(fmt::format("warps {} {} {} of {}", first, last == first + 1 ? "and" : "to", last, where));
    i = j;
  }
  return names;
}

}  // namespace

std::string ranges_sentence(const BranchRanges& r, const uint32_t grid[3]) {
  std::vector<std::string> parts = partition_phrases(
      r.ranges, r.space,
      [](const std::string& outcome, uint64_t b, uint64_t e) { return fmt::format("{} on [{},{})", outcome, b, e); },
      [](const std::string& outcome) { return outcome; });
  if (!r.complete) parts.push_back("(more intervals not listed)");
  std::string s = fmt::format("{}", fmt::join(parts, ", "));
  std::vector<std::string> warps = split_warp_names(r, grid);
  if (!warps.empty()) s += fmt::format("; warps that split: {}", fmt::join(warps, ", "));
  return s;
}

std::string condition_ranges_sentence(const BranchRanges& r, const SourceCondition& c) {
  std::vector<std::string> parts = partition_phrases(
      r.ranges, r.space,
      [&](const std::string& outcome, uint64_t b, uint64_t e) {
        return fmt::format("{} on {}s [{},{})", condition_outcome(outcome, c), r.space, b, e);
      },
      [&](const std::string& outcome) { return condition_outcome(outcome, c); });
  if (!r.complete) parts.push_back("(more intervals not listed)");
  return fmt::format("the condition {}", fmt::join(parts, ", "));
}

std::string missing_ranges_reason(const ptx::Module& m, const ptx::Function& kernel,
                                  const analysis::FunctionAnalysis& a, const BranchResult& b,
                                  const std::vector<std::optional<uint64_t>>& param_values) {
  auto slice = std::find_if(a.slices.begin(), a.slices.end(),
                            [&](const analysis::BranchSlice& s) { return s.branch == b.instruction; });
  if (slice == a.slices.end()) return "";
  std::vector<std::string> free;
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const ptx::Variable& p = kernel.params[i];
    const auto& read = slice->leaves.kernel_params;
    if (std::find(read.begin(), read.end(), p.name) == read.end()) continue;
    if ((p.dims.empty() && pointer_sized_param(m, p)) || (i < param_values.size() && param_values[i])) continue;
    free.push_back(fmt::format("{} (param{})", p.name, i));
  }
  if (free.empty()) return "";
  return fmt::format("not computed: the branch reads {}, which the launch leaves free", fmt::join(free, ", "));
}

std::string thread_set_phrase(const std::vector<Range>& threads, const std::string& space) {
  std::vector<std::pair<uint64_t, uint64_t>> subset;
  for (const Range& r : threads) subset.emplace_back(r.begin, r.end);
  std::vector<std::string> parts;
  for (const PeriodicRun& run : periodic_runs(subset_partition(subset))) {
    if (!run.period) {
      if (run.code) parts.push_back(fmt::format("[{},{})", run.begin, run.end));
      continue;
    }
    for (const PeriodicRun::Residues& x : run.residues)
      if (x.code) parts.push_back(residue_set(space, run.begin, run.end, run.period, x.intervals));
  }
  return fmt::format("{}", fmt::join(parts, " "));
}

std::optional<std::string> elected_sentence(const BranchResult& b) {
  if (!b.elected_lane || b.verdict != BranchVerdict::Divergent) return std::nullopt;
  return fmt::format("one elected lane: elect.sync elects lane {} of each warp that reaches it, and that lane alone "
                     "goes its own way (proved: no split leaves it out)",
                     *b.elected_lane);
}

}  // namespace warpsat::cli
