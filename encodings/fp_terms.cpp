#include "encodings/fp_terms.h"

#include <cmath>
#include <optional>
#include <vector>

#include "encodings/smt_helpers.h"

namespace warpsat {

const char* const kFloatImprecision = "floating point";
const char* const kApproxFloatImprecision =
    "approximate floating-point functions (ex2, lg2, sin, cos, tanh, rcp/sqrt/rsqrt/div .approx)";

namespace {

// IEEE equality (+0 equals -0, NaN equals nothing), not SMT's `=`.
z3::expr ieee_equal(const z3::expr& a, const z3::expr& b) {
  z3::expr r(a.ctx(), Z3_mk_fpa_eq(a.ctx(), a, b));
  a.ctx().check_error();
  return r;
}

using ptx::Opcode;
using ptx::ScalarType;

bool is_int(ScalarType t) { return ptx::is_signed_int(t) || ptx::is_unsigned_int(t) || ptx::is_bits(t); }

// An IEEE format as PTX stores it, and the NaN the emulator returns for it
// (docs/emulator-fp.md, "NaNs").
struct Format {
  unsigned ebits, sbits;  // Z3's: exponent bits, significand bits including the hidden one
  uint64_t nan;
  unsigned bits() const { return ebits + sbits; }
};

// .ftz: a subnormal becomes a zero of its sign.
z3::expr flush_subnormal(const z3::expr& bits, const Format& f) {
  z3::context& c = bits.ctx();
  unsigned w = f.bits(), m = f.sbits - 1;
  z3::expr exponent_zero = bits.extract(w - 2, m) == c.bv_val(0, w - 1 - m);
  return z3::ite(exponent_zero, z3::concat(bits.extract(w - 1, w - 1), c.bv_val(0, w - 1)), bits);
}

std::optional<Format> format_of(ScalarType t) {
  switch (t) {
    case ScalarType::F16: return Format{5, 11, 0x7fff};
    case ScalarType::BF16: return Format{8, 8, 0x7fff};
    case ScalarType::F32: return Format{8, 24, 0x7fffffff};
    case ScalarType::F64: return Format{11, 53, 0xfff8000000000000ull};
    default: return std::nullopt;
  }
}

class FloatOps {
 public:
  FloatOps(FloatOperands& io, Format f) : io_(io), c_(io.c), f_(f), sort_(io.c.fpa_sort(f.ebits, f.sbits)) {}

  z3::expr bv(uint64_t v, unsigned w) const { return c_.bv_val(v, w); }
  z3::expr wrap(Z3_ast a) const {
    z3::expr e(c_, a);
    c_.check_error();
    return e;
  }

  // A register written by a float instruction holds
  // ite(isNaN(x), NaN bits, to_ieee_bv(x)); read back as a float, that is x
  // itself (one NaN value in the theory), which spares Z3 the round trip.
  z3::expr to_float(const z3::expr& bits) const {
    if (bits.is_app() && bits.decl().decl_kind() == Z3_OP_ITE) {
      z3::expr cond = bits.arg(0), back = bits.arg(2);
      if (cond.is_app() && cond.decl().decl_kind() == Z3_OP_FPA_IS_NAN && back.is_app() &&
          back.decl().decl_kind() == Z3_OP_FPA_TO_IEEE_BV && z3::eq(cond.arg(0), back.arg(0)) &&
          z3::eq(cond.arg(0).get_sort(), sort_))
        return cond.arg(0);
    }
    return wrap(Z3_mk_fpa_to_fp_bv(c_, bits, sort_));
  }
  z3::expr is_nan_bits(const z3::expr& bits) const { return to_float(bits).mk_is_nan(); }
  z3::expr sign_bit(const z3::expr& bits) const { return bits.extract(f_.bits() - 1, f_.bits() - 1) == bv(1, 1); }

  z3::expr flush(const z3::expr& bits) const { return flush_subnormal(bits, f_); }

