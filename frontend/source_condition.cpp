#include "frontend/source_condition.h"

#include <filesystem>
#include <set>
#include <sstream>

#include "frontend/diagnostics.h"
#include "frontend/read_file.h"

namespace warpsat {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxSourceBytes = size_t{16} << 20;

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

// The code of each line with comments and string or character literals
// blanked out, so that keywords and brackets in them are not mistaken for
// code. Column positions are kept.
std::vector<std::string> code_only(const std::vector<std::string>& lines) {
  std::vector<std::string> out = lines;
  bool block_comment = false;
  for (std::string& l : out) {
    char quote = 0;
    for (size_t i = 0; i < l.size(); ++i) {
      if (block_comment) {
        if (l.compare(i, 2, "*/") == 0) {
          block_comment = false;
          l[i] = l[i + 1] = ' ';
          ++i;
        } else {
          l[i] = ' ';
        }
      } else if (quote) {
        if (l[i] == '\\' && i + 1 < l.size()) {
          l[i] = l[i + 1] = ' ';
          ++i;
        } else if (l[i] == quote) {
          quote = 0;
        } else {
          l[i] = ' ';
        }
      } else if (l.compare(i, 2, "//") == 0) {
        l.replace(i, std::string::npos, l.size() - i, ' ');
      } else if (l.compare(i, 2, "/*") == 0) {
        block_comment = true;
        l[i] = l[i + 1] = ' ';
        ++i;
      } else if (l[i] == '"' || l[i] == '\'') {
        quote = l[i];
      }
    }
  }
  return out;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

struct Cursor {
  const std::vector<std::string>& code;
  size_t line = 0, col = 0;  // 0-based

  bool at_end() const { return line >= code.size(); }
  char get() const { return col < code[line].size() ? code[line][col] : '\n'; }
  void next() {
    if (++col > code[line].size()) {
      ++line;
      col = 0;
    }
  }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(get()))) next();
  }
  bool starts_word(std::string_view w) const {
    const std::string& l = code[line];
    return l.compare(col, w.size(), w) == 0 && (col + w.size() >= l.size() || !word_char(l[col + w.size()]));
  }
};

// Moves past the bracket group that starts at the cursor (on an opening
// bracket), appending what is inside to `inside`. False at end of file.
bool skip_group(Cursor& c, std::string* inside) {
  int depth = 0;
  while (!c.at_end()) {
    char ch = c.get();
    if (ch == '(' || ch == '[' || ch == '{') ++depth;
    if (ch == ')' || ch == ']' || ch == '}') --depth;
    c.next();
    if (depth == 0) return true;
    if (inside && (depth > 1 || (ch != '(' && ch != '{' && ch != '['))) *inside += ch == '\n' ? ' ' : ch;
  }
  return false;
}

