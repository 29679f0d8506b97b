// `tile --svg`: a heat map of the predicted total over (TM, TN), at the best
// configuration's TK and depth D, with the optimum marked and configurations
// over the shared-memory limit shown as such. Totals come from the simulator.
#pragma once

#include <string>

#include "frontend/gemm_problem.h"

namespace warpsat {

std::string tiling_heatmap_svg(const GemmShape& shape, const Machine& machine, const SearchSpace& space,
                               const TileConfig& best,
                               GemmModel model = GemmModel::Seed001);

}  // namespace warpsat
