#include "launch_writer.h"
#include "stable_bytes.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace warpsat_host {

std::vector<TensorMapRecord>& recorded_tensor_maps() {
  static std::vector<TensorMapRecord> records;
  return records;
}

uint64_t tensor_map_marker(uint32_t index) { return 0x5753544d00000000ull | index; }  // "WSTM" + index

std::vector<double> small_values(uint64_t count, int lo, int hi, double step, uint64_t seed) {
  if (seed & kConstantData) return std::vector<double>(count, (lo <= 1 && 1 <= hi ? 1 : lo) * step);
  std::vector<double> out;
  out.reserve(count);
  uint64_t state = seed;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    out.push_back(static_cast<double>(lo + static_cast<int>(z % static_cast<uint64_t>(hi - lo + 1))) * step);
  }
  return out;
}

std::string number_text(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<long long>(v));
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

namespace {
// The bits of `v` in an 8-bit float of `mantissa` mantissa bits and exponent
// bias `bias`, searched among the finite codes below `first_special`.
unsigned minifloat_bits(double v, unsigned mantissa, int bias, unsigned first_special, const char* name) {
  unsigned sign = v < 0 ? 0x80u : 0u;
  double a = std::fabs(v);
  if (a == 0) return sign;
  double steps = static_cast<double>(1u << mantissa);
  for (unsigned bits = 1; bits < first_special; ++bits) {
    unsigned e = bits >> mantissa, m = bits & ((1u << mantissa) - 1);
    double value = e == 0 ? std::ldexp(m / steps, 1 - bias) : std::ldexp(1 + m / steps, static_cast<int>(e) - bias);
    if (value == a) return sign | bits;
  }
  throw std::runtime_error(std::string(name) + " does not represent " + number_text(v));
}
}  // namespace

unsigned e4m3_bits(double v) { return minifloat_bits(v, 3, 7, 0x7f, "e4m3"); }  // 0x7f is NaN
unsigned e5m2_bits(double v) { return minifloat_bits(v, 2, 15, 0x7c, "e5m2"); }  // 0x7c is infinity

std::string problem_text(const Problem& p) {
  if (!p.groups.empty()) {
    std::string s = "groups=";
    for (size_t g = 0; g < p.groups.size(); ++g)
      s += (g ? "," : "") + std::to_string(p.groups[g][0]) + "x" + std::to_string(p.groups[g][1]) + "x" +
           std::to_string(p.groups[g][2]);
    return s;
  }
  std::string s = "M=" + std::to_string(p.m) + " N=" + std::to_string(p.n) + " K=" + std::to_string(p.k);
  if (p.batches > 1) s += " L=" + std::to_string(p.batches);
  return s;
}

// problem_text, and the SM count where it is not the default's.
std::string problem_and_sms_text(const Problem& p) {
  return problem_text(p) + (p.sm_count != Problem{}.sm_count ? " sm_count=" + std::to_string(p.sm_count) : "");
}

