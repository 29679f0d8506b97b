#include "frontend/csv_reader.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

namespace warpsat {

namespace {
// Measurement and trace files hold at most a few million rows.
constexpr size_t kMaxCsvBytes = size_t{256} << 20;

std::string_view trim(std::string_view s, uint32_t& offset) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) {
    offset = 0;
    return {};
  }
  size_t e = s.find_last_not_of(" \t");
  offset = static_cast<uint32_t>(b);
  return s.substr(b, e - b + 1);
}
}  // namespace

// Splits one line into quoted fields ("a, b",""x"" is two fields: `a, b` and
// `"x"`). A cell's column is that of its opening quote, so a caret points at
// the field as written.
std::vector<CsvCell> CsvTable::split_quoted(std::string_view line, uint32_t number) const {
  std::vector<CsvCell> cells;
  size_t i = 0;
  for (;;) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    uint32_t column = static_cast<uint32_t>(i + 1);
    std::string text;
    if (i < line.size() && line[i] == '"') {
      for (++i;; ++i) {
        if (i >= line.size())
          throw InputError({source_, number, column}, "this quoted field has no closing quote on its line",
                           line_of(text_, number));
        if (line[i] != '"') {
          text += line[i];
        } else if (i + 1 < line.size() && line[i + 1] == '"') {
          text += '"';
          ++i;
        } else {
          ++i;
          break;
        }
      }
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      if (i < line.size() && line[i] != ',')
        throw InputError({source_, number, static_cast<uint32_t>(i + 1)},
                         "text after the closing quote of a field; a quote inside a quoted field is written \"\"",
                         line_of(text_, number));
    } else {
      size_t comma = line.find(',', i);
      std::string_view field = line.substr(i, comma == std::string_view::npos ? std::string_view::npos : comma - i);
      if (size_t quote = field.find('"'); quote != std::string_view::npos)
        throw InputError({source_, number, static_cast<uint32_t>(i + quote + 1)},
                         "a quote inside an unquoted field; quote the whole field", line_of(text_, number));
      uint32_t offset = 0;
      text = std::string(trim(field, offset));
      i = comma == std::string_view::npos ? line.size() : comma;
    }
    cells.push_back({std::move(text), column});
    if (i >= line.size()) break;
    ++i;  // the comma
  }
  return cells;
}

CsvTable::CsvTable(std::string text, std::string source, const CsvDialect& dialect)
    : text_(std::move(text)), source_(std::move(source)) {
  if (text_.size() > kMaxCsvBytes)
    throw InputError({source_, 0, 0}, fmt::format("file is larger than the {} MiB limit", kMaxCsvBytes >> 20));
  std::string_view all = text_;
  uint32_t number = 0;
  for (size_t pos = 0; pos < all.size();) {
    size_t end = all.find('\n', pos);
    if (end == std::string_view::npos) end = all.size();
    std::string_view line = all.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (size_t nul = line.find('\0'); nul != std::string_view::npos)
      throw InputError({source_, number, static_cast<uint32_t>(nul + 1)}, "binary data (a NUL byte) in a CSV file");
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') continue;
    bool skipped = false;
    for (const std::string& prefix : dialect.skip_line_prefixes) skipped = skipped || line.starts_with(prefix);
    if (skipped) continue;
    std::vector<CsvCell> cells;
    if (dialect.quoted_fields) {
      cells = split_quoted(line, number);
    } else {
      if (size_t quote = line.find('"'); quote != std::string_view::npos)
        throw InputError({source_, number, static_cast<uint32_t>(quote + 1)},
                         "quoted CSV fields are not supported; numbers and names need no quotes", line_of(text_, number));
      for (size_t start = 0;;) {
        size_t comma = line.find(',', start);
        std::string_view field =
            line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        uint32_t offset = 0;
        std::string_view trimmed = trim(field, offset);
        cells.push_back({std::string(trimmed), static_cast<uint32_t>(start + offset + 1)});
        if (comma == std::string_view::npos) break;
        start = comma + 1;
      }
    }
    if (header_.empty()) {
      header_line_ = number;
      for (const CsvCell& c : cells) {
        if (c.text.empty())
          throw InputError({source_, number, c.column}, "empty column name in the header", line_of(text_, number));
        for (const std::string& h : header_)
          if (h == c.text)
            throw InputError({source_, number, c.column},
                             fmt::format("column '{}' appears twice in the header", c.text), line_of(text_, number));
        header_.push_back(c.text);
        header_columns_.push_back(c.column);
      }
      continue;
    }
    if (cells.size() != header_.size())
      throw InputError({source_, number, 1},
                       fmt::format("this row has {} field(s); the header has {} ({})", cells.size(), header_.size(),
                                   fmt::join(header_, ",")),
                       line_of(text_, number));
    rows_.push_back({number, std::move(cells)});
  }
  if (header_.empty()) throw InputError({source_, 1, 1}, "the file has no header row (and no data)");
}

std::optional<size_t> CsvTable::find_column(std::string_view name) const {
  for (size_t i = 0; i < header_.size(); ++i)
    if (header_[i] == name) return i;
  return std::nullopt;
}

size_t CsvTable::require_column(std::string_view name) const {
  if (auto c = find_column(name)) return *c;
  throw InputError({source_, header_line_, 1},
                   fmt::format("missing column '{}' (the header has: {})", name, fmt::join(header_, ",")),
                   line_of(text_, header_line_));
}

void CsvTable::reject_unknown_columns(std::initializer_list<std::string_view> allowed) const {
  for (size_t i = 0; i < header_.size(); ++i) {
    bool known = false;
    for (auto a : allowed) known = known || header_[i] == a;
    if (!known)
      fail_header(i, fmt::format("unknown column '{}' (expected some of: {})", header_[i], fmt::join(allowed, ", ")));
  }
}

void CsvTable::fail(const CsvRow& row, size_t column, const std::string& message) const {
  throw InputError({source_, row.line, row.cells[column].column}, message, line_of(text_, row.line));
}

void CsvTable::fail_row(const CsvRow& row, const std::string& message) const {
  throw InputError({source_, row.line, 1}, message, line_of(text_, row.line));
}

void CsvTable::fail_header(size_t column, const std::string& message) const {
  throw InputError({source_, header_line_, header_columns_[column]}, message, line_of(text_, header_line_));
}

int64_t CsvTable::integer(const CsvRow& row, size_t column, int64_t min, int64_t max) const {
  const std::string& s = row.cells[column].text;
  const std::string& name = header_[column];
  if (s.empty()) fail(row, column, fmt::format("'{}' is empty; it needs an integer", name));
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size())
    fail(row, column, fmt::format("'{}' = '{}' is not an integer", name, s));
  if (v < min || v > max) fail(row, column, fmt::format("'{}' is {}; it must be in [{}, {}]", name, v, min, max));
  return v;
}

double CsvTable::number(const CsvRow& row, size_t column) const {
  const std::string& s = row.cells[column].text;
  const std::string& name = header_[column];
  if (s.empty()) fail(row, column, fmt::format("'{}' is empty; it needs a number", name));
  double v = 0;
  const char* b = s.data() + (s[0] == '+' ? 1 : 0);
  auto [p, ec] = std::from_chars(b, s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v))
    fail(row, column, fmt::format("'{}' = '{}' is not a finite decimal number", name, s));
  return v;
}

}  // namespace warpsat
