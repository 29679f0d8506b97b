#include "solver/witness_windows.h"

#include <algorithm>

#include "frontend/analysis/struct_fields.h"
#include "solver/made_up_launch.h"

namespace warpsat {

static_assert(witness_window(kWitnessWindows) <= kSpareWindowBase, "witness windows run into the spare ones");
static_assert(kWitnessWindowStride == kWindowStride);

bool is_pointer_param(const ptx::Module& m, const ptx::Variable& p) {
  return p.dims.empty() && ptx::bit_width(p.type) == m.address_size && ptx::bit_width(p.type) == 64 &&
         !ptx::is_float(p.type);
}

std::vector<std::vector<uint32_t>> struct_pointer_fields(const ptx::Module& m, const ptx::Function& f,
                                                         const analysis::ReachingDefs& defs, bool any_size) {
  std::vector<std::vector<uint32_t>> out(f.params.size());
  if ((!any_size && !takes_large_struct(f)) || !f.has_body || m.address_size != 64) return out;
  std::vector<std::vector<analysis::StructField>> uses = analysis::struct_field_uses(f, defs);
  for (size_t i = 0; i < f.params.size() && i < uses.size(); ++i) {
    if (f.params[i].dims.empty() || (!any_size && f.params[i].size_bytes() < kLargeStructBytes)) continue;
    for (const analysis::StructField& s : uses[i])
      if (s.use == analysis::FieldUse::Address && s.bytes == 8 && s.offset + 8 <= f.params[i].size_bytes() &&
          (out[i].empty() || out[i].back() + 8 <= s.offset))
        out[i].push_back(s.offset);
  }
  return out;
}

std::vector<WitnessPointer> witness_pointers(const BranchEncoding& e, const ptx::Module& m, const ptx::Function& f,
                                             const std::vector<std::vector<uint32_t>>& fields) {
  std::vector<WitnessPointer> out;
  for (const auto& [name, term] : e.params) {
    const ptx::Variable* p = f.find_param(name);
    if (p && is_pointer_param(m, *p) && out.size() < kWitnessWindows)
      out.push_back({term, witness_window(out.size()), name});
  }
  for (const auto& [name, term] : e.params) {
    const ptx::Variable* p = f.find_param(name);
    if (!p) continue;
    size_t i = static_cast<size_t>(p - f.params.data());
    if (i >= fields.size()) continue;
    unsigned bits = term.get_sort().bv_size();
    for (uint32_t offset : fields[i])
      if (out.size() < kWitnessWindows && 8 * offset + 64 <= bits)
        out.push_back({term.extract(8 * offset + 63, 8 * offset), witness_window(out.size()), name, true, offset});
  }
  return out;
}

bool overlaps_pointer_field(const ptx::Function& f, const std::vector<std::vector<uint32_t>>& fields,
                            const std::string& name, unsigned lo, unsigned bits) {
  const ptx::Variable* p = f.find_param(name);
  if (!p) return false;
  size_t i = static_cast<size_t>(p - f.params.data());
  if (i >= fields.size()) return false;
  return std::any_of(fields[i].begin(), fields[i].end(),
                     [&](uint32_t offset) { return lo < 8 * offset + 64 && 8 * offset < lo + bits; });
}

}  // namespace warpsat
