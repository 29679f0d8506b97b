#include "frontend/toml_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

namespace warpsat {

namespace {
// Caps a configuration file's size: these files are a few hundred bytes, and a
// huge one is a mistake that should not cost gigabytes of memory.
constexpr size_t kMaxTomlBytes = 4u << 20;

std::string_view type_name(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a float";
    case toml::node_type::boolean: return "a boolean";
    default: return "a date or time";
  }
}
}  // namespace

TomlReader::TomlReader(std::string text, std::string source) : text_(std::move(text)), source_(std::move(source)) {
  if (text_.size() > kMaxTomlBytes)
    throw InputError({source_, 1, 1}, fmt::format("file is {} bytes; configuration files are limited to {} bytes",
                                                  text_.size(), kMaxTomlBytes));
  if (text_.find('\0') != std::string::npos) {
    auto pos = text_.find('\0');
    uint32_t line = 1 + static_cast<uint32_t>(std::count(text_.begin(), text_.begin() + pos, '\n'));
    throw InputError({source_, line, 1}, "binary data (a NUL byte) in a TOML file");
  }
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  try {
    root_ = toml::parse(text_, source_);
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    throw InputError({source_, b.line, b.column}, std::string(e.description()), line_of(text_, b.line));
  }
}

void TomlReader::fail(const toml::node& at, const std::string& message) const {
  const auto& b = at.source().begin;
  throw InputError({source_, b.line, b.column}, message, line_of(text_, b.line));
}

void TomlReader::fail_at_line(uint32_t line, uint32_t column, const std::string& message) const {
  throw InputError({source_, line, column}, message, line_of(text_, line));
}

void TomlReader::fail_missing(const toml::table& table, std::string_view key) const {
  const auto& b = table.source().begin;
  if (&table == &root_ || b.line == 0)
    throw InputError({source_, 1, 1}, fmt::format("missing required key '{}'", key));
  throw InputError({source_, b.line, b.column}, fmt::format("missing required key '{}' in this table", key),
                   line_of(text_, b.line));
}

void TomlReader::reject_unknown_keys(const toml::table& table,
                                     std::initializer_list<std::string_view> allowed) const {
  for (const auto& [key, node] : table) {
    bool known = false;
    for (auto a : allowed) known = known || key.str() == a;
    if (!known) {
      std::string list;
      for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      const auto& b = key.source().begin;
      fail_at_line(b.line, b.column, fmt::format("unknown key '{}' (expected one of: {})", key.str(), list));
    }
  }
}

int64_t TomlReader::integer_value(const toml::node& n, std::string_view what, int64_t min, int64_t max) const {
  auto v = n.value_exact<int64_t>();
  if (!v) fail(n, fmt::format("'{}' must be an integer, not {}", what, type_name(n)));
  if (*v < min || *v > max) fail(n, fmt::format("'{}' is {}; it must be in [{}, {}]", what, *v, min, max));
  return *v;
}

int64_t TomlReader::require_integer(const toml::table& t, std::string_view key, int64_t min, int64_t max) const {
  const toml::node* n = t.get(key);
  if (!n) fail_missing(t, key);
  return integer_value(*n, key, min, max);
}

std::optional<int64_t> TomlReader::optional_integer(const toml::table& t, std::string_view key, int64_t min,
                                                    int64_t max) const {
  const toml::node* n = t.get(key);
  if (!n) return std::nullopt;
  return integer_value(*n, key, min, max);
}

std::string TomlReader::require_string(const toml::table& t, std::string_view key) const {
  const toml::node* n = t.get(key);
  if (!n) fail_missing(t, key);
  auto v = n->value_exact<std::string>();
  if (!v) fail(*n, fmt::format("'{}' must be a string, not {}", key, type_name(*n)));
  return *v;
}

std::optional<std::string> TomlReader::optional_string(const toml::table& t, std::string_view key) const {
  if (!t.get(key)) return std::nullopt;
  return require_string(t, key);
}

Rational TomlReader::require_positive_rational(const toml::table& t, std::string_view key) const {
  const toml::node* n = t.get(key);
  if (!n) fail_missing(t, key);
  std::string spelled;
  if (auto s = n->value_exact<std::string>()) {
    spelled = *s;
  } else if (n->is_integer() || n->is_floating_point()) {
    // Re-read the literal from the file so 0.15296 stays exactly 15296/100000.
    const auto& b = n->source().begin;
    std::string line = line_of(text_, b.line);
    size_t i = b.column - 1, j = i;
    while (j < line.size() && std::string_view("0123456789+-._eE").find(line[j]) != std::string_view::npos) ++j;
    spelled = line.substr(i, j - i);
    if (spelled == "inf" || spelled.empty()) fail(*n, fmt::format("'{}' must be a finite number", key));
  } else {
    fail(*n, fmt::format("'{}' must be a number, not {}", key, type_name(*n)));
  }
  auto r = Rational::parse(spelled);
  if (!r) fail(*n, fmt::format("'{}' = '{}' is not an exact decimal or fraction within 64-bit range", key, spelled));
  if (!r->is_positive()) fail(*n, fmt::format("'{}' must be positive, got {}", key, spelled));
  return *r;
}

std::string TomlReader::number_text(const toml::node& n) const {
  if (auto s = n.value_exact<std::string>()) return *s;
  if (auto d = n.value_exact<double>(); d && !std::isfinite(*d)) return std::isnan(*d) ? "nan" : *d < 0 ? "-inf" : "inf";
  if (!n.is_integer() && !n.is_floating_point()) fail(n, fmt::format("expected a number, not {}", type_name(n)));
  // toml++ keeps integers exactly, but hex, octal and binary literals read
  // back from the text would need their own parser.
  if (auto i = n.value_exact<int64_t>()) return std::to_string(*i);
  const auto& b = n.source().begin;
  std::string spelled;
  if (b.line >= 1 && b.line <= line_starts_.size())
    for (size_t j = line_starts_[b.line - 1] + b.column - 1;
         j < text_.size() && std::string_view("0123456789+-._eE").find(text_[j]) != std::string_view::npos; ++j)
      if (text_[j] != '_') spelled += text_[j];
  // Anything odd (a column counted in code points after non-ASCII text): the double's shortest exact form.
  double d = *n.value_exact<double>();
  if (spelled.empty() || std::strtod(spelled.c_str(), nullptr) != d) spelled = fmt::format("{:.17g}", d);
  return spelled;
}

}  // namespace warpsat
