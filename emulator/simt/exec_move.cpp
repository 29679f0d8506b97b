// Data movement and conversion: mov (scalars, vectors, packing, symbol
// addresses), cvt (every integer/float pair, packed halves, fp8), cvta and
// isspacep.
#include <algorithm>

#include <fmt/format.h>

#include "emulator/fp/convert.h"
#include "emulator/fp/half.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::Operand;
using ptx::ScalarType;
using ptx::StateSpace;

namespace {

unsigned slot_bits(const Exec& x, Slot s) {
  return s < kSpecialBase ? static_cast<unsigned>(__builtin_popcountll(x.frame.code->slot_mask[s])) : 64;
}

// Element-wise copy (dst and src have the same number of slots). All
// sources are read before any destination is written: they may overlap
// ({a, b} <- {b, a}).
void run_mov(Exec& x, const Op& op, uint32_t mask) {
  uint64_t v[16];
  for_lanes(mask, [&](unsigned l) {
    size_t n = std::min<size_t>(op.dst.size(), 16);
    for (size_t i = 0; i < n; ++i) v[i] = x.src(op, i, l);
    for (size_t i = 0; i < n; ++i) x.set(op.dst[i], l, v[i]);
  });
}

// cvt.pack.sat.{u8,s8}.s32.b32 d, a, b, c: d = c[15:0] << 16 | sat(a) << 8 | sat(b);
// cvt.pack.sat.{u16,s16}.s32.b32 d, a, b: d = sat(a) << 16 | sat(b).
void run_cvt_pack(Exec& x, const Op& op, uint32_t mask) {
  unsigned w = ptx::bit_width(op.type);
  bool is_signed = ptx::is_signed_int(op.type);
  int64_t lo = is_signed ? -(int64_t{1} << (w - 1)) : 0, hi = is_signed ? (int64_t{1} << (w - 1)) - 1 : (int64_t{1} << w) - 1;
  uint32_t m = (1u << w) - 1;
  for_lanes(mask, [&](unsigned l) {
    auto sat = [&](size_t i) {
      int64_t v = static_cast<int32_t>(x.src(op, i, l));
      return static_cast<uint32_t>(std::clamp(v, lo, hi)) & m;
    };
    uint32_t r = w == 8 ? ((static_cast<uint32_t>(x.src(op, 2, l)) & 0xffff) << 16) | (sat(0) << 8) | sat(1)
                        : (sat(0) << 16) | sat(1);
    x.set(op.dst[0], l, r);
  });
}

// mov.b32 d, {a, b} / mov.b64 d, {a, b} / {a, b, c, d}: pack, element 0 lowest.
void run_pack(Exec& x, const Op& op, uint32_t mask) {
  unsigned w = ptx::bit_width(op.type) / static_cast<unsigned>(op.src.size());
  uint64_t m = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  for_lanes(mask, [&](unsigned l) {
    uint64_t v = 0;
    for (size_t i = 0; i < op.src.size(); ++i) v |= (x.src(op, i, l) & m) << (w * i);
    x.set(op.dst[0], l, v);
  });
}

void run_unpack(Exec& x, const Op& op, uint32_t mask) {
  unsigned w = ptx::bit_width(op.type) / static_cast<unsigned>(op.dst.size());
  uint64_t m = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  for_lanes(mask, [&](unsigned l) {
    uint64_t v = x.src(op, 0, l);
    for (size_t i = 0; i < op.dst.size(); ++i) x.set(op.dst[i], l, (v >> (w * i)) & m);
  });
}

// mov of a .local variable's address: the frame's base plus its offset.
void run_mov_local(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) { x.set(op.dst[0], l, x.frame.local_base + static_cast<uint64_t>(op.mem.offset)); });
}

std::optional<fp::Type> fp_type(ScalarType t) {
  switch (t) {
    case ScalarType::U8: return fp::Type::u8;
    case ScalarType::U16: return fp::Type::u16;
    case ScalarType::U32: return fp::Type::u32;
    case ScalarType::U64: return fp::Type::u64;
    case ScalarType::S8: return fp::Type::s8;
    case ScalarType::S16: return fp::Type::s16;
    case ScalarType::S32: return fp::Type::s32;
    case ScalarType::S64: return fp::Type::s64;
    case ScalarType::B8: return fp::Type::u8;
    case ScalarType::B16: return fp::Type::u16;
    case ScalarType::B32: return fp::Type::u32;
    case ScalarType::B64: return fp::Type::u64;
    case ScalarType::F16: return fp::Type::f16;
    case ScalarType::BF16: return fp::Type::bf16;
    case ScalarType::TF32: return fp::Type::tf32;
    case ScalarType::F32: return fp::Type::f32;
    case ScalarType::F64: return fp::Type::f64;
    default: return std::nullopt;
  }
}

