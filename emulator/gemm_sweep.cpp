#include "emulator/gemm_sweep.h"

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

SweepResult sweep(const GemmShape& shape, const Machine& machine, const SearchSpace& space, Objective objective) {
  SweepResult r;
  r.configurations = space.size();
  if (r.configurations > kMaxSweepConfigurations)
    throw command_line_error(fmt::format("the search space has {} configurations; a sweep is limited to {}",
                                         r.configurations, kMaxSweepConfigurations));
  std::vector<int64_t> scratch;
  std::vector<SweepEntry> all;
  for (int64_t tm : space.tm)
    for (int64_t tn : space.tn)
      for (int64_t tk : space.tk)
        for (int64_t d = space.min_stages; d <= space.max_stages; ++d) {
          TileConfig c{{tm, tn, tk}, d};
          if (!fits_smem(c, machine)) continue;
          SweepEntry e{c, evaluate(shape, c, machine, scratch)};
          if (!r.best || preferred(objective, e.cost, e.config, r.best->cost, r.best->config, machine)) r.best = e;
          all.push_back(e);
        }
  r.feasible = all.size();
  if (r.best) {
    int64_t optimum = primary_value(objective, r.best->cost);
    for (const auto& e : all)
      if (primary_value(objective, e.cost) == optimum) r.co_optimal.push_back(e);
  }
  return r;
}

}  // namespace warpsat
