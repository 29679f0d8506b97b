#include "frontend/launch_template.h"

#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/kernel_names.h"
#include "frontend/kernel_params.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/target_limits.h"

namespace warpsat {

namespace {

std::string kernel_list(const ptx::Module& m) {
  std::vector<std::string> mangled;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry && f.has_body) mangled.emplace_back(f.name);
  KernelNames names(mangled, false);
  std::string list;
  for (const std::string& k : mangled) list += (list.empty() ? "" : ", ") + names.display(k);
  return list;
}

// The launch file type for a PTX type: itself where launch files know it
// (u32, f16, b64...), else the raw bits of its width (f16x2 -> b32).
ElementType element_for(ptx::ScalarType t) {
  if (auto e = parse_element_type(std::string(ptx::to_string(t)))) return *e;
  return *parse_element_type(fmt::format("b{}", std::max(8u, ptx::bit_width(t))));
}

std::string zero_of(const ElementType& t) { return t.is_float ? "0.0" : "0"; }

// What the PTX says about dynamic shared memory: nothing needed when the
// kernel names no unsized .shared variable; otherwise the size is the
// host's choice at launch, which the PTX does not record, and the
// placeholder is the most the target allows (a launch with more than the
// kernel uses behaves the same unless it reads %dynamic_smem_size).
std::string dynamic_shared_line(const ptx::Module& m, const ptx::Function& k) {
  std::vector<std::string_view> used = ptx::dynamic_shared_used(m, k);
  if (used.empty()) return "dynamic_shared_bytes = 0   # the kernel uses no extern (unsized) .shared memory\n";
  uint32_t sm = ptx::target_sm(m);
  uint64_t limit = ptx::max_shared_bytes_per_block(sm), fixed = ptx::static_shared_bytes(m);
  std::string names;
  for (std::string_view n : used) names += (names.empty() ? "" : ", ") + std::string(n);
  return fmt::format(
      "# PLACEHOLDER: the kernel uses extern .shared memory ({}) whose size the\n"
      "# PTX does not say: the host chooses it at launch (CUTLASS 3 kernels take\n"
      "# GemmKernel::SharedStorageSize, after cudaFuncSetAttribute(...,\n"
      "# cudaFuncAttributeMaxDynamicSharedMemorySize, ...)). Written here: the most a\n"
      "# block may have on {} ({} KiB) less {} bytes of static .shared variables.\n"
      "dynamic_shared_bytes = {}\n",
      names, sm ? fmt::format("sm_{}", sm) : std::string("any target"), limit / 1024, fixed,
      limit > fixed ? limit - fixed : 0);
}

}  // namespace

const ptx::Function& template_kernel(const ptx::Module& m, const std::string& name) {
  std::vector<const ptx::Function*> entries;
  std::vector<std::string> names;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry && f.has_body) {
      entries.push_back(&f);
      names.emplace_back(f.name);
    }
  if (entries.empty()) throw command_line_error(fmt::format("{} has no kernels", m.source));
  if (!name.empty()) return *entries[select_kernel_name(names, name, "kernel", m.source)];
  if (entries.size() > 1)
    throw command_line_error(
        fmt::format("{} has {} kernels; say which with --kernel (kernels: {})", m.source, entries.size(), kernel_list(m)));
  return *entries[0];
}

std::string launch_template(const ptx::Module& m, const ptx::Function& k) {
  const uint32_t* block = k.reqntid[0] ? k.reqntid : k.maxntid[0] ? k.maxntid : nullptr;
  uint32_t b[3] = {128, 1, 1};
  if (block)
    for (int d = 0; d < 3; ++d) b[d] = std::max<uint32_t>(block[d], 1);
  const uint64_t threads = uint64_t{b[0]} * b[1] * b[2];
  std::string out = fmt::format(
      "# A launch of {} ({}),\n"
      "# written by `warpsat launch-template`. Replace the placeholders;\n"
      "# docs/launch-files.md lists every key. As it is, it runs one block\n"
      "# with zeros in every buffer and scalar.\n"
      "kernel = \"{}\"\n"
      "grid = [1, 1, 1]{}\n"
      "block = [{}, {}, {}]{}\n",
      k.name, m.source, k.name, "          # blocks in x, y, z", b[0], b[1], b[2],
      block ? fmt::format("   # threads per block (the kernel's .{})", k.reqntid[0] ? "reqntid" : "maxntid")
            : "       # threads per block");
  out += dynamic_shared_line(m, k);
  for (size_t i = 0; i < k.params.size(); ++i) {
    const ptx::Variable& p = k.params[i];
    const ElementType e = element_for(p.type);
    out += fmt::format("\n[[param]]   # {}: {} {}\n", i, p.name, declared_param_type(p));
    if (pointer_sized_param(m, p)) {
      out += fmt::format(
          "# A pointer: the buffer it points to, one element per thread here. Set the\n"
          "# element type, then values = [...], hex = [...], count + fill, count +\n"
          "# random_seed (+ min, max) or file = \"data.bin\". If it is a {}-bit integer\n"
          "# and no pointer, write scalar = {{ type = \"{}\", value = 0 }} instead.\n"
          "buffer = {{ type = \"u32\", count = {}, fill = 0 }}\n",
          m.address_size, e.name, threads);
    } else if (!p.dims.empty() || p.vector > 1) {
      uint64_t count = p.size_bytes() / e.bytes;
      out += fmt::format(
          "# {} bytes passed by value (a struct or array): its fields in order, as\n"
          "# values of one type, or as hex = [...] of type b8 for mixed fields.\n"
          "struct = {{ type = \"{}\", count = {}, fill = {} }}\n",
          p.size_bytes(), e.name, count, zero_of(e));
    } else {
      out += fmt::format("scalar = {{ type = \"{}\", value = {} }}   # type: one of {}\n", e.name, zero_of(e),
                         fitting_types(p.type));
    }
  }
  return out;
}

}  // namespace warpsat
