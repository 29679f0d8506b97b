// Function bodies: declarations, labels, instructions and their operands.
#include <stdexcept>

#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/ptx/parser_impl.h"

namespace warpsat::ptx::detail {

namespace {
// Bounds a function's register table (a `.reg .b32 %r<100000000>` would
// otherwise allocate gigabytes).
constexpr size_t kMaxRegisters = size_t{1} << 20;

uint8_t component_of(std::string_view dot) {
  if (dot == ".x" || dot == ".r") return 1;
  if (dot == ".y" || dot == ".g") return 2;
  if (dot == ".z" || dot == ".b") return 3;
  if (dot == ".w" || dot == ".a") return 4;
  return 0;
}

uint64_t loc_key(uint32_t file, uint32_t line, uint32_t column) {
  return (uint64_t{file} << 48) ^ (uint64_t{line} << 16) ^ column;
}
}  // namespace

std::optional<RegId> Parser::lookup_register(std::string_view name) const {
  // A trailing number may index a range (%r12 in %r<20>).
  size_t digits = name.size();
  while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
  for (uint32_t at = scope_;; at = scopes_[at].parent) {
    const Scope& s = scopes_[at];
    if (auto it = s.singles.find(name); it != s.singles.end()) return it->second;
    if (digits < name.size() && digits > 0) {
      auto it = s.ranges.find(name.substr(0, digits));
      std::string_view num = name.substr(digits);
      if (it != s.ranges.end() && !(num.size() > 1 && num[0] == '0')) {  // %r01 is no member of %r<N>
        uint64_t n = 0;
        for (char c : num) n = n * 10 + static_cast<uint64_t>(c - '0');
        if (num.size() <= 9 && n < it->second.count) return it->second.first + static_cast<RegId>(n);
      }
    }
    if (at == 0) return std::nullopt;
  }
}

std::string_view Parser::unique_name(std::string_view spelling, std::unordered_map<std::string_view, uint32_t>& seen) {
  uint32_t n = ++seen[spelling];
  if (n == 1) return spelling;
  return module_.scoped_names->emplace_back(fmt::format("{}{}{}", spelling, kScopedNameMark, n));
}

std::string_view Parser::declare_symbol(std::string_view spelling, SourcePos at, const char* what) {
  auto& symbols = scopes_[scope_].symbols;
  if (auto it = symbols.find(spelling); it != symbols.end())
    throw InputError({source_, at.line, at.column},
                     fmt::format("{} '{}' is defined twice{} (first at line {})", what, spelling,
                                 scope_ == 0 ? "" : " in one block", it->second.line),
                     line_of(*text_, at.line));
  std::string_view name = unique_name(spelling, symbols_seen_);
  symbols.emplace(spelling, ScopedSymbol{name, at.line});
  return name;
}

void Parser::open_scope() {
  Scope s;
  s.parent = scope_;
  scope_ = static_cast<uint32_t>(scopes_.size());
  scopes_.push_back(std::move(s));
}

void Parser::close_scope() {
  Scope& s = scopes_[scope_];
  s.singles = {};
  s.ranges = {};
  scope_ = s.parent;
}

void Parser::parse_body(Function& f) {
  scopes_.clear();
  scopes_.emplace_back();
  scope_ = 0;
  symbol_uses_.clear();
  symbols_seen_.clear();
  registers_seen_.clear();
  loc_context_.clear();
  current_loc_ = {};
  // Parameters in the .reg space (returns too) are registers of the body.
  for (std::vector<Variable>* list : {&f.returns, &f.params})
    for (const Variable& v : *list) {
      if (v.space == StateSpace::Reg) {
        scopes_.back().singles[v.name] = static_cast<RegId>(f.registers.size());
        f.registers.push_back(Register{unique_name(v.name, registers_seen_), 0, false, v.type, v.vector});
      } else {
        declare_symbol(v.name, v.pos, "parameter");
      }
    }
  const Token& open = expect(Tok::LBrace, "'{'");
  scope_depth_ = 1;
  while (scope_depth_ > 0) {
    if (at(Tok::End)) fail(open, "unterminated function body: no matching '}'");
    parse_statement(f);
  }
  resolve_symbols(f);
}

void Parser::parse_statement(Function& f) {
  const Token& t = peek();
  if (t.kind == Tok::LBrace) {
    take();
    if (++scope_depth_ > kMaxNesting) fail(t, "blocks nested too deeply");
    open_scope();
    f.body.push_back({Statement::Kind::ScopeBegin, 0});
    return;
  }
  if (t.kind == Tok::RBrace) {
    take();
    if (--scope_depth_ > 0) {
      close_scope();
      f.body.push_back({Statement::Kind::ScopeEnd, 0});
    }
    return;
  }
  if (t.kind == Tok::Dot) {
    std::string_view d = t.text;
    if (d == ".reg") return parse_reg_declaration(f);
    if (d == ".loc") return parse_loc(f);
    if (d == ".pragma") {
      take();
      const Token& p = expect(Tok::String, "a quoted pragma");
      f.body.push_back({Statement::Kind::Pragma, static_cast<uint32_t>(f.pragmas.size())});
      f.pragmas.push_back(p.text.substr(1, p.text.size() - 2));
      expect(Tok::Semi, "';' after .pragma");
      return;
    }
    auto space = parse_state_space(d.substr(1));
    if (space && *space != StateSpace::Reg && *space != StateSpace::SReg && *space != StateSpace::Tex) {
      take();
      size_t first = f.variables.size();
      parse_variable_declarators(Linkage::None, *space, {t.line, t.column}, f.variables, true);
      for (size_t i = first; i < f.variables.size(); ++i) {
        Variable& v = f.variables[i];
        v.name = declare_symbol(v.name, v.pos, "variable");
        f.body.push_back({Statement::Kind::Var, static_cast<uint32_t>(i)});
      }
      return;
    }
    fail(t, fmt::format("unexpected directive '{}' in a function body", d));
  }
  if (t.kind == Tok::Ident && peek(1).kind == Tok::Colon) {
    take();
    take();
    if (at(Tok::Dot) && (peek().text == ".branchtargets" || peek().text == ".callprototype"))
      return parse_labelled_directive(f, t);
    std::string_view name = declare_symbol(t.text, {t.line, t.column}, "label");
    f.body.push_back({Statement::Kind::Label, static_cast<uint32_t>(f.labels.size())});
    f.label_index.emplace(name, static_cast<uint32_t>(f.labels.size()));
    f.labels.push_back(Label{name, static_cast<uint32_t>(f.instructions.size()), {t.line, t.column}});
    return;
  }
  if (t.kind == Tok::Ident || t.kind == Tok::At) return parse_instruction(f);
  fail_expected("an instruction, a label or a declaration");
}

void Parser::parse_reg_declaration(Function& f) {
  const Token& d = take();
  Variable attrs;
  parse_variable_attributes(attrs);
  if (attrs.type == ScalarType::None) fail_expected("a register type such as .b32 or .pred");
  do {
    const Token& name = expect(Tok::Ident, "a register name");
    Scope& scope = scopes_[scope_];
    if (scope.singles.count(name.text) || scope.ranges.count(name.text))
      fail(name, fmt::format("register '{}' is already declared in this scope", name.text));
    std::string_view unique = unique_name(name.text, registers_seen_);
    RegDecl decl{{d.line, d.column}, attrs.type, attrs.vector, unique, 0, static_cast<RegId>(f.registers.size())};
    if (accept(Tok::Lt)) {
      const Token& count = peek();
      decl.count = small_integer("a register count");
      if (decl.count == 0) fail(count, "a register range <N> needs N >= 1");
      expect(Tok::Gt, "'>'");
      if (f.registers.size() + decl.count > kMaxRegisters)
        fail(name, fmt::format("more than {} registers in one function", kMaxRegisters));
      for (uint32_t i = 0; i < decl.count; ++i)
        f.registers.push_back(Register{unique, i, true, attrs.type, attrs.vector});
      scope.ranges[name.text] = {decl.first, decl.count};
    } else {
      if (f.registers.size() + 1 > kMaxRegisters)
        fail(name, fmt::format("more than {} registers in one function", kMaxRegisters));
      f.registers.push_back(Register{unique, 0, false, attrs.type, attrs.vector});
      scope.singles[name.text] = decl.first;
    }
    f.body.push_back({Statement::Kind::Reg, static_cast<uint32_t>(f.reg_decls.size())});
    f.reg_decls.push_back(decl);
  } while (accept(Tok::Comma));
  expect(Tok::Semi, "';' after .reg");
}

// `.loc file line column[, function_name X, inlined_at f l c]` ends at the
// end of its line (it has no semicolon).
void Parser::parse_loc(Function& f) {
  const Token& d = take();
  DebugLocDirective loc;
  loc.file = small_integer("a file index");
  loc.line = small_integer("a line number");
  loc.column = small_integer("a column");
  LocContext context{loc.file, loc.line, 0, {}};
  if (at(Tok::Comma) && peek().line == d.line) {
    const Token& first = peek();
    const Token* last = &first;
    while (!at(Tok::End) && peek().line == d.line) {
      if (peek().kind == Tok::Ident && peek().text == "function_name" && peek(1).line == d.line &&
          peek(1).kind == Tok::Ident)
        context.function = peek(1).text;
      if (peek().kind == Tok::Ident && peek().text == "inlined_at" && peek(1).kind == Tok::Int &&
          peek(2).kind == Tok::Int && peek(3).kind == Tok::Int) {
        auto at_file = static_cast<uint32_t>(integer(peek(1))), at_line = static_cast<uint32_t>(integer(peek(2))),
             at_col = static_cast<uint32_t>(integer(peek(3)));
        // The call site continues the chain the .loc at its position began
        // (nvcc writes that .loc first); one never seen ends it there.
        auto it = loc_context_.find(loc_key(at_file, at_line, at_col));
        LocContext caller = it != loc_context_.end() ? it->second : LocContext{at_file, at_line, 0, {}};
        context.outer_file = caller.outer_file;
        context.outer_line = caller.outer_line;
        auto key = std::tuple{at_file, at_line, at_col, caller.inlined_at, context.function};
        auto [site, fresh] = inline_site_index_.try_emplace(key, static_cast<uint32_t>(module_.inline_sites.size() + 1));
        if (fresh) module_.inline_sites.push_back({at_file, at_line, at_col, context.function, caller.inlined_at});
        context.inlined_at = site->second;
      }
      last = &take();
    }
    size_t begin = static_cast<size_t>(first.text.data() - text_->data());
    size_t end = static_cast<size_t>(last->text.data() - text_->data()) + last->text.size();
    loc.tail = std::string_view(*text_).substr(begin, end - begin);
  }
  loc_context_[loc_key(loc.file, loc.line, loc.column)] = context;
  current_loc_ = DebugLoc{loc.file, loc.line, loc.column, context.outer_file, context.outer_line, context.inlined_at};
  f.body.push_back({Statement::Kind::Loc, static_cast<uint32_t>(f.locs.size())});
  f.locs.push_back(loc);
}

void Parser::parse_labelled_directive(Function& f, const Token& name) {
  const Token& d = take();
  if (d.text == ".branchtargets") {
    BranchTargets bt{declare_symbol(name.text, {name.line, name.column}, "label"), {}};
    std::vector<const Token*> uses;
    do {
      const Token& l = expect(Tok::Ident, "a label");
      bt.labels.push_back(l.text);
      uses.push_back(&l);
    } while (accept(Tok::Comma));
    expect(Tok::Semi, "';' after .branchtargets");
    f.body.push_back({Statement::Kind::BranchTargets, static_cast<uint32_t>(f.branch_targets.size())});
    f.branch_targets.push_back(std::move(bt));
    // The labels' storage no longer moves: a vector keeps its buffer when its owner moves.
    for (size_t i = 0; i < uses.size(); ++i)
      symbol_uses_.push_back({uses[i], &f.branch_targets.back().labels[i], scope_});
    return;
  }
  CallPrototype p;
  p.name = declare_symbol(name.text, {name.line, name.column}, "label");
  if (at(Tok::LParen)) parse_param_list(p.returns, true);
  const Token& underscore = expect(Tok::Ident, "'_' (the prototype's function name)");
  if (underscore.text != "_") fail(underscore, "a .callprototype names its function '_'");
  if (at(Tok::LParen)) parse_param_list(p.params, true);
  if (at_dot(".noreturn")) take(), p.noreturn = true;
  expect(Tok::Semi, "';' after .callprototype");
  f.body.push_back({Statement::Kind::CallPrototype, static_cast<uint32_t>(f.prototypes.size())});
  f.prototypes.push_back(std::move(p));
}

void Parser::parse_instruction(Function& f) {
  Instruction ins;
  ins.pos = {peek().line, peek().column};
  ins.loc = current_loc_;
  if (accept(Tok::At)) {
    ins.has_guard = true;
    bool negated = accept(Tok::Bang);
    const Token& p = expect(Tok::Ident, "a predicate register after '@'");
    ins.guard = parse_name_operand(f, p);
    if (ins.guard.kind != Operand::Kind::Register) fail(p, fmt::format("'{}' is not a predicate register", p.text));
    ins.guard.negated = negated;
  }
  size_t first_use = symbol_uses_.size();
  const Token& op = expect(Tok::Ident, "an instruction");
  ins.name = op.text;
  ins.op = lookup_opcode(op.text);
  while (at(Tok::Dot) && !peek().space_before) ins.modifiers.push_back(take().text.substr(1));
  if (!at(Tok::Semi)) {
    do ins.operands.push_back(parse_operand(f, 0));
    while (accept(Tok::Comma));
  }
  expect(Tok::Semi, "';' or ',' after an operand");
  f.body.push_back({Statement::Kind::Instruction, static_cast<uint32_t>(f.instructions.size())});
  f.instructions.push_back(std::move(ins));
  // The operands now keep their addresses (moving an Instruction moves its
  // operand vectors' buffers), so the uses noted while parsing them, in the
  // same pre-order, can point at them.
  size_t next = first_use;
  for (Operand& o : f.instructions.back().operands) note_symbol_uses(o, next);
  if (next != symbol_uses_.size()) throw std::logic_error("PTX parser: symbol uses out of step with operands");
}

void Parser::note_symbol_uses(Operand& o, size_t& next) {
  if (o.kind == Operand::Kind::Symbol && next < symbol_uses_.size()) symbol_uses_[next++].name = &o.text;
  for (Operand& e : o.elements) note_symbol_uses(e, next);
}

Operand Parser::parse_name_operand(Function& f, const Token& name) {
  Operand o;
  o.text = name.text;
  if (name.text == "_") {
    o.kind = Operand::Kind::Sink;
    return o;
  }
  if (name.text == "WARP_SZ") {  // PTX's one predefined constant
    o.kind = Operand::Kind::Int;
    o.value = 32;
    return o;
  }
  if (auto r = lookup_register(name.text)) {
    o.kind = Operand::Kind::Register;
    o.reg = *r;
    return o;
  }
  if (name.text[0] == '%') {
    auto special = parse_special_register(name.text);
    if (!special) fail(name, fmt::format("undeclared register '{}'", name.text));
    o.kind = Operand::Kind::Special;
    o.special = *special;
    return o;
  }
  o.kind = Operand::Kind::Symbol;
  symbol_uses_.push_back({&name, nullptr, scope_});
  return o;
}

Operand Parser::parse_operand(Function& f, int depth) {
  if (depth > kMaxNesting) fail(peek(), "operand nested too deeply");
  const Token& t = peek();
  Operand o;
  switch (t.kind) {
    case Tok::Bang: {
      take();
      o = parse_operand(f, depth + 1);
      o.negated = !o.negated;
      return o;
    }
    case Tok::Minus:
    case Tok::Int: {
      bool negative = accept(Tok::Minus);
      const Token& n = peek();
      if (n.kind == Tok::Float) {
        take();
        o.kind = Operand::Kind::Float;
        float_literal(n, o.value, o.float_bits);
        if (negative) o.value ^= o.float_bits == 32 ? (int64_t{1} << 31) : INT64_MIN;
      } else {
        expect(Tok::Int, "a number after '-'");
        uint64_t v = integer(n);
        o.kind = Operand::Kind::Int;
        o.value = negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
      }
      size_t begin = static_cast<size_t>(t.text.data() - text_->data());
      size_t end = static_cast<size_t>(n.text.data() - text_->data()) + n.text.size();
      o.text = std::string_view(*text_).substr(begin, end - begin);
      return o;
    }
    case Tok::Float:
      take();
      o.kind = Operand::Kind::Float;
      float_literal(t, o.value, o.float_bits);
      o.text = t.text;
      return o;
    case Tok::LBracket:
      return parse_address(f);
    case Tok::LBrace:
    case Tok::LParen: {
      take();
      bool brace = t.kind == Tok::LBrace;
      o.kind = brace ? Operand::Kind::Vector : Operand::Kind::List;
      Tok close = brace ? Tok::RBrace : Tok::RParen;
      if (!at(close)) {
        do o.elements.push_back(parse_operand(f, depth + 1));
        while (accept(Tok::Comma));
      }
      expect(close, brace ? "'}' or ',' in the vector" : "')' or ',' in the list");
      return o;
    }
    case Tok::Ident: {
      take();
      o = parse_name_operand(f, t);
      if (at(Tok::Dot) && !peek().space_before) {
        uint8_t c = component_of(peek().text);
        bool allowed = (o.kind == Operand::Kind::Special && special_has_component(o.special)) ||
                       (o.kind == Operand::Kind::Register && f.registers[o.reg].vector > 1);
        if (c == 0 || !allowed) fail(peek(), fmt::format("unexpected '{}' after '{}'", peek().text, t.text));
        take();
        o.component = c;
      } else if (o.kind == Operand::Kind::Special && special_has_component(o.special)) {
        fail(t, fmt::format("'{}' needs a component: {}.x, .y or .z", t.text, t.text));
      }
      if (at(Tok::Pipe)) {
        take();
        Operand second = parse_name_operand(f, expect(Tok::Ident, "a register after '|'"));
        Operand pair;
        pair.kind = Operand::Kind::Pair;
        pair.elements = {std::move(o), std::move(second)};
        return pair;
      }
      if ((at(Tok::Plus) || at(Tok::Minus)) && (peek(1).kind == Tok::Int || peek(1).kind == Tok::Minus)) {
        Operand sum;
        sum.kind = Operand::Kind::Sum;
        parse_offset(sum);
        sum.elements.push_back(std::move(o));
        return sum;
      }
      return o;
    }
    default:
      fail_expected("an operand");
  }
}

Operand Parser::parse_address(Function& f) {
  const Token& open = take();
  Operand o;
  o.kind = Operand::Kind::Address;
  const Token& b = peek();
  if (b.kind == Tok::Ident) {
    take();
    o.elements.push_back(parse_name_operand(f, b));
  } else if (b.kind == Tok::Int || b.kind == Tok::Minus) {
    o.elements.push_back(parse_operand(f, 1));
  } else {
    fail_expected("a register, variable or address in '[...]'");
  }
  if (at(Tok::Plus) || at(Tok::Minus)) parse_offset(o);
  while (accept(Tok::Comma)) o.elements.push_back(parse_operand(f, 1));
  if (!at(Tok::RBracket)) fail_expected(open.line == peek().line ? "']' or '+offset'" : "']'");
  take();
  return o;
}

// `+4`, `-4`, `+-4`: sets o.value and keeps the spelling in o.text.
void Parser::parse_offset(Operand& o) {
  const Token& sign = take();
  bool negative = sign.kind == Tok::Minus;
  if (accept(Tok::Minus)) negative = !negative;
  const Token& n = expect(Tok::Int, "an offset");
  uint64_t v = integer(n);
  o.value = negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
  size_t begin = static_cast<size_t>(sign.text.data() - text_->data());
  size_t end = static_cast<size_t>(n.text.data() - text_->data()) + n.text.size();
  o.text = std::string_view(*text_).substr(begin, end - begin);
}

// PTX resolves a name through the blocks enclosing its use, innermost
// first, then the module (a branch may leave its block, never enter one).
void Parser::resolve_symbols(const Function& f) {
  for (const SymbolUse& use : symbol_uses_) {
    std::string_view spelling = use.token->text;
    bool found = false;
    for (uint32_t at = use.scope;; at = scopes_[at].parent) {
      const auto& symbols = scopes_[at].symbols;
      if (auto it = symbols.find(spelling); it != symbols.end()) {
        if (use.name) *use.name = it->second.name;
        found = true;
        break;
      }
      if (at == 0) break;
    }
    if (found || module_.find_variable(spelling) || module_.find_function(spelling) || spelling == f.name) continue;
    fail(*use.token,
         fmt::format("'{}' is not a label, variable or function declared here or in an enclosing block", spelling));
  }
  symbol_uses_.clear();
}

}  // namespace warpsat::ptx::detail
