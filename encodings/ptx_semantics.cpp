#include "encodings/ptx_semantics.h"

#include <functional>

#include <fmt/format.h>

#include "encodings/fp_terms.h"
#include "encodings/param_address.h"
#include "encodings/warp_roles.h"

namespace warpsat {

using ptx::Opcode;
using ptx::Operand;
using ptx::ScalarType;

unsigned register_bits(const ptx::Function& f, ptx::RegId r) {
  if (r >= f.registers.size()) return 1;  // the carry flag
  const ptx::Register& reg = f.registers[r];
  unsigned w = ptx::bit_width(reg.type);
  return w == 0 ? 64 : w;
}

namespace {

struct Sem {
  TermSource& s;
  int t;
  const ptx::Instruction& ins;
  z3::context& c;

  z3::expr bv(uint64_t v, unsigned w) { return c.bv_val(v, w); }

  // Resizes a bit-vector to w bits (truncating, or extending by sign).
  static z3::expr fit(const z3::expr& v, unsigned w, bool sign) {
    unsigned have = v.get_sort().bv_size();
    if (have == w) return v;
    if (have > w) return v.extract(w - 1, 0);
    return sign ? z3::sext(v, w - have) : z3::zext(v, w - have);
  }

  z3::expr operand(const Operand& o, unsigned w, bool sign) {
    switch (o.kind) {
      case Operand::Kind::Register: {
        if (o.component) throw std::runtime_error("vector register element");
        return fit(s.reg(t, o.reg), w, sign);
      }
      case Operand::Kind::Int: return bv(static_cast<uint64_t>(o.value), w);
      case Operand::Kind::Float: return bv(static_cast<uint64_t>(o.value), w);
      case Operand::Kind::Special: return fit(s.special(t, o), w, false);
      case Operand::Kind::Symbol: return fit(s.symbol_address(o.text), w, false);
      case Operand::Kind::Sum: return operand(o.elements[0], w, sign) + bv(static_cast<uint64_t>(o.value), w);
      default: throw std::runtime_error("operand form");
    }
  }
  z3::expr src(size_t i, unsigned w, bool sign = false) { return operand(ins.operands.at(i), w, sign); }

  void write(const Operand& d, const z3::expr& v) {
    if (d.kind == Operand::Kind::Sink) return;
    if (d.kind != Operand::Kind::Register) throw std::runtime_error("destination form");
    s.set_reg(t, d.reg, fit(v, register_bits(s.function(), d.reg), false));
  }
  void write(const z3::expr& v) { write(ins.operands.at(0), v); }

  z3::expr pred(const z3::expr& b) { return z3::ite(b, bv(1, 1), bv(0, 1)); }
  z3::expr is_true(const z3::expr& p1) { return p1 == bv(1, 1); }

  void opaque(const std::string& why, bool uniform = false) {
    const Operand& d = ins.operands.empty() ? Operand{} : ins.operands[0];
    auto fresh = [&](const Operand& o) {
      if (o.kind == Operand::Kind::Register)
        s.set_reg(t, o.reg, s.opaque(t, ins, register_bits(s.function(), o.reg), why, uniform));
    };
    if (d.kind == Operand::Kind::Vector || d.kind == Operand::Kind::Pair)
      for (const Operand& e : d.elements) fresh(e);
    else
      fresh(d);
  }

  // Instructions whose result depends on their operands only (floating
  // point arithmetic and comparisons, conversions, texture reads of
  // read-only memory): a function of the operand values, so two threads
  // with equal operands get equal results. Operands it cannot read as
  // values make the result opaque.
  void deterministic(const std::string& why) {
    std::vector<z3::expr> args;
    std::function<void(const Operand&)> add = [&](const Operand& o) {
      switch (o.kind) {
        case Operand::Kind::Address:
        case Operand::Kind::Vector:
        case Operand::Kind::Pair:
          for (const Operand& e : o.elements) add(e);
          if (o.kind == Operand::Kind::Address) args.push_back(bv(static_cast<uint64_t>(o.value), 64));
          return;
        case Operand::Kind::Register: {
          if (o.component) throw std::runtime_error("vector register element");
          z3::expr v = s.reg(t, o.reg);
          args.push_back(o.negated ? ~v : v);
          return;
        }
        case Operand::Kind::Int:
        case Operand::Kind::Float: args.push_back(bv(static_cast<uint64_t>(o.value), 64)); return;
        case Operand::Kind::Special: args.push_back(s.special(t, o)); return;
        case Operand::Kind::Symbol: args.push_back(s.symbol_address(o.text)); return;
        case Operand::Kind::Sink: return;
        default: throw std::runtime_error("operand form");
      }
    };
    try {
      for (size_t i = 1; i < ins.operands.size(); ++i) add(ins.operands[i]);
    } catch (const std::runtime_error&) {
      return opaque(why);
    }
    if (ins.operands.empty()) return;
    const Operand& d = ins.operands[0];
    std::vector<Operand> dsts = d.kind == Operand::Kind::Vector || d.kind == Operand::Kind::Pair ? d.elements : std::vector<Operand>{d};
    for (size_t k = 0; k < dsts.size(); ++k)
      if (dsts[k].kind == Operand::Kind::Register)
        s.set_reg(t, dsts[k].reg,
                  s.function_of(t, ins, args, register_bits(s.function(), dsts[k].reg), static_cast<unsigned>(k), why));
  }

