// Kernel parameters read however the kernel reads them (docs/branches.md):
// `ld.param` at any offset of a parameter, directly or through a register
// holding its address, and generic loads through `cvta.param` of that
// address (CUTLASS reads its by-value Params struct both ways). Each is a
// value of the launch: the same in every thread of the grid.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <z3++.h>

namespace warpsat {

// The name of the symbol the encoding gives a generic window's base
// (cvta.<space> adds it): "window.param" for the parameter space.
inline constexpr const char* kParamWindowSymbol = "window.param";

// A byte of a kernel parameter: the parameter's PTX name and the offset.
struct ParamField {
  std::string name;
  int64_t offset = 0;
};

// Whether `address` (64 bits) is, after simplification, `address.<P> + k`
// (a .param address), or with `generic`, `address.<P> + window.param + k`
// (cvta.param of it): then P and k. Nothing else is a parameter's address.
std::optional<ParamField> param_field(const z3::expr& address, bool generic);

}  // namespace warpsat
