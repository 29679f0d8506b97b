#include "emulator/simt/tensor_map.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace warpsat::simt {

namespace {

// "TMAPwsat" and a check word: random bytes are no handle by accident.
constexpr uint64_t kMagic = 0x74617377'50414d54ull;
uint32_t check_word(uint32_t index) { return (index * 0x9E3779B1u) ^ 0x5bd1e995u; }

}  // namespace

std::array<uint8_t, kTensorMapBytes> tensor_map_handle(uint32_t index) {
  std::array<uint8_t, kTensorMapBytes> b{};
  uint32_t check = check_word(index);
  std::memcpy(b.data(), &kMagic, 8);
  std::memcpy(b.data() + 8, &index, 4);
  std::memcpy(b.data() + 12, &check, 4);
  return b;
}

std::optional<uint32_t> tensor_map_index(const uint8_t* bytes) {
  uint64_t magic;
  uint32_t index, check;
  std::memcpy(&magic, bytes, 8);
  std::memcpy(&index, bytes + 8, 4);
  std::memcpy(&check, bytes + 12, 4);
  if (magic != kMagic || check != check_word(index)) return std::nullopt;
  return index;
}

Swizzle swizzle_of(const TensorMapSpec& m) {
  switch (m.swizzle) {
    case TensorMapSpec::Swizzle::B32: return Swizzle::B32;
    case TensorMapSpec::Swizzle::B64: return Swizzle::B64;
    case TensorMapSpec::Swizzle::B128: return Swizzle::B128;
    case TensorMapSpec::Swizzle::None: break;
  }
  return Swizzle::None;
}

std::vector<BoxRow> box_rows(const TensorMap& map, const int32_t* coords) {
  const TensorMapSpec& m = map.spec;
  const unsigned e = element_bytes(m.type);
  uint32_t n[5] = {1, 1, 1, 1, 1};
  for (uint32_t d = 0; d < m.rank; ++d) n[d] = m.box_elements(d);
  const uint32_t step = m.interleave == TensorMapSpec::Interleave::None ? 1 : m.element_strides[0];
  std::vector<BoxRow> rows;
  rows.reserve(size_t{n[1]} * n[2] * n[3] * n[4]);
  uint64_t dense = 0;
  for (uint32_t i4 = 0; i4 < n[4]; ++i4)
    for (uint32_t i3 = 0; i3 < n[3]; ++i3)
      for (uint32_t i2 = 0; i2 < n[2]; ++i2)
        for (uint32_t i1 = 0; i1 < n[1]; ++i1) {
          const uint32_t index[5] = {0, i1, i2, i3, i4};
          BoxRow r;
          r.dense_offset = dense;
          r.count = n[0];
          r.first = coords[0];
          r.step = step;
          bool inside = true;
          uint64_t address = map.global_address;
          for (uint32_t d = 1; d < m.rank; ++d) {
            int64_t c = int64_t{coords[d]} + int64_t{index[d]} * m.element_strides[d];
            if (c < 0 || static_cast<uint64_t>(c) >= m.dims[d]) inside = false;
            else address += static_cast<uint64_t>(c) * m.strides[d];
          }
          r.global_row = address;
          if (inside) {
            // first + j * step in [0, dims[0]).
            int64_t lo = r.first >= 0 ? 0 : (-r.first + step - 1) / step;
            int64_t hi = (static_cast<int64_t>(m.dims[0]) - r.first + step - 1) / step;  // first j at or past the end
            if (hi < 0) hi = 0;
            r.in_begin = static_cast<uint32_t>(std::min<int64_t>(lo, r.count));
            r.in_end = static_cast<uint32_t>(std::min<int64_t>(std::max<int64_t>(hi, lo), r.count));
          }
          rows.push_back(r);
          dense += uint64_t{r.count} * e;
        }
  return rows;
}

uint32_t im2col_offset_limit(uint32_t rank) { return rank == 3 ? 65535 : rank == 4 ? 255 : 31; }

