#include "report/buffer_values.h"

#include <cmath>
#include <cstring>

#include <fmt/format.h>

namespace warpsat {

namespace {

const ElementType& type_or_words(const ElementType* type) {
  static const ElementType kWords = *parse_element_type("u32");
  return type ? *type : kWords;
}

template <typename F>
nlohmann::json each_element(const ElementType& t, const std::vector<uint8_t>& bytes, F f) {
  nlohmann::json out = nlohmann::json::array();
  for (size_t k = 0; k + t.bytes <= bytes.size(); k += t.bytes) {
    uint64_t bits = 0;
    std::memcpy(&bits, bytes.data() + k, t.bytes);  // little-endian host, as the emulator's memory
    out.push_back(f(bits));
  }
  return out;
}

}  // namespace

nlohmann::json buffer_values_json(const ElementType* type, const std::vector<uint8_t>& bytes) {
  const ElementType& t = type_or_words(type);
  return each_element(t, bytes, [&](uint64_t bits) -> nlohmann::json {
    if (t.is_float) {
      double v = float_bits_value(t, bits);
      if (std::isnan(v)) return "nan";
      if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
      return v;
    }
    if (t.is_signed) {
      unsigned shift = 64 - 8 * t.bytes;
      return static_cast<int64_t>(bits << shift) >> shift;
    }
    return bits;
  });
}

nlohmann::json buffer_hex_json(const ElementType* type, const std::vector<uint8_t>& bytes) {
  const ElementType& t = type_or_words(type);
  return each_element(t, bytes, [&](uint64_t bits) -> nlohmann::json { return fmt::format("0x{:0{}x}", bits, 2 * t.bytes); });
}

}  // namespace warpsat
