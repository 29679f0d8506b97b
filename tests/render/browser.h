// What both browser tests need first: a Chromium to drive, or a skip.
#pragma once
#include <cstdlib>
#include <string>

namespace warpsat::render {

inline bool on_path(const std::string& program) {
  return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
}

// The Chromium on PATH ("chromium" on Debian, "chromium-browser" elsewhere),
// or "" when there is none.
inline std::string find_chromium() {
  for (const char* name : {"chromium", "chromium-browser"})
    if (on_path(name)) return name;
  return "";
}

}  // namespace warpsat::render
