// What ptxas rejects and the tools would otherwise misread, checked once a
// module has parsed (docs/emulator.md, "Input checks"): an opcode the ISA
// does not have (the emulator would report it only when it ran it, and
// `profile` would count it), operand counts of the fixed-arity arithmetic
// instructions (`add` with six operands ran as `add` with three), register
// sizes of arithmetic (`add.f32` on a 64-bit register), two
// definitions of one function, thread-count directives beyond what a
// block can have, variables whose size overflows or exceeds their state
// space, kernel parameters beyond the 32,764 bytes a launch passes,
// vector operands longer than their instruction takes (vector_checks.h),
// and Hopper's instructions (checks_sm90.h).
#include "frontend/ptx/checks.h"

#include <algorithm>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/ptx/checks_sm90.h"
#include "frontend/ptx/vector_checks.h"

namespace warpsat::ptx {

namespace {

struct Arity {
  std::string_view name;
  size_t min, max;
};

// Instructions whose operand count the ISA fixes whatever their modifiers.
constexpr Arity kArity[] = {
    {"add", 3, 3},   {"sub", 3, 3},   {"mul", 3, 3},     {"div", 3, 3},   {"rem", 3, 3},    {"and", 3, 3},
    {"or", 3, 3},    {"xor", 3, 3},   {"shl", 3, 3},     {"shr", 3, 3},   {"mul24", 3, 3},  {"copysign", 3, 3},
    {"addc", 3, 3},  {"subc", 3, 3},  {"min", 3, 4},     {"max", 3, 4},   {"mad", 4, 4},    {"fma", 4, 4},
    {"selp", 4, 4},  {"bfe", 4, 4},   {"mad24", 4, 4},   {"sad", 4, 4},   {"slct", 4, 4},   {"prmt", 4, 4},
    {"dp4a", 4, 4},  {"dp2a", 4, 4},  {"shf", 4, 4},     {"bfi", 5, 5},   {"neg", 2, 2},    {"not", 2, 2},
    {"abs", 2, 2},   {"cnot", 2, 2},  {"popc", 2, 2},    {"clz", 2, 2},   {"brev", 2, 2},   {"bfind", 2, 2},
    {"rcp", 2, 2},   {"sqrt", 2, 2},  {"rsqrt", 2, 2},   {"ex2", 2, 2},   {"lg2", 2, 2},    {"sin", 2, 2},
    {"cos", 2, 2},   {"tanh", 2, 2},  {"testp", 2, 2},   {"mov", 2, 2},   {"setp", 3, 4},   {"ret", 0, 0},
    {"exit", 0, 0},
};

// What a launch can pass and a block can hold (ptxas's limits for sm_70 on).
constexpr uint64_t kMaxThreadsPerBlock = 1024;
constexpr uint64_t kMaxParamBytes = 32764;
constexpr uint64_t kMaxSharedBytes = 227 * 1024;  // per block, sm_90 (the largest)
constexpr uint64_t kMaxConstBytes = 64 * 1024;
constexpr uint64_t kMaxVariableBytes = uint64_t{1} << 40;

class Checker {
 public:
  explicit Checker(const Module& m) : m_(m) {}

  void run() {
    for (const Variable& v : m_.variables) variable(v);
    std::map<std::string_view, const Function*> defined;
    for (const Function& f : m_.functions) {
      if (f.has_body) {
        auto [it, inserted] = defined.emplace(f.name, &f);
        if (!inserted)
          fail(f.pos, fmt::format("'{}' is defined twice (first at line {})", f.name, it->second->pos.line));
      }
      function(f);
    }
  }

 private:
  [[noreturn]] void fail(SourcePos at, const std::string& message) const {
    throw InputError({m_.source, at.line, at.column}, message, line_of(*m_.text, at.line));
  }

