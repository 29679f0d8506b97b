#include "encodings/warp_reduction.h"

#include <algorithm>
#include <iterator>

namespace warpsat {

using ptx::Opcode;

bool same_tag(const ReductionTag& a, const ReductionTag& b) {
  return a.family == b.family && a.op == b.op && a.lanes == b.lanes && a.steps == b.steps;
}

size_t WarpReductions::add_step(z3::expr whole) {
  steps_.push_back(std::move(whole));
  return steps_.size() - 1;
}

z3::expr WarpReductions::holds(const ReductionTag& t) {
  auto it = holds_.find(t.steps);
  if (it != holds_.end()) return it->second;
  z3::expr_vector all(c_);
  for (size_t s : t.steps) all.push_back(steps_.at(s));
  z3::expr h = all.empty() ? c_.bool_val(true) : z3::mk_and(all);
  holds_.emplace(t.steps, h);
  return h;
}

size_t WarpReductions::add_family(std::vector<z3::expr> values) {
  families_.push_back(std::move(values));
  return families_.size() - 1;
}

std::optional<std::string> WarpReductions::reduction_op(const ptx::Instruction& ins) {
  if (ins.has_guard || ins.operands.size() != 3) return std::nullopt;
  for (const ptx::Operand& o : ins.operands)
    if (o.kind != ptx::Operand::Kind::Register) return std::nullopt;
  ptx::ScalarType t = ins.type();
  if (ptx::bit_width(t) != 32 || ptx::is_float(t)) return std::nullopt;
  bool sign = ptx::is_signed_int(t);
  switch (ins.op) {
    case Opcode::Max: return sign ? "max.s32" : "max.u32";
    case Opcode::Min: return sign ? "min.s32" : "min.u32";
    case Opcode::Add:
      // Wrapping addition only: .sat and the carry forms are not associative.
      if (ins.has("sat") || ins.has("cc")) return std::nullopt;
      return "add";
    case Opcode::And: return "and";
    case Opcode::Or: return "or";
    case Opcode::Xor: return "xor";
    default: return std::nullopt;
  }
}

std::optional<ReductionTag> WarpReductions::combine(const std::string& op, const ReductionTag& a,
                                                    const ReductionTag& b) const {
  if (a.family != b.family) return std::nullopt;
  if ((!a.op.empty() && a.op != op) || (!b.op.empty() && b.op != op)) return std::nullopt;
  bool idempotent = op != "add" && op != "xor";
  if (!idempotent && (a.lanes & b.lanes)) return std::nullopt;
  std::vector<size_t> steps;
  std::set_union(a.steps.begin(), a.steps.end(), b.steps.begin(), b.steps.end(), std::back_inserter(steps));
  return ReductionTag{a.family, op, a.lanes | b.lanes, std::move(steps)};
}

z3::expr WarpReductions::apply(const std::string& op, const z3::expr& a, const z3::expr& b) const {
  if (op == "max.u32") return z3::ite(z3::ult(a, b), b, a);
  if (op == "min.u32") return z3::ite(z3::ult(a, b), a, b);
  if (op == "max.s32") return z3::ite(a < b, b, a);
  if (op == "min.s32") return z3::ite(a < b, a, b);
  if (op == "add") return a + b;
  if (op == "and") return a & b;
  if (op == "or") return a | b;
  return a ^ b;
}

z3::expr WarpReductions::value(const ReductionTag& t) {
  auto key = std::tuple{t.family, t.op, t.lanes};
  auto it = folds_.find(key);
  if (it != folds_.end()) return it->second;
  const std::vector<z3::expr>& in = families_.at(t.family);
  std::optional<z3::expr> acc;
  for (size_t k = 0; k < in.size() && k < 32; ++k)
    if (t.lanes >> k & 1) acc = acc ? apply(t.op, *acc, in[k]) : in[k];
  z3::expr v = acc ? *acc : c_.bv_val(0, 32);
  folds_.emplace(key, v);
  return v;
}

}  // namespace warpsat
