// The intermediate representation of a PTX module: what the parser builds,
// the printer writes back, and the analyses and the emulator read.
//
// Names are string_views into Module::text (or Module::scoped_names), which
// the module owns; a Module is therefore moved, never copied.
//
// Scoped names. A `{ }` block inside a function body opens a scope: labels,
// variables and registers declared in it are visible only inside it, and the
// same name may be declared again in a sibling block or shadow an outer one
// (CUTLASS's inline assembly repeats `LAB_WAIT:` and `.reg .pred P1;` in
// every block). The IR gives every such declaration a name unique within its
// function, so that the CFG, slices, the emulator and the encodings find
// labels, variables and registers by name without knowing about scopes: the
// first declaration of a spelling in a function (in source order) keeps it,
// the k-th one is named `spelling#k` ('#' cannot occur in a PTX identifier).
// The parser resolves every use through the enclosing blocks to that unique
// name; the printer writes source_spelling() back inside the same blocks, so
// print and reparse give the same unique names.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "frontend/ptx/opcode.h"
#include "frontend/ptx/types.h"

namespace warpsat::ptx {

inline constexpr char kScopedNameMark = '#';

// The spelling in the PTX source of a (possibly renamed) scoped name:
// "LAB_WAIT#2" -> "LAB_WAIT".
inline std::string_view source_spelling(std::string_view name) { return name.substr(0, name.find(kScopedNameMark)); }

struct SourcePos {
  uint32_t line = 0;    // 1-based line in the PTX file
  uint32_t column = 0;  // 1-based
};

// A `.loc file line column` in effect for an instruction (0 = none): the
// innermost source position, in the function the code was written in. For
// code inlined from elsewhere, `outer_*` is the outermost `inlined_at`
// position (the line in the kernel everything was inlined into), and
// `inlined_at` the call site it was inlined at directly: 1 + an index into
// Module::inline_sites, whose own `inlined_at` continues the chain (0: not
// inlined).
struct DebugLoc {
  uint32_t file = 0, line = 0, column = 0;
  uint32_t outer_file = 0, outer_line = 0;
  uint32_t inlined_at = 0;
  friend bool operator==(const DebugLoc&, const DebugLoc&) = default;
};

// A call site code was inlined at (`.loc ... function_name F, inlined_at f l
// c`): its position, the function inlined there (F, the `function_name`
// label, e.g. $L__info_string0 naming a .debug_str entry; empty when none),
// and where the function holding the call site was itself inlined (1 +
// index; 0: it is the kernel).
struct InlineSite {
  uint32_t file = 0, line = 0, column = 0;
  std::string_view callee;
  uint32_t inlined_at = 0;
  friend bool operator==(const InlineSite&, const InlineSite&) = default;
};

using RegId = uint32_t;

struct Register {
  std::string_view prefix;  // "%r" for a range %r<10>; the whole name otherwise (unique: "%r#2", see above)
  uint32_t index = 0;       // number within a range
  bool in_range = false;    // declared by %r<N>
  ScalarType type = ScalarType::None;
  uint8_t vector = 1;       // .v2/.v4/.v8 registers
  std::string name() const;      // unique in the function: "%r5", or "%r5#2" for a redeclared range
  std::string spelling() const;  // as the PTX source writes it: "%r5"
};

struct Operand {
  enum class Kind : uint8_t {
    Register,  // reg (component > 0 for an element of a vector register)
    Special,   // special register, e.g. %tid.x (component 1..3)
    Int,       // integer literal: value
    Float,     // 0fXXXXXXXX (float_bits 32), 0dXXXXXXXXXXXXXXXX (64), or decimal (0); value = bit pattern
    Symbol,    // a variable, label or function name
    Address,   // [base + offset]: elements[0] is the base (Register, Symbol or Int), elements[1..] extra parts
    Vector,    // {a, b, ...}
    List,      // (a, b, ...) of call
    Sink,      // _
    Pair,      // %p|%q: elements[0], elements[1]
    Sum,       // reg+imm outside brackets: elements[0] + value (text spells "+imm")
  };
  Kind kind = Kind::Int;
  bool negated = false;      // !%p
  uint8_t component = 0;     // 1..4 for .x .y .z .w
  uint8_t float_bits = 0;
  SpecialReg special = SpecialReg::Other;
  RegId reg = 0;
  int64_t value = 0;         // Int value, Float bits, Address offset
  std::string_view text;     // spelling (Symbol and Special names, decimal floats, literals as written)
  std::vector<Operand> elements;

