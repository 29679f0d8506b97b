#include "frontend/ptx/target_limits.h"

#include <algorithm>
#include <charconv>
#include <unordered_set>
#include <vector>

namespace warpsat::ptx {

uint32_t target_sm(const Module& m) {
  for (std::string_view t : m.targets) {
    if (!t.starts_with("sm_")) continue;
    uint32_t v = 0;
    auto [p, ec] = std::from_chars(t.data() + 3, t.data() + t.size(), v);
    if (ec == std::errc()) return v;
  }
  return 0;
}

uint32_t shared_allocation_unit(uint32_t sm) { return sm >= 30 && sm < 80 ? 256 : 128; }

uint32_t reserved_shared_bytes_per_block(uint32_t sm) { return sm == 0 || sm >= 80 ? 1024 : 0; }

uint64_t max_shared_bytes_per_block(uint32_t sm) {
  constexpr uint64_t KiB = 1024;
  switch (sm) {
    case 0:
    case 90:
    case 100:
    case 101:
    case 103:
    case 110: return 227 * KiB;
    case 80:
    case 87: return 163 * KiB;
    case 86:
    case 89:
    case 120:
    case 121: return 99 * KiB;
    case 75: return 64 * KiB;
    case 70:
    case 72: return 96 * KiB;
    default: return sm < 70 ? 48 * KiB : 227 * KiB;
  }
}

namespace {

bool is_dynamic_shared(const Variable& v) {
  return v.space == StateSpace::Shared && (v.linkage == Linkage::Extern || (!v.dims.empty() && v.dims[0] == 0));
}

uint64_t align_of(const Variable& v) { return v.align ? v.align : std::max(1u, byte_width(v.type) * v.vector); }

}  // namespace

uint64_t static_shared_bytes(const Module& m) {
  uint64_t at = 0;
  auto place = [&](const Variable& v) {
    if (v.space != StateSpace::Shared || is_dynamic_shared(v)) return;
    uint64_t a = align_of(v);
    at = (at + a - 1) / a * a + std::max<uint64_t>(v.size_bytes(), 1);
  };
  for (const Variable& v : m.variables) place(v);
  for (const Function& f : m.functions)
    for (const Variable& v : f.variables) place(v);
  return at;
}

std::vector<std::string_view> dynamic_shared_used(const Module& m, const Function& kernel) {
  std::unordered_set<std::string_view> dynamic;
  for (const Variable& v : m.variables)
    if (is_dynamic_shared(v)) dynamic.insert(v.name);
  for (const Function& f : m.functions)
    for (const Variable& v : f.variables)
      if (is_dynamic_shared(v)) dynamic.insert(v.name);
  std::vector<std::string_view> used;
  if (dynamic.empty()) return used;
  std::unordered_set<std::string_view> found;
  // The kernel and every function a call may reach by name.
  std::vector<const Function*> work{&kernel};
  std::unordered_set<const Function*> seen{&kernel};
  auto note = [&](std::string_view name) {
    if (dynamic.count(name) && found.insert(name).second) used.push_back(name);
  };
  auto visit = [&](const Operand& o, auto& self) -> void {
    if (o.kind == Operand::Kind::Symbol) {
      note(o.text);
      if (const Function* callee = m.find_function(o.text); callee && seen.insert(callee).second)
        work.push_back(callee);
    }
    for (const Operand& e : o.elements) self(e, self);
  };
  while (!work.empty()) {
    const Function* f = work.back();
    work.pop_back();
    for (const Variable& v : f->variables)
      if (is_dynamic_shared(v)) note(v.name);
    for (const Instruction& ins : f->instructions)
      for (const Operand& o : ins.operands) visit(o, visit);
  }
  return used;
}

uint64_t max_dynamic_shared_bytes(const Module& m, const Function& kernel) {
  if (dynamic_shared_used(m, kernel).empty()) return 0;
  uint64_t limit = max_shared_bytes_per_block(target_sm(m)), used = static_shared_bytes(m);
  return used >= limit ? 0 : limit - used;
}

}  // namespace warpsat::ptx
