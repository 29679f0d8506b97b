#include "emulator/simt/launch.h"

#include <map>

#include <fmt/format.h>

#include "emulator/simt/tensor_map.h"
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
  std::copy(file.cluster, file.cluster + 3, l.cluster);
  l.cluster_non_portable = file.cluster_non_portable;
  try {
    cluster_shape(k, l);
  } catch (const std::invalid_argument& e) {
    // At the cluster key; a grid that does not divide into the kernel's own
    // cluster shape at the grid key.
    uint32_t line = file.cluster_line ? file.cluster_line : file.grid_line ? file.grid_line : 1;
    uint32_t column = file.cluster_line ? file.cluster_column : file.grid_line ? file.grid_column : 1;
    throw InputError({file.source, line, column}, e.what(), line_of(file.text, line));
  }
  // Buffers by name: a [[buffer]], or a [[param]] buffer with that name.
  std::map<std::string, BufferRef> buffers;
  for (size_t i = 0; i < file.buffers.size(); ++i) {
    KernelArgument b = KernelArgument::buffer(file.buffers[i].contents.bytes, file.buffers[i].name);
    l.buffers.push_back(std::move(b));
    buffers[file.buffers[i].name] = {true, static_cast<uint32_t>(i)};
  }
  for (size_t i = 0; i < file.params.size(); ++i)
    if (file.params[i].buffer && !file.params[i].name.empty())
      buffers.emplace(file.params[i].name, BufferRef{false, static_cast<uint32_t>(i)});
  for (size_t i = 0; i < file.buffers.size(); ++i)
    for (const NameRef& r : file.buffers[i].pointers) {
      BufferRef ref = buffers.at(r.name);
      ref.at = r.at;
      l.buffers[i].pointer_slots.push_back({r.offset, ref});
    }
  std::map<std::string, uint32_t> maps;
  for (const TensorMapEntry& e : file.tensor_maps) {
    maps[e.spec.name] = static_cast<uint32_t>(l.tensor_maps.size());
    l.tensor_maps.push_back({e.spec, buffers.at(e.spec.buffer)});
  }
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
    if (lp.tensor_map) {
      // A CUtensorMap passed by value: 128 bytes, 64-byte aligned.
      if (p.size_bytes() != kTensorMapBytes || p.align < 64)
        fail(lp.value_line, lp.value_column,
             fmt::format("{} is {}: a tensor map is passed as .param .align 64 .b8 {}[128]", what, declared, p.name));
      a.kind = KernelArgument::Kind::Scalar;
      a.bytes.assign(kTensorMapBytes, 0);
      a.tensor_map_slots.push_back({0, maps.at(lp.tensor_map->name)});
      if (types) types->push_back(*parse_element_type("b8"));
    } else if (lp.buffer) {
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
      unsigned pointer_bytes = m.address_size == 32 ? 4 : 8;
      for (const NameRef& r : lp.pointers) {
        if (r.offset + pointer_bytes > a.bytes.size() || r.offset % pointer_bytes)
          throw InputError({file.source, r.line, r.column},
                           fmt::format("a {}-byte pointer at offset {} does not fit {} ({} bytes), or is not aligned",
                                       pointer_bytes, r.offset, what, a.bytes.size()),
                           line_of(file.text, r.line));
        BufferRef ref = buffers.at(r.name);
        ref.at = r.at;
        a.pointer_slots.push_back({r.offset, ref});
      }
      for (const NameRef& r : lp.tensor_maps) {
        if (p.align < 64)
          throw InputError({file.source, r.line, r.column},
                           fmt::format("{} holds a tensor map, so it is 64-byte aligned (.param .align 64); it is {}",
                                       what, declared),
                           line_of(file.text, r.line));
        a.tensor_map_slots.push_back({r.offset, maps.at(r.name)});
      }
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