  // Floating point as exact terms (fp_terms.cpp); forms it does not model
  // stay deterministic unknown functions.
  void floating() {
    FloatOperands io{c, ins, [&](size_t i, unsigned w) { return src(i, w); },
                     [&](const Operand& d, const z3::expr& v) { write(d, v); },
                     [&](const std::string& symbol, const std::string& why) { s.imprecise(symbol, why); }};
    if (s.exact_floats() && apply_float(io)) s.uses_float();
    else deterministic(kFloatImprecision);
  }

  ScalarType type() const { return ins.type(); }
  unsigned width() const { return std::max(1u, ptx::bit_width(type())); }
  bool is_signed() const { return ptx::is_signed_int(type()); }

  // ---- the operations ----

  z3::expr compare(std::string_view cmp, const z3::expr& a, const z3::expr& b, bool sign) {
    if (cmp == "eq") return a == b;
    if (cmp == "ne") return a != b;
    if (cmp == "lo") return z3::ult(a, b);
    if (cmp == "ls") return z3::ule(a, b);
    if (cmp == "hi") return z3::ugt(a, b);
    if (cmp == "hs") return z3::uge(a, b);
    if (cmp == "lt") return sign ? a < b : z3::ult(a, b);
    if (cmp == "le") return sign ? a <= b : z3::ule(a, b);
    if (cmp == "gt") return sign ? a > b : z3::ugt(a, b);
    if (cmp == "ge") return sign ? a >= b : z3::uge(a, b);
    throw std::runtime_error("comparison");
  }

  void setp_set() {
    std::vector<ScalarType> types;
    for (auto m : ins.modifiers)
      if (auto ty = ptx::parse_scalar_type(m)) types.push_back(*ty);
    ScalarType ct = types.back();
    bool fp = ptx::is_float(ct);
    if (fp && ((ct != ScalarType::F16 && ct != ScalarType::BF16 && ct != ScalarType::F32 && ct != ScalarType::F64) ||
               !s.exact_floats()))
      return deterministic(kFloatImprecision);
    std::string_view cmp;
    for (auto m : ins.modifiers)
      for (std::string_view k : {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu",
                                 "gtu", "geu", "num", "nan"})
        if (m == k) cmp = k;
    unsigned w = ct == ScalarType::Pred ? 1 : ptx::bit_width(ct);
    bool sign = ptx::is_signed_int(ct);
    if (fp) s.uses_float();
    z3::expr r = fp ? float_compare(c, cmp, src(1, w), src(2, w), ct, ins.has("ftz"))
                    : compare(cmp, src(1, w, sign), src(2, w, sign), sign);
    z3::expr p = r, q = !r;
    std::string_view how = ins.has("and") ? "and" : ins.has("or") ? "or" : ins.has("xor") ? "xor" : "";
    if (!how.empty()) {
      const Operand& co = ins.operands.at(3);
      z3::expr cv = is_true(operand(co, 1, false));
      if (co.negated) cv = !cv;
      auto combine = [&](const z3::expr& x) { return how == "and" ? x && cv : how == "or" ? x || cv : x != cv; };
      p = combine(r);
      q = combine(!r);
    }
    if (ins.op == Opcode::Set) {
      unsigned dw = ptx::bit_width(types.front());
      z3::expr one = types.front() == ScalarType::F32 ? bv(0x3f800000u, 32) : bv(~uint64_t{0}, dw);
      return write(z3::ite(p, one, bv(0, dw)));
    }
    const Operand& d = ins.operands.at(0);
    if (d.kind == Operand::Kind::Pair) {
      write(d.elements[0], pred(p));
      write(d.elements[1], pred(q));
    } else {
      write(d, pred(p));
    }
  }

