// Floating-point instructions on f32, f64, f16, bf16 and their x2 forms:
// add sub mul fma mad div rcp sqrt rsqrt sin cos lg2 ex2 tanh abs neg min max
// copysign testp, and float setp/set. The arithmetic is emulator/fp's,
// bit-exact except for the documented .approx bounds.
#include "emulator/fp/approx.h"
#include "emulator/fp/arith.h"
#include "emulator/fp/compare.h"
#include "emulator/fp/half_arith.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;

namespace {

enum Kind : uint32_t {
  Add, Sub, Mul, Fma, Div, Rcp, Sqrt, Rsqrt, Sin, Cos, Lg2, Ex2, Tanh, Abs, Neg, Min, Max, Copysign, Testp, Setp,
  Contracted,  // an add or sub ptxas fuses with the mul before it (contraction.cpp): fma, signs from the flags
};

// op.flags layout
enum : uint32_t {
  kRoundShift = 0,  // 3 bits: fp::Rounding
  kFtz = 1u << 3, kSat = 1u << 4, kRelu = 1u << 5, kApprox = 1u << 6, kFull = 1u << 7,
  kNaN = 1u << 8, kXorsign = 1u << 9, kAbs = 1u << 10,
  kCmpShift = 12,   // 4 bits: fp::CmpOp / fp::TestOp
  kBoolShift = 16,  // 2 bits: fp::BoolOp
  kNegC = 1u << 18,
  kExplicitRounding = 1u << 19,  // .rn/.rz/.rm/.rp written: ptxas may not contract
  kNegProduct = 1u << 20, kNegAddend = 1u << 21,  // Contracted: c - a*b, a*b - c
};

fp::Rounding rounding(const Op& op) { return static_cast<fp::Rounding>((op.flags >> kRoundShift) & 7); }
bool has(const Op& op, uint32_t f) { return (op.flags & f) != 0; }
fp::CmpOp cmp_op(const Op& op) { return static_cast<fp::CmpOp>((op.flags >> kCmpShift) & 0xf); }
fp::BoolOp bool_op(const Op& op) { return static_cast<fp::BoolOp>((op.flags >> kBoolShift) & 3); }
fp::MinMaxMods minmax(const Op& op) { return {has(op, kFtz), has(op, kNaN), has(op, kAbs), has(op, kXorsign)}; }

// The optional `.and/.or/.xor {!}c` of setp and set.
bool combined(Exec& x, const Op& op, unsigned l, bool r) {
  fp::BoolOp b = bool_op(op);
  if (b == fp::BoolOp::none) return r;
  bool c = ((x.src(op, 2, l) & 1) != 0) != has(op, kNegC);
  return fp::combine(b, r, c);
}

void set_compare(Exec& x, const Op& op, unsigned l, bool r) {
  bool p = combined(x, op, l, r);
  if (op.aux2_set()) {  // set: the destination type is op.type2
    uint64_t v = op.type2 == ScalarType::F32 ? fp::set_f32(p) : p ? ~uint64_t{0} : 0;
    x.set(op.dst[0], l, v);
    return;
  }
  x.set(op.dst[0], l, p);
  if (op.dst.size() > 1) x.set(op.dst[1], l, combined(x, op, l, !r));
}

// add, mul and fma on whole-warp arrays: the bulk of floating-point work.
void run_f32_common(Exec& x, const Op& op, uint32_t mask) {
  fp::F32Mods m{rounding(op), has(op, kFtz), has(op, kSat)};
  uint64_t ta[kWarpSize], tb[kWarpSize], tc[kWarpSize];
  const uint64_t* a = x.lanes(op.src[0], ta);
  const uint64_t* b = x.lanes(op.src[1], tb);
  uint64_t* d = x.regs + static_cast<size_t>(op.dst[0]) * kWarpSize;
  auto u = [](uint64_t v) { return static_cast<uint32_t>(v); };
  switch (static_cast<Kind>(op.aux)) {
    case Add: for_lanes(mask, [&](unsigned l) { d[l] = fp::add_f32(u(a[l]), u(b[l]), m); }); break;
    case Sub: for_lanes(mask, [&](unsigned l) { d[l] = fp::sub_f32(u(a[l]), u(b[l]), m); }); break;
    case Mul: for_lanes(mask, [&](unsigned l) { d[l] = fp::mul_f32(u(a[l]), u(b[l]), m); }); break;
    default: {
      const uint64_t* c = x.lanes(op.src[2], tc);
      for_lanes(mask, [&](unsigned l) { d[l] = fp::fma_f32(u(a[l]), u(b[l]), u(c[l]), m); });
    }
  }
}

void run_f32(Exec& x, const Op& op, uint32_t mask) {
  fp::F32Mods m{rounding(op), has(op, kFtz), has(op, kSat)};
  Kind k = static_cast<Kind>(op.aux);
  for_lanes(mask, [&](unsigned l) {
    uint32_t a = static_cast<uint32_t>(x.src(op, 0, l));
    auto b = [&] { return static_cast<uint32_t>(x.src(op, 1, l)); };
    auto c = [&] { return static_cast<uint32_t>(x.src(op, 2, l)); };
    uint32_t r = 0;
    switch (k) {
      case Add: r = fp::add_f32(a, b(), m); break;
      case Sub: r = fp::sub_f32(a, b(), m); break;
      case Mul: r = fp::mul_f32(a, b(), m); break;
      case Fma: r = fp::fma_f32(a, b(), c(), m); break;
      case Contracted:
        r = fp::fma_f32(has(op, kNegProduct) ? a ^ 0x80000000u : a, b(), has(op, kNegAddend) ? c() ^ 0x80000000u : c(), m);
        break;
      case Div:
        r = has(op, kApprox) ? fp::div_approx_f32(a, b(), m.ftz) : has(op, kFull) ? fp::div_full_f32(a, b(), m.ftz)
                                                                                    : fp::div_f32(a, b(), m);
        break;
      case Rcp: r = has(op, kApprox) ? fp::rcp_approx_f32(a, m.ftz) : fp::rcp_f32(a, m); break;
      case Sqrt: r = has(op, kApprox) ? fp::sqrt_approx_f32(a, m.ftz) : fp::sqrt_f32(a, m); break;
      case Rsqrt: r = fp::rsqrt_approx_f32(a, m.ftz); break;
      case Sin: r = fp::sin_approx_f32(a, m.ftz); break;
      case Cos: r = fp::cos_approx_f32(a, m.ftz); break;
      case Lg2: r = fp::lg2_approx_f32(a, m.ftz); break;
      case Ex2: r = fp::ex2_approx_f32(a, m.ftz); break;
      case Tanh: r = fp::tanh_approx_f32(a); break;
      case Abs: r = fp::abs_f32(a, m.ftz); break;
      case Neg: r = fp::neg_f32(a, m.ftz); break;
      case Min: r = op.src.size() == 3 ? fp::min3_f32(a, b(), c(), minmax(op)) : fp::min_f32(a, b(), minmax(op)); break;
      case Max: r = op.src.size() == 3 ? fp::max3_f32(a, b(), c(), minmax(op)) : fp::max_f32(a, b(), minmax(op)); break;
      case Copysign: r = fp::copysign_f32(a, b()); break;
      case Testp: x.set(op.dst[0], l, fp::testp_f32(static_cast<fp::TestOp>(cmp_op(op)), a)); return;
      case Setp: set_compare(x, op, l, fp::cmp_f32(cmp_op(op), a, b(), m.ftz)); return;
    }
    x.set(op.dst[0], l, r);
  });
}

void run_f64(Exec& x, const Op& op, uint32_t mask) {
  fp::Rounding rnd = rounding(op);
  Kind k = static_cast<Kind>(op.aux);
  for_lanes(mask, [&](unsigned l) {
    uint64_t a = x.src(op, 0, l);
    auto b = [&] { return x.src(op, 1, l); };
    auto c = [&] { return x.src(op, 2, l); };
    uint64_t r = 0;
    switch (k) {
      case Add: r = fp::add_f64(a, b(), rnd); break;
      case Sub: r = fp::sub_f64(a, b(), rnd); break;
      case Mul: r = fp::mul_f64(a, b(), rnd); break;
      case Fma: r = fp::fma_f64(a, b(), c(), rnd); break;
      case Div: r = fp::div_f64(a, b(), rnd); break;
      case Rcp: r = has(op, kApprox) ? fp::rcp_approx_ftz_f64(a) : fp::rcp_f64(a, rnd); break;
      case Sqrt: r = fp::sqrt_f64(a, rnd); break;
      case Rsqrt: r = has(op, kFtz) ? fp::rsqrt_approx_ftz_f64(a) : fp::rsqrt_approx_f64(a); break;
      case Abs: r = fp::abs_f64(a); break;
      case Neg: r = fp::neg_f64(a); break;
      case Min: r = fp::min_f64(a, b()); break;
      case Max: r = fp::max_f64(a, b()); break;
      case Copysign: r = fp::copysign_f64(a, b()); break;
      case Testp: x.set(op.dst[0], l, fp::testp_f64(static_cast<fp::TestOp>(cmp_op(op)), a)); return;
      case Setp: set_compare(x, op, l, fp::cmp_f64(cmp_op(op), a, b())); return;
      default: x.fail(op, l, "this f64 operation is not implemented");
    }
    x.set(op.dst[0], l, r);
  });
}

// f16 and bf16, scalar (op.vec == 1) or packed x2 (op.vec == 2).
void run_half(Exec& x, const Op& op, uint32_t mask) {
  fp::Half h = (op.type == ScalarType::BF16 || op.type == ScalarType::BF16x2) ? fp::Half::bf16 : fp::Half::f16;
  bool pair = op.vec == 2;
  fp::HalfMods m{has(op, kFtz), has(op, kSat), has(op, kRelu)};
  Kind k = static_cast<Kind>(op.aux);
  for_lanes(mask, [&](unsigned l) {
    uint32_t a = static_cast<uint32_t>(x.src(op, 0, l));
    auto b = [&] { return static_cast<uint32_t>(x.src(op, 1, l)); };
    auto c = [&] { return static_cast<uint32_t>(x.src(op, 2, l)); };
    auto h16 = [](uint32_t v) { return static_cast<uint16_t>(v); };
    uint32_t r = 0;
    switch (k) {
      case Add: r = pair ? fp::hadd2(h, a, b(), m) : fp::hadd(h, h16(a), h16(b()), m); break;
      case Sub: r = pair ? fp::hsub2(h, a, b(), m) : fp::hsub(h, h16(a), h16(b()), m); break;
      case Mul: r = pair ? fp::hmul2(h, a, b(), m) : fp::hmul(h, h16(a), h16(b()), m); break;
      case Fma: r = pair ? fp::hfma2(h, a, b(), c(), m) : fp::hfma(h, h16(a), h16(b()), h16(c()), m); break;
      case Abs: r = pair ? fp::habs2(h, a, m.ftz) : fp::habs(h, h16(a), m.ftz); break;
      case Neg: r = pair ? fp::hneg2(h, a, m.ftz) : fp::hneg(h, h16(a), m.ftz); break;
      case Min: r = pair ? fp::hmin2(h, a, b(), minmax(op)) : fp::hmin(h, h16(a), h16(b()), minmax(op)); break;
      case Max: r = pair ? fp::hmax2(h, a, b(), minmax(op)) : fp::hmax(h, h16(a), h16(b()), minmax(op)); break;
      case Ex2: r = pair ? fp::ex2_approx_half2(h, a) : fp::ex2_approx_half(h, h16(a)); break;
      case Tanh: r = pair ? fp::tanh_approx_half2(h, a) : fp::tanh_approx_half(h, h16(a)); break;
      case Setp:
        if (pair) {
          fp::PredPair pq = fp::cmp_half2(h, cmp_op(op), a, b(), m.ftz);
          if (op.aux2_set()) {
            x.set(op.dst[0], l, op.type2 == ScalarType::F16x2 || op.type2 == ScalarType::BF16x2
                                    ? fp::set_half2_float(h, pq) : fp::set_half2_int(pq));
          } else {
            x.set(op.dst[0], l, combined(x, op, l, pq.p));
            if (op.dst.size() > 1) x.set(op.dst[1], l, combined(x, op, l, pq.q));
          }
          return;
        }
        if (op.aux2_set()) {
          bool p = combined(x, op, l, fp::cmp_half(h, cmp_op(op), h16(a), h16(b()), m.ftz));
          uint64_t v = op.type2 == ScalarType::F16 || op.type2 == ScalarType::BF16 ? fp::set_half(h, p)
                       : op.type2 == ScalarType::F32 ? fp::set_f32(p) : p ? ~uint64_t{0} : 0;
          x.set(op.dst[0], l, v);
          return;
        }
        set_compare(x, op, l, fp::cmp_half(h, cmp_op(op), h16(a), h16(b()), m.ftz));
        return;
      default: x.fail(op, l, "this half-precision operation is not implemented");
    }
    x.set(op.dst[0], l, r);
  });
}

int cmp_code(const ptx::Instruction& ins) {
  static constexpr std::pair<std::string_view, fp::CmpOp> kOps[] = {
      {"eq", fp::CmpOp::eq},   {"ne", fp::CmpOp::ne},   {"lt", fp::CmpOp::lt},   {"le", fp::CmpOp::le},
      {"gt", fp::CmpOp::gt},   {"ge", fp::CmpOp::ge},   {"equ", fp::CmpOp::equ}, {"neu", fp::CmpOp::neu},
      {"ltu", fp::CmpOp::ltu}, {"leu", fp::CmpOp::leu}, {"gtu", fp::CmpOp::gtu}, {"geu", fp::CmpOp::geu},
      {"num", fp::CmpOp::num}, {"nan", fp::CmpOp::nan}};
  for (auto m : ins.modifiers)
    for (auto [name, c] : kOps)
      if (m == name) return static_cast<int>(c);
  return -1;
}

int test_code(const ptx::Instruction& ins) {
  static constexpr std::pair<std::string_view, fp::TestOp> kOps[] = {
      {"finite", fp::TestOp::finite}, {"infinite", fp::TestOp::infinite}, {"number", fp::TestOp::number},
      {"notanumber", fp::TestOp::notanumber}, {"normal", fp::TestOp::normal}, {"subnormal", fp::TestOp::subnormal}};
  for (auto m : ins.modifiers)
    for (auto [name, c] : kOps)
      if (m == name) return static_cast<int>(c);
  return -1;
}

}  // namespace