  void function(const Function& f) {
    if (f.reqnctapercluster[0] && f.maxclusterrank)
      fail(f.pos, fmt::format("'{}' has both .reqnctapercluster and .maxclusterrank; ptxas allows one of them",
                              f.name));
    for (const auto* counts : {&f.maxntid, &f.reqntid}) {
      const char* what = counts == &f.maxntid ? ".maxntid" : ".reqntid";
      // Components not written are 0 (the parser rejects a written 0).
      uint64_t product = 1;
      for (uint32_t c : *counts) {
        product *= std::max<uint32_t>(c, 1);
        if (product > kMaxThreadsPerBlock) break;
      }
      if (product > kMaxThreadsPerBlock)
        fail(f.pos, fmt::format("{} of '{}' asks for more than {} threads per block", what, f.name,
                                kMaxThreadsPerBlock));
    }
    if (f.is_entry) {
      uint64_t bytes = 0;
      for (const Variable& p : f.params) bytes += size_of(p);
      if (bytes > kMaxParamBytes)
        fail(f.pos, fmt::format("the parameters of '{}' take {} bytes; a launch passes at most {}", f.name, bytes,
                                kMaxParamBytes));
    }
    for (const Variable& v : f.variables) variable(v);
    for (const Instruction& ins : f.instructions) {
      instruction(ins);
      operand_sizes(f, ins);
      check_vector_operands(m_, ins);
      // After the lengths of register lists, which point at the list's '{'.
      if (auto problem = sm90_instruction_problem(m_, ins)) fail(ins.pos, *problem);
    }
  }

  // Arithmetic whose operands all have the instruction type's size (only
  // ld, st and cvt may take wider registers): `add.f32 %f1, %rd1, 1` added
  // the low half of a 64-bit register.
  void operand_sizes(const Function& f, const Instruction& ins) const {
    static constexpr std::string_view kSameSize[] = {"add", "sub", "min", "max", "and", "or",  "xor",
                                                     "neg", "abs", "not", "fma", "div", "rem", "copysign"};
    bool same = std::find(std::begin(kSameSize), std::end(kSameSize), ins.name) != std::end(kSameSize) ||
                ((ins.name == "mul" || ins.name == "mad") && !ins.has("wide"));
    if (!same) return;
    ScalarType t = ins.type();
    if (t == ScalarType::None || t == ScalarType::Pred) return;
    unsigned want = bit_width(t);
    for (const Operand& o : ins.operands) {
      if (o.kind != Operand::Kind::Register || o.component != 0 || o.reg >= f.registers.size()) continue;
      const Register& r = f.registers[o.reg];
      if (r.vector != 1 || r.type == ScalarType::None || r.type == ScalarType::Pred) continue;
      unsigned have = bit_width(r.type);
      if (have != want)
        fail(ins.pos, fmt::format("'{}' works on {}-bit values, but {} is a {}-bit register", ins.name, want,
                                  o.text, have));
    }
  }

  void instruction(const Instruction& ins) {
    if (ins.op == Opcode::Unknown) fail(ins.pos, fmt::format("unknown instruction '{}'", ins.name));
    for (const Arity& a : kArity) {
      if (a.name != ins.name) continue;
      size_t n = ins.operands.size();
      if (n < a.min || n > a.max)
        fail(ins.pos, fmt::format("'{}' takes {} operand(s), found {}", ins.name,
                                  a.min == a.max ? fmt::format("{}", a.min) : fmt::format("{} or {}", a.min, a.max),
                                  n));
    }
  }

  // The variable's size in bytes, failing on overflow (the product of huge
  // dimensions used to wrap to a small size, even 0).
  uint64_t size_of(const Variable& v) const {
    uint64_t n = uint64_t{byte_width(v.type)} * std::max<uint64_t>(v.vector, 1);
    for (uint64_t d : v.dims)
      if (d != 0 && (__builtin_mul_overflow(n, d, &n) || n > kMaxVariableBytes))
        fail(v.pos, fmt::format("'{}' is larger than {} bytes", v.name, kMaxVariableBytes));
    return n;
  }

  void variable(const Variable& v) {
    uint64_t n = size_of(v);
    if (v.space == StateSpace::Shared && n > kMaxSharedBytes)
      fail(v.pos, fmt::format("'{}' takes {} bytes of shared memory; a block has at most {}", v.name, n,
                              kMaxSharedBytes));
    if (v.space == StateSpace::Const && n > kMaxConstBytes)
      fail(v.pos, fmt::format("'{}' takes {} bytes of constant memory; a bank holds {}", v.name, n, kMaxConstBytes));
  }

  const Module& m_;
};

}  // namespace

void check_module(const Module& m) { Checker(m).run(); }

}  // namespace warpsat::ptx