  void add_sub() {
    unsigned w = width();
    bool sub = ins.op == Opcode::Sub || ins.op == Opcode::Subc;
    bool cin = ins.op == Opcode::Addc || ins.op == Opcode::Subc;
    z3::expr a = src(1, w), b = src(2, w);
    z3::expr carry_in = cin ? z3::zext(s.reg(t, static_cast<ptx::RegId>(s.function().registers.size())), w) : bv(sub ? 1 : 0, w);
    z3::expr ea = z3::zext(a, 1), eb = z3::zext(sub ? ~b : b, 1), ec = z3::zext(carry_in, 1);
    z3::expr sum = ea + eb + ec;  // w+1 bits: the carry is the top bit
    z3::expr r = sum.extract(w - 1, 0);
    if (!sub && !cin) r = a + b;
    if (sub && !cin) r = a - b;
    if (ins.has("sat") && is_signed()) {
      z3::expr ex = sub ? z3::sext(a, 1) - z3::sext(b, 1) : z3::sext(a, 1) + z3::sext(b, 1);
      z3::expr hi = bv((uint64_t{1} << (w - 1)) - 1, w + 1), lo = z3::sext(bv(uint64_t{1} << (w - 1), w), 1);
      r = z3::ite(ex > hi, hi.extract(w - 1, 0), z3::ite(ex < lo, lo.extract(w - 1, 0), ex.extract(w - 1, 0)));
    }
    write(r);
    if (ins.has("cc")) s.set_reg(t, static_cast<ptx::RegId>(s.function().registers.size()), sum.extract(w, w));
  }

  void mul_mad() {
    unsigned w = width();
    bool sign = is_signed();
    bool mad = ins.op == Opcode::Mad || ins.op == Opcode::Mad24 || ins.op == Opcode::Madc;
    bool is24 = ins.op == Opcode::Mul24 || ins.op == Opcode::Mad24;
    z3::expr a = src(1, w, sign), b = src(2, w, sign);
    if (is24) {
      a = fit(a.extract(23, 0), w, sign);
      b = fit(b.extract(23, 0), w, sign);
    }
    bool whole_product = ins.has("wide") || ins.has("hi");
    // The low half of a product is the product of the operands at their
    // own width, whatever their signs: a multiplier twice as wide is four
    // times the circuit Z3 bit-blasts (a 64-bit mul.lo became a 128-bit
    // multiplier, and CUB's integer histogram has one per sample and lane).
    z3::expr p = whole_product ? fit(a, 2 * w, sign) * fit(b, 2 * w, sign) : a * b;
    if (ins.has("wide")) {
      z3::expr r = p;
      if (mad) r = r + src(3, 2 * w, sign);
      return write(r);
    }
    z3::expr part = !whole_product ? p : is24 ? p.extract(47, 16) : p.extract(2 * w - 1, w);
    if (mad) {
      if (ins.has("cc") || ins.op == Opcode::Madc) return opaque("extended-precision mad");
      if (ins.has("sat")) {
        z3::expr ex = z3::sext(part, 1) + z3::sext(src(3, w, true), 1);
        z3::expr hi = bv((uint64_t{1} << (w - 1)) - 1, w + 1), lo = z3::sext(bv(uint64_t{1} << (w - 1), w), 1);
        return write(z3::ite(ex > hi, hi.extract(w - 1, 0), z3::ite(ex < lo, lo.extract(w - 1, 0), ex.extract(w - 1, 0))));
      }
      part = part + src(3, w, sign);
    }
    write(part);
  }

  void div_rem() {
    unsigned w = width();
    bool sign = is_signed();
    z3::expr a = src(1, w, sign), b = src(2, w, sign);
    z3::expr zero = bv(0, w);
    if (ins.op == Opcode::Div) {
      // The emulator's (and NVIDIA's) result for b == 0: all ones.
      z3::expr q = sign ? a / b : z3::udiv(a, b);
      return write(z3::ite(b == zero, bv(~uint64_t{0}, w), q));
    }
    z3::expr r = sign ? z3::srem(a, b) : z3::urem(a, b);
    write(z3::ite(b == zero, a, r));
  }