bool decode_float(Decoder& d, const ptx::Instruction& ins, Op& op) {
  // The float type: the last type modifier (setp/set compare on it too).
  std::vector<ScalarType> types;
  for (auto m : ins.modifiers)
    if (auto t = ptx::parse_scalar_type(m)) types.push_back(*t);
  if (types.empty() || !ptx::is_float(types.back())) return false;
  ScalarType t = types.back();
  Kind kind;
  switch (ins.op) {
    case Opcode::Add: kind = Add; break;
    case Opcode::Sub: kind = Sub; break;
    case Opcode::Mul: kind = Mul; break;
    case Opcode::Fma:
    case Opcode::Mad: kind = Fma; break;
    case Opcode::Div: kind = Div; break;
    case Opcode::Rcp: kind = Rcp; break;
    case Opcode::Sqrt: kind = Sqrt; break;
    case Opcode::Rsqrt: kind = Rsqrt; break;
    case Opcode::Sin: kind = Sin; break;
    case Opcode::Cos: kind = Cos; break;
    case Opcode::Lg2: kind = Lg2; break;
    case Opcode::Ex2: kind = Ex2; break;
    case Opcode::Tanh: kind = Tanh; break;
    case Opcode::Abs: kind = Abs; break;
    case Opcode::Neg: kind = Neg; break;
    case Opcode::Min: kind = Min; break;
    case Opcode::Max: kind = Max; break;
    case Opcode::Copysign: kind = Copysign; break;
    case Opcode::Testp: kind = Testp; break;
    case Opcode::Setp:
    case Opcode::Set: kind = Setp; break;
    default: return false;
  }
  op.aux = kind;
  op.type = t;
  static constexpr std::pair<std::string_view, fp::Rounding> kRound[] = {
      {"rn", fp::Rounding::rn}, {"rz", fp::Rounding::rz}, {"rm", fp::Rounding::rm}, {"rp", fp::Rounding::rp}};
  for (auto [name, r] : kRound)
    if (ins.has(name)) op.flags |= static_cast<uint32_t>(r) << kRoundShift | kExplicitRounding;
  if (ins.has("ftz")) op.flags |= kFtz;
  if (ins.has("sat")) op.flags |= kSat;
  if (ins.has("relu")) op.flags |= kRelu;
  if (ins.has("approx")) op.flags |= kApprox;
  if (ins.has("full")) op.flags |= kFull;
  if (ins.has("NaN")) op.flags |= kNaN;
  if (ins.has("xorsign")) op.flags |= kXorsign;
  if (ins.has("abs")) op.flags |= kAbs;
  if (kind == Setp) {
    int c = cmp_code(ins);
    if (c < 0) return false;
    op.flags |= static_cast<uint32_t>(c) << kCmpShift;
    uint32_t b = ins.has("and") ? 1 : ins.has("or") ? 2 : ins.has("xor") ? 3 : 0;
    op.flags |= b << kBoolShift;
    if (ins.op == Opcode::Set) {
      if (types.size() != 2) return false;
      op.type2 = types[0];
      op.aux2 = 1;
    }
  }
  if (kind == Testp) {
    int c = test_code(ins);
    if (c < 0) return false;
    op.flags |= static_cast<uint32_t>(c) << kCmpShift;
  }
  // Operands: destination(s), then sources in the float type (predicate c last).
  ScalarType dst_type = (kind == Setp && ins.op == Opcode::Setp) || kind == Testp ? ScalarType::Pred
                        : ins.op == Opcode::Set ? op.type2 : t;
  d.slots(ins.operands.at(0), dst_type, op.dst);
  size_t nsrc = ins.operands.size() - 1;
  bool has_c = kind == Setp && ((op.flags >> kBoolShift) & 3) != 0;
  for (size_t i = 1; i < ins.operands.size(); ++i) {
    const ptx::Operand& o = ins.operands[i];
    bool is_c = has_c && i == ins.operands.size() - 1;
    op.src.push_back(d.slot(o, is_c ? ScalarType::Pred : t));
    if (is_c && o.negated) op.flags |= kNegC;
  }
  (void)nsrc;
  // Metrics: nvprof counts add/sub/mul as one operation, fma/mad as two, per element.
  unsigned elems = (t == ScalarType::F16x2 || t == ScalarType::BF16x2) ? 2 : 1;
  if (kind == Add || kind == Sub || kind == Mul) op.flops = static_cast<uint8_t>(elems);
  if (kind == Fma) op.flops = static_cast<uint8_t>(2 * elems);
  op.fp_special = kind == Div || kind == Rcp || kind == Sqrt || kind == Rsqrt || kind == Sin || kind == Cos ||
                  kind == Lg2 || kind == Ex2 || kind == Tanh;
  switch (t) {
    case ScalarType::F32:
      op.run = (kind == Add || kind == Sub || kind == Mul || kind == Fma) && op.src_add.empty() ? run_f32_common : run_f32;
      break;
    case ScalarType::F64: op.run = run_f64; break;
    case ScalarType::F16:
    case ScalarType::BF16: op.vec = 1, op.run = run_half; break;
    case ScalarType::F16x2:
    case ScalarType::BF16x2: op.vec = 2, op.run = run_half; break;
    default: return false;
  }
  return true;
}

bool is_contractible_mul(const Op& op) {
  return (op.run == run_f32_common || op.run == run_f32) && op.type == ScalarType::F32 && op.aux == Mul &&
         !has(op, kExplicitRounding | kSat) && op.src_add.empty() && op.src.size() == 2;
}

bool is_contractible_add(const Op& op, const Op& mul) {
  return (op.run == run_f32_common || op.run == run_f32) && op.type == ScalarType::F32 &&
         (op.aux == Add || op.aux == Sub) && !has(op, kExplicitRounding | kSat) && op.src_add.empty() &&
         op.src.size() == 2 && has(op, kFtz) == has(mul, kFtz);
}

void contract_into(Op& add, const Op& mul, bool product_first) {
  const Slot other = add.src[product_first ? 1 : 0];
  if (add.aux == Sub) add.flags |= product_first ? kNegAddend : kNegProduct;
  add.aux = Contracted;
  add.src = {mul.src[0], mul.src[1], other};
  add.run = run_f32;
}

}  // namespace warpsat::simt
