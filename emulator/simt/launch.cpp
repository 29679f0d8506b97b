#include "emulator/simt/launch.h"

#include <fmt/format.h>

#include "frontend/kernel_params.h"

namespace warpsat::simt {

namespace {

const ptx::Function& pick_kernel(const ptx::Module& m, const LaunchFile& f) {
  std::vector<const ptx::Function*> entries;
  for (const ptx::Function& fn : m.functions)
    if (fn.is_entry && fn.has_body) entries.push_back(&fn);
  if (f.kernel) {
    for (const ptx::Function* e : entries)
      if (e->name == *f.kernel) return *e;
    std::string list;
    for (const ptx::Function* e : entries) list += (list.empty() ? "" : ", ") + std::string(e->name);
    throw InputError({f.source, 1, 1}, fmt::format("{} has no kernel '{}' (kernels: {})", m.source, *f.kernel, list));
  }
  if (entries.size() != 1)
    throw InputError({f.source, 1, 1},
                     fmt::format("{} has {} kernels; say which with kernel = \"...\"", m.source, entries.size()));
  return *entries[0];
}

}  // namespace

Launch launch_from_file(const ptx::Module& m, const LaunchFile& file, std::vector<ElementType>* types) {
  const ptx::Function& k = pick_kernel(m, file);
  Launch l;
  l.kernel = std::string(k.name);
  std::copy(file.grid, file.grid + 3, l.grid);
  std::copy(file.block, file.block + 3, l.block);
  l.dynamic_shared_bytes = file.dynamic_shared_bytes;
  if (file.params.size() != k.params.size())
    throw InputError({file.source, 1, 1}, fmt::format("kernel {} has {} parameter(s); the launch file gives {} [[param]]",
                                                      k.name, k.params.size(), file.params.size()));
  for (size_t i = 0; i < k.params.size(); ++i) {
    const ptx::Variable& p = k.params[i];
    const LaunchParam& lp = file.params[i];
    KernelArgument a;
    a.name = std::string(p.name);
    const std::string what = fmt::format("parameter {} ({})", i, p.name), declared = declared_param_type(p);
    const bool aggregate = !p.dims.empty() || p.vector > 1;
    auto fail = [&](uint32_t line, uint32_t column, const std::string& message) -> void {
      throw InputError({file.source, line, column}, message, line == lp.type_line ? lp.type_source : lp.value_source);
    };
    if (lp.buffer) {
      if (!pointer_sized_param(m, p))
        fail(lp.value_line, lp.value_column,
             fmt::format("{} is {}, not a pointer, but this [[param]] gives a buffer", what, declared));
      a.kind = KernelArgument::Kind::Buffer;
      a.bytes = lp.buffer->bytes;
      if (types) types->push_back(lp.buffer->type);
    } else if (lp.by_value) {
      if (!aggregate)
        fail(lp.value_line, lp.value_column,
             fmt::format("{} is {}, no struct or array: give it as scalar = {{ type = \"{}\", value = ... }}", what,
                         declared, ptx::to_string(p.type)));
      if (lp.by_value->bytes.size() != p.size_bytes())
        fail(lp.value_line, lp.value_column,
             fmt::format("{} is {}, {} bytes passed by value; this struct gives {} bytes", what, declared,
                         p.size_bytes(), lp.by_value->bytes.size()));
      a.kind = KernelArgument::Kind::Scalar;
      a.bytes = lp.by_value->bytes;
      if (types) types->push_back(lp.by_value->type);
    } else {
      const ElementType& t = lp.scalar->type;
      if (aggregate)
        fail(lp.value_line, lp.value_column,
             fmt::format("{} is {}, {} bytes passed by value: give it as struct = {{ type = \"b8\", hex = [...] }}",
                         what, declared, p.size_bytes()));
      if (!scalar_type_fits(p.type, t))
        fail(lp.type_line, lp.type_column,
             fmt::format("{} is {}, but the scalar's type is {}; a {} parameter takes {}", what, declared, t.name,
                         declared, fitting_types(p.type)));
      a.kind = KernelArgument::Kind::Scalar;
      for (unsigned b = 0; b < t.bytes; ++b) a.bytes.push_back(static_cast<uint8_t>(lp.scalar->bits >> (8 * b)));
      if (types) types->push_back(t);
    }
    l.args.push_back(std::move(a));
  }
  return l;
}

Launch default_launch(const ptx::Module& m, const ptx::Function& k, const DefaultLaunchOptions& o) {
  Launch l;
  l.kernel = std::string(k.name);
  l.dynamic_shared_bytes = o.dynamic_shared_bytes;
  const uint32_t* block = o.block[0] ? o.block : k.reqntid[0] ? k.reqntid : k.maxntid[0] ? k.maxntid : nullptr;
  for (int d = 0; d < 3; ++d) {
    l.block[d] = block ? std::max<uint32_t>(block[d], 1) : (d == 0 ? 128 : 1);
    l.grid[d] = std::max<uint32_t>(o.grid[d], 1);
  }
  for (const ptx::Variable& p : k.params) {
    KernelArgument a;
    a.name = std::string(p.name);
    if (pointer_sized_param(m, p)) {
      a.kind = KernelArgument::Kind::Buffer;
      a.zero_bytes = o.buffer_bytes;
    } else {
      a.kind = KernelArgument::Kind::Scalar;
      a.bytes.assign(std::max<uint64_t>(p.size_bytes(), 1), 0);
    }
    l.args.push_back(std::move(a));
  }
  return l;
}

}  // namespace warpsat::simt
