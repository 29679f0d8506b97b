#include "frontend/analysis/struct_fields.h"

#include "frontend/analysis/pointer_uses.h"
#include "frontend/ptx/types.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

namespace warpsat::analysis {

namespace {

using ptx::Opcode;
using ptx::Operand;

// A register holding a parameter's address plus a constant; `generic`
// after cvta.param.
struct ParamAddress {
  size_t param = 0;
  int64_t offset = 0;
  bool generic = false;
  friend bool operator==(const ParamAddress&, const ParamAddress&) = default;
};

std::optional<size_t> param_index(const ptx::Function& f, const Operand& o) {
  if (o.kind != Operand::Kind::Symbol) return std::nullopt;
  for (size_t i = 0; i < f.params.size(); ++i)
    if (f.params[i].name == o.text) return i;
  return std::nullopt;
}

class FieldFinder {
 public:
  FieldFinder(const ptx::Function& f, const ReachingDefs& d) : f_(f), d_(d) {}

  std::vector<std::vector<StructField>> run() {
    find_addresses();
    std::map<std::pair<size_t, std::pair<uint32_t, uint8_t>>, FieldUse> fields;
    std::set<std::pair<size_t, std::pair<uint32_t, uint8_t>>> pointer_arrays;
    for (uint32_t i = 0; i < f_.instructions.size(); ++i) {
      const ptx::Instruction& ins = f_.instructions[i];
      std::optional<ParamAddress> at = loaded_field(ins);
      if (!at || at->offset < 0) continue;
      uint8_t bytes = static_cast<uint8_t>(std::max(1u, ptx::bit_width(ins.type()) / 8));
      std::vector<const Operand*> dests;
      const Operand& dst = ins.operands[0];
      if (dst.kind == Operand::Kind::Vector)
        for (const Operand& e : dst.elements) dests.push_back(&e);
      else
        dests.push_back(&dst);
      for (size_t e = 0; e < dests.size(); ++e) {
        bool reg = dests[e]->kind == Operand::Kind::Register;
        FieldUse use = ptx::is_float(ins.type())                          ? FieldUse::Float
                       : bytes == 8 && reg && used_as_address(i, dests[e]->reg) ? FieldUse::Address
                       : reg && multiplies_high(i, dests[e]->reg)                ? FieldUse::Multiplier
                                                                                 : FieldUse::Integer;
        auto key = std::make_pair(at->param, std::make_pair(static_cast<uint32_t>(at->offset + e * bytes), bytes));
        auto [it, fresh] = fields.emplace(key, use);
        if (!fresh) it->second = std::max(it->second, use);
        if (use == FieldUse::Address && addresses_pointers(i, dests[e]->reg)) pointer_arrays.insert(key);
      }
    }
    std::vector<std::vector<StructField>> out(f_.params.size());
    for (const auto& [key, use] : fields)
      out[key.first].push_back({key.second.first, key.second.second, use, pointer_arrays.count(key) > 0});
    return out;
  }

 private:
  // The value register `r` has where `user` reads it, when every
  // definition reaching there gives the same parameter address.
  std::optional<ParamAddress> address_in(uint32_t user, const Operand& o) const {
    if (auto p = param_index(f_, o)) return ParamAddress{*p, 0, false};
    if (o.kind != Operand::Kind::Register) return std::nullopt;
    for (const UseDefs& u : d_.uses[user]) {
      if (u.reg != o.reg) continue;
      std::optional<ParamAddress> common;
      for (uint32_t def : u.defs) {
        auto it = addresses_.find({def, o.reg});
        if (it == addresses_.end() || (common && !(*common == it->second))) return std::nullopt;
        common = it->second;
      }
      return common;
    }
    return std::nullopt;
  }

  // Registers defined as a parameter's address: `mov %rd, P`, then
  // additions of constants, moves and cvta.param, to a fixed point (a
  // definition can precede, in the text, the one it reads).
  void find_addresses() {
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t i = 0; i < f_.instructions.size(); ++i) {
        const ptx::Instruction& ins = f_.instructions[i];
        if (ins.operands.size() < 2 || ins.operands[0].kind != Operand::Kind::Register || ins.has_guard) continue;
        std::optional<ParamAddress> v;
        if (ins.op == Opcode::Mov && ins.operands.size() == 2) {
          v = address_in(i, ins.operands[1]);
        } else if (ins.op == Opcode::Cvta && ins.operands.size() == 2 && ins.space() == ptx::StateSpace::Param &&
                   !ins.has("to")) {
          v = address_in(i, ins.operands[1]);
          if (v && v->generic) v.reset();
          if (v) v->generic = true;
        } else if (ins.op == Opcode::Add && ins.operands.size() == 3) {
          for (int side = 1; side <= 2 && !v; ++side) {
            const Operand& k = ins.operands[3 - side];
            if (k.kind != Operand::Kind::Int) continue;
            v = address_in(i, ins.operands[side]);
            if (v) v->offset += k.value;
          }
        }
        if (!v) continue;
        auto [it, fresh] = addresses_.emplace(std::make_pair(i, ins.operands[0].reg), *v);
        if (fresh) changed = true;
      }
    }
  }

