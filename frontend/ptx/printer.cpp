#include "frontend/ptx/printer.h"

#include <fmt/format.h>

namespace warpsat::ptx {

namespace {

std::string print_initializer(const Initializer& i) {
  switch (i.kind) {
    case Initializer::Kind::Int:
    case Initializer::Kind::Float: return (i.negative ? "-" : "") + std::string(i.text);
    case Initializer::Kind::Symbol:
      return i.value == 0 ? std::string(i.text) : fmt::format("{}{:+}", i.text, i.value);
    case Initializer::Kind::Generic: return fmt::format("generic({})", i.text);
    case Initializer::Kind::List: {
      std::string s = "{";
      for (size_t k = 0; k < i.items.size(); ++k) s += (k ? ", " : "") + print_initializer(i.items[k]);
      return s + "}";
    }
  }
  return "";
}

std::string print_variable(const Variable& v) {
  std::string s;
  if (v.linkage != Linkage::None) s += fmt::format(".{} ", to_string(v.linkage));
  s += fmt::format(".{}", to_string(v.space));
  if (v.align) s += fmt::format(" .align {}", v.align);
  if (v.vector > 1) s += fmt::format(" .v{}", v.vector);
  if (v.type != ScalarType::None) s += fmt::format(" .{}", to_string(v.type));
  if (v.ptr) {
    s += " .ptr";
    if (v.ptr_space != StateSpace::None) s += fmt::format(" .{}", to_string(v.ptr_space));
    if (v.ptr_align) s += fmt::format(" .align {}", v.ptr_align);
  }
  for (auto e : v.extra) s += (e.starts_with(".") || e == "(" || e == ")" ? "" : " .") + std::string(e);
  s += fmt::format(" {}", source_spelling(v.name));
  for (uint64_t d : v.dims) s += d ? fmt::format("[{}]", d) : "[]";
  if (v.has_init) s += " = " + print_initializer(v.init);
  return s;
}

std::string print_params(const std::vector<Variable>& params, const char* indent) {
  std::string s = "(";
  for (size_t i = 0; i < params.size(); ++i) s += fmt::format("{}\n{}{}", i ? "," : "", indent, print_variable(params[i]));
  return s + (params.empty() ? ")" : "\n)");
}

std::string print_loc(const DebugLocDirective& l) {
  return fmt::format("\t.loc\t{} {} {}{}", l.file, l.line, l.column, l.tail);
}

void print_function(const Function& f, std::string& out) {
  if (f.linkage != Linkage::None) out += fmt::format(".{} ", to_string(f.linkage));
  out += f.is_entry ? ".entry " : ".func ";
  if (!f.is_entry && !f.returns.empty()) out += print_params(f.returns, "\t") + " ";
  out += f.name;
  if (!f.params.empty() || f.is_entry) out += print_params(f.params, "\t");
  out += "\n";
  // Writes exactly the components the IR holds, so the round trip is exact.
  auto triple = [&](const char* name, const uint32_t (&v)[3]) {
    if (!v[0] && !v[1] && !v[2]) return;
    out += fmt::format("{} {}", name, v[0]);
    if (v[1] || v[2]) out += fmt::format(", {}", v[1]);
    if (v[2]) out += fmt::format(", {}", v[2]);
    out += "\n";
  };
  triple(".maxntid", f.maxntid);
  triple(".reqntid", f.reqntid);
  triple(".reqnctapercluster", f.reqnctapercluster);
  if (f.minnctapersm) out += fmt::format(".minnctapersm {}\n", f.minnctapersm);
  if (f.maxnreg) out += fmt::format(".maxnreg {}\n", f.maxnreg);
  if (f.maxclusterrank) out += fmt::format(".maxclusterrank {}\n", f.maxclusterrank);
  if (f.explicitcluster) out += ".explicitcluster\n";
  if (f.noreturn) out += ".noreturn\n";
  for (size_t i = 0; i < f.header_pragmas; ++i) out += fmt::format(".pragma \"{}\";\n", f.pragmas[i]);
  if (!f.has_body) {
    out += ";\n";
    return;
  }
  out += "{\n";
  std::string indent = "\t";
  for (const Statement& st : f.body) {
    switch (st.kind) {
      case Statement::Kind::Instruction: out += indent + print_instruction(f, f.instructions[st.index]) + "\n"; break;
      case Statement::Kind::Label: out += fmt::format("{}:\n", source_spelling(f.labels[st.index].name)); break;
      case Statement::Kind::ScopeBegin:
        out += indent + "{\n";
        indent += "\t";
        break;
      case Statement::Kind::ScopeEnd:
        indent.pop_back();
        out += indent + "}\n";
        break;
      case Statement::Kind::Reg: {
        const RegDecl& r = f.reg_decls[st.index];
        out += indent + ".reg";
        if (r.vector > 1) out += fmt::format(" .v{}", r.vector);
        out += fmt::format(" .{} {}", to_string(r.type), source_spelling(r.name));
        out += r.count ? fmt::format("<{}>;\n", r.count) : ";\n";
        break;
      }
      case Statement::Kind::Var: out += indent + print_variable(f.variables[st.index]) + ";\n"; break;
      case Statement::Kind::Loc: out += print_loc(f.locs[st.index]) + "\n"; break;
      case Statement::Kind::Pragma: out += fmt::format("{}.pragma \"{}\";\n", indent, f.pragmas[st.index]); break;
      case Statement::Kind::BranchTargets: {
        const BranchTargets& b = f.branch_targets[st.index];
        std::vector<std::string_view> labels;
        for (std::string_view l : b.labels) labels.push_back(source_spelling(l));
        out += fmt::format("{}{}: .branchtargets {};\n", indent, source_spelling(b.name), fmt::join(labels, ", "));
        break;
      }
      case Statement::Kind::CallPrototype: {
        const CallPrototype& p = f.prototypes[st.index];
        auto list = [](const std::vector<Variable>& v) {
          std::string s = "(";
          for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + print_variable(v[i]);
          return s + ")";
        };
        out += fmt::format("{}{}: .callprototype {} _ {}{};\n", indent, source_spelling(p.name), list(p.returns),
                           list(p.params),
                           p.noreturn ? " .noreturn" : "");
        break;
      }
    }
  }
  out += "}\n";
}

}  // namespace

std::string print_operand(const Function& f, const Operand& o) {
  std::string s = o.negated ? "!" : "";
  static constexpr const char* kComponent[] = {"", ".x", ".y", ".z", ".w"};
  auto list = [&](const char* open, const char* close) {
    std::string r = open;
    for (size_t i = 0; i < o.elements.size(); ++i) r += (i ? ", " : "") + print_operand(f, o.elements[i]);
    return r + close;
  };
  switch (o.kind) {
    case Operand::Kind::Register: s += f.registers[o.reg].spelling(); break;
    case Operand::Kind::Symbol: s += source_spelling(o.text); break;
    case Operand::Kind::Special:
    case Operand::Kind::Float: s += o.text; break;
    case Operand::Kind::Int: s += o.text.empty() ? std::to_string(o.value) : std::string(o.text); break;
    case Operand::Kind::Sink: s += "_"; break;
    case Operand::Kind::Vector: s += list("{", "}"); break;
    case Operand::Kind::List: s += list("(", ")"); break;
    case Operand::Kind::Pair: s += print_operand(f, o.elements[0]) + "|" + print_operand(f, o.elements[1]); break;
    case Operand::Kind::Sum: s += print_operand(f, o.elements[0]) + std::string(o.text); break;
    case Operand::Kind::Address: {
      s += "[" + print_operand(f, o.elements[0]) + std::string(o.text);
      for (size_t i = 1; i < o.elements.size(); ++i) s += ", " + print_operand(f, o.elements[i]);
      s += "]";
      break;
    }
  }
  return s + kComponent[o.component];
}

std::string print_instruction(const Function& f, const Instruction& ins) {
  std::string s;
  if (ins.has_guard) s += "@" + print_operand(f, ins.guard) + " ";
  s += ins.name;
  for (auto m : ins.modifiers) s += "." + std::string(m);
  for (size_t i = 0; i < ins.operands.size(); ++i) s += (i ? ", " : "\t") + print_operand(f, ins.operands[i]);
  return s + ";";
}

std::string print_module(const Module& m) {
  std::string out = fmt::format("//\n// Printed by warpsat from {}\n//\n\n", m.source);
  out += fmt::format(".version {}.{}\n.target {}\n.address_size {}\n\n", m.version_major, m.version_minor,
                     fmt::join(m.targets, ", "), m.address_size);
  for (const Module::Item& item : m.items) {
    switch (item.kind) {
      case Module::Item::Kind::Variable: out += print_variable(m.variables[item.index]) + ";\n"; break;
      case Module::Item::Kind::Function:
        out += "\n";
        print_function(m.functions[item.index], out);
        break;
      case Module::Item::Kind::File: {
        const FileDirective& fd = m.files[item.index];
        out += fmt::format("\t.file\t{} \"{}\"{}\n", fd.index, fd.path, fd.tail);
        break;
      }
      case Module::Item::Kind::Section: {
        const Section& sec = m.sections[item.index];
        out += fmt::format("\t.section\t{}\n\t{{{}}}\n", sec.name, sec.body);
        break;
      }
    }
  }
  return out;
}

}  // namespace warpsat::ptx