std::string collapse_space(const std::string& s) {
  std::string out;
  for (char ch : s) {
    bool space = std::isspace(static_cast<unsigned char>(ch));
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : ch;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The parts of `for (init; cond; step)` at bracket depth 0.
std::vector<std::string> split_top_level(const std::string& s, char sep) {
  std::vector<std::string> parts(1);
  int depth = 0;
  for (char ch : s) {
    if (ch == '(' || ch == '[' || ch == '{') ++depth;
    if (ch == ')' || ch == ']' || ch == '}') --depth;
    if (ch == sep && depth == 0)
      parts.emplace_back();
    else
      parts.back() += ch;
  }
  return parts;
}

struct Statement {
  std::string keyword, condition;
  uint32_t body_first = 0, body_last = 0;  // 1-based lines
  bool body_is_return = false;
};

std::optional<Statement> statement_at(const std::vector<std::string>& code, uint32_t line) {
  if (line == 0 || line > code.size()) return std::nullopt;
  const std::string& l = code[line - 1];
  std::optional<size_t> at;
  std::string keyword;
  for (size_t i = 0; i < l.size(); ++i) {
    if (i > 0 && word_char(l[i - 1])) continue;
    for (std::string_view k : {"if", "while", "for"}) {
      Cursor probe{code, line - 1, i};
      if (!probe.starts_word(k)) continue;
      if (at) return std::nullopt;  // two statements on one line: which one the branch is cannot be told
      at = i;
      keyword = k;
    }
  }
  if (!at) return std::nullopt;
  Cursor c{code, line - 1, *at + keyword.size()};
  c.skip_space();
  if (c.at_end() || c.get() != '(') return std::nullopt;
  Statement s;
  s.keyword = keyword;
  std::string inside;
  if (!skip_group(c, &inside)) return std::nullopt;
  if (keyword == "for") {
    std::vector<std::string> parts = split_top_level(inside, ';');
    if (parts.size() != 3) return std::nullopt;  // a range-based for has no condition
    inside = parts[1];
  }
  s.condition = collapse_space(inside);
  if (s.condition.empty()) return std::nullopt;
  c.skip_space();
  if (c.at_end() || c.get() == ';') return std::nullopt;  // do { } while (c); or an empty body
  s.body_first = static_cast<uint32_t>(c.line + 1);
  std::string body;
  if (c.get() == '{') {
    if (!skip_group(c, &body)) return std::nullopt;
    s.body_last = static_cast<uint32_t>(c.col == 0 ? c.line : c.line + 1);
  } else {
    for (std::string_view k : {"if", "while", "for", "do", "switch"})
      if (c.starts_word(k)) return std::nullopt;  // a nested statement's extent needs a real parser
    while (!c.at_end() && c.get() != ';') {
      char ch = c.get();
      if (ch == '(' || ch == '[' || ch == '{') {
        if (!skip_group(c, &body)) return std::nullopt;
        continue;
      }
      body += ch == '\n' ? ' ' : ch;
      c.next();
    }
    if (c.at_end()) return std::nullopt;
    body += ';';
    s.body_last = static_cast<uint32_t>(c.line + 1);
  }
  s.body_is_return = collapse_space(body) == "return;";
  return s;
}

bool is_control(const ptx::Instruction& ins) {
  return ins.name == "bra" || ins.name == "brx" || ins.name == "ret" || ins.name == "exit";
}

struct Successor {
  std::set<uint32_t> lines;  // source lines of the code every thread going this way runs next, in the branch's file
  bool only_exit = false;    // nothing but ret or exit
};

// The instructions from `start` up to the next branch, return or exit: a
// label on the way (a loop header the successor falls into) does not stop
// it, since falling through it is the only way on.
Successor successor(const ptx::Function& f, uint32_t start, uint32_t file) {
  Successor s;
  for (uint32_t j = start; j < f.instructions.size(); ++j) {
    const ptx::Instruction& ins = f.instructions[j];
    if (ins.loc.line && ins.loc.file == file) s.lines.insert(ins.loc.line);
    if (j == start) s.only_exit = !ins.has_guard && (ins.name == "ret" || ins.name == "exit");
    if (is_control(ins)) break;
  }
  return s;
}

}  // namespace

SourceFiles::SourceFiles(const ptx::Module& m, std::vector<std::string> search_dirs)
    : m_(m), search_dirs_(std::move(search_dirs)) {}

const SourceText* SourceFiles::get(uint32_t file_index) const {
  if (auto it = cache_.find(file_index); it != cache_.end()) return &it->second;
  std::string_view name = m_.file_path(file_index);
  if (name.empty()) return nullptr;
  SourceText t;
  t.name = std::string(name);
  std::vector<fs::path> candidates{fs::path(t.name)};
  if (fs::path(t.name).is_relative()) {
    for (const std::string& d : search_dirs_) candidates.push_back(fs::path(d) / t.name);
    std::error_code ec;
    for (fs::path dir = fs::absolute(m_.source, ec).parent_path(); !ec && !dir.empty(); dir = dir.parent_path()) {
      candidates.push_back(dir / t.name);
      if (dir == dir.parent_path()) break;
    }
  }
  t.why_not = "not found";
  for (const fs::path& p : candidates) {
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) continue;
    try {
      t.lines = split_lines(read_file(p.string(), kMaxSourceBytes));
      t.code = code_only(t.lines);
      t.resolved = p.string();
      t.why_not.clear();
      break;
    } catch (const InputError& e) {
      t.why_not = e.what();
    }
  }
  return &cache_.emplace(file_index, std::move(t)).first->second;
}

std::optional<SourceCondition> source_condition(const ptx::Function& f, uint32_t instruction,
                                                const SourceFiles& sources) {
  if (instruction >= f.instructions.size()) return std::nullopt;
  const ptx::Instruction& ins = f.instructions[instruction];
  if (ins.name != "bra" || !ins.has_guard || ins.operands.empty() || !ins.loc.line) return std::nullopt;
  const ptx::Label* target = f.find_label(ins.operands[0].text);
  const SourceText* src = sources.get(ins.loc.file);
  if (!target || !src || !src->readable()) return std::nullopt;
  std::optional<Statement> st = statement_at(src->code, ins.loc.line);
  if (!st) return std::nullopt;

  Successor taken = successor(f, target->instruction, ins.loc.file);
  Successor fall = successor(f, instruction + 1, ins.loc.file);
  // The side that runs the statement's body is the side where the condition
  // holds. The other side must leave the statement: a side that tests on
  // the statement's own line again (`a || b`) would make "fails" a guess.
  auto in_body = [&](const Successor& s) {
    for (uint32_t l : s.lines)
      if (l != ins.loc.line && l >= st->body_first && l <= st->body_last) return true;
    return false;
  };
  auto leaves = [&](const Successor& s) { return !in_body(s) && !s.lines.count(ins.loc.line); };
  std::optional<bool> holds_when_taken;
  if (in_body(taken) && leaves(fall)) holds_when_taken = true;
  if (in_body(fall) && leaves(taken)) holds_when_taken = false;
  // `if (c) return;` on one line: the body is the function's exit block.
  if (!holds_when_taken && st->body_is_return && st->keyword == "if") {
    if (taken.only_exit && !fall.only_exit && leaves(fall)) holds_when_taken = true;
    if (fall.only_exit && !taken.only_exit && leaves(taken)) holds_when_taken = false;
  }
  if (!holds_when_taken) return std::nullopt;
  return SourceCondition{st->keyword, st->condition, ins.loc.file, ins.loc.line, *holds_when_taken};
}

}  // namespace warpsat
