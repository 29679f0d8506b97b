// The time units warpsat can convert between. Machine files name their unit
// (`time_unit`), measurement files name theirs in a column (`time_s`), and a
// Chrome trace wants microseconds.
#pragma once

#include <optional>
#include <string_view>

namespace warpsat {

// Seconds per unit for "s", "ms", "us", "ns" and "ps"; nullopt for any other
// unit (e.g. "cycles"), which warpsat then refuses to convert.
std::optional<double> seconds_per_unit(std::string_view unit);

}  // namespace warpsat
