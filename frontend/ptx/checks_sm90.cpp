// What ptxas 13 rejects in Hopper's instructions (wgmma, setmaxnreg, TMA
// tensor copies, mbarrier, elect.sync) and the emulator would otherwise
// misread: an accumulator list one register short ran as a smaller MMA, a
// tensor copy with three coordinates for a 2-d box read a wrong one, a
// setmaxnreg of 41 asked for what no warp can have. (The lengths of register
// lists, wgmma's accumulators among them, are vector_checks.cpp's.) Each rule below is one
// ptxas error, checked against ptxas 13.0 (tests/files/hostile/ptx).
#include "frontend/ptx/checks_sm90.h"

#include <charconv>

#include <fmt/format.h>

namespace warpsat::ptx {

namespace {

std::optional<uint32_t> number_after(std::string_view s, size_t at, size_t* end) {
  uint32_t v = 0;
  auto [p, ec] = std::from_chars(s.data() + at, s.data() + s.size(), v);
  if (ec != std::errc()) return std::nullopt;
  *end = static_cast<size_t>(p - s.data());
  return v;
}

// "sm_90a" -> {90, 'a'}; "sm_100f" -> {100, 'f'}.
std::pair<uint32_t, char> sm_target(const Module& m) {
  for (std::string_view t : m.targets) {
    if (!t.starts_with("sm_")) continue;
    size_t end = 0;
    auto v = number_after(t, 3, &end);
    if (v) return {*v, end < t.size() ? t[end] : '\0'};
  }
  return {0, '\0'};
}

bool is_immediate(const Operand& o) { return o.kind == Operand::Kind::Int && !o.negated; }

enum class MmaKind { Half, Tf32, Fp8, Int, Other };

MmaKind mma_kind(std::string_view a) {
  if (a == "f16" || a == "bf16") return MmaKind::Half;
  if (a == "tf32") return MmaKind::Tf32;
  if (a == "e4m3" || a == "e5m2") return MmaKind::Fp8;
  if (a == "s8" || a == "u8") return MmaKind::Int;
  return MmaKind::Other;
}

// wgmma.mma_async[.sp].sync.aligned.m64nNkK.dtype.atype.btype[.satfinite]
// d, a, b[, sp-meta, sp-sel], scale-d[, imm-scale-a, imm-scale-b[, imm-trans-a], imm-trans-b]
std::optional<std::string> wgmma_mma(const Instruction& ins) {
  std::string_view shape;
  std::vector<std::string_view> types;
  for (std::string_view m : ins.modifiers) {
    if (m.starts_with("m64n")) shape = m;
    else if (parse_scalar_type(m)) types.push_back(m);
  }
  size_t kpos = shape.find('k');
  if (shape.empty() || kpos == std::string_view::npos || types.size() != 3) return std::nullopt;
  size_t end = 0;
  auto n = number_after(shape, 4, &end);
  auto k = number_after(shape, kpos + 1, &end);
  if (!n || !k || end != shape.size()) return fmt::format("'{}' is no wgmma shape (m64nNkK)", shape);
  MmaKind kind = mma_kind(types[1]);
  if (kind == MmaKind::Other || mma_kind(types[2]) != kind) return std::nullopt;  // b1 .and.popc and the like
  bool sparse = ins.has("sp");
  uint32_t want_k = (kind == MmaKind::Half ? 16 : kind == MmaKind::Tf32 ? 8 : 32) * (sparse ? 2 : 1);
  if (*k != want_k)
    return fmt::format("wgmma.mma_async with .{} inputs has k{}, not k{}", types[1], want_k, *k);
  if (*n < 8 || *n > 256 || *n % 8 != 0 || (kind == MmaKind::Int && *n > 24 && *n % 16 != 0))
    return fmt::format("wgmma.mma_async has no shape with n = {}", *n);
  // The lengths of the accumulator and A lists are vector_checks.cpp's.
  if (ins.operands.empty() || ins.operands[0].kind != Operand::Kind::Vector)
    return "wgmma.mma_async writes its accumulators as a register list {...}";
  bool a_in_registers = ins.operands.size() > 1 && ins.operands[1].kind == Operand::Kind::Vector;
  // scale-d, then the immediates: scale-a and scale-b (floating point), the
  // transposes (f16/bf16 only; A's only when A is in shared memory).
  size_t immediates = kind == MmaKind::Int ? 0 : kind == MmaKind::Half ? (a_in_registers ? 3 : 4) : 2;
  size_t want = 3 + (sparse ? 2 : 0) + 1 + immediates;
  if (ins.operands.size() != want)
    return fmt::format("wgmma.mma_async with .{} inputs{} takes {} operands, found {}", types[1],
                       a_in_registers ? " and A in registers" : "", want, ins.operands.size());
  size_t first_imm = want - immediates;
  for (size_t i = first_imm; i < want; ++i) {
    const Operand& o = ins.operands[i];
    bool scale = i < first_imm + 2;
    bool ok = is_immediate(o) && (scale ? (o.value == 1 || o.value == -1) : (o.value == 0 || o.value == 1));
    if (!ok)
      return fmt::format("operand {} of wgmma.mma_async is an immediate {}", i + 1, scale ? "scale, 1 or -1" : "transpose, 0 or 1");
  }
  return std::nullopt;
}

// cp.async.bulk.tensor.Nd / cp.reduce.async.bulk.tensor.Nd / the prefetch:
// the tensor operand [tensor-map, {c0, ...}] has N coordinates, and an
// im2col load's offsets {...} N-2.
std::optional<std::string> bulk_tensor(const Instruction& ins) {
  uint32_t dims = 0;
  for (std::string_view m : ins.modifiers)
    if (m.size() == 2 && m[1] == 'd' && m[0] >= '1' && m[0] <= '5') dims = static_cast<uint32_t>(m[0] - '0');
  if (dims == 0) return "a tensor copy needs its dimension count (.1d ... .5d)";
  if (ins.has("tile::gather4") || ins.has("tile::scatter4")) return std::nullopt;  // five coordinates for a 2-d map
  const Operand* coords = nullptr;
  size_t tensor_at = 0;
  for (size_t i = 0; i < ins.operands.size() && !coords; ++i) {
    const Operand& o = ins.operands[i];
    if (o.kind == Operand::Kind::Address && o.elements.size() == 2 && o.elements[1].kind == Operand::Kind::Vector)
      coords = &o.elements[1], tensor_at = i;
  }
  if (!coords) return "a tensor copy takes its tensor as [tensor-map, {coordinates}]";
  if (coords->elements.size() != dims)
    return fmt::format("a .{}d tensor copy takes {} coordinate(s), found {}", dims, dims, coords->elements.size());
  bool load = ins.has("mbarrier::complete_tx::bytes") && tensor_at == 1;
  bool prefetch = ins.has("prefetch");
  if ((load || prefetch) && ins.has("im2col")) {
    if (dims < 3) return "an im2col tensor copy has 3 to 5 dimensions";
    size_t at = prefetch ? 1 : 3;
    if (at >= ins.operands.size() || ins.operands[at].kind != Operand::Kind::Vector ||
        ins.operands[at].elements.size() != dims - 2)
      return fmt::format("a .{}d im2col tensor copy takes {} offset(s) {{...}} after {}", dims, dims - 2,
                         prefetch ? "the tensor" : "the mbarrier");
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> sm90_instruction_problem(const Module& m, const Instruction& ins) {
  auto [sm, suffix] = sm_target(m);
  bool arch_specific = suffix == 'a' || suffix == 'f';
  std::string_view sub = ins.modifiers.empty() ? std::string_view() : ins.modifiers[0];
  auto needs_target = [&](std::string_view what, bool ok) -> std::optional<std::string> {
    if (ok || sm == 0) return std::nullopt;
    return fmt::format("'{}' needs an arch-specific target such as .target sm_90a; this module targets sm_{}{}", what,
                       sm, suffix ? std::string(1, suffix) : "");
  };
  switch (ins.op) {
    case Opcode::Wgmma: {
      if (auto e = needs_target(fmt::format("wgmma.{}", sub), sm == 90 && suffix == 'a')) return e;
      if (sub == "mma_async") return wgmma_mma(ins);
      if (sub == "wait_group" && (ins.operands.size() != 1 || !is_immediate(ins.operands[0])))
        return "wgmma.wait_group takes one immediate: the number of groups left pending";
      if ((sub == "fence" || sub == "commit_group") && !ins.operands.empty())
        return fmt::format("wgmma.{} takes no operands", sub);
      return std::nullopt;
    }
    case Opcode::Setmaxnreg: {
      if (auto e = needs_target("setmaxnreg", arch_specific && sm >= 90)) return e;
      if (ins.operands.size() != 1 || !is_immediate(ins.operands[0]))
        return "setmaxnreg takes one immediate register count";
      int64_t n = ins.operands[0].value;
      if (n < 24 || n > 256 || n % 8 != 0)
        return fmt::format("setmaxnreg asks for {} registers; the count is a multiple of 8 in [24, 256]", n);
      return std::nullopt;
    }
    case Opcode::Tensormap:
      if (sub == "replace") return needs_target("tensormap.replace", arch_specific && sm >= 90);
      return std::nullopt;
    case Opcode::Cp:
      if (ins.has("tensor") && ins.has("bulk")) return bulk_tensor(ins);
      if (ins.has("wait_group") && (ins.operands.size() != 1 || !is_immediate(ins.operands[0])))
        return "cp.async.bulk.wait_group takes one immediate: the number of groups left pending";
      return std::nullopt;
    case Opcode::Mbarrier: {
      ScalarType t = ins.type();
      if (t != ScalarType::None && t != ScalarType::B64)
        return fmt::format("mbarrier.{} works on a 64-bit mbarrier object (.b64), not .{}", sub, to_string(t));
      return std::nullopt;
    }
    case Opcode::Elect:
      if (ins.operands.size() != 2 || ins.operands[0].kind != Operand::Kind::Pair)
        return "elect.sync writes a lane and a predicate, 'd|p', from a member mask";
      return std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace warpsat::ptx
