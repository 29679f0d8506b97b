#include "frontend/parameter_bounds.h"

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

const char* to_string(MachineParameter p) {
  switch (p) {
    case MachineParameter::Sms: return "sms";
    case MachineParameter::Init: return "init";
    case MachineParameter::Epilogue: return "epilogue";
    case MachineParameter::LoadLatency: return "load_latency";
    case MachineParameter::ComputeLatency: return "compute_latency";
    case MachineParameter::LoadThroughput: return "load_throughput";
    case MachineParameter::ComputeThroughput: return "compute_throughput";
  }
  return "?";
}

bool is_throughput(MachineParameter p) {
  return p == MachineParameter::LoadThroughput || p == MachineParameter::ComputeThroughput;
}

void parse_parameter_bound(const std::string& text, ParameterBounds& into) {
  size_t eq = text.find('=');
  std::string name = text.substr(0, eq);
  std::optional<MachineParameter> param;
  std::string known;
  for (size_t i = 0; i < kMachineParameterCount; ++i) {
    auto p = static_cast<MachineParameter>(i);
    if (name == to_string(p)) param = p;
    known += (known.empty() ? "" : ", ") + std::string(to_string(p));
  }
  if (eq == std::string::npos || !param)
    throw command_line_error(fmt::format("--bound '{}' must be NAME=LO:HI with NAME one of {}", text, known));
  std::string range = text.substr(eq + 1);
  size_t colon = range.find(':');
  std::string lo_text = colon == std::string::npos ? range : range.substr(0, colon);
  std::string hi_text = colon == std::string::npos ? range : range.substr(colon + 1);
  auto value = [&](const std::string& s) -> std::optional<Rational> {
    if (s.empty()) return std::nullopt;
    auto r = Rational::parse(s);
    if (!r) throw command_line_error(fmt::format("--bound {}: '{}' is not a number", name, s));
    if (is_throughput(*param) && !r->is_positive())
      throw command_line_error(fmt::format("--bound {}: a throughput bound must be positive, got {}", name, s));
    if (!is_throughput(*param) && (r->den() != 1 || r->num() < 0))
      throw command_line_error(fmt::format("--bound {}: '{}' must be a non-negative integer", name, s));
    return r;
  };
  Bound b{value(lo_text), value(hi_text)};
  if (!b.lo && !b.hi) throw command_line_error(fmt::format("--bound {}: give at least one of LO and HI", text));
  if (b.lo && b.hi && *b.hi < *b.lo) throw command_line_error(fmt::format("--bound {}: the range is empty", text));
  into[*param] = b;
}

}  // namespace warpsat