namespace {

const char* kTypeNames[] = {"u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f64", "bf16", "f32_ftz", "tf32",
                            "tf32_ftz"};
const unsigned kElementBytes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
const char* kSwizzle[] = {"none", "32B", "64B", "128B"};
const char* kL2[] = {"none", "64B", "128B", "256B"};
const char* kOob[] = {"zero", "nan"};
const char* kInterleave[] = {"none", "16B", "32B"};

template <size_t N>
const char* pick(const char* (&names)[N], uint32_t v, const char* what) {
  if (v >= N) throw std::runtime_error(std::string("unexpected ") + what + " " + std::to_string(v));
  return names[v];
}

struct Placement {
  uint64_t offset;
  std::string name;
  uint64_t at = 0;  // a pointer's bytes into its buffer
};

std::string pointer_list(const std::vector<Placement>& pointers) {
  std::string s = "[";
  for (size_t i = 0; i < pointers.size(); ++i) {
    s += (i ? ", " : "") + std::string("{ offset = ") + std::to_string(pointers[i].offset) + ", buffer = \"" +
         pointers[i].name + "\"";
    if (pointers[i].at) s += ", at = " + std::to_string(pointers[i].at);
    s += " }";
  }
  return s + "]";
}

std::string list(const uint64_t* v, uint32_t n) {
  std::string s = "[";
  for (uint32_t i = 0; i < n; ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}
std::string list(const uint32_t* v, uint32_t n) {
  std::string s = "[";
  for (uint32_t i = 0; i < n; ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace

std::string launch_toml(const KernelLaunch& l) {
  std::vector<uint8_t> bytes = l.params;
  if (bytes.size() % 4) throw std::runtime_error("Params size is not a multiple of 4");
  // Bytes between the Params' members are padding: 0, whatever the host's
  // stack or registers left there (describe.h zeroes what varies between
  // two makings; this catches what did not).
  std::vector<bool> covered(bytes.size(), false);
  for (const Field& f : l.fields)
    if (f.name.find('.') == std::string::npos)
      for (uint64_t i = f.offset; i < f.offset + f.size && i < bytes.size(); ++i) covered[i] = true;
  std::vector<uint64_t> padding;
  for (size_t i = 0; i < bytes.size(); ++i)
    if (!covered[i]) bytes[i] = 0, padding.push_back(i);
  std::vector<Placement> maps, pointers;
  const auto& records = recorded_tensor_maps();
  // Tensor maps: the recorder's marker at a multiple of 64.
  for (uint64_t off = 0; off + 128 <= bytes.size(); off += 64) {
    uint64_t word;
    std::memcpy(&word, bytes.data() + off, 8);
    if ((word >> 32) != (tensor_map_marker(0) >> 32)) continue;
    uint32_t index = static_cast<uint32_t>(word);
    if (index >= records.size()) throw std::runtime_error("a tensor-map marker names no record");
    maps.push_back({off, "map" + std::to_string(index)});
    std::memset(bytes.data() + off, 0, 128);
  }
  // Pointers: a buffer's fake address, 8-byte aligned.
  for (uint64_t off = 0; off + 8 <= bytes.size(); off += 8) {
    uint64_t word;
    std::memcpy(&word, bytes.data() + off, 8);
    for (const Buffer& b : l.buffers) {
      if (word < b.fake_address || word >= b.fake_address + (uint64_t{1} << 32)) continue;
      // CUTLASS carves its workspace into parts: a pointer into the middle.
      pointers.push_back({off, b.name, word - b.fake_address});
      std::memset(bytes.data() + off, 0, 8);
    }
  }

  std::ostringstream o;
  o << "# " << l.kernel_label << ": D = alpha * A * B + beta * C, " << problem_and_sms_text(l.problem) << ", alpha=" << number_text(l.problem.alpha) << " beta=" << number_text(l.problem.beta)
    << "\n# Written by examples/cutlass/host (scripts/generate_cutlass_launches.sh): the Params bytes are CUTLASS's\n"
    << "# own GemmKernel::to_underlying_arguments for this problem, compiled against the CUTLASS headers.\n";
  for (const std::string& n : l.notes) o << "# " << n << "\n";
  o << "#\n# Params: " << l.params.size() << " bytes (sizeof)\n";
  for (const Field& f : l.fields) o << "#   offsetof " << f.name << " = " << f.offset << ", sizeof " << f.size << "\n";
  for (const Placement& p : maps) {
    const TensorMapRecord& r = records[std::stoul(p.name.substr(3))];
    o << "#   tensor map " << p.name << " at " << p.offset << " (cuTensorMapEncodeTiled: type " << kTypeNames[r.data_type]
      << ", rank " << r.rank << ", dims " << list(r.dims, r.rank) << ", box " << list(r.box, r.rank) << ")\n";
  }
  for (const Placement& p : pointers)
    o << "#   pointer to " << p.name << (p.at ? " + " + std::to_string(p.at) : std::string()) << " at " << p.offset << "\n";
  // Why these bytes are 0: the launch file is reproducible and the kernel
  // must not depend on them (a replay that changes with them is a bug).
  o << "#   written as 0, padding between the members above: "
    << (padding.empty() ? std::string("none") : offset_ranges(padding)) << "\n";
  o << "#   written as 0, bytes that differed between four makings of the Params, their storage and stack\n"
    << "#   at four addresses and pre-filled with 0x00, 0xff, 0xa5 and 0x5a (padding inside members, members\n"
    << "#   CUTLASS leaves unset, registers' leftovers): "
    << (l.varying_offsets.empty() ? std::string("none") : offset_ranges(l.varying_offsets)) << "\n";
  o << "\nkernel = \"" << l.entry << "\"\n";
  // tests/unit/test_cutlass_e2e.cpp reads the problem back from here.
  o << "description = \"" << l.kernel_label << " from " << l.ptx << ": " << problem_and_sms_text(l.problem) << " alpha=" << number_text(l.problem.alpha) << " beta=" << number_text(l.problem.beta)
    << "\"\n";
  o << "grid = " << list(l.grid, 3) << "\nblock = " << list(l.block, 3) << "\ncluster = " << list(l.cluster, 3)
    << "\ndynamic_shared_bytes = " << l.dynamic_shared_bytes << "\n";

  // A sub-table, not an inline one: TOML's inline tables are one line.
  o << "\n[[param]]\nname = \"params\"\n[param.struct]\ntype = \"u32\"\nhex = [";
  for (size_t i = 0; i < bytes.size(); i += 4) {
    uint32_t w;
    std::memcpy(&w, bytes.data() + i, 4);
    char text[16];
    std::snprintf(text, sizeof text, "\"0x%x\"", w);
    o << (i ? "," : "") << (i % 64 == 0 ? "\n  " : "") << text;
  }
  o << "]\npointers = " << pointer_list(pointers) << "\ntensor_maps = [";
  for (size_t i = 0; i < maps.size(); ++i)
    o << (i ? ", " : "") << "{ offset = " << maps[i].offset << ", map = \"" << maps[i].name << "\" }";
  o << "]\n";

  for (const Placement& p : maps) {
    const TensorMapRecord& r = records[std::stoul(p.name.substr(3))];
    const Buffer* owner = nullptr;
    for (const Buffer& b : l.buffers)
      if (r.global_address >= b.fake_address && r.global_address < b.fake_address + (uint64_t{1} << 32)) owner = &b;
    if (!owner) throw std::runtime_error("tensor map " + p.name + " points into no buffer");
    // CUTLASS's pointer-array GEMMs encode their maps on the pointer array's
    // address (with the problem's dims) and replace it before any use.
    uint64_t extent = r.global_address - owner->fake_address + kElementBytes[r.data_type];
    for (uint32_t d = 0; d < r.rank; ++d) extent += (r.dims[d] - 1) * (d ? r.strides[d] : kElementBytes[r.data_type]);
    const bool placeholder = extent > owner->size();
    o << "\n[[tensor_map]]\nname = \"" << p.name << "\"\nbuffer = \"" << owner->name << "\"\n";
    if (placeholder)
      o << "# the kernel replaces its global address (tensormap.replace) before any use; the tensor is not in "
        << owner->name << "\nplaceholder = true\n";
    if (r.global_address != owner->fake_address) o << "offset = " << r.global_address - owner->fake_address << "\n";
    o << "type = \"" << pick(kTypeNames, r.data_type, "data type") << "\"\ndims = " << list(r.dims, r.rank) << "\n";
    if (r.rank > 1) o << "strides = " << list(r.strides + 1, r.rank - 1) << "\n";
    o << "box = " << list(r.box, r.rank) << "\nelement_strides = " << list(r.element_strides, r.rank) << "\n";
    o << "interleave = \"" << pick(kInterleave, r.interleave, "interleave") << "\"\nswizzle = \""
      << pick(kSwizzle, r.swizzle, "swizzle") << "\"\nl2_promotion = \"" << pick(kL2, r.l2_promotion, "L2 promotion")
      << "\"\noob_fill = \"" << pick(kOob, r.oob_fill, "OOB fill") << "\"\n";
  }

  for (const Buffer& b : l.buffers) {
    o << "\n[[buffer]]\nname = \"" << b.name << "\"\ntype = \"" << b.type << "\"\n";
    if (!b.pointer_targets.empty()) {
      std::vector<Placement> targets;
      for (size_t i = 0; i < b.pointer_targets.size(); ++i) targets.push_back({8 * i, b.pointer_targets[i]});
      o << "pointers = " << pointer_list(targets) << "\n";
    }
    bool uniform = !b.values.empty();
    for (const std::string& v : b.values) uniform = uniform && v == b.values[0];
    if (uniform) {
      o << "count = " << b.values.size() << "\nfill = " << b.values[0] << "\n";
      continue;
    }
    o << "values = [";
    for (size_t i = 0; i < b.values.size(); ++i) o << (i ? "," : "") << (i % 64 == 0 ? "\n  " : "") << b.values[i];
    o << "]\n";
  }
  return o.str();
}

}  // namespace warpsat_host
