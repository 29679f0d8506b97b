#include "emulator/simt/launch.h"

#include <fmt/format.h>

namespace warpsat::simt {

namespace {

bool pointer_sized(const ptx::Module& m, const ptx::Variable& p) {
  if (!p.dims.empty() || p.vector > 1) return false;
  unsigned bits = ptx::bit_width(p.type);
  return bits == m.address_size && !ptx::is_float(p.type);
}

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
    if (lp.buffer) {
      if (!pointer_sized(m, p))
        throw InputError({file.source, lp.line, 1},
                         fmt::format("parameter {} ({} .{}) is not a pointer, but this [[param]] gives a buffer", i,
                                     p.name, ptx::to_string(p.type)));
      a.kind = KernelArgument::Kind::Buffer;
      a.bytes = lp.buffer->bytes;
      if (types) types->push_back(lp.buffer->type);
    } else {
      uint64_t size = p.size_bytes();
      if (lp.scalar->type.bytes != size)
        throw InputError({file.source, lp.line, 1},
                         fmt::format("parameter {} ({}) has {} bytes; the scalar's type {} has {}", i, p.name, size,
                                     lp.scalar->type.name, lp.scalar->type.bytes));
      a.kind = KernelArgument::Kind::Scalar;
      for (unsigned b = 0; b < lp.scalar->type.bytes; ++b) a.bytes.push_back(static_cast<uint8_t>(lp.scalar->bits >> (8 * b)));
      if (types) types->push_back(lp.scalar->type);
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
    if (pointer_sized(m, p)) {
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
