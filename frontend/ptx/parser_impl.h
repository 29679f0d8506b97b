// The parser's internals, shared by parser.cpp (module level and
// declarations) and parser_body.cpp (function bodies and operands).
#pragma once

#include <string>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "frontend/ptx/ir.h"
#include "frontend/ptx/lexer.h"

namespace warpsat::ptx::detail {

class Parser {
 public:
  Parser(std::shared_ptr<const std::string> text, std::string source);
  Module parse();

 private:
  // Tokens
  const Token& peek(size_t ahead = 0) const { return toks_[std::min(pos_ + ahead, toks_.size() - 1)]; }
  const Token& take() { return toks_[pos_ < toks_.size() - 1 ? pos_++ : pos_]; }
  bool at(Tok k) const { return peek().kind == k; }
  bool at_dot(std::string_view d) const { return peek().kind == Tok::Dot && peek().text == d; }
  bool accept(Tok k);
  const Token& expect(Tok k, const char* what);
  [[noreturn]] void fail(const Token& at, const std::string& message) const;
  [[noreturn]] void fail_expected(const char* what) const;

  // Numbers
  uint64_t integer(const Token& t) const;               // value of an Int token
  int64_t signed_integer();                             // [-]Int
  uint32_t small_integer(const char* what);             // Int that fits 32 bits
  void float_literal(const Token& t, int64_t& bits, uint8_t& width) const;

  // Module level (parser.cpp)
  void parse_header_directive();
  void parse_file_directive();
  void parse_section();
  void parse_declaration();  // linkage + variable or function
  void parse_function(Linkage linkage, bool is_entry, SourcePos pos);
  void parse_function_directives(Function& f);
  void parse_param_list(std::vector<Variable>& out, bool allow_unnamed);
  Variable parse_param();
  // `[.align N] [.vN] .type name[dims] [= init]` after the state space.
  void parse_variable_declarators(Linkage linkage, StateSpace space, SourcePos pos, std::vector<Variable>& out,
                                  bool allow_init);
  void parse_variable_attributes(Variable& v);
  void parse_dims(Variable& v);
  Initializer parse_initializer(int depth);

  // Function bodies (parser_body.cpp)
  void parse_body(Function& f);
  void parse_statement(Function& f);
  void parse_reg_declaration(Function& f);
  void parse_loc(Function& f);
  void parse_labelled_directive(Function& f, const Token& name);
  void parse_instruction(Function& f);
  Operand parse_operand(Function& f, int depth);
  Operand parse_name_operand(Function& f, const Token& name);
  Operand parse_address(Function& f);
  void parse_offset(Operand& o);
  void resolve_symbols(const Function& f);

  // Scopes (ir.h, "Scoped names"): one per `{ }` block of the function being
  // parsed, [0] its body, kept after the block closes. Registers resolve
  // where they are used (PTX declares them first); labels and variables may
  // be used before their declaration, so their uses are resolved once the
  // function ends, through the enclosing blocks of the use.
  struct RegRange {
    RegId first;
    uint32_t count;
  };
  struct ScopedSymbol {
    std::string_view name;  // unique in the function
    uint32_t line;
  };
  struct Scope {
    uint32_t parent = 0;
    std::unordered_map<std::string_view, RegId> singles;  // by spelling; cleared when the block closes
    std::unordered_map<std::string_view, RegRange> ranges;
    std::unordered_map<std::string_view, ScopedSymbol> symbols;  // labels and variables, by spelling
  };
  // A name an instruction or .branchtargets uses, rewritten to the unique name it resolves to.
  struct SymbolUse {
    const Token* token;
    std::string_view* name;  // Operand::text or a BranchTargets label; set once its instruction is stored
    uint32_t scope;
  };
  std::optional<RegId> lookup_register(std::string_view name) const;
  // The unique name for the next declaration of `spelling` in this function.
  std::string_view unique_name(std::string_view spelling, std::unordered_map<std::string_view, uint32_t>& seen);
  // Declares a label or variable in the innermost block; fails on a second one there.
  std::string_view declare_symbol(std::string_view spelling, SourcePos at, const char* what);
  void open_scope();
  void close_scope();
  void note_symbol_uses(Operand& o, size_t& next);

  std::shared_ptr<const std::string> text_;
  std::string source_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  Module module_;
  std::vector<Scope> scopes_;
  uint32_t scope_ = 0;  // the innermost open block
  std::vector<SymbolUse> symbol_uses_;
  // How often each spelling has been declared in this function so far.
  std::unordered_map<std::string_view, uint32_t> symbols_seen_, registers_seen_;
  // For .loc ... inlined_at chains: what the last .loc at each position
  // said, so that a later `inlined_at` that position continues its chain.
  struct LocContext {
    uint32_t outer_file = 0, outer_line = 0;  // the outermost position
    uint32_t inlined_at = 0;                  // 1 + index into module_.inline_sites
    std::string_view function;                // its function_name label
  };
  std::unordered_map<uint64_t, LocContext> loc_context_;
  // Inline sites by position and context, so that each is stored once.
  std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, std::string_view>, uint32_t> inline_site_index_;
  DebugLoc current_loc_;
  int scope_depth_ = 0;
};

inline constexpr int kMaxNesting = 64;

}  // namespace warpsat::ptx::detail
