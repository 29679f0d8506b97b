// Files compiled into the binary (the bundled machine descriptions), so that
// `--machine h100-sxm` works without the source tree. See cmake/EmbedFiles.cmake.
#pragma once

#include <span>
#include <string_view>

namespace warpsat {

struct EmbeddedFile {
  std::string_view name;     // file stem, e.g. "h100-sxm"
  std::string_view content;  // the file's bytes
};

}  // namespace warpsat
