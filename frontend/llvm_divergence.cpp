#include "frontend/llvm_divergence.h"

#include <fmt/format.h>

#include <charconv>
#include <optional>

#include "frontend/diagnostics.h"

namespace warpsat::llvm_ir {

namespace {

std::string_view trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// The text split into lines (without their newlines); views into `text`.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    lines.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

std::optional<uint32_t> parse_number(std::string_view s) {
  uint32_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// `!N` -> N.
std::optional<uint32_t> parse_ref(std::string_view s) {
  if (!starts_with(s, "!")) return std::nullopt;
  return parse_number(s.substr(1));
}

bool is_conditional(std::string_view instruction) {
  return starts_with(instruction, "br i1 ") || starts_with(instruction, "switch ");
}

// The metadata number after `!dbg ` on an instruction line, if any.
std::optional<uint32_t> dbg_ref(std::string_view line) {
  size_t at = line.find("!dbg !");
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = line.substr(at + 5);
  size_t end = rest.find_first_of(", ");
  return parse_ref(rest.substr(0, end));
}

// The instruction with every metadata number masked (`!dbg !13` -> `!dbg !#`):
// the printout numbers metadata per function, the module per module, so only
// the first function's numbers agree (see the header).
std::string without_metadata_numbers(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '!' && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9') {
      out += '#';
      while (i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9') ++i;
    }
  }
  return out;
}

// A conditional branch as found in one of the two texts, before its location
// is resolved.
struct Found {
  std::string function;
  std::string text;
  uint32_t line = 0;  // in the text it was found in
  bool divergent = false;
  std::optional<uint32_t> dbg;
};

// Completes `f` from the conditional branch at lines[i], whose text is
// `instruction`. A `br` carries its !dbg on its own line; a `switch` spreads
// over several lines (one per case) and carries it on the closing `]`.
// Returns the index of the branch's last line.
size_t finish_branch(const std::vector<std::string_view>& lines, size_t i, std::string_view instruction, Found& f) {
  f.text = std::string(instruction);
  if (starts_with(instruction, "br ")) {
    f.dbg = dbg_ref(instruction);
    return i;
  }
  for (size_t j = i + 1; j < lines.size() && !trim(lines[j]).empty(); ++j)
    if (starts_with(trim(lines[j]), "]")) {
      f.dbg = dbg_ref(lines[j]);
      return j;
    }
  return i;
}

// Fields of one metadata node's body, `key: value, key: value`, split at
// commas outside string literals.
std::map<std::string, std::string, std::less<>> fields_of(std::string_view body) {
  std::map<std::string, std::string, std::less<>> fields;
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i <= body.size(); ++i) {
    if (i < body.size() && body[i] == '"' && (i == 0 || body[i - 1] != '\\')) quoted = !quoted;
    if (i == body.size() || (!quoted && body[i] == ',')) {
      std::string_view field = trim(body.substr(start, i - start));
      size_t colon = field.find(": ");
      if (colon != std::string_view::npos)
        fields.emplace(std::string(field.substr(0, colon)), std::string(trim(field.substr(colon + 2))));
      start = i + 1;
    }
  }
  return fields;
}

struct Node {
  std::string kind;  // "DILocation", "DIFile", ...
  std::map<std::string, std::string, std::less<>> fields;
  uint32_t line = 0;  // in the module
};

struct Module {
  std::map<uint32_t, Node> metadata;
  std::map<std::string, std::vector<Found>> branches;  // per function
};

std::string function_name(std::string_view define_line) {
  size_t at = define_line.find('@');
  size_t end = define_line.find('(', at);
  std::string_view name = define_line.substr(at + 1, end - at - 1);
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
  return std::string(name);
}

Module read_module(std::string_view text, const std::string& path) {
  Module m;
  std::vector<std::string_view> lines = split_lines(text);
  std::string function;  // empty outside a definition
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view raw = lines[i];
    uint32_t n = static_cast<uint32_t>(i + 1);
    if (starts_with(raw, "define ")) {
      if (raw.find('@') == std::string_view::npos)
        throw InputError({path, n, 1}, "function definition without a name", std::string(raw));
      function = function_name(raw);
      m.branches[function];  // a function without conditional branches still exists
      continue;
    }
    if (starts_with(raw, "}")) {
      function.clear();
      continue;
    }
    std::string_view t = trim(raw);
    if (!function.empty() && is_conditional(t)) {
      Found f{function, {}, n, false, std::nullopt};
      i = finish_branch(lines, i, t, f);
      m.branches[function].push_back(std::move(f));
      continue;
    }
    // `!N = [distinct ]!Kind(body)`
    if (!starts_with(raw, "!") || raw.size() < 2 || raw[1] < '0' || raw[1] > '9') continue;
    size_t eq = raw.find(" = ");
    std::optional<uint32_t> id = eq == std::string_view::npos ? std::nullopt : parse_ref(raw.substr(0, eq));
    if (!id) throw InputError({path, n, 1}, "malformed metadata line", std::string(raw));
    std::string_view value = raw.substr(eq + 3);
    if (starts_with(value, "distinct ")) value.remove_prefix(9);
    size_t open = value.find('(');
    if (!starts_with(value, "!DI") || open == std::string_view::npos || value.back() != ')') continue;
    Node node{std::string(value.substr(1, open - 1)), fields_of(value.substr(open + 1, value.size() - open - 2)), n};
    m.metadata.emplace(*id, std::move(node));
  }
  return m;
}

