#include "frontend/tensor_map.h"

#include <fmt/format.h>

namespace warpsat {

namespace {

struct TypeRow {
  TensorMapType type;
  const char* name;
  unsigned bytes;
  bool is_float;
};
constexpr TypeRow kTypes[] = {
    {TensorMapType::U8, "u8", 1, false},       {TensorMapType::U16, "u16", 2, false},
    {TensorMapType::U32, "u32", 4, false},     {TensorMapType::S32, "s32", 4, false},
    {TensorMapType::U64, "u64", 8, false},     {TensorMapType::S64, "s64", 8, false},
    {TensorMapType::F16, "f16", 2, true},      {TensorMapType::F32, "f32", 4, true},
    {TensorMapType::F64, "f64", 8, true},      {TensorMapType::BF16, "bf16", 2, true},
    {TensorMapType::F32Ftz, "f32_ftz", 4, true}, {TensorMapType::TF32, "tf32", 4, true},
    {TensorMapType::TF32Ftz, "tf32_ftz", 4, true},
};

const TypeRow& row(TensorMapType t) {
  for (const TypeRow& r : kTypes)
    if (r.type == t) return r;
  return kTypes[0];
}

std::optional<TensorMapProblem> problem(std::string key, std::string message) {
  return TensorMapProblem{std::move(key), std::move(message)};
}

}  // namespace

std::optional<TensorMapType> parse_tensor_map_type(const std::string& name) {
  for (const TypeRow& r : kTypes)
    if (name == r.name) return r.type;
  return std::nullopt;
}

std::string to_string(TensorMapType t) { return row(t).name; }

const char* to_string(TensorMapSpec::Interleave i) {
  static constexpr const char* kNames[] = {"none", "16B", "32B"};
  return kNames[static_cast<unsigned>(i)];
}
const char* to_string(TensorMapSpec::Swizzle s) {
  static constexpr const char* kNames[] = {"none", "32B", "64B", "128B"};
  return kNames[static_cast<unsigned>(s)];
}
const char* to_string(TensorMapSpec::L2Promotion l) {
  static constexpr const char* kNames[] = {"none", "64B", "128B", "256B"};
  return kNames[static_cast<unsigned>(l)];
}
const char* to_string(TensorMapSpec::OobFill o) { return o == TensorMapSpec::OobFill::Nan ? "nan" : "zero"; }
unsigned element_bytes(TensorMapType t) { return row(t).bytes; }
bool is_float(TensorMapType t) { return row(t).is_float; }

const std::vector<std::string>& tensor_map_type_names() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> v;
    for (const TypeRow& r : kTypes) v.emplace_back(r.name);
    return v;
  }();
  return kNames;
}

uint32_t TensorMapSpec::box_elements(uint32_t d) const {
  if (d == 0 && interleave == Interleave::None) return box[0];
  return (box[d] + element_strides[d] - 1) / element_strides[d];
}

uint64_t TensorMapSpec::box_bytes() const {
  uint64_t n = element_bytes(type);
  for (uint32_t d = 0; d < rank; ++d) n *= box_elements(d);
  return n;
}

uint64_t TensorMapSpec::extent_bytes() const {
  uint64_t last = offset + element_bytes(type);
  for (uint32_t d = 0; d < rank; ++d) last += (dims[d] - 1) * strides[d];
  return last;
}

std::optional<TensorMapProblem> tensor_map_problem(const TensorMapSpec& m) {
  const unsigned e = element_bytes(m.type);
  const bool interleaved = m.interleave != TensorMapSpec::Interleave::None;
  if (m.rank < 1 || m.rank > 5) return problem("dims", fmt::format("a tensor map has 1 to 5 dimensions, not {}", m.rank));
  if (interleaved && m.rank < 3) return problem("interleave", "an interleaved tensor map has at least 3 dimensions");
  uint64_t align = m.interleave == TensorMapSpec::Interleave::B32 ? 32 : 16;
  if (m.offset % align)
    return problem("offset", fmt::format("the tensor's global address must be {}-byte aligned{}; offset {} is not",
                                         align, align == 32 ? " with 32B interleave" : "", m.offset));
  for (uint32_t d = 0; d < m.rank; ++d)
    if (m.dims[d] == 0 || m.dims[d] > (uint64_t{1} << 32))
      return problem("dims", fmt::format("dims[{}] = {}: each dimension is 1 to 2^32 elements", d, m.dims[d]));
  for (uint32_t d = 1; d < m.rank; ++d) {
    uint64_t s = m.strides[d];
    if (s % align || s >= (uint64_t{1} << 40))
      return problem("strides", fmt::format("strides[{}] = {}: a global stride is a multiple of {} bytes and less "
                                            "than 2^40",
                                            d - 1, s, align));
  }
  for (uint32_t d = 0; d < m.rank; ++d) {
    if (m.box[d] == 0 || m.box[d] > 256)
      return problem("box", fmt::format("box[{}] = {}: each box dimension is 1 to 256 elements", d, m.box[d]));
    if (m.element_strides[d] == 0 || m.element_strides[d] > 8)
      return problem("element_strides",
                     fmt::format("element_strides[{}] = {}: a traversal stride is 1 to 8", d, m.element_strides[d]));
  }
  uint64_t inner = uint64_t{m.box[0]} * e;
  if (!interleaved && inner % 16)
    return problem("box", fmt::format("box[0] x {} bytes = {} bytes: the box's inner dimension must be a multiple of "
                                      "16 bytes",
                                      e, inner));
  uint32_t span = m.swizzle == TensorMapSpec::Swizzle::B32    ? 32
                  : m.swizzle == TensorMapSpec::Swizzle::B64  ? 64
                  : m.swizzle == TensorMapSpec::Swizzle::B128 ? 128
                                                              : 0;
  if (!interleaved && span && inner > span)
    return problem("box", fmt::format("box[0] x {} bytes = {} bytes: with {}B swizzle the box's inner dimension is at "
                                      "most {} bytes",
                                      e, inner, span, span));
  if (m.interleave == TensorMapSpec::Interleave::B32 && m.swizzle != TensorMapSpec::Swizzle::B32)
    return problem("swizzle", "32B interleave requires 32B swizzle");
  if (m.oob_fill == TensorMapSpec::OobFill::Nan && !is_float(m.type))
    return problem("oob_fill", fmt::format("oob_fill = \"nan\" needs a floating-point type, not {}", to_string(m.type)));
  return std::nullopt;
}

}  // namespace warpsat