  z3::expr popcount(const z3::expr& v, unsigned w) {
    z3::expr sum = bv(0, 32);
    for (unsigned i = 0; i < w; ++i) sum = sum + z3::zext(v.extract(i, i), 31);
    return sum;
  }

  void bits_unary() {
    unsigned w = width();
    z3::expr a = src(1, w, is_signed());
    switch (ins.op) {
      case Opcode::Popc: return write(popcount(a, w));
      case Opcode::Clz: {
        z3::expr r = bv(w, 32);
        for (unsigned i = 0; i < w; ++i) r = z3::ite(a.extract(i, i) == bv(1, 1), bv(w - 1 - i, 32), r);
        return write(r);
      }
      case Opcode::Brev: {
        z3::expr r = a.extract(0, 0);
        for (unsigned i = 1; i < w; ++i) r = z3::concat(r, a.extract(i, i));
        return write(r);
      }
      case Opcode::Bfind: {
        z3::expr v = is_signed() ? z3::ite(a < bv(0, w), ~a, a) : a;
        z3::expr r = bv(0xffffffffu, 32);
        for (unsigned i = 0; i < w; ++i) {
          unsigned pos = ins.has("shiftamt") ? w - 1 - i : i;
          r = z3::ite(v.extract(i, i) == bv(1, 1), bv(pos, 32), r);
        }
        return write(r);
      }
      case Opcode::Not:
        return write(~a);
      case Opcode::Cnot: return write(z3::ite(a == bv(0, w), bv(1, w), bv(0, w)));
      case Opcode::Neg: return write(-a);
      case Opcode::Abs: return write(z3::ite(a < bv(0, w), -a, a));
      default: return opaque("unsupported");
    }
  }

  void shifts() {
    unsigned w = width();
    z3::expr a = src(1, w, is_signed());
    z3::expr n = fit(src(2, 32), w > 32 ? w : 32, false);
    z3::expr nw = fit(n, w, false);
    z3::expr big = z3::uge(n, bv(w, n.get_sort().bv_size()));
    if (ins.op == Opcode::Shl) return write(z3::ite(big, bv(0, w), z3::shl(a, nw)));
    if (is_signed()) return write(z3::ite(big, z3::ashr(a, bv(w - 1, w)), z3::ashr(a, nw)));
    write(z3::ite(big, bv(0, w), z3::lshr(a, nw)));
  }

  void bfe() {
    unsigned w = width();
    z3::expr a = src(1, w);
    z3::expr pos = src(2, 32).extract(7, 0), len = src(3, 32).extract(7, 0);
    // bit i of the result: a[pos+i] for i < len and pos+i < w, else the sign bit (signed) or 0.
    z3::expr msb_index = z3::ite(len == bv(0, 8), bv(0, 8),
                                 z3::ite(z3::ult(z3::zext(pos, 1) + z3::zext(len, 1) - bv(1, 9), bv(w, 9)),
                                         pos + len - bv(1, 8), bv(w - 1, 8)));
    z3::expr sign = is_signed() ? z3::ite(len == bv(0, 8), bv(0, 1), z3::lshr(a, z3::zext(msb_index, w - 8)).extract(0, 0))
                                : bv(0, 1);
    z3::expr r = bv(0, 1);
    z3::expr bits_out = z3::lshr(a, z3::zext(pos, w - 8));
    std::vector<z3::expr> out;
    for (unsigned i = 0; i < w; ++i) {
      z3::expr in_field = z3::ult(bv(i, 8), len) && z3::ult(z3::zext(pos, 1) + bv(i, 9), bv(w, 9));
      out.push_back(z3::ite(in_field, bits_out.extract(i, i), sign));
    }
    r = out[w - 1];
    for (int i = static_cast<int>(w) - 2; i >= 0; --i) r = z3::concat(r, out[static_cast<size_t>(i)]);
    write(r);
  }

  void selp() {
    unsigned w = width();
    write(z3::ite(is_true(src(3, 1)), src(1, w), src(2, w)));
  }

