#include "frontend/read_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

std::string read_file(const std::string& path, size_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError({path, 0, 0}, "is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, fmt::format("cannot open file: {}", std::strerror(errno)));
  std::string data;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    data.append(buf, static_cast<size_t>(in.gcount()));
    if (data.size() > max_bytes)
      throw InputError({path, 0, 0}, fmt::format("file is larger than the {} MiB limit", max_bytes >> 20));
  }
  return data;
}

}  // namespace warpsat
