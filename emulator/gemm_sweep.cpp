#include "emulator/gemm_sweep.h"

#include <algorithm>

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
  for_each_configuration(space, machine, [&](const TileConfig& c) {
    if (exceeded_limit(c, machine) != Limit::None) return;
    ++r.feasible;
    SweepEntry e{c, evaluate(shape, c, machine, scratch, model)};
    int64_t value = primary_value(objective, e.cost);
    if (r.best && value > primary_value(objective, r.best->cost)) return;
    if (r.best && value < primary_value(objective, r.best->cost)) r.co_optimal.clear();
    r.co_optimal.push_back(e);
    if (!r.best || preferred(objective, e.cost, e.config, r.best->cost, r.best->config, machine)) r.best = e;
  });
  // In configuration order, as the solver lists them (the walk visits a
  // tile's variants before its depths).
  std::sort(r.co_optimal.begin(), r.co_optimal.end(),
            [](const SweepEntry& a, const SweepEntry& b) { return a.config < b.config; });
  return r;
}

}  // namespace warpsat
