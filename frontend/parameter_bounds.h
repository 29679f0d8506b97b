// Bounds on machine parameters the user may give when asking Z3 which
// machines are consistent with a trace: `--bound load_throughput=0.01:100`,
// `--bound sms=84` (exactly), `--bound init=:2000` (an upper bound only).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "frontend/rational.h"

namespace warpsat {

enum class MachineParameter { Sms, Init, Epilogue, LoadLatency, ComputeLatency, LoadThroughput, ComputeThroughput };
inline constexpr size_t kMachineParameterCount = 7;
const char* to_string(MachineParameter p);  // "load_throughput": the machine file's key
bool is_throughput(MachineParameter p);

struct Bound {
  std::optional<Rational> lo, hi;  // inclusive
};

struct ParameterBounds {
  std::array<Bound, kMachineParameterCount> bounds;
  Bound& operator[](MachineParameter p) { return bounds[static_cast<size_t>(p)]; }
  const Bound& operator[](MachineParameter p) const { return bounds[static_cast<size_t>(p)]; }
};

// Parses NAME=LO:HI, NAME=LO:, NAME=:HI or NAME=VALUE into `into`. Integer
// parameters take integer bounds, throughputs positive decimals or fractions.
// Throws InputError (command line) naming what is wrong.
void parse_parameter_bound(const std::string& text, ParameterBounds& into);

}  // namespace warpsat
