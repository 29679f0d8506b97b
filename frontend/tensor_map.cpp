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
const char* to_string(TensorMapSpec::Mode m) { return m == TensorMapSpec::Mode::Im2col ? "im2col" : "tiled"; }
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
  if (mode == Mode::Im2col) return n * channels_per_pixel * pixels_per_column;
  for (uint32_t d = 0; d < rank; ++d) n *= box_elements(d);
  return n;
}

uint64_t TensorMapSpec::extent_bytes() const {
  uint64_t last = offset + element_bytes(type);
  for (uint32_t d = 0; d < rank; ++d) last += (dims[d] - 1) * strides[d];
  return last;
}

namespace {

// cuTensorMapEncodeIm2col's own requirements: 3 to 5 dimensions, the
// corners' ranges and a bounding box of non-zero area, the pixel and channel
// counts. The rest (alignment, dims, strides, element strides, swizzle span,
// NaN fill) are the tiled map's, checked by the caller.
std::optional<TensorMapProblem> im2col_problem(const TensorMapSpec& m) {
  if (m.rank < 3 || m.rank > 5)
    return problem("dims", fmt::format("an im2col tensor map has 3 to 5 dimensions (C, W, (H, (D,)) N), not {}", m.rank));
  if (m.interleave != TensorMapSpec::Interleave::None)
    return problem("interleave", "interleaved im2col maps are not modelled by the emulator (interleave = \"none\")");
  // 16-bit corners whose usable range narrows with the rank.
  const int32_t limit = m.rank == 3 ? 32768 : m.rank == 4 ? 128 : 16;
  for (uint32_t s = 0; s < m.spatial_dims(); ++s)
    for (auto [key, v] : {std::pair{"lower_corner", m.lower_corner[s]}, std::pair{"upper_corner", m.upper_corner[s]}})
      if (v < -limit || v > limit - 1)
        return problem(key, fmt::format("{}[{}] = {}: a {}-dimensional im2col map's corners lie in [{}, {}]", key, s, v,
                                        m.rank, -limit, limit - 1));
  for (uint32_t s = 0; s < m.spatial_dims(); ++s) {
    int64_t lo = m.lower_corner[s], hi = static_cast<int64_t>(m.dims[s + 1]) - 1 + m.upper_corner[s];
    if (hi < lo)
      return problem("upper_corner", fmt::format("the bounding box is empty along dimension {}: lower_corner[{}] = {} "
                                                 "is past dims[{}] - 1 + upper_corner[{}] = {}",
                                                 s + 1, s, lo, s + 1, s, hi));
  }
  if (m.channels_per_pixel == 0 || m.channels_per_pixel > 256)
    return problem("channels_per_pixel",
                   fmt::format("channels_per_pixel = {}: 1 to 256 elements", m.channels_per_pixel));
  if (m.pixels_per_column == 0 || m.pixels_per_column > 1024)
    return problem("pixels_per_column", fmt::format("pixels_per_column = {}: 1 to 1024 pixels", m.pixels_per_column));
  return std::nullopt;
}

}  // namespace

std::optional<TensorMapProblem> tensor_map_problem(const TensorMapSpec& m) {
  const unsigned e = element_bytes(m.type);
  const bool interleaved = m.interleave != TensorMapSpec::Interleave::None;
  const bool im2col = m.mode == TensorMapSpec::Mode::Im2col;
  if (im2col)
    if (auto p = im2col_problem(m)) return p;
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
    if (!im2col && (m.box[d] == 0 || m.box[d] > 256))
      return problem("box", fmt::format("box[{}] = {}: each box dimension is 1 to 256 elements", d, m.box[d]));
    if (m.element_strides[d] == 0 || m.element_strides[d] > 8)
      return problem("element_strides",
                     fmt::format("element_strides[{}] = {}: a traversal stride is 1 to 8", d, m.element_strides[d]));
  }
  // An im2col copy's inner dimension is a pixel's channels.
  const char* inner_key = im2col ? "channels_per_pixel" : "box";
  const std::string inner_name = im2col ? "channels_per_pixel" : "box[0]";
  uint64_t inner = uint64_t{im2col ? m.channels_per_pixel : m.box[0]} * e;
  if (!interleaved && inner % 16)
    return problem(inner_key, fmt::format("{} x {} bytes = {} bytes: the box's inner dimension must be a multiple of "
                                          "16 bytes",
                                          inner_name, e, inner));
  uint32_t span = m.swizzle == TensorMapSpec::Swizzle::B32    ? 32
                  : m.swizzle == TensorMapSpec::Swizzle::B64  ? 64
                  : m.swizzle == TensorMapSpec::Swizzle::B128 ? 128
                                                              : 0;
  if (!interleaved && span && inner > span)
    return problem(inner_key, fmt::format("{} x {} bytes = {} bytes: with {}B swizzle the box's inner dimension is at "
                                          "most {} bytes",
                                          inner_name, e, inner, span, span));
  if (m.interleave == TensorMapSpec::Interleave::B32 && m.swizzle != TensorMapSpec::Swizzle::B32)
    return problem("swizzle", "32B interleave requires 32B swizzle");
  if (m.oob_fill == TensorMapSpec::OobFill::Nan && !is_float(m.type))
    return problem("oob_fill", fmt::format("oob_fill = \"nan\" needs a floating-point type, not {}", to_string(m.type)));
  return std::nullopt;
}

}  // namespace warpsat
