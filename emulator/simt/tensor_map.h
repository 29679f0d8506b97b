// Tensor maps at run time: the opaque 128 bytes the emulator places where a
// launch passes a CUtensorMap, and the traversal of a tensor copy's box
// (docs/emulator.md, "TMA").
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emulator/simt/swizzle.h"
#include "frontend/tensor_map.h"

namespace warpsat::simt {

// A launch's tensor map with the device address of its tensor.
struct TensorMap {
  TensorMapSpec spec;
  uint64_t global_address = 0;  // the buffer's address + spec.offset
  // A map tensormap.replace made (exec_tensormap.cpp): the last replace that
  // made it, and the first rule of cuTensorMapEncodeTiled it breaks (empty
  // when valid), reported when a TMA instruction uses it.
  bool replaced = false;
  uint32_t replaced_function = 0, replaced_instruction = 0;
  std::string problem;
};

// The 128 bytes standing for tensor map `index` of a launch: a tag the
// emulator recognises wherever the bytes are copied (kernel parameter space,
// a struct, global memory), since the driver's encoding is not public.
inline constexpr uint32_t kTensorMapBytes = 128;
std::array<uint8_t, kTensorMapBytes> tensor_map_handle(uint32_t index);
// The index the bytes stand for, or nullopt when they are no handle.
std::optional<uint32_t> tensor_map_index(const uint8_t* bytes);

Swizzle swizzle_of(const TensorMapSpec& m);

// One run of a box along dimension 0, in the order the box is laid out in
// shared memory (dimension 0 fastest): `count` elements starting at byte
// `dense_offset` of the dense box; element j sits at tensor coordinate
// first + j * step along dimension 0, and the run lies inside the tensor
// for j in [in_begin, in_end) (all of it, or none, when the outer
// coordinates are outside). `global_row` is the address of coordinate 0
// along dimension 0 of this row (meaningful when the row is inside).
struct BoxRow {
  uint64_t dense_offset = 0;
  uint32_t count = 0;
  int64_t first = 0;
  uint32_t step = 1;
  uint32_t in_begin = 0, in_end = 0;
  uint64_t global_row = 0;
  uint64_t global_address(uint32_t j, unsigned element_bytes) const {
    return global_row + static_cast<uint64_t>(first + int64_t{j} * step) * element_bytes;
  }
};

// The rows of the box at tensor coordinates `coords` (coords[d] for d < rank;
// PTX's coordinates are signed 32-bit).
std::vector<BoxRow> box_rows(const TensorMap& m, const int32_t* coords);

// The rows of an im2col copy (PTX ISA 5.5.4, "Im2col mode"): one per pixel,
// pixels_per_column of them, each channels_per_pixel elements from channel
// coords[0]. The filter's base position starts at the coordinates' spatial
// part (coords[1..rank-2], W first) and walks the bounding box
// [lower_corner, dims - 1 + upper_corner] by the element strides, W
// fastest; past the box's last position it wraps to its first and moves to
// the next image (coords[rank-1] + 1). Each pixel is read at base +
// `offsets` (W first); a pixel outside the tensor, or past the last image,
// and channels past dims[0] are out of bounds (filled).
std::vector<BoxRow> im2col_rows(const TensorMap& m, const int32_t* coords, const uint32_t* offsets);
// Why a copy cannot start at `coords` (the ISA: the filter's base must lie
// in the bounding box), or nullopt.
std::optional<std::string> im2col_start_problem(const TensorMap& m, const int32_t* coords);
// The largest im2col offset the rank's 16-bit fields hold: 2^16 - 1, 2^8 - 1, 2^5 - 1 for 3, 4, 5 dimensions.
uint32_t im2col_offset_limit(uint32_t rank);

// What an out-of-bounds element holds in shared memory after a load: zero,
// or the canonical NaN of the type (all ones but the sign: 0x7fff,
// 0x7fffffff, 0x7fffffffffffffff) with oob_fill = "nan".
uint64_t oob_fill_bits(const TensorMapSpec& m);

// What a load of `bits` stores for the map's type: tf32 types round an f32 to
// tf32 (nearest even, 10 fraction bits; Inf and NaN unchanged), _ftz types
// flush subnormals to a zero of the same sign; every other type is copied.
uint64_t loaded_bits(const TensorMapSpec& m, uint64_t bits);

}  // namespace warpsat::simt
