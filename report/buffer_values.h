// A buffer's bytes for JSON output: typed values that a script can use
// directly, and hex bit patterns that lose nothing (NaN payloads, -0).
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "frontend/launch_file.h"

namespace warpsat {

// One JSON value per element: integers as numbers, floats (f16 and bf16 too)
// as numbers, or "nan", "inf", "-inf", which JSON has no numbers for. Without
// a type, the bytes are read as u32 words. Trailing bytes short of an element
// are left out, as they are from buffer_hex_json.
nlohmann::json buffer_values_json(const ElementType* type, const std::vector<uint8_t>& bytes);

// "0x3f800000" per element, zero-padded to the element's width.
nlohmann::json buffer_hex_json(const ElementType* type, const std::vector<uint8_t>& bytes);

}  // namespace warpsat