  // The result's bits: the emulator's NaN when it is one (f64: the first
  // NaN operand quieted, else the default NaN).
  z3::expr to_bits(const z3::expr& x, const std::vector<z3::expr>& operand_bits) const {
    z3::expr nan = bv(f_.nan, f_.bits());
    if (f_.bits() == 64)
      for (auto it = operand_bits.rbegin(); it != operand_bits.rend(); ++it)
        nan = z3::ite(is_nan_bits(*it), *it | bv(uint64_t{1} << 51, 64), nan);
    return z3::ite(x.mk_is_nan(), nan, x.mk_to_ieee_bv());
  }

  // .sat: NaN and negatives give +0, above 1.0 gives 1.0.
  z3::expr saturate(const z3::expr& bits) const {
    z3::expr one = bv(uint64_t{(1u << (f_.ebits - 1)) - 1} << (f_.sbits - 1), f_.bits());
    return z3::ite(is_nan_bits(bits) || sign_bit(bits), bv(0, f_.bits()), z3::ite(z3::ugt(bits, one), one, bits));
  }

  std::optional<z3::expr> rounding(bool integral) const {
    const ptx::Instruction& ins = io_.ins;
    if (ins.has(integral ? "rni" : "rn")) return wrap(Z3_mk_fpa_rne(c_));
    if (ins.has(integral ? "rzi" : "rz")) return wrap(Z3_mk_fpa_rtz(c_));
    if (ins.has(integral ? "rmi" : "rm")) return wrap(Z3_mk_fpa_rtn(c_));
    if (ins.has(integral ? "rpi" : "rp")) return wrap(Z3_mk_fpa_rtp(c_));
    return std::nullopt;
  }

  bool ftz() const { return io_.ins.has("ftz") && f_.bits() == 32; }
  z3::expr in(size_t i) {
    z3::expr b = io_.source(i, f_.bits());
    return ftz() ? flush(b) : b;
  }
  void out(const z3::expr& x, const std::vector<z3::expr>& operands) {
    z3::expr r = to_bits(x, operands);
    if (ftz()) r = flush(r);
    if (io_.ins.has("sat")) r = saturate(r);
    io_.write(io_.ins.operands.at(0), r);
  }

  // add sub mul fma/mad div (IEEE), and rcp/sqrt with an IEEE rounding.
  bool arithmetic() {
    const ptx::Instruction& ins = io_.ins;
    z3::expr rm = rounding(false).value_or(wrap(Z3_mk_fpa_rne(c_)));
    size_t n = ins.operands.size();
    std::vector<z3::expr> ops;
    for (size_t i = 1; i < n; ++i) ops.push_back(in(i));
    std::vector<z3::expr> fs;
    for (const z3::expr& b : ops) fs.push_back(to_float(b));
    switch (ins.op) {
      case Opcode::Add: return n == 3 && (out(wrap(Z3_mk_fpa_add(c_, rm, fs[0], fs[1])), ops), true);
      case Opcode::Sub: return n == 3 && (out(wrap(Z3_mk_fpa_sub(c_, rm, fs[0], fs[1])), ops), true);
      case Opcode::Mul: return n == 3 && (out(wrap(Z3_mk_fpa_mul(c_, rm, fs[0], fs[1])), ops), true);
      case Opcode::Fma: return n == 4 && (out(wrap(Z3_mk_fpa_fma(c_, rm, fs[0], fs[1], fs[2])), ops), true);
      case Opcode::Mad: return n == 4 && rounding(false) && (out(wrap(Z3_mk_fpa_fma(c_, rm, fs[0], fs[1], fs[2])), ops), true);
      case Opcode::Div: return n == 3 && (out(wrap(Z3_mk_fpa_div(c_, rm, fs[0], fs[1])), ops), true);
      case Opcode::Rcp: {
        if (n != 2) return false;
        z3::expr one = wrap(Z3_mk_fpa_numeral_double(c_, 1.0, sort_));
        return out(wrap(Z3_mk_fpa_div(c_, rm, one, fs[0])), ops), true;
      }
      case Opcode::Sqrt: return n == 2 && (out(wrap(Z3_mk_fpa_sqrt(c_, rm, fs[0])), ops), true);
      default: return false;
    }
  }

  // neg and abs work on the sign bit (a NaN keeps its payload).
  bool sign_ops() {
    const ptx::Instruction& ins = io_.ins;
    if (ins.operands.size() != 2) return false;
    z3::expr a = in(1);
    z3::expr sign = bv(uint64_t{1} << (f_.bits() - 1), f_.bits());
    io_.write(ins.operands[0], ins.op == Opcode::Neg ? a ^ sign : a & ~sign);
    return true;
  }

