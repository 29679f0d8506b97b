// How `run` and `profile` print emulator metrics.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "emulator/simt/metrics.h"
#include "frontend/ptx/ir.h"

namespace warpsat::cli {

nlohmann::json metrics_json(const ptx::Module& m, const simt::KernelMetrics& k);
// A few lines: instructions, FLOPs, branches, efficiencies.
std::string metrics_text(const simt::KernelMetrics& k);

}  // namespace warpsat::cli
