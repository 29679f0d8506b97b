#include "frontend/ptx/ir.h"

#include <fmt/format.h>

namespace warpsat::ptx {

std::string Register::name() const {
  if (!in_range) return std::string(prefix);
  std::string_view spelled = source_spelling(prefix);
  return std::string(spelled) + std::to_string(index) + std::string(prefix.substr(spelled.size()));
}

std::string Register::spelling() const {
  std::string_view spelled = source_spelling(prefix);
  return in_range ? std::string(spelled) + std::to_string(index) : std::string(spelled);
}

bool Instruction::has(std::string_view modifier) const {
  for (auto m : modifiers)
    if (m == modifier) return true;
  return false;
}

ScalarType Instruction::type() const {
  for (auto it = modifiers.rbegin(); it != modifiers.rend(); ++it)
    if (auto t = parse_scalar_type(*it)) return *t;
  return ScalarType::None;
}

std::optional<StateSpace> Instruction::space() const {
  for (auto m : modifiers)
    if (auto s = parse_state_space(m)) return s;
  return std::nullopt;
}

uint64_t Variable::size_bytes() const {
  uint64_t n = uint64_t{byte_width(type)} * vector;
  for (uint64_t d : dims) n *= d;
  return n;
}

bool operator==(const Variable& a, const Variable& b) {
  return a.linkage == b.linkage && a.space == b.space && a.align == b.align && a.type == b.type &&
         a.vector == b.vector && a.name == b.name && a.dims == b.dims && a.has_init == b.has_init &&
         a.init == b.init && a.ptr == b.ptr && a.ptr_space == b.ptr_space && a.ptr_align == b.ptr_align &&
         a.extra == b.extra;
}

bool operator==(const CallPrototype& a, const CallPrototype& b) {
  return a.name == b.name && a.returns == b.returns && a.params == b.params && a.noreturn == b.noreturn;
}

const Label* Function::find_label(std::string_view n) const {
  if (label_index.size() == labels.size()) {
    auto it = label_index.find(n);
    return it == label_index.end() ? nullptr : &labels[it->second];
  }
  for (const Label& l : labels)
    if (l.name == n) return &l;
  return nullptr;
}

const Variable* Function::find_param(std::string_view n) const {
  for (const Variable& v : params)
    if (v.name == n) return &v;
  return nullptr;
}

const Function* Module::find_function(std::string_view n) const {
  const Function* declaration = nullptr;
  for (const Function& f : functions)
    if (f.name == n) {
      if (f.has_body) return &f;
      declaration = &f;
    }
  return declaration;
}

const Variable* Module::find_variable(std::string_view n) const {
  for (const Variable& v : variables)
    if (v.name == n) return &v;
  return nullptr;
}

std::string_view Module::file_path(uint32_t index) const {
  for (const FileDirective& f : files)
    if (f.index == index) return f.path;
  return {};
}

namespace {

bool same_instruction(const Instruction& a, const Instruction& b) {
  return a.op == b.op && a.name == b.name && a.modifiers == b.modifiers && a.has_guard == b.has_guard &&
         (!a.has_guard || a.guard == b.guard) && a.operands == b.operands && a.loc.file == b.loc.file &&
         a.loc.line == b.loc.line && a.loc.column == b.loc.column;
}

template <typename T, typename Eq>
bool same_list(const std::vector<T>& a, const std::vector<T>& b, Eq eq, const char* what, std::string_view where,
               std::string* diff) {
  if (a.size() != b.size()) {
    if (diff) *diff = fmt::format("{}: {} count {} vs {}", where, what, a.size(), b.size());
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i)
    if (!eq(a[i], b[i])) {
      if (diff) *diff = fmt::format("{}: {} #{} differs", where, what, i);
      return false;
    }
  return true;
}

bool same_function(const Function& a, const Function& b, std::string* diff) {
  auto eq = [](const auto& x, const auto& y) { return x == y; };
  auto reg_eq = [](const Register& x, const Register& y) {
    return x.prefix == y.prefix && x.index == y.index && x.in_range == y.in_range && x.type == y.type &&
           x.vector == y.vector;
  };
  std::string_view w = a.name;
  bool header = a.linkage == b.linkage && a.is_entry == b.is_entry && a.name == b.name && a.has_body == b.has_body &&
                a.noreturn == b.noreturn && std::equal(a.maxntid, a.maxntid + 3, b.maxntid) &&
                std::equal(a.reqntid, a.reqntid + 3, b.reqntid) && a.minnctapersm == b.minnctapersm &&
                a.maxnreg == b.maxnreg && a.maxclusterrank == b.maxclusterrank &&
                std::equal(a.reqnctapercluster, a.reqnctapercluster + 3, b.reqnctapercluster) &&
                a.explicitcluster == b.explicitcluster && a.header_pragmas == b.header_pragmas;
  if (!header) {
    if (diff) *diff = fmt::format("function {}: header differs", w);
    return false;
  }
  return same_list(a.returns, b.returns, eq, "return", w, diff) && same_list(a.params, b.params, eq, "param", w, diff) &&
         same_list(a.pragmas, b.pragmas, eq, "pragma", w, diff) &&
         same_list(a.registers, b.registers, reg_eq, "register", w, diff) &&
         same_list(a.reg_decls, b.reg_decls, eq, ".reg", w, diff) &&
         same_list(a.variables, b.variables, eq, "variable", w, diff) &&
         same_list(a.instructions, b.instructions, same_instruction, "instruction", w, diff) &&
         same_list(a.labels, b.labels, eq, "label", w, diff) && same_list(a.locs, b.locs, eq, ".loc", w, diff) &&
         same_list(a.branch_targets, b.branch_targets, eq, ".branchtargets", w, diff) &&
         same_list(a.prototypes, b.prototypes, eq, ".callprototype", w, diff) &&
         same_list(a.body, b.body, eq, "statement", w, diff);
}

}  // namespace

bool same_ir(const Module& a, const Module& b, std::string* diff) {
  auto eq = [](const auto& x, const auto& y) { return x == y; };
  if (a.version_major != b.version_major || a.version_minor != b.version_minor || a.targets != b.targets ||
      a.address_size != b.address_size) {
    if (diff) *diff = "module header differs";
    return false;
  }
  if (!same_list(a.variables, b.variables, eq, "variable", "module", diff) ||
      !same_list(a.files, b.files, eq, ".file", "module", diff) ||
      !same_list(a.sections, b.sections, eq, ".section", "module", diff) ||
      !same_list(a.items, b.items, eq, "item", "module", diff))
    return false;
  if (a.functions.size() != b.functions.size()) {
    if (diff) *diff = "function count differs";
    return false;
  }
  for (size_t i = 0; i < a.functions.size(); ++i)
    if (!same_function(a.functions[i], b.functions[i], diff)) return false;
  return true;
}

}  // namespace warpsat::ptx
