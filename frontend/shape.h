// Shapes on the command line: a block, a grid or a tile, written with 'x'
// (`16x16`, `128x128x64`, as CUDA and CUTLASS write them) or with ','
// (`16,16`, as CLI lists are written). Every option that takes a shape
// accepts both.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace warpsat {

// The sizes of `text`, between `min_sizes` and `max_sizes` of them, each a
// positive integer up to `max_size`, separated all by 'x' or all by ','.
// Throws command_line_error naming `option` and both forms.
std::vector<uint64_t> parse_shape(std::string_view text, const std::string& option, size_t min_sizes,
                                  size_t max_sizes, uint64_t max_size = UINT32_MAX);

}  // namespace warpsat
