// A small, strict CSV reader for measurement and trace files, with every
// problem reported as an InputError at file:line:col (no Debian CSV library is
// in use, and these files are simple enough not to need one).
//
// The dialect: the first line that is not blank and not a comment is the
// header; lines whose first non-blank character is '#' are comments (so a file
// test can carry its RUN:/CHECK: lines); fields are separated by ','; blanks
// around a field are ignored; quoted fields are rejected rather than guessed
// at; every row has exactly as many fields as the header; LF or CRLF endings.
//
// Tools such as Nsight Compute quote every field (kernel names hold commas:
// "f(int, float *)"), so a CsvDialect may accept RFC 4180 quoting on one line
// ("" is a quote inside a quoted field) and skip the lines a tool writes
// around its table (ncu's "==PROF== ..." lines).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.h"

namespace warpsat {

struct CsvCell {
  std::string text;     // trimmed
  uint32_t column = 0;  // 1-based column of the field's first character
};

struct CsvRow {
  uint32_t line = 0;
  std::vector<CsvCell> cells;  // one per header column
};

struct CsvDialect {
  bool quoted_fields = false;                   // accept "..." fields (not spanning lines)
  std::vector<std::string> skip_line_prefixes;  // lines starting with one of these are not CSV
};

class CsvTable {
 public:
  // Parses `text`; throws InputError at the first malformed line.
  CsvTable(std::string text, std::string source, const CsvDialect& dialect = {});

  const std::string& source() const { return source_; }
  const std::vector<std::string>& header() const { return header_; }
  const std::vector<CsvRow>& rows() const { return rows_; }
  uint32_t header_line() const { return header_line_; }
  uint32_t header_column(size_t column) const { return header_columns_[column]; }

  std::optional<size_t> find_column(std::string_view name) const;
  // Throws InputError at the header naming the missing column.
  size_t require_column(std::string_view name) const;
  // A misspelt column must be an error, not a silently ignored one.
  void reject_unknown_columns(std::initializer_list<std::string_view> allowed) const;

  [[noreturn]] void fail(const CsvRow& row, size_t column, const std::string& message) const;
  [[noreturn]] void fail_row(const CsvRow& row, const std::string& message) const;
  [[noreturn]] void fail_header(size_t column, const std::string& message) const;

  bool is_empty(const CsvRow& row, size_t column) const { return row.cells[column].text.empty(); }
  // An integer in [min, max]; an empty cell is an error.
  int64_t integer(const CsvRow& row, size_t column, int64_t min, int64_t max) const;
  // A finite decimal number (e.g. 0.008188, 1.5e-3); an empty cell is an error.
  double number(const CsvRow& row, size_t column) const;

 private:
  std::vector<CsvCell> split_quoted(std::string_view line, uint32_t number) const;

  std::string text_;
  std::string source_;
  std::vector<std::string> header_;
  std::vector<uint32_t> header_columns_;
  uint32_t header_line_ = 0;
  std::vector<CsvRow> rows_;
};

}  // namespace warpsat