void run_cvt(Exec& x, const Op& op, uint32_t mask) {
  const CvtInfo& info = x.frame.code->cvt_infos[op.aux2];
  for_lanes(mask, [&](unsigned l) {
    uint64_t v;
    try {
      v = fp::cvt(info.dst, info.src, x.src(op, 0, l), info.mods);
    } catch (const std::exception& e) {
      x.fail(op, l, fmt::format("invalid conversion: {}", e.what()));
    }
    unsigned reg = slot_bits(x, op.dst[0]);
    x.set(op.dst[0], l, reg > static_cast<unsigned>(fp::type_bits(info.dst)) && !fp::is_float(info.dst)
                            ? fp::extend_to_register(v, info.dst, static_cast<int>(reg))
                            : v);
  });
}

// Packed conversions: cvt.rn{.relu}{.satfinite}.f16x2|bf16x2.f32 d, a, b;
// cvt.rn.satfinite{.relu}.e4m3x2|e5m2x2.f32 d, a, b; cvt.rn{.relu}.f16x2.e4m3x2|e5m2x2 d, a.
void run_cvt_packed(Exec& x, const Op& op, uint32_t mask) {
  fp::NarrowMods m{false, (op.flags & 1) != 0, (op.flags & 2) != 0};
  auto fp8 = [](ScalarType t) { return t == ScalarType::E4M3x2 ? fp::Fp8::e4m3 : fp::Fp8::e5m2; };
  for_lanes(mask, [&](unsigned l) {
    uint32_t a = static_cast<uint32_t>(x.src(op, 0, l));
    uint64_t r = 0;
    switch (op.type) {
      case ScalarType::F16x2:
        if (op.type2 == ScalarType::F32) r = fp::cvt_f16x2_f32(a, static_cast<uint32_t>(x.src(op, 1, l)), fp::Rounding::rn, m);
        else r = fp::cvt_f16x2_fp8x2(fp8(op.type2), static_cast<uint16_t>(a), m.relu);
        break;
      case ScalarType::BF16x2: r = fp::cvt_bf16x2_f32(a, static_cast<uint32_t>(x.src(op, 1, l)), fp::Rounding::rn, m); break;
      case ScalarType::E4M3x2:
      case ScalarType::E5M2x2:
        if (op.type2 == ScalarType::F32) r = fp::cvt_fp8x2_f32(fp8(op.type), a, static_cast<uint32_t>(x.src(op, 1, l)), m.relu);
        else r = fp::cvt_fp8x2_half2(fp8(op.type), op.type2 == ScalarType::F16x2 ? fp::Half::f16 : fp::Half::bf16, a, m.relu);
        break;
      default: x.fail(op, l, "unsupported packed conversion");
    }
    x.set(op.dst[0], l, r);
  });
}

// op.flags: 0 to generic, 1 from generic; op.aux: the window's top 16 bits
void run_cvta(Exec& x, const Op& op, uint32_t mask) {
  uint64_t window = uint64_t{op.aux} << 48;
  bool to = op.flags & 1;
  for_lanes(mask, [&](unsigned l) {
    uint64_t a = x.src(op, 0, l);
    if (window != 0) a = to ? (a >= window && a < window + kWindowSize ? a - window : a) : a + window;
    x.set(op.dst[0], l, a);
  });
}

void run_isspacep(Exec& x, const Op& op, uint32_t mask) {
  Window want = static_cast<Window>(op.aux);
  for_lanes(mask, [&](unsigned l) { x.set(op.dst[0], l, window_of(x.src(op, 0, l)) == want); });
}

uint64_t window_base(StateSpace s) {
  switch (s) {
    case StateSpace::Shared: return kSharedWindow;
    case StateSpace::Local: return kLocalWindow;
    case StateSpace::Param: return kParamWindow;
    default: return 0;  // global and const live in device memory: identity
  }
}

}  // namespace

