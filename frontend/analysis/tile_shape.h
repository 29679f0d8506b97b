// How a kernel cuts its work into tiles, one per CTA: the tile sizes it
// multiplies a CTA index by, and the scalar parameters it compares a CTA
// index with (a tile count). Library kernels take an item count and a tile
// count side by side, and a real launch always passes them consistent:
// the last CTA gets a partial tile of 1 to `tile` items. Independent random
// scalars almost never are (CUB's select sweep, tile 3,200 items: a later
// CTA took its last-tile path with thousands of items past the tile's end
// and overran shared memory, or with none), so the scatter of a later
// partial tile ran in no made-up launch (solver/made_up_launch.cpp draws
// consistent ones from this).
//
// Flow-insensitive, over registers: every definition counts.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

struct TileShape {
  // Distinct constants from 32 to 2^20 that a CTA index is multiplied by
  // (mul, mad, or shl by their log2), ascending: `tile_offset = blockIdx.x *
  // 3200`. Smaller ones are element sizes (a tile status's 8 bytes).
  std::vector<uint64_t> tile_sizes;
  // Per kernel parameter: a scalar compared (setp) with a CTA index, itself
  // or after moves, conversions and added constants (`tile_idx < num_tiles
  // - 1`).
  std::vector<bool> tile_counts;
};

TileShape tile_shape(const ptx::Function& kernel);

}  // namespace warpsat::analysis
