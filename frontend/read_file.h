#pragma once

#include <cstddef>
#include <string>

namespace warpsat {

// Reads a whole file, refusing files over `max_bytes` before reading them, so a
// wrong path to a multi-gigabyte file is an error rather than an allocation.
// Throws InputError naming the path when the file cannot be read.
std::string read_file(const std::string& path, size_t max_bytes);

}  // namespace warpsat