  void lop3() {
    if (ins.operands.size() != 5 || ins.operands[4].kind != Operand::Kind::Int) return opaque("lop3 with a register LUT");
    uint64_t lut = static_cast<uint64_t>(ins.operands[4].value) & 0xff;
    z3::expr a = src(1, 32), b = src(2, 32), cc = src(3, 32);
    z3::expr r = bv(0, 32);
    for (unsigned k = 0; k < 8; ++k) {
      if (!((lut >> k) & 1)) continue;
      z3::expr ta = (k & 4) ? a : ~a, tb = (k & 2) ? b : ~b, tc = (k & 1) ? cc : ~cc;
      r = r | (ta & tb & tc);
    }
    write(r);
  }

  void mov() {
    const Operand& d = ins.operands.at(0);
    const Operand& o = ins.operands.at(1);
    unsigned w = width();
    if (d.kind == Operand::Kind::Register && o.kind == Operand::Kind::Vector) {  // pack
      unsigned ew = w / static_cast<unsigned>(o.elements.size());
      z3::expr r = operand(o.elements.back(), ew, false);
      for (int i = static_cast<int>(o.elements.size()) - 2; i >= 0; --i)
        r = z3::concat(r, operand(o.elements[static_cast<size_t>(i)], ew, false));
      return write(r);
    }
    if (d.kind == Operand::Kind::Vector && o.kind != Operand::Kind::Vector) {  // unpack
      unsigned ew = w / static_cast<unsigned>(d.elements.size());
      z3::expr v = operand(o, w, false);
      for (size_t i = 0; i < d.elements.size(); ++i) write(d.elements[i], v.extract(static_cast<unsigned>((i + 1) * ew - 1), static_cast<unsigned>(i * ew)));
      return;
    }
    if (d.kind == Operand::Kind::Vector) return opaque("vector move");
    write(operand(o, w, false));
  }

  void cvt() {
    std::vector<ScalarType> types;
    for (auto m : ins.modifiers)
      if (auto ty = ptx::parse_scalar_type(m)) types.push_back(*ty);
    if (types.size() != 2 || ptx::is_float(types[0]) || ptx::is_float(types[1]) || ins.has("pack"))
      return floating();
    unsigned dw = ptx::bit_width(types[0]), sw = ptx::bit_width(types[1]);
    bool ssign = ptx::is_signed_int(types[1]), dsign = ptx::is_signed_int(types[0]);
    z3::expr v = src(1, sw, ssign);
    if (ins.has("sat")) return deterministic("saturating conversion");
    z3::expr r = fit(v, dw, ssign);
    // A narrow signed result is sign-extended into a wider register.
    const Operand& d = ins.operands.at(0);
    if (d.kind == Operand::Kind::Register && dsign) {
      unsigned rw = register_bits(s.function(), d.reg);
      if (rw > dw) r = fit(r, rw, true);
    }
    write(r);
  }

  void ld() {
    const Operand& d = ins.operands.at(0);
    const Operand& a = ins.operands.at(1);
    unsigned w = width();
    bool vector = d.kind == Operand::Kind::Vector;
    if ((d.kind != Operand::Kind::Register && !vector) || a.kind != Operand::Kind::Address || a.elements.empty())
      return opaque("load of an unsupported form");
    // A vector load (ld.v2/.v4, what vectorised tile loads compile to) is
    // one load per element, each at its own address.
    std::vector<Operand> dsts = vector ? d.elements : std::vector<Operand>{d};
    ptx::StateSpace space = ins.space().value_or(ptx::StateSpace::Generic);
    const Operand& base = a.elements[0];
    bool param = space == ptx::StateSpace::Param && base.kind == Operand::Kind::Symbol;
    std::optional<z3::expr> addr;
    if (!param)
      addr = (base.kind == Operand::Kind::Register ? fit(s.reg(t, base.reg), 64, false)
              : base.kind == Operand::Kind::Symbol ? fit(s.symbol_address(base.text), 64, false)
                                                   : bv(static_cast<uint64_t>(base.value), 64)) +
             bv(static_cast<uint64_t>(a.value), 64);
    // clang reads a struct parameter's fields through a register holding
    // the parameter's address (mov.b64 %rd, param; ld.param [%rd+8]), and
    // nvcc's CUTLASS kernels read their Params through cvta.param of it
    // (a generic load): the field of the parameter either way, as for a
    // direct ld.param, so that the witness sets it and the replay runs with it.
    std::string param_name(param ? base.text : std::string_view{});
    int64_t param_offset = a.value;
    if (!param && (space == ptx::StateSpace::Param || space == ptx::StateSpace::Generic)) {
      if (auto at = param_field(*addr, space == ptx::StateSpace::Generic)) {
        param = true;
        param_name = at->name;
        param_offset = at->offset;
      }
    }
    for (size_t i = 0; i < dsts.size(); ++i) {
      const Operand& di = dsts[i];
      if (di.kind != Operand::Kind::Register) continue;  // a sink `_`
      uint64_t offset = i * (w / 8);
      std::optional<z3::expr> v;
      if (param) v = s.kernel_param(param_name, param_offset + static_cast<int64_t>(offset), w);
      if (param && !v && space == ptx::StateSpace::Param) {
        // A kernel's parameters are values of the launch, the same in every
        // thread, even where the encoding does not know which bytes are read;
        // a device function's come from its caller's thread.
        bool kernel = s.function().is_entry;
        s.set_reg(t, di.reg,
                  s.opaque(t, ins, register_bits(s.function(), di.reg),
                           kernel ? "a kernel parameter read outside its declared bytes" : "a .param value passed by a caller",
                           kernel));
        continue;
      }
      if (!v) {
        v = s.load(t, ins, space, *addr + bv(offset, 64), w, static_cast<unsigned>(i));
      }
      write(di, fit(*v, register_bits(s.function(), di.reg), is_signed()));
    }
  }

