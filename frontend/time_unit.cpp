#include "frontend/time_unit.h"

namespace warpsat {

std::optional<double> seconds_per_unit(std::string_view unit) {
  if (unit == "s") return 1.0;
  if (unit == "ms") return 1e-3;
  if (unit == "us") return 1e-6;
  if (unit == "ns") return 1e-9;
  if (unit == "ps") return 1e-12;
  return std::nullopt;
}

}  // namespace warpsat
