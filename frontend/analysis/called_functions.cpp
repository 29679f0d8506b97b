#include "frontend/analysis/called_functions.h"

#include <algorithm>
#include <map>

#include "frontend/analysis/cfg.h"

namespace warpsat::analysis {

std::vector<CalledFunction> called_functions(const ptx::Module& m, const ptx::Function& kernel) {
  std::map<const ptx::Function*, std::vector<uint32_t>> referenced;  // function -> lines naming it
  std::vector<const ptx::Function*> work{&kernel};
  // A symbol operand that names a function: a call's target, or an address
  // taken (mov, a call table) that an indirect call may reach.
  auto visit = [&](const ptx::Operand& o, uint32_t line, auto& self) -> void {
    if (o.kind == ptx::Operand::Kind::Symbol)
      if (const ptx::Function* f = m.find_function(o.text); f && f != &kernel && f->has_body) {
        auto [it, fresh] = referenced.try_emplace(f);
        if (std::find(it->second.begin(), it->second.end(), line) == it->second.end()) it->second.push_back(line);
        if (fresh) work.push_back(f);
      }
    for (const ptx::Operand& e : o.elements) self(e, line, self);
  };
  while (!work.empty()) {
    const ptx::Function* f = work.back();
    work.pop_back();
    for (const ptx::Instruction& ins : f->instructions)
      for (const ptx::Operand& o : ins.operands) visit(o, ins.pos.line, visit);
  }
  std::vector<CalledFunction> out;
  for (const ptx::Function& f : m.functions) {
    auto it = referenced.find(&f);
    if (it == referenced.end()) continue;
    CalledFunction c{&f, it->second, {}};
    std::sort(c.referenced_at.begin(), c.referenced_at.end());
    for (uint32_t i = 0; i < f.instructions.size(); ++i)
      if (is_conditional_branch(f.instructions[i])) c.branches.push_back(i);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace warpsat::analysis
