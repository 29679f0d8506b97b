// How `run --racecheck` and `profile --racecheck` print the races the
// emulator found.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "emulator/simt/racecheck.h"
#include "frontend/ptx/ir.h"

namespace warpsat::cli {

nlohmann::json races_json(const ptx::Module& m, const simt::RaceReport& r);
// "racecheck: no races" or a header line and one block per race.
std::string races_text(const ptx::Module& m, const simt::RaceReport& r);

}  // namespace warpsat::cli
