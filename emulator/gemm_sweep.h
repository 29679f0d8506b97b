// Exhaustive evaluation of a tiling search space with the simulator: the
// independent re-derivation of every optimum the solver reports.
#pragma once

#include <optional>
#include <vector>

#include "emulator/gemm_ws_sim.h"

namespace warpsat {

struct SweepEntry {
  TileConfig config;
  Cost cost;
};

struct SweepResult {
  size_t configurations = 0;  // size of the search space
  size_t feasible = 0;        // configurations within the machine's limits (exceeded_limit)
  std::optional<SweepEntry> best;   // by preferred(); empty when nothing fits
  std::vector<SweepEntry> co_optimal;  // every feasible config with the optimal primary value, by config
};

// The largest space a sweep will walk: 2^24 configurations take a few seconds
// (a sweep keeps only the co-optimal set, so memory does not grow with it).
inline constexpr size_t kMaxSweepConfigurations = size_t{1} << 24;

// Throws InputError if the space is larger than kMaxSweepConfigurations.
SweepResult sweep(const GemmShape& shape, const Machine& machine, const SearchSpace& space, Objective objective,
                  GemmModel model = GemmModel::Seed001);

}  // namespace warpsat
