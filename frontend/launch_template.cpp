#include "frontend/launch_template.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include <fmt/ranges.h>

#include "frontend/analysis/cfg.h"
#include "frontend/analysis/pointer_uses.h"
#include "frontend/analysis/reaching_defs.h"
#include "frontend/diagnostics.h"
#include "frontend/kernel_source.h"
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

namespace {

// The element type the kernel's accesses through a pointer agree on, and
// the words for the comment above the buffer; nullopt (and why) when they
// do not agree or there are none.
struct BufferType {
  std::optional<ElementType> type;
  std::string why;
};

BufferType buffer_type(const ptx::Function& k, const analysis::PointerUses& uses) {
  std::vector<uint32_t> load_lines, store_lines, atomic_lines;
  std::vector<ptx::ScalarType> types;
  for (const analysis::PointerAccess& a : uses.accesses) {
    (a.atomic ? atomic_lines : a.store ? store_lines : load_lines).push_back(k.instructions[a.instruction].pos.line);
    if (std::find(types.begin(), types.end(), a.type) == types.end()) types.push_back(a.type);
  }
  auto lines = [](std::vector<uint32_t> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    if (v.size() > 4) return fmt::format("{}, ... ({} lines)", fmt::join(v.begin(), v.begin() + 3, ", "), v.size());
    return fmt::format("{}", fmt::join(v, ", "));
  };
  std::vector<std::string> hows;
  if (!load_lines.empty()) hows.push_back(fmt::format("loads through it at PTX line(s) {}", lines(load_lines)));
  if (!store_lines.empty()) hows.push_back(fmt::format("stores through it at PTX line(s) {}", lines(store_lines)));
  if (!atomic_lines.empty())
    hows.push_back(fmt::format("updates it atomically at PTX line(s) {}", lines(atomic_lines)));
  std::string how = fmt::format("{}", fmt::join(hows, " and "));
  std::string escapes = uses.escapes ? "; it also passes the pointer on (a call, a store), where it is not followed" : "";
  if (types.empty())
    return {std::nullopt, fmt::format("the kernel neither loads nor stores through it{}", escapes)};
  // One width: a float or a signed/unsigned integer type over the untyped bits.
  std::optional<ptx::ScalarType> chosen;
  bool agree = true;
  for (ptx::ScalarType t : types) {
    if (!chosen) {
      chosen = t;
      continue;
    }
    if (ptx::bit_width(t) != ptx::bit_width(*chosen)) agree = false;
    std::string a(ptx::to_string(*chosen)), b(ptx::to_string(t));
    if (a[0] == 'b') chosen = t;  // b32 and f32: f32
    else if (b[0] != 'b' && a[0] != b[0]) agree = false;  // f32 and u32, s32 and u32: no one type
  }
  std::vector<std::string> names;
  for (ptx::ScalarType t : types) names.emplace_back(ptx::to_string(t));
  if (!agree || !chosen)
    return {std::nullopt, fmt::format("the kernel {} as {}: no one element type{}", how, fmt::join(names, " and "), escapes)};
  return {element_for(*chosen), fmt::format("the kernel {} as {}{}", how, ptx::to_string(*chosen), escapes)};
}

// "# " before each line of a comment wrapped at about 76 columns.
std::string comment(const std::string& text) {
  std::string out, line;
  size_t at = 0;
  while (at < text.size()) {
    size_t space = text.find(' ', at);
    std::string word = text.substr(at, space == std::string::npos ? std::string::npos : space - at);
    if (!line.empty() && line.size() + 1 + word.size() > 76) {
      out += "# " + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    at = space == std::string::npos ? text.size() : space + 1;
  }
  if (!line.empty()) out += "# " + line + "\n";
  return out;
}

}  // namespace

std::string launch_template(const ptx::Module& m, const ptx::Function& k, const SourceFiles* sources) {
  const uint32_t* block = k.reqntid[0] ? k.reqntid : k.maxntid[0] ? k.maxntid : nullptr;
  uint32_t b[3] = {128, 1, 1};
  if (block)
    for (int d = 0; d < 3; ++d) b[d] = std::max<uint32_t>(block[d], 1);
  const uint64_t threads = uint64_t{b[0]} * b[1] * b[2];
  // A kernel with .reqnctapercluster runs in clusters of that shape: one
  // cluster's worth of blocks. An .explicitcluster one needs a cluster key.
  uint32_t g[3] = {1, 1, 1};
  if (k.reqnctapercluster[0])
    for (int d = 0; d < 3; ++d) g[d] = std::max<uint32_t>(k.reqnctapercluster[d], 1);
  std::string out = fmt::format(
      "# A launch of {} ({}),\n"
      "# written by `warpsat launch-template`. Replace the placeholders;\n"
      "# docs/launch-files.md lists every key. As it is, it runs one block\n"
      "# with zeros in every buffer and scalar.\n"
      "kernel = \"{}\"\n"
      "grid = [{}, {}, {}]{}\n"
      "block = [{}, {}, {}]{}\n",
      short_kernel_name(k.name), m.source, k.name, g[0], g[1], g[2],
      k.reqnctapercluster[0] ? "          # blocks in x, y, z: a multiple of the kernel's .reqnctapercluster"
                             : "          # blocks in x, y, z",
      b[0], b[1], b[2],
      block ? fmt::format("   # threads per block (the kernel's .{})", k.reqntid[0] ? "reqntid" : "maxntid")
            : "       # threads per block");
  if (k.explicitcluster && !k.reqnctapercluster[0])
    out += "cluster = [1, 1, 1]   # CTAs per cluster (the kernel is .explicitcluster)\n";
  out += dynamic_shared_line(m, k);
  std::string maps;  // a [[buffer]] and a [[tensor_map]] per tensor-map parameter, written last
  // The placeholder maps take the rank of the kernel's tensor copies when they all agree.
  uint32_t rank = 0;
  for (const ptx::Instruction& ins : k.instructions)
    if (ins.op == ptx::Opcode::Cp && ins.has("tensor"))
      for (std::string_view mod : ins.modifiers)
        if (mod.size() == 2 && mod[1] == 'd' && mod[0] >= '1' && mod[0] <= '5')
          rank = rank == 0 || rank == static_cast<uint32_t>(mod[0] - '0') ? static_cast<uint32_t>(mod[0] - '0') : 99;
  if (rank == 0 || rank == 99) rank = 1;
  std::string dims, strides, box;
  uint64_t elements = 1;
  for (uint32_t d = 0; d < rank; ++d) {
    uint64_t n = d < 2 ? 64 : 2;
    if (d) strides += fmt::format("{}{}", d > 1 ? ", " : "", elements * 4);
    elements *= n;
    dims += fmt::format("{}{}", d ? ", " : "", n);
    box += fmt::format("{}{}", d ? ", " : "", d == 0 ? 32 : d == 1 ? 8 : 1);
  }
  std::optional<SourceParameters> named = sources ? source_parameters(m, k, *sources) : std::nullopt;
  if (named) out += fmt::format("# Parameter names from the kernel's declaration at {}.\n", named->where);
  // The element types of the buffers: what the kernel loads and stores
  // through each pointer (frontend/analysis/pointer_uses.h).
  std::vector<analysis::PointerUses> uses;
  if (k.has_body) {
    analysis::Cfg cfg = analysis::build_cfg(k, m.source);
    uses = analysis::pointer_parameter_uses(k, analysis::reaching_definitions(k, cfg, m.source));
  }
  for (size_t i = 0; i < k.params.size(); ++i) {
    const ptx::Variable& p = k.params[i];
    const ElementType e = element_for(p.type);
    std::string name = named && !named->names[i].empty() ? named->names[i] : "";
    out += fmt::format("\n[[param]]   # {}: {} {}{}\n", i, p.name, declared_param_type(p),
                       named ? fmt::format(" ({})", named->types[i]) : "");
    if (!name.empty()) out += fmt::format("name = \"{}\"\n", name);
    if (p.size_bytes() == 128 && p.align >= 64 && p.dims.size() == 1 && p.vector == 1) {
      // CUtensorMap is 128 bytes aligned to 64: the driver's encoding is not
      // public, so the launch file describes the map by its fields.
      out += fmt::format(
          "# 128 bytes aligned to 64: a CUtensorMap passed by value, described by the\n"
          "# [[tensor_map]] '{0}' below. If it is a plain struct, write\n"
          "# struct = {{ type = \"b8\", count = 128, fill = 0 }} instead.\n"
          "tensor_map = \"{0}\"\n",
          p.name);
      maps += fmt::format(
          "\n# The tensor '{0}' describes: a placeholder of f32 zeros, and a map of the\n"
          "# rank of the kernel's tensor copies. Give the tensor's data, and the map\n"
          "# the fields of the host's cuTensorMapEncodeTiled call (docs/launch-files.md,\n"
          "# \"Tensor maps\"); the kernel's expect_tx byte counts must match the box.\n"
          "[[buffer]]\n"
          "name = \"{0}.data\"\n"
          "type = \"f32\"\n"
          "count = {1}\n"
          "fill = 0.0\n"
          "[[tensor_map]]\n"
          "name = \"{0}\"\n"
          "buffer = \"{0}.data\"\n"
          "type = \"f32\"        # u8 u16 u32 s32 u64 s64 f16 f32 f64 bf16 f32_ftz tf32 tf32_ftz\n"
          "dims = [{2}]         # globalDim, innermost first\n"
          "strides = [{3}]      # globalStrides in bytes, one per dimension after the first\n"
          "box = [{4}]          # boxDim\n"
          "swizzle = \"none\"     # none, 32B, 64B, 128B\n"
          "oob_fill = \"zero\"    # zero, nan\n",
          p.name, elements, dims, strides, box);
    } else if (pointer_sized_param(m, p)) {
      BufferType t = i < uses.size() ? buffer_type(k, uses[i]) : BufferType{std::nullopt, ""};
      const ElementType element = t.type.value_or(*parse_element_type("u32"));
      out += comment(fmt::format(
          "A pointer: the buffer it points to, one element per thread here. {} Then give values = [...], hex = "
          "[...], count + fill, count + random_seed (+ min, max) or file = \"data.bin\". If it is a {}-bit integer "
          "and no pointer, write scalar = {{ type = \"{}\", value = 0 }} instead.",
          t.type ? fmt::format("Element type {}: {}.", element.name, t.why)
                 : fmt::format("Set the element type ({}).", t.why.empty() ? "not inferred" : t.why),
          m.address_size, e.name));
      out += fmt::format("buffer = {{ type = \"{}\", count = {}, fill = {} }}\n", element.name, threads, zero_of(element));
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
  return out + maps;
}

}  // namespace warpsat
