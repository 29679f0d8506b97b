#include "emulator/gemm_sweep.h"

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

SweepResult sweep(const GemmShape& shape, const Machine& machine, const SearchSpace& space, Objective objective,
                  GemmModel model) {
  SweepResult r;
  r.configurations = space.size();
  if (r.configurations > kMaxSweepConfigurations)
    throw command_line_error(fmt::format("the search space has {} configurations; a sweep is limited to {}",
                                         r.configurations, kMaxSweepConfigurations));
  // One pass, keeping only the configurations tied at the best primary value
  // so far: memory stays proportional to the co-optimal set, not the space.
  std::vector<int64_t> scratch;
  for (int64_t tm : space.tm)
    for (int64_t tn : space.tn)
      for (int64_t tk : space.tk)
        for (int64_t d = space.min_stages; d <= space.max_stages; ++d) {
          TileConfig c{{tm, tn, tk}, d};
          if (exceeded_limit(c, machine) != Limit::None) continue;
          ++r.feasible;
          SweepEntry e{c, evaluate(shape, c, machine, scratch, model)};
          int64_t value = primary_value(objective, e.cost);
          if (r.best && value > primary_value(objective, r.best->cost)) continue;
          if (r.best && value < primary_value(objective, r.best->cost)) r.co_optimal.clear();
          r.co_optimal.push_back(e);
          if (!r.best || preferred(objective, e.cost, e.config, r.best->cost, r.best->config, machine)) r.best = e;
        }
  return r;
}

}  // namespace warpsat