  // Two-input min/max: a NaN operand loses, two NaNs give the NaN; -0 is
  // below +0 (the emulator's total order on numbers).
  bool extremum() {
    const ptx::Instruction& ins = io_.ins;
    if (ins.operands.size() != 3 || ins.has("NaN") || ins.has("xorsign") || ins.has("abs")) return false;
    z3::expr a = in(1), b = in(2);
    z3::expr fa = to_float(a), fb = to_float(b);
    bool want_max = ins.op == Opcode::Max;
    z3::expr a_wins = want_max ? (fa > fb) || (ieee_equal(fa, fb) && !sign_bit(a)) : (fa < fb) || (ieee_equal(fa, fb) && sign_bit(a));
    z3::expr nan = bv(f_.nan, f_.bits());
    if (f_.bits() == 64) nan = z3::ite(is_nan_bits(a), a, b) | bv(uint64_t{1} << 51, 64);
    z3::expr r = z3::ite(fa.mk_is_nan() && fb.mk_is_nan(), nan,
                         z3::ite(fa.mk_is_nan(), b, z3::ite(fb.mk_is_nan(), a, z3::ite(a_wins, a, b))));
    io_.write(ins.operands[0], r);
    return true;
  }

  bool testp() {
    const ptx::Instruction& ins = io_.ins;
    if (ins.operands.size() != 2) return false;
    z3::expr x = to_float(io_.source(1, f_.bits()));
    std::optional<z3::expr> r;
    if (ins.has("finite")) r = !x.mk_is_nan() && !x.mk_is_inf();
    if (ins.has("infinite")) r = x.mk_is_inf();
    if (ins.has("number")) r = !x.mk_is_nan();
    if (ins.has("notanumber")) r = x.mk_is_nan();
    if (ins.has("normal")) r = x.mk_is_normal() || x.mk_is_zero();
    if (ins.has("subnormal")) r = x.mk_is_subnormal();
    if (!r) return false;
    io_.write(ins.operands[0], z3::ite(*r, bv(1, 1), bv(0, 1)));
    return true;
  }

  // copysign d, a, b: b with a's sign.
  bool copysign() {
    const ptx::Instruction& ins = io_.ins;
    if (ins.operands.size() != 3) return false;
    unsigned w = f_.bits();
    z3::expr a = io_.source(1, w), b = io_.source(2, w);
    io_.write(ins.operands[0], z3::concat(a.extract(w - 1, w - 1), b.extract(w - 2, 0)));
    return true;
  }

  // An .approx function: an uninterpreted function of the operands' bits,
  // one per instruction form.
  bool approximate() {
    const ptx::Instruction& ins = io_.ins;
    std::vector<z3::expr> args;
    z3::sort_vector domain(c_);
    for (size_t i = 1; i < ins.operands.size(); ++i) {
      args.push_back(io_.source(i, f_.bits()));
      domain.push_back(c_.bv_sort(f_.bits()));
    }
    if (args.empty()) return false;
    z3::func_decl fn = c_.function(("float." + std::string(ins.name)).c_str(), domain, c_.bv_sort(f_.bits()));
    z3::expr_vector av(c_);
    for (const z3::expr& a : args) av.push_back(a);
    io_.write(ins.operands[0], fn(av));
    io_.imprecise(fn.name().str(), kApproxFloatImprecision);
    return true;
  }

  const Format& format() const { return f_; }
  const z3::sort& sort() const { return sort_; }

