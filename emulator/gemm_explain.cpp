#include "emulator/gemm_explain.h"

#include <algorithm>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

TilingExplanation explain(const GemmShape& shape, const Machine& machine, const SearchSpace& space,
                          Objective objective, int64_t optimum, size_t count, GemmModel model) {
  if (space.size() > kMaxSweepConfigurations)
    throw command_line_error(fmt::format("--explain walks the whole search space; {} configurations exceed its limit of {}",
                                         space.size(), kMaxSweepConfigurations));
  TilingExplanation x;
  std::vector<int64_t> scratch;
  auto by_preference = [&](const SweepEntry& a, const SweepEntry& b) {
    return preferred(objective, a.cost, a.config, b.cost, b.config, machine);
  };
  std::vector<SweepEntry> worse;
  std::vector<ExcludedEntry> excluded;
  for (int64_t tm : space.tm)
    for (int64_t tn : space.tn)
      for (int64_t tk : space.tk)
        for (size_t v = 0; v < space.variant_count(); ++v) {
          // One entry per tile and cost (its shallowest depth: where depth
          // matters, a shallower buffer of the best tile is itself a next
          // best), and, when no depth fits and it would win, the tile's best.
          const KernelVariant& variant = space.variant(v);
          auto [lo, hi] = depth_range(space, {tm, tn, tk}, variant, machine);
          std::optional<SweepEntry> better_but_excluded;
          std::optional<Cost> last_fitting;
          bool fits_at_or_below_optimum = false;
          for (int64_t d = lo; d <= hi; ++d) {
            TileConfig c{{tm, tn, tk}, d, variant};
            bool fits = exceeded_limit(c, machine) == Limit::None;
            SweepEntry e{c, evaluate(shape, c, machine, scratch, model)};
            int64_t value = primary_value(objective, e.cost);
            if (fits && value <= optimum) fits_at_or_below_optimum = true;
            if (fits && value > optimum && (!last_fitting || !(*last_fitting == e.cost))) worse.push_back(e);
            if (fits) last_fitting = e.cost;
            if (!fits && value < optimum && (!better_but_excluded || by_preference(e, *better_but_excluded)))
              better_but_excluded = e;
          }
          if (better_but_excluded && !fits_at_or_below_optimum) {
            const TileConfig& c = better_but_excluded->config;
            excluded.push_back({*better_but_excluded, exceeded_limit(c, machine), describe_limit(c, machine)});
          }
        }
  auto keep_best = [&](auto& v, auto less) {
    size_t n = std::min(count, v.size());
    std::partial_sort(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n), v.end(), less);
    v.resize(n);
  };
  keep_best(worse, by_preference);
  x.excluded_better_tiles = excluded.size();
  keep_best(excluded, [&](const ExcludedEntry& a, const ExcludedEntry& b) { return by_preference(a.entry, b.entry); });
  x.next_best = std::move(worse);
  x.excluded_better = std::move(excluded);
  return x;
}

}  // namespace warpsat
