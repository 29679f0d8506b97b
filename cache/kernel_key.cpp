#include "cache/kernel_key.h"

#include <map>
#include <set>
#include <unordered_map>

#include <fmt/format.h>

namespace warpsat {

namespace {

using namespace ptx;

std::string initializer_text(const Initializer& i) {
  switch (i.kind) {
    case Initializer::Kind::Int:
    case Initializer::Kind::Float: return (i.negative ? "-" : "") + std::string(i.text);
    case Initializer::Kind::Symbol: return fmt::format("{}{:+}", i.text, i.value);
    case Initializer::Kind::Generic: return fmt::format("generic({})", i.text);
    case Initializer::Kind::List: {
      std::string s = "{";
      for (const Initializer& x : i.items) s += initializer_text(x) + ",";
      return s + "}";
    }
  }
  return "";
}

void initializer_symbols(const Initializer& i, std::set<std::string_view>& out) {
  if (i.kind == Initializer::Kind::Symbol || i.kind == Initializer::Kind::Generic) out.insert(i.text);
  for (const Initializer& x : i.items) initializer_symbols(x, out);
}

std::string variable_text(const Variable& v) {
  std::string s = fmt::format("{}.{}.{}", static_cast<int>(v.linkage), to_string(v.space), v.align);
  s += fmt::format(" v{} {} {}", v.vector, to_string(v.type), v.name);
  for (uint64_t d : v.dims) s += fmt::format("[{}]", d);
  if (v.ptr) s += fmt::format(" ptr {} {}", to_string(v.ptr_space), v.ptr_align);
  for (std::string_view e : v.extra) s += fmt::format(" {}", e);
  if (v.has_init) s += " = " + initializer_text(v.init);
  return s;
}

class NormalForm {
 public:
  explicit NormalForm(const Module& m) : m_(m) {}

  std::string of(const Function& kernel) {
    out_ = fmt::format("ptx {}.{} targets", m_.version_major, m_.version_minor);
    for (std::string_view t : m_.targets) out_ += fmt::format(" {}", t);
    out_ += fmt::format(" address {}\n", m_.address_size);
    function(kernel);
    // What the kernel (and what it calls) uses of the module, by name, in
    // name order: functions, then variables and what their initialisers name.
    while (!pending_functions_.empty()) {
      const Function* f = pending_functions_.begin()->second;
      pending_functions_.erase(pending_functions_.begin());
      function(*f);
    }
    std::set<std::string_view> names = used_variables_;
    for (const Variable& v : m_.variables)
      if (v.space == StateSpace::Shared) names.insert(v.name);
    std::set<std::string_view> done;
    while (!names.empty()) {
      std::string_view n = *names.begin();
      names.erase(names.begin());
      if (!done.insert(n).second) continue;
      const Variable* v = m_.find_variable(n);
      if (!v) continue;
      out_ += "var " + variable_text(*v) + "\n";
      std::set<std::string_view> more;
      if (v->has_init) initializer_symbols(v->init, more);
      for (std::string_view x : more)
        if (!done.count(x)) names.insert(x);
    }
    return std::move(out_);
  }