  void shfl() {
    // shfl.sync.mode.b32 d[|p], a, b, c, membermask
    const Operand& d = ins.operands.at(0);
    z3::expr a = src(1, 32), b = src(2, 32).extract(4, 0), cc = src(3, 32);
    Operand lane_op;
    lane_op.kind = Operand::Kind::Special;
    lane_op.special = ptx::SpecialReg::LaneId;
    z3::expr lane = s.special(t, lane_op).extract(4, 0);
    z3::expr cval = cc.extract(4, 0), seg = cc.extract(12, 8);
    z3::expr max_lane = (lane & seg) | (cval & ~seg), min_lane = lane & seg;
    z3::expr j = lane, pval = c.bool_val(true);
    z3::expr l6 = z3::zext(lane, 1), b6 = z3::zext(b, 1), max6 = z3::zext(max_lane, 1);
    if (ins.has("up")) {
      z3::expr jj = l6 - b6;  // may go negative: 6-bit two's complement
      pval = jj >= max6 && !(jj.extract(5, 5) == bv(1, 1));
      j = jj.extract(4, 0);
    } else if (ins.has("down")) {
      z3::expr jj = l6 + b6;
      pval = z3::ule(jj, max6);
      j = jj.extract(4, 0);
    } else if (ins.has("bfly")) {
      j = lane ^ b;
      pval = z3::ule(j, max_lane);
    } else {
      j = min_lane | (b & ~seg);
      pval = z3::ule(j, max_lane);
    }
    z3::expr src_lane = z3::ite(pval, j, lane);
    z3::expr v = s.other_lane(t, ins, a, z3::zext(src_lane, 27));
    if (d.kind == Operand::Kind::Pair) {
      write(d.elements[0], v);
      write(d.elements[1], pred(pval));
    } else {
      write(d, v);
    }
  }

  // elect.sync d|p, membermask: every lane gets the elected lane's id, and
  // p holds in that lane alone (warp_roles.h: the lowest lane of the mask).
  void elect() {
    const Operand& d = ins.operands.at(0);
    z3::expr leader = lowest_lane(src(1, 32));
    Operand lane_op;
    lane_op.kind = Operand::Kind::Special;
    lane_op.special = ptx::SpecialReg::LaneId;
    z3::expr lane = fit(s.special(t, lane_op), 32, false);
    s.elected(t, ins, leader);
    if (d.kind == Operand::Kind::Pair) {
      write(d.elements.at(0), leader);
      write(d.elements.at(1), pred(lane == leader));
    } else {
      write(d, pred(lane == leader));
    }
  }

