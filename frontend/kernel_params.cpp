#include "frontend/kernel_params.h"

#include <fmt/format.h>

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

}  // namespace warpsat