// The outermost source position of DILocation `id`: inlinedAt is followed to
// the call site in the function the code was inlined into, and the file is
// that of the location's scope (a subprogram or lexical block; a scope
// without a file is followed to its own scope).
void resolve(const Module& m, uint32_t id, const std::string& path, ConditionalBranch& out) {
  auto node = [&](uint32_t ref, std::string_view what) -> const Node& {
    auto it = m.metadata.find(ref);
    if (it == m.metadata.end()) throw InputError({path, 0, 0}, fmt::format("{} !{} is not in the module", what, ref));
    return it->second;
  };
  auto ref_field = [&](const Node& n, std::string_view key) -> std::optional<uint32_t> {
    auto it = n.fields.find(key);
    if (it == n.fields.end()) return std::nullopt;
    std::optional<uint32_t> r = parse_ref(it->second);
    if (!r) throw InputError({path, n.line, 0}, fmt::format("field {}: is not a metadata reference", key));
    return r;
  };
  const Node* loc = &node(id, "location");
  // Chains are short (one per inlining level); the bound only stops a cycle.
  for (int depth = 0; loc->kind == "DILocation"; ++depth) {
    std::optional<uint32_t> caller = ref_field(*loc, "inlinedAt");
    if (!caller) break;
    if (depth > 1000) throw InputError({path, loc->line, 0}, "inlinedAt chain does not end");
    loc = &node(*caller, "inlinedAt location");
  }
  if (loc->kind != "DILocation") throw InputError({path, loc->line, 0}, "!dbg does not name a DILocation");
  auto line_it = loc->fields.find("line");
  std::optional<uint32_t> line =
      line_it == loc->fields.end() ? std::optional<uint32_t>(0) : parse_number(line_it->second);
  if (!line) throw InputError({path, loc->line, 0}, "DILocation line: is not a number");
  if (*line == 0) return;  // a compiler-made location with no source line
  std::optional<uint32_t> scope = ref_field(*loc, "scope");
  for (int depth = 0;; ++depth) {
    if (!scope || depth > 1000) throw InputError({path, loc->line, 0}, "location scope has no file");
    const Node& s = node(*scope, "scope");
    std::optional<uint32_t> file_ref = s.kind == "DIFile" ? scope : ref_field(s, "file");
    if (file_ref) {
      const Node& file = node(*file_ref, "file");
      auto name = file.fields.find("filename");
      if (file.kind != "DIFile" || name == file.fields.end() || name->second.size() < 2)
        throw InputError({path, file.line, 0}, "file: does not name a DIFile with a filename");
      out.line = *line;
      out.file = name->second.substr(1, name->second.size() - 2);  // drop the quotes
      return;
    }
    scope = ref_field(s, "scope");
  }
}

}  // namespace