  // The field `ins` loads: ld.param through the parameter's name or an
  // address register, or a generic ld through cvta.param's result.
  std::optional<ParamAddress> loaded_field(const ptx::Instruction& ins) const {
    if (ins.op != Opcode::Ld || ins.operands.size() < 2) return std::nullopt;
    const Operand& a = ins.operands[1];
    if (a.kind != Operand::Kind::Address || a.elements.size() != 1) return std::nullopt;
    auto space = ins.space();
    bool param = space == ptx::StateSpace::Param;
    if (!param && space) return std::nullopt;
    uint32_t self = static_cast<uint32_t>(&ins - f_.instructions.data());
    std::optional<ParamAddress> base = address_in(self, a.elements[0]);
    if (!base || base->generic == param) return std::nullopt;
    base->offset += a.value;
    return base;
  }

  // Breadth-first over where the value `def` writes to `reg` goes: each
  // instruction that reads it is asked `found(user, r)` (r the register it
  // reads the value in), which ends the walk with true, and `passes(user,
  // r)`, whether its destination register carries the value on.
  template <class Found, class Passes>
  bool flows(uint32_t def, RegId reg, Found found, Passes passes) const {
    std::deque<std::pair<uint32_t, RegId>> work{{def, reg}};
    std::set<std::pair<uint32_t, RegId>> seen{{def, reg}};
    while (!work.empty()) {
      auto [d, r] = work.front();
      work.pop_front();
      for (uint32_t user : d_.users[d]) {
        const ptx::Instruction& ins = f_.instructions[user];
        bool reads = std::any_of(d_.uses[user].begin(), d_.uses[user].end(), [&](const UseDefs& u) {
          return u.reg == r && std::binary_search(u.defs.begin(), u.defs.end(), d);
        });
        if (!reads) continue;
        if (found(user, r)) return true;
        if (ins.operands.empty() || ins.operands[0].kind != Operand::Kind::Register) continue;
        if (passes(user, r) && seen.insert({user, ins.operands[0].reg}).second) work.emplace_back(user, ins.operands[0].reg);
      }
    }
    return false;
  }

  // Whether the value `def` writes to `reg` is, after moves and
  // conversions only, a factor of a mul.hi.
  bool multiplies_high(uint32_t def, RegId reg) const {
    auto is_factor = [&](uint32_t user, RegId r) {
      const ptx::Instruction& ins = f_.instructions[user];
      if (ins.op != Opcode::Mul || !ins.has("hi")) return false;
      for (size_t o = 1; o < ins.operands.size() && o <= 2; ++o)
        if (ins.operands[o].kind == Operand::Kind::Register && ins.operands[o].reg == r) return true;
      return false;
    };
    auto copies = [&](uint32_t user, RegId) {
      const ptx::Instruction& ins = f_.instructions[user];
      return (ins.op == Opcode::Mov || ins.op == Opcode::Cvt) && ins.operands.size() == 2;
    };
    return flows(def, reg, is_factor, copies);
  }

  // Whether the value `def` writes to `reg` becomes the base address of a
  // memory access, through moves, cvta, widening and address arithmetic.
  bool used_as_address(uint32_t def, RegId reg) const {
    return addresses(def, reg, [](uint32_t) { return true; });
  }
  // Whether it addresses an 8-byte load whose value is used as an address
  // in turn: the field points to an array of pointers.
  bool addresses_pointers(uint32_t def, RegId reg) const {
    return addresses(def, reg, [&](uint32_t user) {
      const ptx::Instruction& ins = f_.instructions[user];
      return ins.op == Opcode::Ld && ptx::bit_width(ins.type()) == 64 && !ins.operands.empty() &&
             ins.operands[0].kind == Operand::Kind::Register && used_as_address(user, ins.operands[0].reg);
    });
  }
  // Whether the value becomes the base address of an access `counts`.
  template <class Counts>
  bool addresses(uint32_t def, RegId reg, Counts counts) const {
    auto carried = [](RegId r) {
      return [r](const Operand& o) { return o.kind == Operand::Kind::Register && o.reg == r; };
    };
    auto is_base = [&](uint32_t user, RegId r) {
      for (const Operand& o : f_.instructions[user].operands)
        if (o.kind == Operand::Kind::Address && !o.elements.empty() && carried(r)(o.elements[0]) && counts(user))
          return true;
      return false;
    };
    auto passes = [&](uint32_t user, RegId r) { return passes_address(f_.instructions[user], carried(r)); };
    return flows(def, reg, is_base, passes);
  }

  const ptx::Function& f_;
  const ReachingDefs& d_;
  std::map<std::pair<uint32_t, RegId>, ParamAddress> addresses_;
};

}  // namespace

std::vector<std::vector<StructField>> struct_field_uses(const ptx::Function& kernel, const ReachingDefs& defs) {
  return FieldFinder(kernel, defs).run();
}

}  // namespace warpsat::analysis
