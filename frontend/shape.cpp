#include "frontend/shape.h"

#include <charconv>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

std::vector<uint64_t> parse_shape(std::string_view text, const std::string& option, size_t min_sizes,
                                  size_t max_sizes, uint64_t max_size) {
  auto names = [&] {
    static constexpr const char* kAxes[] = {"X", "Y", "Z", "W"};
    std::string x, comma;
    for (size_t i = 0; i < max_sizes && i < 4; ++i) {
      x += (i ? "x" : "") + std::string(kAxes[i]);
      comma += (i ? "," : "") + std::string(kAxes[i]);
    }
    return fmt::format("{} or {}", x, comma);
  };
  auto fail = [&](const std::string& why) -> std::vector<uint64_t> {
    throw command_line_error(fmt::format("{} '{}': {}; write {} ({} size{})", option, text, why, names(),
                                         min_sizes == max_sizes ? fmt::format("{}", min_sizes)
                                                                : fmt::format("{} to {}", min_sizes, max_sizes),
                                         max_sizes == 1 ? "" : "s"));
  };
  bool x = text.find('x') != std::string_view::npos || text.find('X') != std::string_view::npos;
  bool comma = text.find(',') != std::string_view::npos;
  if (x && comma) return fail("'x' and ',' mixed");
  std::vector<uint64_t> sizes;
  size_t at = 0;
  while (true) {
    size_t end = text.find_first_of(x ? "xX" : ",", at);
    std::string_view part = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc() || p != part.data() + part.size() || v == 0 || v > max_size)
      return fail(fmt::format("'{}' is not a size from 1 to {}", part, max_size));
    sizes.push_back(v);
    if (sizes.size() > max_sizes) return fail("too many sizes");
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  if (sizes.size() < min_sizes) return fail("too few sizes");
  return sizes;
}

}  // namespace warpsat