std::vector<ConditionalBranch> read_divergence(std::string_view printout, const std::string& printout_path,
                                               std::string_view module, const std::string& module_path) {
  Module m = read_module(module, module_path);
  constexpr std::string_view kHeader = "'Divergence Analysis' for function '";
  constexpr std::string_view kDivergent = "DIVERGENT:";
  std::vector<Found> printed;
  std::vector<std::string_view> lines = split_lines(printout);
  std::string function;
  bool any_function = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view raw = lines[i];
    uint32_t n = static_cast<uint32_t>(i + 1);
    if (starts_with(raw, kHeader)) {
      size_t end = raw.rfind("':");
      if (end == std::string_view::npos || end < kHeader.size())
        throw InputError({printout_path, n, 1}, "malformed function header", std::string(raw));
      function = std::string(raw.substr(kHeader.size(), end - kHeader.size()));
      if (!m.branches.count(function))
        throw InputError({printout_path, n, 1},
                         fmt::format("function '{}' is not defined in {}", function, module_path), std::string(raw));
      any_function = true;
      continue;
    }
    bool divergent = starts_with(raw, kDivergent);
    std::string_view t = trim(divergent ? raw.substr(kDivergent.size()) : raw);
    if (!is_conditional(t)) continue;
    if (function.empty())
      throw InputError({printout_path, n, 1}, "instruction before any function header", std::string(raw));
    Found f{function, {}, n, divergent, std::nullopt};
    i = finish_branch(lines, i, t, f);
    printed.push_back(std::move(f));
  }
  if (!any_function)
    throw InputError({printout_path, 0, 0}, "no 'Divergence Analysis' output in it (is it opt's print<divergence>?)");

  // The printout and the module must list the same branches (see the
  // header); the location comes from the module's copy of each.
  std::vector<ConditionalBranch> out;
  std::map<std::string, size_t> seen;
  for (const Found& p : printed) {
    const std::vector<Found>& in_module = m.branches.at(p.function);
    size_t k = seen[p.function]++;
    if (k >= in_module.size() || without_metadata_numbers(in_module[k].text) != without_metadata_numbers(p.text))
      throw InputError({printout_path, p.line, 1},
                       fmt::format("conditional branch #{} of '{}' differs from {} (a different module?)", k + 1,
                                   p.function, module_path),
                       p.text);
    ConditionalBranch b;
    b.function = p.function;
    b.text = p.text;
    b.printout_line = p.line;
    b.divergent = p.divergent;
    if (in_module[k].dbg) resolve(m, *in_module[k].dbg, module_path, b);
    out.push_back(std::move(b));
  }
  for (const auto& [name, k] : seen)
    if (k != m.branches.at(name).size())
      throw InputError({printout_path, 0, 0}, fmt::format("'{}' has {} conditional branches in {} but {} here", name,
                                                          m.branches.at(name).size(), module_path, k));
  return out;
}

std::map<uint32_t, bool> divergent_by_line(const std::vector<ConditionalBranch>& branches,
                                           std::string_view file_suffix) {
  std::map<uint32_t, bool> lines;
  for (const ConditionalBranch& b : branches) {
    if (b.line == 0 || b.file.size() < file_suffix.size() ||
        b.file.compare(b.file.size() - file_suffix.size(), file_suffix.size(), file_suffix) != 0)
      continue;
    lines[b.line] = lines[b.line] || b.divergent;
  }
  return lines;
}

}  // namespace warpsat::llvm_ir