  friend bool operator==(const Operand&, const Operand&) = default;
};

struct Instruction {
  SourcePos pos;
  DebugLoc loc;
  Opcode op = Opcode::Unknown;
  std::string_view name;                  // base opcode, e.g. "ld"
  std::vector<std::string_view> modifiers;  // {"global", "v4", "f32"}: without dots, in order
  bool has_guard = false;
  Operand guard;                          // a predicate Register (negated for @!%p)
  std::vector<Operand> operands;

  bool has(std::string_view modifier) const;
  // The last type modifier (the operation type for most instructions), and
  // the first state-space modifier.
  ScalarType type() const;
  std::optional<StateSpace> space() const;
};

// One initialiser of a variable: a number, a symbol (+offset), generic(sym),
// or a braced list.
struct Initializer {
  enum class Kind : uint8_t { Int, Float, Symbol, Generic, List };
  Kind kind = Kind::Int;
  int64_t value = 0;        // Int value, Float bits, Symbol offset
  uint8_t float_bits = 0;
  bool negative = false;    // spelled with a leading '-'
  std::string_view text;    // spelling of numbers (without the '-'); the symbol's name
  std::vector<Initializer> items;
  friend bool operator==(const Initializer&, const Initializer&) = default;
};

// A variable or parameter declaration: module scope, function scope or a
// function's parameter list.
struct Variable {
  SourcePos pos;
  Linkage linkage = Linkage::None;
  StateSpace space = StateSpace::None;
  uint32_t align = 0;            // 0: not given
  ScalarType type = ScalarType::None;
  uint8_t vector = 1;            // .v2/.v4
  std::string_view name;
  std::vector<uint64_t> dims;    // array dimensions; 0 for an unsized []
  bool has_init = false;
  Initializer init;
  // .param .u64 .ptr .global .align 16 p: kernel pointer-parameter attributes
  bool ptr = false;
  StateSpace ptr_space = StateSpace::None;
  uint32_t ptr_align = 0;
  std::vector<std::string_view> extra;  // other attributes (e.g. .texref), spelled
  uint64_t size_bytes() const;          // element size times the known dimensions
  friend bool operator==(const Variable& a, const Variable& b);
};

struct RegDecl {
  SourcePos pos;
  ScalarType type = ScalarType::None;
  uint8_t vector = 1;
  std::string_view name;  // "%r" for %r<10>
  uint32_t count = 0;     // N of <N>; 0 for a single register
  RegId first = 0;
  friend bool operator==(const RegDecl& a, const RegDecl& b) {
    return a.type == b.type && a.vector == b.vector && a.name == b.name && a.count == b.count && a.first == b.first;
  }
};

// `label: .branchtargets L1, L2;` and `label: .callprototype ...;`
struct BranchTargets {
  std::string_view name;
  std::vector<std::string_view> labels;
  friend bool operator==(const BranchTargets&, const BranchTargets&) = default;
};
struct CallPrototype {
  std::string_view name;
  std::vector<Variable> returns, params;
  bool noreturn = false;
  friend bool operator==(const CallPrototype& a, const CallPrototype& b);
};

struct DebugLocDirective {
  uint32_t file = 0, line = 0, column = 0;
  std::string_view tail;  // ", function_name ..., inlined_at f l c" as written, trimmed
  friend bool operator==(const DebugLocDirective&, const DebugLocDirective&) = default;
};

// The body of a function in source order: each statement indexes one of the
// function's vectors.
struct Statement {
  enum class Kind : uint8_t {
    Instruction, Label, ScopeBegin, ScopeEnd, Reg, Var, Loc, Pragma, BranchTargets, CallPrototype
  };
  Kind kind;
  uint32_t index = 0;  // into instructions, labels, reg_decls, variables, locs, pragmas, branch_targets, prototypes
  friend bool operator==(const Statement&, const Statement&) = default;
};

struct Label {
  std::string_view name;  // unique in the function (scoped names, above)
  uint32_t instruction = 0;  // index of the first instruction after the label
  SourcePos pos;
  friend bool operator==(const Label& a, const Label& b) { return a.name == b.name && a.instruction == b.instruction; }
};

struct Function {
  SourcePos pos;
  Linkage linkage = Linkage::None;
  bool is_entry = false;
  std::string_view name;
  std::vector<Variable> returns, params;
  bool has_body = false;
  bool noreturn = false;
  // Performance-tuning directives; 0 when absent.
  uint32_t maxntid[3] = {0, 0, 0}, reqntid[3] = {0, 0, 0};
  uint32_t minnctapersm = 0, maxnreg = 0, maxclusterrank = 0;
  uint32_t reqnctapercluster[3] = {0, 0, 0};
  bool explicitcluster = false;
  std::vector<std::string_view> pragmas;  // "nounroll" (unquoted), function-level and in the body