bool decode_move(Decoder& d, const ptx::Instruction& ins, Op& op) {
  ScalarType t = op.type;
  switch (ins.op) {
    case Opcode::Mov: {
      const Operand& src = ins.operands.at(1);
      if (src.kind == Operand::Kind::Symbol && !d.symbol_value(src.text, false)) {
        MemRef m = d.memref([&] {
          Operand a;
          a.kind = Operand::Kind::Address;
          a.elements.push_back(src);
          return a;
        }(), StateSpace::Generic);
        if (m.base != MemRef::Base::LocalVariable && m.base != MemRef::Base::KernelParam &&
            m.base != MemRef::Base::ParamVariable)
          return false;
        d.slots(ins.operands.at(0), t, op.dst);
        op.mem = m;
        if (m.base == MemRef::Base::LocalVariable) {
          op.run = run_mov_local;
        } else {
          op.src.push_back(d.constant(static_cast<uint64_t>(m.offset)));  // a parameter's param-space address
          op.run = run_mov;
        }
        return true;
      }
      if (src.kind == Operand::Kind::Symbol) {  // a variable's address in its own space (shared: the offset)
        d.slots(ins.operands.at(0), t, op.dst);
        op.src.push_back(d.constant(*d.symbol_value(src.text, false)));
        op.run = run_mov;
        return true;
      }
      d.slots(ins.operands.at(0), t, op.dst);
      d.slots(src, t, op.src);
      if (src.kind == Operand::Kind::Sum) op.src_add = {src.value};
      if (op.dst.size() == op.src.size()) op.run = run_mov;
      else if (op.dst.size() == 1) op.run = run_pack;
      else if (op.src.size() == 1) op.run = run_unpack;
      else return false;
      return true;
    }
    case Opcode::Cvt: {
      std::vector<ScalarType> types;
      for (auto m : ins.modifiers)
        if (auto ty = ptx::parse_scalar_type(m)) types.push_back(*ty);
      if (types.size() == 3 && ins.has("pack")) types.pop_back();  // cvt.pack's cType
      if (types.size() != 2) return false;
      op.type = types[0];
      op.type2 = types[1];
      bool packed = types[0] == ScalarType::F16x2 || types[0] == ScalarType::BF16x2 ||
                    types[0] == ScalarType::E4M3x2 || types[0] == ScalarType::E5M2x2;
      d.slots(ins.operands.at(0), types[0], op.dst);
      for (size_t i = 1; i < ins.operands.size(); ++i) op.src.push_back(d.slot(ins.operands[i], types[1]));
      if (ins.has("pack")) {
        if (!ins.has("sat") || ptx::bit_width(types[0]) > 16) return false;
        op.run = run_cvt_pack;
        return true;
      }
      if (packed) {
        op.flags = (ins.has("relu") ? 1u : 0u) | (ins.has("satfinite") ? 2u : 0u);
        op.run = run_cvt_packed;
        return true;
      }
      auto dst = fp_type(types[0]), srct = fp_type(types[1]);
      if (!dst || !srct) return false;
      CvtInfo info{*dst, *srct, {}};
      static constexpr std::pair<std::string_view, fp::Rounding> kF[] = {
          {"rn", fp::Rounding::rn}, {"rna", fp::Rounding::rna}, {"rz", fp::Rounding::rz},
          {"rm", fp::Rounding::rm}, {"rp", fp::Rounding::rp}};
      static constexpr std::pair<std::string_view, fp::IntRounding> kI[] = {
          {"rni", fp::IntRounding::rni}, {"rzi", fp::IntRounding::rzi}, {"rmi", fp::IntRounding::rmi},
          {"rpi", fp::IntRounding::rpi}};
      for (auto [n, r] : kF)
        if (ins.has(n)) info.mods.frnd = r;
      for (auto [n, r] : kI)
        if (ins.has(n)) info.mods.irnd = r;
      info.mods.ftz = ins.has("ftz");
      info.mods.sat = ins.has("sat");
      info.mods.relu = ins.has("relu");
      info.mods.satfinite = ins.has("satfinite");
      op.aux2 = static_cast<uint32_t>(d.code().cvt_infos.size());
      d.code().cvt_infos.push_back(info);
      op.run = run_cvt;
      return true;
    }
    case Opcode::Cvta: {
      // cvta.space.size d, a (to generic) or cvta.to.space.size d, a
      std::optional<StateSpace> space;
      for (auto m : ins.modifiers)
        if (auto s = ptx::parse_state_space(m)) space = s;
      if (!space) return false;
      op.flags = ins.has("to") ? 1u : 0u;
      d.slots(ins.operands.at(0), t, op.dst);
      const Operand& src = ins.operands.at(1);
      if (src.kind == Operand::Kind::Symbol) {
        auto v = d.symbol_value(src.text, false);
        if (!v) return false;
        op.src.push_back(d.constant(*v));
      } else {
        op.src.push_back(d.slot(src, t));
      }
      op.aux = static_cast<uint32_t>(window_base(*space) >> 48);
      op.run = run_cvta;
      return true;
    }
    case Opcode::Isspacep: {
      std::optional<StateSpace> space;
      for (auto m : ins.modifiers)
        if (auto s = ptx::parse_state_space(m)) space = s;
      if (!space) return false;
      Window w = *space == StateSpace::Shared ? Window::Shared : *space == StateSpace::Local ? Window::Local
                 : *space == StateSpace::Param ? Window::Param : Window::Device;
      op.aux = static_cast<uint32_t>(w);
      d.slots(ins.operands.at(0), ScalarType::Pred, op.dst);
      op.src.push_back(d.slot(ins.operands.at(1), ScalarType::U64));
      op.run = run_isspacep;
      return true;
    }
    default: return false;
  }
}

}  // namespace warpsat::simt
