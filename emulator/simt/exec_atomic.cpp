// Atomics: atom and red on global, shared and generic memory. Lanes apply
// their updates one after another in lane order, so results are
// deterministic; every read-modify-write is bounds-checked.
#include <cstring>

#include "emulator/fp/arith.h"
#include "emulator/fp/half_arith.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;

namespace {

enum AtomOp : uint32_t { And, Or, Xor, Cas, Exch, Add, Inc, Dec, Min, Max };

uint64_t apply(AtomOp k, ScalarType t, uint64_t old, uint64_t b, uint64_t c) {
  unsigned w = ptx::bit_width(t);
  uint64_t m = type_mask(t);
  old &= m, b &= m, c &= m;
  auto sext = [&](uint64_t v) { return w >= 64 ? static_cast<int64_t>(v) : static_cast<int64_t>(v << (64 - w)) >> (64 - w); };
  switch (k) {
    case And: return old & b;
    case Or: return old | b;
    case Xor: return old ^ b;
    case Cas: return old == b ? c : old;
    case Exch: return b;
    case Inc: return old >= b ? 0 : old + 1;
    case Dec: return (old == 0 || old > b) ? b : old - 1;
    case Add:
      if (t == ScalarType::F32) return fp::add_f32(static_cast<uint32_t>(old), static_cast<uint32_t>(b), {fp::Rounding::rn, true, false});
      if (t == ScalarType::F64) return fp::add_f64(old, b);
      if (t == ScalarType::F16) return fp::hadd(fp::Half::f16, static_cast<uint16_t>(old), static_cast<uint16_t>(b));
      if (t == ScalarType::BF16) return fp::hadd(fp::Half::bf16, static_cast<uint16_t>(old), static_cast<uint16_t>(b));
      if (t == ScalarType::F16x2) return fp::hadd2(fp::Half::f16, static_cast<uint32_t>(old), static_cast<uint32_t>(b));
      if (t == ScalarType::BF16x2) return fp::hadd2(fp::Half::bf16, static_cast<uint32_t>(old), static_cast<uint32_t>(b));
      return (old + b) & m;
    case Min:
      if (ptx::is_signed_int(t)) return sext(old) < sext(b) ? old : b;
      return old < b ? old : b;
    case Max:
      if (ptx::is_signed_int(t)) return sext(old) > sext(b) ? old : b;
      return old > b ? old : b;
  }
  return old;
}

// op.aux: AtomOp; op.aux2: 1 for atom (has a destination)
void run_atom(Exec& x, const Op& op, uint32_t mask) {
  unsigned w = ptx::byte_width(op.type);
  bool has_dst = op.aux2 == 1;
  size_t first_src = 0;
  for_lanes(mask, [&](unsigned l) {
    uint64_t addr = x.address(op, l);
    uint64_t old = 0;
    x.load(op, l, addr, &old, w);
    uint64_t b = x.src(op, first_src, l), c = op.src.size() > first_src + 1 ? x.src(op, first_src + 1, l) : 0;
    uint64_t updated = apply(static_cast<AtomOp>(op.aux), op.type, old, b, c);
    x.store(op, l, addr, &updated, w);
    if (has_dst) x.set(op.dst[0], l, old);
  });
}

}  // namespace

bool decode_atomic(Decoder& d, const ptx::Instruction& ins, Op& op) {
  if (ins.op != Opcode::Atom && ins.op != Opcode::Red) return false;
  static constexpr std::pair<std::string_view, AtomOp> kOps[] = {
      {"and", And}, {"or", Or}, {"xor", Xor}, {"cas", Cas}, {"exch", Exch},
      {"add", Add}, {"inc", Inc}, {"dec", Dec}, {"min", Min}, {"max", Max}};
  bool found = false;
  for (auto [name, k] : kOps)
    if (ins.has(name)) op.aux = k, found = true;
  if (!found || op.type == ScalarType::None || ins.has("async") || ins.has("v2") || ins.has("v4")) return false;
  ptx::StateSpace space = ins.space().value_or(ptx::StateSpace::Generic);
  size_t i = 0;
  if (ins.op == Opcode::Atom) {
    d.slots(ins.operands.at(i++), op.type, op.dst);
    op.aux2 = 1;
  }
  op.mem = d.memref(ins.operands.at(i++), space);
  for (; i < ins.operands.size(); ++i)
    if (ins.operands[i].kind != ptx::Operand::Kind::Symbol) op.src.push_back(d.slot(ins.operands[i], op.type));
  if (op.src.empty()) return false;
  op.run = run_atom;
  return true;
}

}  // namespace warpsat::simt
