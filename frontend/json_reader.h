// JSON input with positions: nlohmann-json parses (through its SAX interface,
// fed by a counting iterator), and every value keeps the line and column it
// was read from, so a problem in a JSON trace is reported at file:line:col
// like a problem in a TOML file. The shape mirrors TomlReader.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.h"

namespace warpsat {

struct JsonNode {
  enum class Kind { Null, Boolean, Integer, Float, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  int64_t integer = 0;
  std::string text;               // a string's value, or a number's spelling
  std::vector<JsonNode> items;    // array elements, or object values
  std::vector<std::string> keys;  // object keys, parallel to items
  std::vector<uint32_t> key_lines, key_columns;
  uint32_t line = 0, column = 0;  // where the value starts

  const JsonNode* get(std::string_view key) const;  // first member named key, or nullptr
  const char* kind_name() const;                    // "an integer", "an object", ...
};

class JsonReader {
 public:
  // Parses `text`; a syntax error becomes an InputError at its position.
  JsonReader(std::string text, std::string source);

  const JsonNode& root() const { return root_; }
  const std::string& source() const { return source_; }

  [[noreturn]] void fail(const JsonNode& at, const std::string& message) const;
  [[noreturn]] void fail_at(uint32_t line, uint32_t column, const std::string& message) const;

  // Rejects members not in `allowed` (and duplicate members).
  void reject_unknown_keys(const JsonNode& object, std::initializer_list<std::string_view> allowed) const;
  const JsonNode& require(const JsonNode& object, std::string_view key) const;
  const JsonNode& require_object(const JsonNode& node, std::string_view what) const;
  const JsonNode& require_array(const JsonNode& node, std::string_view what) const;
  int64_t integer_value(const JsonNode& n, std::string_view what, int64_t min, int64_t max) const;
  std::optional<int64_t> optional_integer(const JsonNode& object, std::string_view key, int64_t min, int64_t max) const;
  std::string string_value(const JsonNode& n, std::string_view what) const;

 private:
  std::string text_;
  std::string source_;
  std::vector<size_t> line_starts_;
  JsonNode root_;
};

}  // namespace warpsat
