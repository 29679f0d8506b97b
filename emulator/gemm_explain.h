// `tile --explain`: what came next, and what the machine's limits ruled out.
// Computed by the simulator over the whole space (like the sweep), so every
// figure in an explanation is concrete execution, not a solver claim.
#pragma once

#include <string>
#include <vector>

#include "emulator/gemm_sweep.h"

namespace warpsat {

struct ExcludedEntry {
  SweepEntry entry;
  Limit limit = Limit::None;
  std::string why;  // describe_limit()
};

struct TilingExplanation {
  // The best feasible configurations whose primary value is worse than the
  // optimum, best first, one per tile and cost (its shallowest depth), at
  // most `count`.
  std::vector<SweepEntry> next_best;
  // Configurations that would beat the optimum's primary value but break a
  // limit, best first, one per tile, at most `count`; `excluded_better_tiles`
  // counts every such tile.
  std::vector<ExcludedEntry> excluded_better;
  size_t excluded_better_tiles = 0;
};

// Throws InputError when the space is larger than kMaxSweepConfigurations.
TilingExplanation explain(const GemmShape& shape, const Machine& machine, const SearchSpace& space,
                          Objective objective, int64_t optimum, size_t count, GemmModel model = GemmModel::Seed001);

}  // namespace warpsat
