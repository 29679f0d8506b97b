#include "frontend/kernel_source.h"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "frontend/kernel_names.h"
#include "frontend/kernel_params.h"
#include "frontend/ncu_profile.h"

namespace warpsat {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string collapse(std::string_view s) {
  std::string out;
  for (char c : s) {
    bool space = std::isspace(static_cast<unsigned char>(c));
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Splits at the commas outside brackets.
std::vector<std::string> split_top(std::string_view s) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '(' || c == '<' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == '>' || c == ']' || c == '}') && depth > 0) --depth;
    if (c == ',' && depth == 0) {
      out.push_back(collapse(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(collapse(s.substr(start)));
  if (out.size() == 1 && (out[0].empty() || out[0] == "void")) out.clear();
  return out;
}

struct Declared {
  std::string name, type;
  bool pointer = false;
};

// "const float *__restrict__ in = nullptr" -> {in, const float *__restrict__, pointer}.
Declared declared(std::string p) {
  Declared d;
  int depth = 0;
  for (size_t i = 0; i < p.size(); ++i) {  // a default value goes
    char c = p[i];
    if (c == '(' || c == '<' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == '>' || c == ']' || c == '}') && depth > 0) --depth;
    if (c == '=' && depth == 0) {
      p = collapse(p.substr(0, i));
      break;
    }
  }
  if (!p.empty() && p.back() == ']') {  // T x[] and T x[N] are pointers
    d.pointer = true;
    p = collapse(p.substr(0, p.rfind('[')));
  }
  size_t end = p.size(), start = end;
  while (start > 0 && word_char(p[start - 1])) --start;
  std::string last = p.substr(start, end - start);
  std::string before = collapse(p.substr(0, start));
  // A last word right after the type's own words is a name; a lone type
  // ("int", "float *") has none.
  static const std::set<std::string> kTypeWords = {"int",      "unsigned", "signed", "long",   "short",
                                                   "char",     "float",    "double", "bool",   "const",
                                                   "volatile", "__restrict__", "size_t", "void"};
  bool named = !last.empty() && !before.empty() && !kTypeWords.count(last) &&
               !std::isdigit(static_cast<unsigned char>(last[0]));
  d.name = named ? last : "";
  d.type = named ? before : collapse(p);
  d.pointer = d.pointer || d.type.find('*') != std::string::npos;
  return d;
}

}  // namespace

std::optional<std::vector<std::string>> demangled_parameters(std::string_view mangled) {
  std::string d = demangle_kernel_name(mangled);
  if (d == mangled || d.empty() || d.back() != ')') return std::nullopt;
  int depth = 0;
  for (size_t i = d.size(); i-- > 0;) {
    if (d[i] == ')' || d[i] == '>' || d[i] == ']') ++depth;
    if (d[i] == '(' || d[i] == '<' || d[i] == '[') --depth;
    if (depth == 0) return split_top(std::string_view(d).substr(i + 1, d.size() - i - 2));
  }
  return std::nullopt;
}

namespace {

// The last identifier of `s` ("... 1) void " -> "void").
std::string last_word(std::string_view s) {
  size_t end = s.size();
  while (end > 0 && !word_char(s[end - 1])) {
    if (!std::isspace(static_cast<unsigned char>(s[end - 1]))) return "";
    --end;
  }
  size_t start = end;
  while (start > 0 && word_char(s[start - 1])) --start;
  return std::string(s.substr(start, end - start));
}

// The type parameters of a `template <typename A, class B = X>` head.
std::set<std::string> template_type_names(std::string_view head) {
  std::set<std::string> out;
  for (std::string_view kw : {"typename", "class"})
    for (size_t at = head.find(kw); at != std::string_view::npos; at = head.find(kw, at + 1)) {
      size_t end = at + kw.size();
      if ((at > 0 && word_char(head[at - 1])) || end >= head.size() || word_char(head[end])) continue;
      size_t start = head.find_first_not_of(" \t\n", end);
      if (start == std::string_view::npos) continue;
      size_t stop = start;
      while (stop < head.size() && word_char(head[stop])) ++stop;
      if (stop > start) out.emplace(head.substr(start, stop - start));
    }
  return out;
}

}  // namespace

std::optional<SourceParameters> source_parameters(const ptx::Module& m, const ptx::Function& kernel,
                                                  const SourceFiles& sources) {
  std::string function = kernel_function_name(demangle_kernel_name(kernel.name));
  if (function.empty()) return std::nullopt;
  // The files the kernel's own lines are in: where it is declared.
  std::set<uint32_t> files;
  for (const ptx::Instruction& ins : kernel.instructions)
    if (ins.loc.outer_line) files.insert(ins.loc.outer_file);
  std::optional<std::vector<std::string>> mangled_types = demangled_parameters(kernel.name);
  std::vector<SourceParameters> fitting;
  for (uint32_t index : files) {
    const SourceText* text = sources.get(index);
    if (!text || !text->readable()) continue;
    // The code (comments and literals blanked) as one string, with where each line starts.
    std::string code;
    std::vector<size_t> line_start;
    for (const std::string& l : text->code) {
      line_start.push_back(code.size());
      code += l + '\n';
    }
    for (size_t at = code.find(function); at != std::string::npos; at = code.find(function, at + 1)) {
      size_t end = at + function.size();
      if ((at > 0 && word_char(code[at - 1])) || (end < code.size() && word_char(code[end]))) continue;
      size_t open = code.find_first_not_of(" \t\n", end);
      if (open == std::string::npos || code[open] != '(') continue;
      // `__global__` in the same declaration: after the previous ';', '{' or '}'.
      size_t decl = code.find_last_of(";{}", at);
      std::string_view head(code.data() + (decl == std::string::npos ? 0 : decl + 1),
                            at - (decl == std::string::npos ? 0 : decl + 1));
      int depth = 0;
      size_t close = open;
      for (; close < code.size(); ++close) {
        if (code[close] == '(') ++depth;
        if (code[close] == ')' && --depth == 0) break;
      }
      if (close >= code.size()) continue;
      // CUB and CUTLASS hide `__global__` in a macro (CUB_DETAIL_KERNEL_ATTRIBUTES):
      // a definition of a void function of the kernel's name (a body follows;
      // a call never has one) in the kernel's own file is its definition too.
      size_t body = code.find_first_not_of(" \t\n", close + 1);
      bool defines_void = body != std::string::npos && code[body] == '{' && last_word(head) == "void";
      if (head.find("__global__") == std::string_view::npos && !defines_void) continue;
      std::set<std::string> template_types = template_type_names(head);
      std::vector<std::string> params = split_top(std::string_view(code).substr(open + 1, close - open - 1));
      if (params.size() != kernel.params.size()) continue;
      SourceParameters sp;
      bool fits = true;
      for (size_t i = 0; i < params.size() && fits; ++i) {
        Declared d = declared(params[i]);
        const ptx::Variable& p = kernel.params[i];
        bool address = p.dims.empty() && p.vector == 1 && pointer_sized_param(m, p);
        if (d.pointer && !address) fits = false;
        // A pointer in the mangled signature may be declared as a template
        // type (CUB's `InputIteratorT d_in` for an int*).
        if (mangled_types && i < mangled_types->size() &&
            ((*mangled_types)[i].find('*') != std::string::npos) != d.pointer &&
            (d.pointer || !template_types.count(last_word(d.type))))
          fits = false;
        sp.names.push_back(d.name);
        sp.types.push_back(d.type);
      }
      if (mangled_types && mangled_types->size() != params.size()) fits = false;
      if (!fits) continue;
      size_t line = std::upper_bound(line_start.begin(), line_start.end(), at) - line_start.begin();
      std::string_view path = m.file_path(index);
      sp.where = fmt::format("{}:{}", path.substr(path.rfind('/') + 1), line);
      fitting.push_back(std::move(sp));
    }
  }
  if (fitting.empty()) return std::nullopt;
  // Several fitting declarations (a declaration and its definition, or
  // overloads): only when they agree on every name.
  for (const SourceParameters& f : fitting)
    if (f.names != fitting.front().names) return std::nullopt;
  return fitting.front();
}

}  // namespace warpsat
