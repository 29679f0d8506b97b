#include "frontend/ncu_profile.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "frontend/csv_reader.h"
#include "frontend/diagnostics.h"
#include "frontend/read_file.h"

namespace warpsat {

namespace {

constexpr size_t kMaxProfileBytes = size_t{256} << 20;

std::string_view trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

std::string without_blanks(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::optional<double> parse_ncu_number(std::string_view text) {
  std::string_view s = trim(text);
  if (s.empty()) return std::nullopt;
  // Thousands separators only between digits, in groups of three, before the
  // decimal point: "1,234,567.5" yes, "1,23" or "12,,3" no (those are more
  // likely two values run together than one number).
  std::string plain;
  size_t i = 0;
  if (s[0] == '+' || s[0] == '-') plain += s[i++];
  size_t digits = 0, group = 0;
  bool grouped = false;
  for (; i < s.size() && (is_digit(s[i]) || s[i] == ','); ++i) {
    if (s[i] == ',') {
      if (digits == 0 || (grouped && group != 3) || (!grouped && group > 3)) return std::nullopt;
      grouped = true;
      group = 0;
      continue;
    }
    plain += s[i];
    ++digits;
    ++group;
  }
  if (grouped && group != 3) return std::nullopt;
  plain += s.substr(i);
  double v = 0;
  const char* b = plain.data() + (plain[0] == '+' ? 1 : 0);
  auto [p, ec] = std::from_chars(b, plain.data() + plain.size(), v);
  if (ec != std::errc() || p != plain.data() + plain.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string kernel_function_name(std::string_view name) {
  std::string_view n = trim(name);
  // Drop the parameter list: the last parenthesised group, when the name ends
  // with it (or with a qualifier after it, as in "f(int) const").
  if (size_t close = n.rfind(')');
      close != std::string_view::npos && trim(n.substr(close + 1)).find_first_of("(<") == std::string_view::npos) {
    int depth = 0;
    for (size_t i = close + 1; i-- > 0;) {
      if (n[i] == ')') ++depth;
      if (n[i] == '(' && --depth == 0) {
        n = trim(n.substr(0, i));
        break;
      }
    }
  }
  // Drop trailing template arguments.
  if (!n.empty() && n.back() == '>') {
    int depth = 0;
    for (size_t i = n.size(); i-- > 0;) {
      if (n[i] == '>') ++depth;
      if (n[i] == '<' && --depth == 0) {
        n = trim(n.substr(0, i));
        break;
      }
    }
  }
  // The last component: after the last "::" or blank (a return type) outside
  // brackets, so "(anonymous namespace)::f" and "void ns::f" both give "f".
  size_t start = 0;
  int depth = 0;
  for (size_t i = 0; i < n.size(); ++i) {
    char c = n[i];
    if (c == '(' || c == '<')
      ++depth;
    else if ((c == ')' || c == '>') && depth > 0)
      --depth;
    else if (depth == 0 && c == ':' && i + 1 < n.size() && n[i + 1] == ':')
      start = i + 2;
    else if (depth == 0 && c == ' ')
      start = i + 1;
  }
  return std::string(n.substr(std::min(start, n.size())));
}

NcuNameMatch ncu_kernel_matches(std::string_view profile_name, std::string_view ptx_name) {
  std::string_view p = trim(profile_name);
  if (p.empty()) return NcuNameMatch::None;
  if (p == ptx_name) return NcuNameMatch::Exact;
  std::string d = demangle_kernel_name(ptx_name);
  if (d != ptx_name && without_blanks(p) == without_blanks(d)) return NcuNameMatch::Demangled;
  std::string f = kernel_function_name(p);
  if (!f.empty() && f == kernel_function_name(d)) return NcuNameMatch::Function;
  return NcuNameMatch::None;
}

const NcuMetric* NcuLaunch::find(std::string_view name) const {
  for (const NcuMetric& m : metrics)
    if (m.name == name) return &m;
  return nullptr;
}

void NcuProfile::fail(uint32_t line, uint32_t column, const std::string& message) const {
  throw InputError({source_, line, column}, message, line_of(text_, line));
}

namespace {

// "(256, 1, 1)" as ncu writes the Block Size and Grid Size columns.
std::optional<std::array<uint64_t, 3>> parse_dims(std::string_view s) {
  s = trim(s);
  if (s.size() < 2 || s.front() != '(' || s.back() != ')') return std::nullopt;
  s = s.substr(1, s.size() - 2);
  std::array<uint64_t, 3> out{};
  for (size_t d = 0; d < 3; ++d) {
    size_t comma = s.find(',');
    if ((d < 2) != (comma != std::string_view::npos)) return std::nullopt;
    std::string_view part = trim(s.substr(0, comma));
    auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), out[d]);
    if (part.empty() || ec != std::errc() || p != part.data() + part.size()) return std::nullopt;
    if (comma != std::string_view::npos) s = s.substr(comma + 1);
  }
  return out;
}

}  // namespace

NcuProfile::NcuProfile(std::string text, std::string source) : text_(std::move(text)), source_(std::move(source)) {
  // ncu reports its own failures on lines like "==ERROR== ..."; a table after
  // one may be incomplete, so it is an error rather than a line to skip. The
  // profiled program's own exit status is not one: ncu profiled every launch
  // (a replay that found a difference exits 1, say).
  constexpr std::string_view kAppExit = "==ERROR== The application returned an error code";
  uint32_t number = 1;
  for (size_t pos = 0; pos < text_.size(); ++number) {
    std::string_view line = std::string_view(text_).substr(pos);
    if (line.starts_with("==ERROR==") && !line.starts_with(kAppExit))
      fail(number, 1, "ncu reported an error here; profile again and export a complete table");
    size_t end = text_.find('\n', pos);
    pos = end == std::string::npos ? text_.size() : end + 1;
  }
  // The profiled program's own output comes first on the same stream (ncu
  // --csv ./app > file): the table starts at its "ID" header. The lines
  // before it are blanked, not cut, so that line numbers stay the file's.
  std::string table = text_;
  if (size_t header = table.find("\"ID\","); header != std::string::npos && header != 0 && table[header - 1] == '\n')
    for (size_t i = 0; i < header; ++i)
      if (table[i] != '\n') table[i] = ' ';
  CsvTable t(table, source_, CsvDialect{true, {"==PROF==", "==WARNING==", std::string(kAppExit)}});
  header_line_ = t.header_line();
  size_t id_col = t.require_column("ID");
  size_t kernel_col = t.require_column("Kernel Name");
  kernel_header_column_ = t.header_column(kernel_col);  // for errors about kernels the profile lacks
  std::optional<size_t> block_col = t.find_column("Block Size"), grid_col = t.find_column("Grid Size");
  std::optional<size_t> name_col = t.find_column("Metric Name"), value_col = t.find_column("Metric Value");
  layout_ = name_col && value_col ? NcuLayout::Details : NcuLayout::Raw;

  auto launch_id = [&](const CsvRow& row) {
    const std::string& s = row.cells[id_col].text;
    uint64_t id = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size())
      t.fail(row, id_col, fmt::format("'ID' = '{}' is not a launch ID (a whole number)", s));
    return id;
  };
  auto dims = [&](const CsvRow& row, std::optional<size_t> col) -> std::optional<NcuDims> {
    if (!col || t.is_empty(row, *col)) return std::nullopt;
    auto d = parse_dims(row.cells[*col].text);
    if (!d)
      t.fail(row, *col,
             fmt::format("'{}' = '{}' is not of the form (x, y, z)", t.header()[*col], row.cells[*col].text));
    return NcuDims{*d, row.line, row.cells[*col].column};
  };
  auto new_launch = [&](const CsvRow& row) {
    NcuLaunch l;
    l.id = launch_id(row);
    l.kernel = row.cells[kernel_col].text;
    l.line = row.line;
    l.kernel_column = row.cells[kernel_col].column;
    l.block = dims(row, block_col);
    l.grid = dims(row, grid_col);
    return l;
  };

  if (layout_ == NcuLayout::Raw) {
    std::vector<size_t> metric_cols;
    for (size_t i = 0; i < t.header().size(); ++i)
      if (t.header()[i].find("__") != std::string::npos) metric_cols.push_back(i);
    if (metric_cols.empty())
      t.fail_header(kernel_col,
                    "no metric columns (names such as smsp__inst_executed.sum), and no \"Metric Name\" and "
                    "\"Metric Value\" columns: export with ncu --csv --page raw, or ncu --csv");
    std::vector<std::string> units(t.header().size());
    for (size_t r = 0; r < t.rows().size(); ++r) {
      const CsvRow& row = t.rows()[r];
      if (t.is_empty(row, id_col)) {
        // The units row: identity cells empty, one unit per metric column.
        if (r != 0)
          t.fail(row, id_col, "a launch row needs an ID (only the units row, right after the header, has none)");
        for (size_t c : metric_cols) units[c] = row.cells[c].text;
        continue;
      }
      NcuLaunch l = new_launch(row);
      for (size_t c : metric_cols)
        l.metrics.push_back({t.header()[c], units[c], row.cells[c].text, row.line, row.cells[c].column});
      launches_.push_back(std::move(l));
    }
  } else {
    std::optional<size_t> unit_col = t.find_column("Metric Unit");
    std::map<uint64_t, size_t> by_id;
    for (const CsvRow& row : t.rows()) {
      if (t.is_empty(row, *name_col)) continue;  // rule results (newer ncu) have no metric
      uint64_t id = launch_id(row);
      auto [it, added] = by_id.emplace(id, launches_.size());
      if (added) launches_.push_back(new_launch(row));
      NcuLaunch& l = launches_[it->second];
      if (row.cells[kernel_col].text != l.kernel)
        t.fail(row, kernel_col,
               fmt::format("launch ID {} is kernel '{}' on line {}, but '{}' here", id, l.kernel, l.line,
                           row.cells[kernel_col].text));
      const std::string& name = row.cells[*name_col].text;
      if (const NcuMetric* seen = l.find(name)) {
        // The same metric in two sections is one value; two values for it
        // would make either answer arbitrary.
        if (seen->value != row.cells[*value_col].text)
          t.fail(row, *value_col,
                 fmt::format("launch ID {} reports '{}' twice: '{}' on line {} and '{}' here", id, name, seen->value,
                             seen->line, row.cells[*value_col].text));
        continue;
      }
      l.metrics.push_back({name, unit_col ? row.cells[*unit_col].text : "", row.cells[*value_col].text, row.line,
                           row.cells[*value_col].column});
    }
  }
  if (launches_.empty()) fail(header_line_, 1, "the profile has no kernel launches (only a header)");
}

const NcuLaunch& NcuProfile::select(std::string_view kernel, std::optional<uint64_t> launch_id) const {
  NcuNameMatch best = NcuNameMatch::None;
  std::vector<const NcuLaunch*> rows;
  for (const NcuLaunch& l : launches_) {
    NcuNameMatch m = ncu_kernel_matches(l.kernel, kernel);
    if (m == NcuNameMatch::None || m < best) continue;
    if (m > best) rows.clear();
    best = m;
    rows.push_back(&l);
  }
  if (rows.empty()) {
    std::vector<std::string> names;
    for (const NcuLaunch& l : launches_)
      if (std::find(names.begin(), names.end(), "'" + l.kernel + "'") == names.end())
        names.push_back("'" + l.kernel + "'");
    fail(header_line_, kernel_header_column_,
         fmt::format("no launch of kernel '{}' in the profile (by mangled, demangled or function name); "
                     "it has: {}",
                     kernel, fmt::join(names, ", ")));
  }
  auto list = [&] {
    std::vector<std::string> ids;
    for (const NcuLaunch* l : rows) ids.push_back(fmt::format("{} (line {})", l->id, l->line));
    return fmt::format("{}", fmt::join(ids, ", "));
  };
  if (launch_id) {
    for (const NcuLaunch* l : rows)
      if (l->id == *launch_id) return *l;
    for (const NcuLaunch& l : launches_)
      if (l.id == *launch_id)
        fail(l.line, l.kernel_column,
             fmt::format("launch ID {} is kernel '{}', not '{}' (whose launches are IDs {})", l.id, l.kernel, kernel,
                         list()));
    fail(header_line_, 1,
         fmt::format("the profile has no launch ID {}; the launches of '{}' are IDs {}", *launch_id, kernel, list()));
  }
  if (rows.size() > 1)
    fail(rows[0]->line, rows[0]->kernel_column,
         fmt::format("the profile has {} launches of '{}': IDs {}; choose one with --launch-id", rows.size(), kernel,
                     list()));
  return *rows[0];
}

double NcuProfile::number(const NcuMetric& m) const {
  auto v = parse_ncu_number(m.value);
  if (!v)
    fail(m.line, m.column,
         fmt::format("'{}' = '{}' is not a number{}", m.name, m.value,
                     m.value.empty() || m.value == "n/a" ? " (ncu could not collect it for this launch)" : ""));
  // Every metric compared is a count, a time, a size or a share.
  if (*v < 0) fail(m.line, m.column, fmt::format("'{}' = '{}' is negative; ncu's counts never are", m.name, m.value));
  // --print-units auto (ncu's default) scales counts with SI prefixes; ncu's
  // prefixes are powers of 1000.
  double scale = 1;
  if (m.unit.size() >= 2 && m.unit[1] >= 'a' && m.unit[1] <= 'z')
    if (size_t p = std::string_view("KMGT").find(m.unit[0]); p != std::string_view::npos) scale = std::pow(1e3, p + 1);
  return *v * scale;
}

NcuProfile read_ncu_profile(const std::string& path) { return NcuProfile(read_file(path, kMaxProfileBytes), path); }

}  // namespace warpsat