  void run() {
    switch (ins.op) {
      case Opcode::Setp:
      case Opcode::Set: return setp_set();
      case Opcode::Add:
      case Opcode::Sub:
      case Opcode::Addc:
      case Opcode::Subc:
        if (ptx::is_float(type())) return floating();
        return add_sub();
      case Opcode::Mul:
      case Opcode::Mad:
      case Opcode::Madc:
      case Opcode::Mul24:
      case Opcode::Mad24:
        if (ptx::is_float(type())) return floating();
        return mul_mad();
      case Opcode::Div:
      case Opcode::Rem:
        if (ptx::is_float(type())) return floating();
        return div_rem();
      case Opcode::Min:
      case Opcode::Max: {
        if (ptx::is_float(type())) return floating();
        if (ins.operands.size() != 3) return deterministic("three-input min/max");
        unsigned w = width();
        bool sign = is_signed();
        z3::expr a = src(1, w, sign), b = src(2, w, sign);
        z3::expr lt = sign ? a < b : z3::ult(a, b);
        z3::expr r = ins.op == Opcode::Min ? z3::ite(lt, a, b) : z3::ite(lt, b, a);
        if (ins.has("relu")) r = z3::ite(r < bv(0, w), bv(0, w), r);
        return write(r);
      }
      case Opcode::And: return write(src(1, width()) & src(2, width()));
      case Opcode::Or: return write(src(1, width()) | src(2, width()));
      case Opcode::Xor: return write(src(1, width()) ^ src(2, width()));
      case Opcode::Not:
      case Opcode::Cnot:
      case Opcode::Popc:
      case Opcode::Clz:
      case Opcode::Brev:
      case Opcode::Bfind:
        return bits_unary();
      case Opcode::Neg:
      case Opcode::Abs:
        if (ptx::is_float(type())) return floating();
        return bits_unary();
      case Opcode::Shl:
      case Opcode::Shr: return shifts();
      case Opcode::Bfe: return bfe();
      case Opcode::Selp: return selp();
      case Opcode::Lop3: return lop3();
      case Opcode::Mov: return mov();
      case Opcode::Cvt: return cvt();
      case Opcode::Cvta: {
        // Global and const addresses are the same in both forms; the other
        // windows add a constant (both threads alike).
        std::optional<ptx::StateSpace> sp;
        for (auto m : ins.modifiers)
          if (auto x = ptx::parse_state_space(m)) sp = x;
        unsigned w = width();
        z3::expr v = src(1, w);
        if (sp && *sp != ptx::StateSpace::Global && *sp != ptx::StateSpace::Const) {
          z3::expr window = fit(s.symbol_address(fmt::format("window.{}", ptx::to_string(*sp))), w, false);
          static_assert(std::string_view(kParamWindowSymbol) == "window.param");
          v = ins.has("to") ? v - window : v + window;
        }
        return write(v);
      }
      case Opcode::Ld:
      case Opcode::Ldu: return ld();
      case Opcode::Fma:
      case Opcode::Rcp:
      case Opcode::Sqrt:
      case Opcode::Rsqrt:
      case Opcode::Ex2:
      case Opcode::Lg2:
      case Opcode::Sin:
      case Opcode::Cos:
      case Opcode::Tanh:
      case Opcode::Testp:
      case Opcode::Copysign: return floating();
      case Opcode::Tex:
      case Opcode::Tld4: return deterministic("texture reads");
      case Opcode::Shfl: return shfl();
      case Opcode::Elect: return elect();
      case Opcode::Mbarrier:
        // A wait's result as a function of the barrier and the phase: the
        // same for the lanes that run this step together on equal operands.
        if (s.warp_waits_agree() && (ins.has("try_wait") || ins.has("test_wait")))
          return deterministic("mbarrier wait results (when a phase completes is not modelled)");
        return opaque(mbarrier_result_reason(ins));
      case Opcode::Setmaxnreg: return;  // a register budget: no value
      case Opcode::Vote:
        if (ins.has("ballot") || ins.has("all") || ins.has("any") || ins.has("uni")) return opaque("vote", true);
        return opaque("vote");
      case Opcode::Redux:
      case Opcode::Activemask: return opaque("warp reduction", true);
      case Opcode::Bar:
      case Opcode::Barrier:
        if (ins.has("red")) return opaque("barrier reduction", true);
        return;
      default:
        return opaque(fmt::format("unsupported instruction '{}'", ins.name));
    }
  }
};

}  // namespace

void apply_instruction(TermSource& src, int thread, const ptx::Instruction& ins) {
  Sem sem{src, thread, ins, src.ctx()};
  try {
    sem.run();
  } catch (const z3::exception& e) {
    sem.opaque(std::string("unmodelled operands: ") + e.msg());
  } catch (const std::runtime_error& e) {
    sem.opaque(std::string("unmodelled operands: ") + e.what());
  }
}

}  // namespace warpsat