  std::vector<Register> registers;
  std::vector<RegDecl> reg_decls;
  std::vector<Variable> variables;  // .local/.shared/.param/.const declared in the body
  std::vector<Instruction> instructions;
  std::vector<Label> labels;
  // Label name to index into labels, kept by the parser so that defining and
  // resolving labels stays linear (200k labels took 20 s when every lookup
  // scanned); find_label scans when it does not cover every label.
  std::unordered_map<std::string_view, uint32_t> label_index;
  std::vector<DebugLocDirective> locs;
  std::vector<BranchTargets> branch_targets;
  std::vector<CallPrototype> prototypes;
  std::vector<Statement> body;
  size_t header_pragmas = 0;  // pragmas[0..header_pragmas) precede the body

  const Label* find_label(std::string_view name) const;
  const Variable* find_param(std::string_view name) const;
};

struct FileDirective {
  uint32_t index = 0;
  std::string_view path;  // without quotes
  std::string_view tail;  // ", timestamp, size" as written
  friend bool operator==(const FileDirective&, const FileDirective&) = default;
};

struct Section {
  std::string_view name;  // ".debug_info"
  std::string_view body;  // everything between the braces, verbatim
  friend bool operator==(const Section&, const Section&) = default;
};

struct Module {
  std::shared_ptr<const std::string> text;  // owns every string_view below but scoped names
  // The renamed scoped names ("LAB_WAIT#2"); a deque never moves its strings.
  std::shared_ptr<std::deque<std::string>> scoped_names = std::make_shared<std::deque<std::string>>();
  std::string source;                       // file name for diagnostics
  uint32_t version_major = 0, version_minor = 0;
  std::vector<std::string_view> targets;    // "sm_90a", "texmode_independent", ...
  uint32_t address_size = 64;
  std::vector<Variable> variables;          // module scope
  std::vector<Function> functions;
  std::vector<FileDirective> files;
  std::vector<Section> sections;
  std::vector<InlineSite> inline_sites;  // DebugLoc::inlined_at chains
  // Module items in source order, for printing.
  struct Item {
    enum class Kind : uint8_t { Variable, Function, File, Section };
    Kind kind;
    uint32_t index;
    friend bool operator==(const Item&, const Item&) = default;
  };
  std::vector<Item> items;

  const Function* find_function(std::string_view name) const;
  const Variable* find_variable(std::string_view name) const;
  std::string_view file_path(uint32_t index) const;  // "" if unknown
};

// Structural equality of two modules, ignoring positions in the PTX text:
// what "parse -> print -> parse gives the same IR" means.
bool same_ir(const Module& a, const Module& b, std::string* first_difference = nullptr);

}  // namespace warpsat::ptx
