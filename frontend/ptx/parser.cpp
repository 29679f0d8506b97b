#include "frontend/ptx/parser.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/ptx/checks.h"
#include "frontend/ptx/parser_impl.h"
#include "frontend/read_file.h"

namespace warpsat::ptx {

namespace {

// CUDA C++ given where PTX is wanted (`warpsat branches racy.cu`) gets a
// message that says what to do, not the lexer's "unexpected character".
std::string compile_first(const std::string& source) {
  std::string stem = source.substr(0, source.rfind('.'));
  return fmt::format("this is CUDA C++ source, not PTX: compile it first, e.g. `nvcc -ptx -lineinfo -arch=sm_80 {} -o "
                     "{}.ptx` (-lineinfo keeps the source lines warpsat reports), and give warpsat the .ptx",
                     source, stem.empty() ? "kernel" : stem);
}

bool source_file_name(std::string_view path) {
  for (std::string_view ext : {".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp"})
    if (path.size() > ext.size() && path.ends_with(ext)) return true;
  return false;
}

// The first line (1-based) that starts the way only C or C++ does: a
// preprocessor directive or a CUDA or C++ keyword no PTX line begins with.
// 0: none.
uint32_t cxx_line(std::string_view text) {
  static constexpr std::string_view kStarts[] = {"#include", "#define",   "#pragma",    "#if",       "template",
                                                 "__global__", "__device__", "__host__", "extern \"C\"", "namespace",
                                                 "using ",     "struct ",    "class ",    "typedef ",  "int main"};
  uint32_t line = 1;
  for (size_t at = 0; at < text.size(); ++line) {
    size_t end = text.find('\n', at);
    std::string_view l = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    size_t first = l.find_first_not_of(" \t\r");
    if (first != std::string_view::npos)
      for (std::string_view start : kStarts)
        if (l.substr(first).starts_with(start)) return line;
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return 0;
}

}  // namespace

Module parse_module(std::string text, std::string source) {
  auto owned = std::make_shared<const std::string>(std::move(text));
  try {
    return detail::Parser(owned, source).parse();
  } catch (const InputError&) {
    // Only where it does not parse as PTX, and has no .version line (PTX
    // may use the C preprocessor's #include and #define too).
    uint32_t line = cxx_line(*owned);
    bool ptx = owned->starts_with(".version") || owned->find("\n.version") != std::string::npos;
    if (!ptx && (line || source_file_name(source)))
      throw InputError({source, std::max(line, 1u), 1}, compile_first(source), line_of(*owned, std::max(line, 1u)));
    throw;
  }
}

Module read_module(const std::string& path) { return parse_module(read_file(path, kMaxPtxBytes), path); }

namespace detail {

Parser::Parser(std::shared_ptr<const std::string> text, std::string source)
    : text_(std::move(text)), source_(std::move(source)) {
  toks_ = lex(*text_, source_);
  module_.text = text_;
  module_.source = source_;
}

bool Parser::accept(Tok k) {
  if (!at(k)) return false;
  take();
  return true;
}

const Token& Parser::expect(Tok k, const char* what) {
  if (!at(k)) fail_expected(what);
  return take();
}

void Parser::fail(const Token& t, const std::string& message) const {
  throw InputError({source_, t.line, t.column}, message, line_of(*text_, t.line));
}

void Parser::fail_expected(const char* what) const {
  const Token& t = peek();
  std::string found = t.kind == Tok::End ? "end of file" : fmt::format("'{}'", t.text);
  fail(t, fmt::format("expected {}, found {}", what, found));
}

uint64_t Parser::integer(const Token& t) const {
  std::string_view s = t.text;
  if (!s.empty() && s.back() == 'U') s.remove_suffix(1);
  unsigned base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s.remove_prefix(2);
  else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, s.remove_prefix(2);
  else if (s.size() > 1 && s[0] == '0') base = 8, s.remove_prefix(1);
  uint64_t v = 0;
  for (char c : s) {
    unsigned d = c <= '9' ? static_cast<unsigned>(c - '0') : static_cast<unsigned>((c | 0x20) - 'a' + 10);
    if (d >= base) fail(t, fmt::format("'{}' is not a valid base-{} number", t.text, base));
    if (v > (UINT64_MAX - d) / base) fail(t, fmt::format("integer '{}' does not fit 64 bits", t.text));
    v = v * base + d;
  }
  return v;
}

int64_t Parser::signed_integer() {
  bool negative = accept(Tok::Minus);
  const Token& t = expect(Tok::Int, "an integer");
  uint64_t v = integer(t);
  return negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
}

uint32_t Parser::small_integer(const char* what) {
  const Token& t = expect(Tok::Int, what);
  uint64_t v = integer(t);
  if (v > UINT32_MAX) fail(t, fmt::format("{} {} is too large", what, v));
  return static_cast<uint32_t>(v);
}

void Parser::float_literal(const Token& t, int64_t& bits, uint8_t& width) const {
  std::string_view s = t.text;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'f' || s[1] == 'F' || s[1] == 'd' || s[1] == 'D')) {
    width = (s[1] == 'f' || s[1] == 'F') ? 32 : 64;
    uint64_t v = 0;
    for (char c : s.substr(2)) v = v * 16 + static_cast<uint64_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    bits = static_cast<int64_t>(v);
    return;
  }
  // Decimal spelling: kept as text, and as the double's bits for convenience.
  width = 0;
  double d = std::strtod(std::string(s).c_str(), nullptr);
  std::memcpy(&bits, &d, sizeof d);
}

Module Parser::parse() {
  while (!at(Tok::End)) {
    const Token& t = peek();
    if (t.kind != Tok::Dot) fail_expected("a directive such as .version, .entry or .global");
    if (t.text == ".version" || t.text == ".target" || t.text == ".address_size")
      parse_header_directive();
    else if (t.text == ".file")
      parse_file_directive();
    else if (t.text == ".section")
      parse_section();
    else
      parse_declaration();
  }
  if (module_.version_major == 0) throw InputError({source_, 1, 1}, "missing .version directive");
  if (module_.targets.empty()) throw InputError({source_, 1, 1}, "missing .target directive");
  check_module(module_);
  return std::move(module_);
}

void Parser::parse_header_directive() {
  const Token& d = take();
  if (d.text == ".version") {
    const Token& v = peek();
    if (v.kind != Tok::Float && v.kind != Tok::Int) fail_expected("a version such as 8.5");
    take();
    auto dot = v.text.find('.');
    std::string_view major = v.text.substr(0, dot), minor = dot == std::string_view::npos ? "" : v.text.substr(dot + 1);
    auto number = [](std::string_view n) -> std::optional<uint32_t> {
      if (n.empty() || n.size() > 4 || n.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
      return static_cast<uint32_t>(std::stoul(std::string(n)));
    };
    auto ma = number(major), mi = number(minor);
    if (!ma || !mi || *ma == 0) fail(v, "a .version must be MAJOR.MINOR, e.g. 8.5");
    module_.version_major = *ma;
    module_.version_minor = *mi;
  } else if (d.text == ".target") {
    do module_.targets.push_back(expect(Tok::Ident, "a target such as sm_90").text);
    while (accept(Tok::Comma));
  } else {
    module_.address_size = small_integer("an address size (32 or 64)");
    if (module_.address_size != 32 && module_.address_size != 64) fail(toks_[pos_ - 1], ".address_size must be 32 or 64");
  }
}

void Parser::parse_file_directive() {
  take();
  FileDirective f;
  f.index = small_integer("a file index");
  const Token& path = expect(Tok::String, "a quoted file name");
  f.path = path.text.substr(1, path.text.size() - 2);
  if (at(Tok::Comma)) {
    const Token& first = peek();
    size_t begin = static_cast<size_t>(first.text.data() - text_->data());
    size_t end = begin;
    while (accept(Tok::Comma)) {
      const Token& n = expect(Tok::Int, "a timestamp or size");
      end = static_cast<size_t>(n.text.data() - text_->data()) + n.text.size();
    }
    f.tail = std::string_view(*text_).substr(begin, end - begin);
  }
  module_.items.push_back({Module::Item::Kind::File, static_cast<uint32_t>(module_.files.size())});
  module_.files.push_back(f);
}

void Parser::parse_section() {
  take();
  Section s;
  s.name = expect(Tok::Dot, "a section name such as .debug_info").text;
  const Token& open = expect(Tok::LBrace, "'{'");
  int depth = 1;
  while (depth > 0) {
    if (at(Tok::End)) fail(open, "unterminated .section: no matching '}'");
    if (at(Tok::LBrace)) ++depth;
    if (at(Tok::RBrace)) --depth;
    if (depth > 0) take();
  }
  const Token& close = take();
  size_t begin = static_cast<size_t>(open.text.data() - text_->data()) + 1;
  size_t end = static_cast<size_t>(close.text.data() - text_->data());
  s.body = std::string_view(*text_).substr(begin, end - begin);
  module_.items.push_back({Module::Item::Kind::Section, static_cast<uint32_t>(module_.sections.size())});
  module_.sections.push_back(s);
}

void Parser::parse_declaration() {
  SourcePos pos{peek().line, peek().column};
  Linkage linkage = Linkage::None;
  for (;;) {
    std::string_view d = peek().text;
    if (peek().kind != Tok::Dot) break;
    if (d == ".visible") linkage = Linkage::Visible;
    else if (d == ".extern") linkage = Linkage::Extern;
    else if (d == ".weak") linkage = Linkage::Weak;
    else if (d == ".common") linkage = Linkage::Common;
    else break;
    take();
  }
  const Token& d = peek();
  if (d.kind != Tok::Dot) fail_expected("'.entry', '.func' or a variable declaration");
  if (d.text == ".entry" || d.text == ".func") {
    take();
    parse_function(linkage, d.text == ".entry", pos);
    return;
  }
  auto space = parse_state_space(d.text.substr(1));
  if (!space || *space == StateSpace::Reg || *space == StateSpace::Param)
    fail(d, fmt::format("unknown or misplaced directive '{}' at module scope", d.text));
  take();
  size_t first = module_.variables.size();
  parse_variable_declarators(linkage, *space, pos, module_.variables, true);
  for (size_t i = first; i < module_.variables.size(); ++i)
    module_.items.push_back({Module::Item::Kind::Variable, static_cast<uint32_t>(i)});
}

void Parser::parse_variable_attributes(Variable& v) {
  while (at(Tok::Dot)) {
    std::string_view a = peek().text.substr(1);
    if (a == "align") {
      take();
      v.align = small_integer("an alignment");
    } else if (a == "v2" || a == "v4" || a == "v8") {
      take();
      v.vector = static_cast<uint8_t>(a[1] - '0');
    } else if (auto t = parse_scalar_type(a)) {
      take();
      v.type = *t;
    } else if (a == "ptr") {
      take();
      v.ptr = true;
      while (at(Tok::Dot)) {
        std::string_view p = peek().text.substr(1);
        if (auto sp = parse_state_space(p)) {
          take();
          v.ptr_space = *sp;
        } else if (p == "align") {
          take();
          v.ptr_align = small_integer("an alignment");
        } else {
          break;
        }
      }
    } else if (a == "texref" || a == "samplerref" || a == "surfref" || a == "attribute" || a == "managed" ||
               a == "unified") {
      take();
      v.extra.push_back(a);
      if (a == "attribute" && accept(Tok::LParen)) {  // .attribute(.managed)
        while (!at(Tok::RParen) && !at(Tok::End)) v.extra.push_back(take().text);
        expect(Tok::RParen, "')'");
      }
    } else {
      break;
    }
  }
}

void Parser::parse_dims(Variable& v) {
  while (accept(Tok::LBracket)) {
    if (accept(Tok::RBracket)) {
      v.dims.push_back(0);
      continue;
    }
    const Token& n = expect(Tok::Int, "an array size");
    v.dims.push_back(integer(n));
    expect(Tok::RBracket, "']'");
  }
}

void Parser::parse_variable_declarators(Linkage linkage, StateSpace space, SourcePos pos, std::vector<Variable>& out,
                                        bool allow_init) {
  Variable proto;
  proto.pos = pos;
  proto.linkage = linkage;
  proto.space = space;
  parse_variable_attributes(proto);
  if (proto.type == ScalarType::None && proto.extra.empty()) fail_expected("a type such as .u32 or .b8");
  do {
    Variable v = proto;
    v.name = expect(Tok::Ident, "a variable name").text;
    parse_dims(v);
    if (accept(Tok::Equals)) {
      if (!allow_init) fail(toks_[pos_ - 1], "this variable cannot have an initialiser");
      v.has_init = true;
      v.init = parse_initializer(0);
    }
    out.push_back(std::move(v));
  } while (accept(Tok::Comma));
  expect(Tok::Semi, "';' after the declaration");
}

Initializer Parser::parse_initializer(int depth) {
  if (depth > kMaxNesting) fail(peek(), "initialiser nested too deeply");
  Initializer init;
  if (accept(Tok::LBrace)) {
    init.kind = Initializer::Kind::List;
    if (!at(Tok::RBrace)) {
      do init.items.push_back(parse_initializer(depth + 1));
      while (accept(Tok::Comma));
    }
    expect(Tok::RBrace, "'}' or ',' in the initialiser");
    return init;
  }
  if (at(Tok::Ident) && peek().text == "generic" && peek(1).kind == Tok::LParen) {
    take();
    take();
    init.kind = Initializer::Kind::Generic;
    init.text = expect(Tok::Ident, "a variable name").text;
    expect(Tok::RParen, "')'");
    return init;
  }
  if (at(Tok::Ident)) {
    init.kind = Initializer::Kind::Symbol;
    init.text = take().text;
    if (at(Tok::Plus) || at(Tok::Minus)) {
      bool minus = take().kind == Tok::Minus;
      int64_t off = signed_integer();
      init.value = minus ? -off : off;
    }
    return init;
  }
  bool negative = accept(Tok::Minus);
  const Token& t = peek();
  if (t.kind == Tok::Int) {
    take();
    uint64_t v = integer(t);
    init.kind = Initializer::Kind::Int;
    init.value = negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
    init.text = t.text;
    init.negative = negative;
    return init;
  }
  if (t.kind == Tok::Float) {
    take();
    init.kind = Initializer::Kind::Float;
    float_literal(t, init.value, init.float_bits);
    if (negative) init.value ^= init.float_bits == 32 ? (int64_t{1} << 31) : INT64_MIN;
    init.text = t.text;
    init.negative = negative;
    return init;
  }
  fail_expected("an initialiser value");
}

Variable Parser::parse_param() {
  Variable v;
  v.pos = {peek().line, peek().column};
  const Token& d = expect(Tok::Dot, "'.param' or '.reg'");
  auto space = parse_state_space(d.text.substr(1));
  if (!space || (*space != StateSpace::Param && *space != StateSpace::Reg))
    fail(d, fmt::format("expected '.param' or '.reg', found '{}'", d.text));
  v.space = *space;
  parse_variable_attributes(v);
  if (v.type == ScalarType::None && v.extra.empty()) fail_expected("a parameter type such as .u64");
  v.name = expect(Tok::Ident, "a parameter name").text;
  parse_dims(v);
  return v;
}

void Parser::parse_param_list(std::vector<Variable>& out, bool allow_unnamed) {
  expect(Tok::LParen, "'('");
  if (!at(Tok::RParen)) {
    do {
      out.push_back(parse_param());
      if (!allow_unnamed && out.back().name == "_") fail(toks_[pos_ - 1], "a parameter needs a name");
    } while (accept(Tok::Comma));
  }
  expect(Tok::RParen, "')' or ',' in the parameter list");
}

void Parser::parse_function_directives(Function& f) {
  // Components not written stay 0 (absent); a written 0 is no count at all.
  auto triple = [&](uint32_t (&out)[3], const char* what) {
    for (int i = 0; i < 3 && (i == 0 || accept(Tok::Comma)); ++i) {
      const Token& t = peek();
      out[i] = small_integer(what);
      if (out[i] == 0) fail(t, fmt::format("{} of 0: each dimension needs at least 1", what));
    }
  };
  while (at(Tok::Dot)) {
    std::string_view d = peek().text;
    if (d == ".maxntid") take(), triple(f.maxntid, "a thread count");
    else if (d == ".reqntid") take(), triple(f.reqntid, "a thread count");
    else if (d == ".reqnctapercluster") take(), triple(f.reqnctapercluster, "a CTA count");
    else if (d == ".minnctapersm") take(), f.minnctapersm = small_integer("a CTA count");
    else if (d == ".maxnreg") take(), f.maxnreg = small_integer("a register count");
    else if (d == ".maxclusterrank") take(), f.maxclusterrank = small_integer("a CTA count");
    else if (d == ".explicitcluster") take(), f.explicitcluster = true;
    else if (d == ".noreturn") take(), f.noreturn = true;
    else if (d == ".pragma") {
      take();
      const Token& p = expect(Tok::String, "a quoted pragma");
      f.pragmas.push_back(p.text.substr(1, p.text.size() - 2));
      expect(Tok::Semi, "';' after .pragma");
      f.header_pragmas = f.pragmas.size();
    } else {
      break;
    }
  }
}

void Parser::parse_function(Linkage linkage, bool is_entry, SourcePos pos) {
  Function f;
  f.pos = pos;
  f.linkage = linkage;
  f.is_entry = is_entry;
  if (!is_entry && at(Tok::LParen)) parse_param_list(f.returns, false);
  f.name = expect(Tok::Ident, "a function name").text;
  if (at(Tok::LParen)) parse_param_list(f.params, false);
  parse_function_directives(f);
  if (accept(Tok::Semi)) {
    module_.items.push_back({Module::Item::Kind::Function, static_cast<uint32_t>(module_.functions.size())});
    module_.functions.push_back(std::move(f));
    return;
  }
  if (!at(Tok::LBrace)) fail_expected("'{' to start the function body, or ';'");
  f.has_body = true;
  parse_body(f);
  module_.items.push_back({Module::Item::Kind::Function, static_cast<uint32_t>(module_.functions.size())});
  module_.functions.push_back(std::move(f));
}

}  // namespace detail
}  // namespace warpsat::ptx
