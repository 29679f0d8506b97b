// A thin layer over toml++ that turns every problem in a configuration file
// into an InputError at the offending key's file:line:col. Shared by the
// machine, problem and launch readers.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "frontend/diagnostics.h"
#include "frontend/rational.h"

namespace warpsat {

class TomlReader {
 public:
  // Parses `text`; a syntax error becomes an InputError. `source` names the
  // file in diagnostics.
  TomlReader(std::string text, std::string source);

  const toml::table& root() const { return root_; }
  const std::string& source() const { return source_; }
  const std::string& text() const { return text_; }

  [[noreturn]] void fail(const toml::node& at, const std::string& message) const;
  [[noreturn]] void fail_at_line(uint32_t line, uint32_t column, const std::string& message) const;
  // A missing key is reported at the table that should hold it.
  [[noreturn]] void fail_missing(const toml::table& table, std::string_view key) const;

  // Rejects keys not in `allowed`, so a misspelt key is an error, not a silently
  // ignored setting.
  void reject_unknown_keys(const toml::table& table, std::initializer_list<std::string_view> allowed) const;

  int64_t require_integer(const toml::table& t, std::string_view key, int64_t min, int64_t max) const;
  std::optional<int64_t> optional_integer(const toml::table& t, std::string_view key, int64_t min,
                                          int64_t max) const;
  int64_t integer_value(const toml::node& n, std::string_view what, int64_t min, int64_t max) const;
  std::string require_string(const toml::table& t, std::string_view key) const;
  std::optional<std::string> optional_string(const toml::table& t, std::string_view key) const;
  // A number read exactly: a TOML float is re-read from its source text, never
  // through a double; a string such as "3/4" or "0.1" is accepted too.
  Rational require_positive_rational(const toml::table& t, std::string_view key) const;
  // A number as the file spells it (underscores dropped), so that a value can
  // be converted from its decimal text and not through a double; a string's
  // contents as they are.
  std::string number_text(const toml::node& n) const;

 private:
  std::string text_;
  std::string source_;
  toml::table root_;
  std::vector<size_t> line_starts_;  // offset of each line in text_, for number_text
};

}  // namespace warpsat
