#include "frontend/read_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

std::string read_file(const std::string& path, size_t max_bytes) {
  if (path.empty()) throw InputError({path, 0, 0}, "an empty file name");
  // Only regular files: /dev/zero, a FIFO or a terminal would be read until
  // memory runs out (or never end), a folder is no input at all.
  std::error_code ec;
  std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(st)) throw InputError({path, 0, 0}, "is a directory, not a file");
  if (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
    throw InputError({path, 0, 0}, "is not a regular file (a device, FIFO or socket)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, fmt::format("cannot open file: {}", std::strerror(errno)));
  uint64_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > max_bytes)
    throw InputError({path, 0, 0}, fmt::format("file is larger than the {} MiB limit", max_bytes >> 20));
  std::string data;
  if (!ec) data.reserve(static_cast<size_t>(size));
  char buf[1 << 16];
  // Never hold more than the limit (plus one chunk), even if the file grows.
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    if (data.size() + static_cast<size_t>(in.gcount()) > max_bytes)
      throw InputError({path, 0, 0}, fmt::format("file is larger than the {} MiB limit", max_bytes >> 20));
    data.append(buf, static_cast<size_t>(in.gcount()));
  }
  return data;
}

}  // namespace warpsat