 private:
  FloatOperands& io_;
  z3::context& c_;
  Format f_;
  z3::sort sort_;
};

std::vector<ScalarType> types_of(const ptx::Instruction& ins) {
  std::vector<ScalarType> out;
  for (auto m : ins.modifiers)
    if (auto t = ptx::parse_scalar_type(m)) out.push_back(*t);
  return out;
}

bool convert(FloatOperands& io) {
  const ptx::Instruction& ins = io.ins;
  std::vector<ScalarType> t = types_of(ins);
  if (t.size() != 2 || ins.operands.size() != 2 || ins.has("relu") || ins.has("satfinite") || ins.has("pack"))
    return false;
  std::optional<Format> to = format_of(t[0]), from = format_of(t[1]);
  z3::context& c = io.c;
  if (!to && !from) return false;
  if (to && from) {  // float to float
    FloatOps src(io, *from), dst(io, *to);
    z3::expr a = io.source(1, from->bits());
    if (ins.has("ftz") && from->bits() == 32) a = src.flush(a);
    z3::expr x = src.to_float(a);
    z3::expr r(c);
    if (auto irm = src.rounding(true)) {
      if (t[0] != t[1]) return false;
      r = dst.wrap(Z3_mk_fpa_round_to_integral(c, *irm, x));
    } else {
      z3::expr rm = src.rounding(false).value_or(src.wrap(Z3_mk_fpa_rne(c)));
      r = dst.wrap(Z3_mk_fpa_to_fp_float(c, rm, x, dst.sort()));
    }
    z3::expr bits = z3::ite(r.mk_is_nan(), c.bv_val(to->nan, to->bits()), r.mk_to_ieee_bv());
    if (to->bits() == 64 && from->bits() != 64) {
      // The emulator widens a NaN's payload and sign, quieted.
      unsigned fw = from->bits(), m = from->sbits - 1;
      z3::expr payload = z3::shl(z3::zext(a.extract(m - 1, 0), 64 - m), c.bv_val(uint64_t{52} - m, 64));
      z3::expr sign = z3::shl(z3::zext(a.extract(fw - 1, fw - 1), 63), c.bv_val(uint64_t{63}, 64));
      bits = z3::ite(src.is_nan_bits(a), sign | c.bv_val(uint64_t{0x7ff8000000000000ull}, 64) | payload, bits);
    } else if (to->bits() == 32 && from->ebits == 8 && from->sbits == 8) {
      bits = z3::ite(src.is_nan_bits(a), z3::concat(a, c.bv_val(0, 16)), bits);  // bf16's NaN, shifted
    } else if (to->bits() == 64) {
      bits = z3::ite(src.is_nan_bits(a), a | c.bv_val(uint64_t{1} << 51, 64), bits);
    }
    if (ins.has("ftz") && to->bits() == 32) bits = dst.flush(bits);
    if (ins.has("sat")) bits = dst.saturate(bits);
    io.write(ins.operands[0], bits);
    return true;
  }
  if (to) {  // integer to float
    if (!is_int(t[1]) || ins.has("sat")) return false;
    FloatOps dst(io, *to);
    unsigned w = ptx::bit_width(t[1]);
    z3::expr v = io.source(1, w);
    z3::expr rm = dst.rounding(false).value_or(dst.wrap(Z3_mk_fpa_rne(c)));
    z3::expr r = ptx::is_signed_int(t[1]) ? dst.wrap(Z3_mk_fpa_to_fp_signed(c, rm, v, dst.sort()))
                                          : dst.wrap(Z3_mk_fpa_to_fp_unsigned(c, rm, v, dst.sort()));
    z3::expr bits = r.mk_to_ieee_bv();
    if (ins.has("ftz") && to->bits() == 32) bits = dst.flush(bits);
    io.write(ins.operands[0], bits);
    return true;
  }
  // float to integer: round, then clamp to the type (NaN: 0, or the top bit
  // alone for f64 sources and 64-bit results).
  unsigned w = ptx::bit_width(t[0]);
  if (!is_int(t[0]) || w < 32) return false;
  FloatOps src(io, *from);
  std::optional<z3::expr> irm = src.rounding(true);
  if (!irm) return false;
  z3::expr a = io.source(1, from->bits());
  if (ins.has("ftz") && from->bits() == 32) a = src.flush(a);
  z3::expr x = src.to_float(a);
  z3::expr r = src.wrap(Z3_mk_fpa_round_to_integral(c, *irm, x));
  bool sign = ptx::is_signed_int(t[0]);
  z3::expr rtz = src.wrap(Z3_mk_fpa_rtz(c));
  auto num = [&](double d) { return src.wrap(Z3_mk_fpa_numeral_double(c, d, src.sort())); };
  z3::expr top = num(std::ldexp(1.0, static_cast<int>(sign ? w - 1 : w)));
  uint64_t max = sign ? (uint64_t{1} << (w - 1)) - 1 : (w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1);
  uint64_t min = sign ? uint64_t{1} << (w - 1) : 0;
  if (w < 64) min &= (uint64_t{1} << w) - 1;
  z3::expr as_int = sign ? src.wrap(Z3_mk_fpa_to_sbv(c, rtz, r, w)) : src.wrap(Z3_mk_fpa_to_ubv(c, rtz, r, w));
  z3::expr low = sign ? (r <= -top) : (r < num(0.0));
  bool high_bit = from->bits() == 64 || w == 64;
  z3::expr nan = c.bv_val(high_bit ? uint64_t{1} << (w - 1) : 0, w);
  z3::expr bits = z3::ite(x.mk_is_nan(), nan,
                          z3::ite(r >= top, c.bv_val(max, w), z3::ite(low, c.bv_val(min, w), as_int)));
  io.write(ins.operands[0], bits);
  return true;
}

}  // namespace

z3::expr float_compare(z3::context& c, std::string_view cmp, const z3::expr& a_bits, const z3::expr& b_bits,
                       ScalarType t, bool ftz) {
  std::optional<Format> f = format_of(t);
  if (!f) throw std::runtime_error("float comparison type");
  z3::sort s = c.fpa_sort(f->ebits, f->sbits);
  bool flushing = ftz && f->bits() == 32;
  z3::expr a(c, Z3_mk_fpa_to_fp_bv(c, flushing ? flush_subnormal(a_bits, *f) : a_bits, s));
  z3::expr b(c, Z3_mk_fpa_to_fp_bv(c, flushing ? flush_subnormal(b_bits, *f) : b_bits, s));
  z3::expr unordered = a.mk_is_nan() || b.mk_is_nan();
  std::string_view base = cmp;
  bool or_unordered = cmp.size() == 3 && cmp.back() == 'u';
  if (or_unordered) base = cmp.substr(0, 2);
  std::optional<z3::expr> r;
  if (base == "eq") r = ieee_equal(a, b);
  if (base == "ne") r = !ieee_equal(a, b) && !unordered;
  if (base == "lt") r = a < b;
  if (base == "le") r = a <= b;
  if (base == "gt") r = a > b;
  if (base == "ge") r = a >= b;
  if (cmp == "num") return !unordered;
  if (cmp == "nan") return unordered;
  if (!r) throw std::runtime_error("float comparison");
  return or_unordered ? (*r || unordered) : *r;
}

bool apply_float(FloatOperands& io) {
  const ptx::Instruction& ins = io.ins;
  if (ins.op == Opcode::Cvt) return convert(io);
  std::optional<Format> f = format_of(ins.type());
  if (!f) return false;
  // Half precision: the plain IEEE forms only (.ftz and .sat on halves are
  // left to the fallback).
  if (f->bits() == 16 && (ins.has("ftz") || ins.has("sat") || ins.has("relu"))) return false;
  FloatOps ops(io, *f);
  bool approx = ins.has("approx") || ins.has("full");
  switch (ins.op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Fma:
    case Opcode::Mad: return !approx && ops.arithmetic();
    case Opcode::Div:
    case Opcode::Rcp:
    case Opcode::Sqrt: return approx ? ops.approximate() : ops.arithmetic();
    case Opcode::Rsqrt:
    case Opcode::Ex2:
    case Opcode::Lg2:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Tanh: return ops.approximate();
    case Opcode::Neg:
    case Opcode::Abs: return ops.sign_ops();
    case Opcode::Min:
    case Opcode::Max: return ops.extremum();
    case Opcode::Testp: return ops.testp();
    case Opcode::Copysign: return ops.copysign();
    default: return false;
  }
}

size_t float_operations(const std::vector<z3::expr>& roots, size_t cap) {
  size_t n = 0;
  smt::for_each_app(roots, [&](const z3::expr& x) {
    if (x.num_args() > 0 && Z3_get_sort_kind(x.ctx(), x.get_sort()) == Z3_FLOATING_POINT_SORT) ++n;
    return n < cap;
  });
  return n;
}

}  // namespace warpsat
