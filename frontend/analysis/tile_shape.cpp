#include "frontend/analysis/tile_shape.h"

#include <map>
#include <set>

#include "frontend/analysis/pointer_uses.h"

namespace warpsat::analysis {

namespace {

using ptx::Opcode;
using ptx::Operand;
using ptx::RegId;

// Tiles of more items than this are no tiles but strides (a batch's); of
// fewer, element sizes (`tile_idx * 8` is the byte offset of a tile's
// status word).
constexpr uint64_t kLargestTile = uint64_t{1} << 20;
constexpr uint64_t kSmallestTile = 32;

bool is_register(const Operand& o) { return o.kind == Operand::Kind::Register; }

// The scalar parameter an `ld.param` reads whole, if any (a struct's field
// at an offset is not a count the launch passes on its own).
std::optional<size_t> loaded_scalar(const ptx::Function& k, const ptx::Instruction& ins) {
  std::optional<size_t> p = loaded_parameter(k, ins);
  if (p && !k.params[*p].dims.empty()) return std::nullopt;
  return p;
}

// The constant factor of a mul, mad or shl, if it has one of at least 2.
std::optional<uint64_t> constant_factor(const ptx::Instruction& ins) {
  if (ins.operands.size() < 3) return std::nullopt;
  for (size_t i = 1; i <= 2; ++i) {
    const Operand& o = ins.operands[i];
    if (o.kind != Operand::Kind::Int) continue;
    if (ins.op == Opcode::Shl) return i == 2 && o.value >= 1 && o.value < 21 ? std::optional(uint64_t{1} << o.value) : std::nullopt;
    uint64_t f = static_cast<uint64_t>(o.value < 0 ? -o.value : o.value);
    if (f >= 2) return f;
  }
  return std::nullopt;
}

}  // namespace

TileShape tile_shape(const ptx::Function& k) {
  TileShape out;
  out.tile_counts.assign(k.params.size(), false);
  std::set<RegId> index;            // registers holding a CTA index
  std::map<RegId, size_t> counts;   // registers holding a scalar parameter (+ a constant)
  std::set<uint64_t> sizes;
  auto is_index = [&](const Operand& o) {
    return (o.kind == Operand::Kind::Special && o.special == ptx::SpecialReg::CtaId) ||
           (is_register(o) && index.count(o.reg));
  };
  // Until no register is added: a definition may come after its use in the
  // text (a loop's back edge).
  for (bool changed = true; changed;) {
    changed = false;
    for (const ptx::Instruction& ins : k.instructions) {
      if (ins.operands.empty() || !is_register(ins.operands[0]) || ins.operands[0].component) continue;
      RegId dst = ins.operands[0].reg;
      if (std::optional<size_t> p = loaded_scalar(k, ins)) {
        changed |= counts.emplace(dst, *p).second;
        continue;
      }
      bool index_source = false, other_register = false;
      std::optional<size_t> count_source;
      for (size_t i = 1; i < ins.operands.size(); ++i) {
        const Operand& o = ins.operands[i];
        index_source |= is_index(o);
        if (is_register(o)) {
          auto c = counts.find(o.reg);
          if (c != counts.end() && !count_source) count_source = c->second;
          else other_register = true;
        }
      }
      switch (ins.op) {
        case Opcode::Mov:
        case Opcode::Cvt:
        case Opcode::Add:
        case Opcode::Sub:
          if (index_source) changed |= index.insert(dst).second;
          if (count_source && !other_register && !index_source) changed |= counts.emplace(dst, *count_source).second;
          break;
        case Opcode::Mul:
        case Opcode::Mad:
        case Opcode::Shl:
          if (!index_source) break;
          // A CTA index times a constant is a tile's offset; times another
          // register (`ctaid.x * nctaid.y + ctaid.y`), another index.
          if (std::optional<uint64_t> f = constant_factor(ins)) {
            if (*f >= kSmallestTile && *f <= kLargestTile) sizes.insert(*f);
          } else {
            changed |= index.insert(dst).second;
          }
          break;
        default:
          break;
      }
    }
  }
  for (const ptx::Instruction& ins : k.instructions) {
    if (ins.op != Opcode::Setp || ins.operands.size() < 3) continue;
    const Operand& a = ins.operands[1];
    const Operand& b = ins.operands[2];
    for (auto [i, c] : {std::pair{&a, &b}, std::pair{&b, &a}})
      if (is_index(*i) && is_register(*c))
        if (auto p = counts.find(c->reg); p != counts.end()) out.tile_counts[p->second] = true;
  }
  out.tile_sizes.assign(sizes.begin(), sizes.end());
  return out;
}

}  // namespace warpsat::analysis
