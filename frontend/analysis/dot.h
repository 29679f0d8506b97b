// A function's CFG as Graphviz, with conditional branches and their
// reconvergence points (immediate post-dominators) marked.
#pragma once

#include <string>

#include "frontend/analysis/slices.h"

namespace warpsat::analysis {

std::string cfg_to_dot(const ptx::Function& f, const FunctionAnalysis& a);

}  // namespace warpsat::analysis