 private:
  void function(const Function& f) {
    if (!seen_functions_.insert(&f).second) return;
    out_ += fmt::format("function {} {} {} body {} noreturn {}\n", f.is_entry ? "entry" : "func", f.name,
                        static_cast<int>(f.linkage), f.has_body, f.noreturn);
    for (const Variable& v : f.returns) out_ += "return " + variable_text(v) + "\n";
    for (const Variable& v : f.params) out_ += "param " + variable_text(v) + "\n";
    out_ += fmt::format("maxntid {} {} {} reqntid {} {} {} cluster {} {} {} {} {} {} {} {}\n", f.maxntid[0],
                        f.maxntid[1], f.maxntid[2], f.reqntid[0], f.reqntid[1], f.reqntid[2], f.reqnctapercluster[0],
                        f.reqnctapercluster[1], f.reqnctapercluster[2], f.explicitcluster, f.maxclusterrank,
                        f.minnctapersm, f.maxnreg, f.header_pragmas);
    registers_.clear();
    labels_.clear();
    for (size_t i = 0; i < f.labels.size(); ++i) labels_.emplace(f.labels[i].name, i);
    for (const Statement& s : f.body) {
      switch (s.kind) {
        case Statement::Kind::Instruction: instruction(f, f.instructions[s.index]); break;
        case Statement::Kind::Label: out_ += fmt::format("L{}:\n", s.index); break;
        case Statement::Kind::Var: out_ += "local " + variable_text(f.variables[s.index]) + "\n"; break;
        case Statement::Kind::Pragma: out_ += fmt::format("pragma {}\n", f.pragmas[s.index]); break;
        case Statement::Kind::BranchTargets: {
          const BranchTargets& t = f.branch_targets[s.index];
          out_ += fmt::format("targets {}:", t.name);
          for (std::string_view l : t.labels) out_ += " " + label(l);
          out_ += "\n";
          break;
        }
        case Statement::Kind::CallPrototype: {
          const CallPrototype& p = f.prototypes[s.index];
          out_ += fmt::format("prototype {} {}", p.name, p.noreturn);
          for (const Variable& v : p.returns) out_ += " r " + variable_text(v);
          for (const Variable& v : p.params) out_ += " p " + variable_text(v);
          out_ += "\n";
          break;
        }
        // Register declarations (types go with each register's number),
        // scopes (names are unique in the function) and .loc lines.
        default: break;
      }
    }
    // The registers' types, in the order of their numbers.
    std::vector<RegId> by_number(registers_.size());
    for (const auto& [reg, n] : registers_) by_number[n] = reg;
    out_ += "registers";
    for (RegId r : by_number) out_ += fmt::format(" {}v{}", to_string(f.registers[r].type), f.registers[r].vector);
    out_ += "\n";
  }

  std::string label(std::string_view name) {
    auto it = labels_.find(name);
    return it == labels_.end() ? std::string(name) : fmt::format("L{}", it->second);
  }

  void instruction(const Function& f, const Instruction& ins) {
    std::string s;
    if (ins.has_guard) s += "@" + operand(f, ins.guard) + " ";
    s += ins.name;
    for (std::string_view m : ins.modifiers) s += fmt::format(".{}", m);
    for (const Operand& o : ins.operands) s += " " + operand(f, o);
    out_ += s + "\n";
  }

  std::string operand(const Function& f, const Operand& o) {
    std::string s = o.negated ? "!" : "";
    switch (o.kind) {
      case Operand::Kind::Register: {
        auto [it, fresh] = registers_.emplace(o.reg, static_cast<uint32_t>(registers_.size()));
        s += fmt::format("%{}", it->second);
        break;
      }
      case Operand::Kind::Special: s += fmt::format("{}", o.text); break;
      case Operand::Kind::Int: s += fmt::format("{}", o.value); break;
      case Operand::Kind::Float: s += fmt::format("f{}:{:x}:{}", o.float_bits, o.value, o.float_bits ? "" : o.text); break;
      case Operand::Kind::Symbol: {
        if (labels_.count(o.text)) {
          s += label(o.text);
        } else {
          s += o.text;
          if (const Function* callee = m_.find_function(o.text)) {
            if (!seen_functions_.count(callee)) pending_functions_.emplace(callee->name, callee);
          } else if (!f.find_param(o.text)) {
            used_variables_.insert(o.text);
          }
        }
        break;
      }
      case Operand::Kind::Sink: s += "_"; break;
      default: {
        const char* open = o.kind == Operand::Kind::Address ? "[" : o.kind == Operand::Kind::Vector ? "{" : "(";
        s += fmt::format("{}{}", static_cast<int>(o.kind), open);
        for (const Operand& e : o.elements) s += operand(f, e) + ",";
        s += fmt::format("{}", o.value);
        break;
      }
    }
    if (o.component) s += fmt::format(".{}", o.component);
    return s;
  }

  const Module& m_;
  std::string out_;
  std::set<const Function*> seen_functions_;
  std::map<std::string_view, const Function*> pending_functions_;  // by name: the same order in any module
  std::set<std::string_view> used_variables_;
  std::unordered_map<RegId, uint32_t> registers_;
  std::unordered_map<std::string_view, size_t> labels_;
};

}  // namespace

std::string kernel_normal_form(const ptx::Module& m, const ptx::Function& kernel) { return NormalForm(m).of(kernel); }

}  // namespace warpsat
