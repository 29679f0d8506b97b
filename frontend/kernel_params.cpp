#include "frontend/kernel_params.h"

#include <optional>

#include <fmt/format.h>

#include "frontend/kernel_source.h"

namespace warpsat {

bool pointer_sized_param(const ptx::Module& m, const ptx::Variable& p) {
  if (!p.dims.empty() || p.vector > 1) return false;
  return ptx::bit_width(p.type) == m.address_size && !ptx::is_float(p.type);
}

std::string declared_param_type(const ptx::Variable& p) {
  std::string text = (p.vector > 1 ? fmt::format(".v{}", p.vector) : "") + "." + std::string(ptx::to_string(p.type));
  for (uint64_t d : p.dims) text += fmt::format("[{}]", d);
  return text;
}

std::vector<bool> unsigned_scalar_params(const ptx::Function& k) {
  std::vector<bool> out(k.params.size(), false);
  std::optional<std::vector<std::string>> types = demangled_parameters(k.name);
  if (!types || types->size() != k.params.size()) return out;
  for (size_t i = 0; i < out.size(); ++i) {
    const ptx::Variable& p = k.params[i];
    if (!p.dims.empty() || p.vector > 1 || ptx::is_float(p.type)) continue;
    const std::string& t = (*types)[i];
    // The demangler's spellings of the unsigned builtin types (typedefs
    // such as size_t and uint32_t are mangled as what they stand for).
    out[i] = t == "bool" || (t.starts_with("unsigned ") && t.find_first_of("*&[(") == std::string::npos);
  }
  return out;
}

}  // namespace warpsat