std::optional<std::string> im2col_start_problem(const TensorMap& map, const int32_t* coords) {
  const TensorMapSpec& m = map.spec;
  for (uint32_t s = 0; s < m.spatial_dims(); ++s) {
    int64_t lo = m.lower_corner[s], hi = static_cast<int64_t>(m.dims[s + 1]) - 1 + m.upper_corner[s];
    if (coords[s + 1] < lo || coords[s + 1] > hi)
      return fmt::format("im2col copy: coordinate {} = {} puts the filter's base outside the bounding box [{}, {}] "
                         "(lower_corner[{}], dims[{}] - 1 + upper_corner[{}]; undefined behaviour in PTX)",
                         s + 1, coords[s + 1], lo, hi, s, s + 1, s);
  }
  return std::nullopt;
}

std::vector<BoxRow> im2col_rows(const TensorMap& map, const int32_t* coords, const uint32_t* offsets) {
  const TensorMapSpec& m = map.spec;
  const unsigned e = element_bytes(m.type);
  const uint32_t spatial = m.spatial_dims(), batch = m.rank - 1;
  int64_t lo[3], hi[3], base[3];
  for (uint32_t s = 0; s < spatial; ++s) {
    lo[s] = m.lower_corner[s];
    hi[s] = static_cast<int64_t>(m.dims[s + 1]) - 1 + m.upper_corner[s];
    base[s] = coords[s + 1];
  }
  int64_t image = coords[batch];
  // The channels inside [0, dims[0]): the same for every pixel.
  const int64_t c0 = coords[0], channels = m.channels_per_pixel;
  const int64_t c_begin = std::clamp<int64_t>(-c0, 0, channels);
  const int64_t c_end = std::clamp<int64_t>(static_cast<int64_t>(m.dims[0]) - c0, c_begin, channels);
  std::vector<BoxRow> rows;
  rows.reserve(m.pixels_per_column);
  for (uint32_t p = 0; p < m.pixels_per_column; ++p) {
    BoxRow r;
    r.dense_offset = uint64_t{p} * channels * e;
    r.count = m.channels_per_pixel;
    r.first = c0;
    r.step = 1;
    bool inside = image >= 0 && static_cast<uint64_t>(image) < m.dims[batch];
    uint64_t address = map.global_address + (inside ? static_cast<uint64_t>(image) * m.strides[batch] : 0);
    for (uint32_t s = 0; s < spatial && inside; ++s) {
      int64_t at = base[s] + offsets[s];
      if (at < 0 || static_cast<uint64_t>(at) >= m.dims[s + 1]) inside = false;
      else address += static_cast<uint64_t>(at) * m.strides[s + 1];
    }
    r.global_row = address;
    if (inside) {
      r.in_begin = static_cast<uint32_t>(c_begin);
      r.in_end = static_cast<uint32_t>(c_end);
    }
    rows.push_back(r);
    // The next position of the filter's base: W fastest, wrapping within the box.
    uint32_t s = 0;
    for (; s < spatial; ++s) {
      base[s] += m.element_strides[s + 1];
      if (base[s] <= hi[s]) break;
      base[s] = lo[s];
    }
    if (s == spatial) ++image;
  }
  return rows;
}

uint64_t oob_fill_bits(const TensorMapSpec& m) {
  if (m.oob_fill != TensorMapSpec::OobFill::Nan) return 0;
  switch (element_bytes(m.type)) {
    case 2: return 0x7fff;
    case 4: return 0x7fffffff;
    default: return 0x7fffffffffffffffull;
  }
}

uint64_t loaded_bits(const TensorMapSpec& m, uint64_t bits) {
  bool ftz = m.type == TensorMapType::F32Ftz || m.type == TensorMapType::TF32Ftz;
  bool tf32 = m.type == TensorMapType::TF32 || m.type == TensorMapType::TF32Ftz;
  uint32_t x = static_cast<uint32_t>(bits);
  if (ftz && (x & 0x7f800000u) == 0) x &= 0x80000000u;
  if (tf32 && (x & 0x7f800000u) != 0x7f800000u) {
    x += 0xfffu + ((x >> 13) & 1);  // nearest even at bit 13; a carry may reach the exponent (or infinity)
    x &= ~0x1fffu;
  }
  return (ftz || tf32) ? x : bits;
}

}  // namespace warpsat::simt
