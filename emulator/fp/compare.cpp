#include "emulator/fp/compare.h"

#include "emulator/fp/arith.h"

namespace warpsat::fp {
namespace {

// Orders non-NaN values like the reals; -0 and +0 both map to 0.
int64_t numeric_key(const Format& f, uint64_t bits) {
  const auto mag = static_cast<int64_t>(bits & f.abs_mask());
  return sign_of(f, bits) ? -mag : mag;
}

// The same order with -0 just below +0, as min and max want it.
int64_t total_key(const Format& f, uint64_t bits) {
  const auto mag = static_cast<int64_t>(bits & f.abs_mask());
  return sign_of(f, bits) ? -mag - 1 : mag;
}

bool compare(const Format& f, CmpOp op, uint64_t a, uint64_t b, bool ftz) {
  if (ftz) {
    a = flush_subnormal(f, a);
    b = flush_subnormal(f, b);
  }
  const bool unordered = is_nan(f, a) || is_nan(f, b);
  if (op == CmpOp::num) return !unordered;
  if (op == CmpOp::nan) return unordered;
  if (unordered) {
    return op == CmpOp::equ || op == CmpOp::neu || op == CmpOp::ltu || op == CmpOp::leu || op == CmpOp::gtu ||
           op == CmpOp::geu;
  }
  const int64_t x = numeric_key(f, a);
  const int64_t y = numeric_key(f, b);
  switch (op) {
    case CmpOp::eq:
    case CmpOp::equ: return x == y;
    case CmpOp::ne:
    case CmpOp::neu: return x != y;
    case CmpOp::lt:
    case CmpOp::ltu: return x < y;
    case CmpOp::le:
    case CmpOp::leu: return x <= y;
    case CmpOp::gt:
    case CmpOp::gtu: return x > y;
    case CmpOp::ge:
    case CmpOp::geu: return x >= y;
    case CmpOp::num:
    case CmpOp::nan: break;
  }
  return false;
}

bool test(const Format& f, TestOp op, uint64_t a) {
  const bool nan = is_nan(f, a);
  const bool inf = is_inf(f, a);
  switch (op) {
    case TestOp::finite: return !nan && !inf;
    case TestOp::infinite: return inf;
    case TestOp::number: return !nan;
    case TestOp::notanumber: return nan;
    case TestOp::normal: return !nan && !inf && !is_subnormal(f, a);
    case TestOp::subnormal: return is_subnormal(f, a);
  }
  return false;
}

// One two-input min or max. `nan` is what a NaN result is: the canonical NaN
// for f32/f16/bf16, the first NaN operand quieted for f64.
uint64_t extremum(const Format& f, bool want_max, uint64_t a, uint64_t b, const MinMaxMods& m, uint64_t nan) {
  if (m.ftz) {
    a = flush_subnormal(f, a);
    b = flush_subnormal(f, b);
  }
  // .xorsign looks at the signs before .abs removes them.
  const bool xor_sign = sign_of(f, a) != sign_of(f, b);
  if (m.abs) {
    a &= f.abs_mask();
    b &= f.abs_mask();
  }
  const bool a_nan = is_nan(f, a);
  const bool b_nan = is_nan(f, b);
  if ((a_nan && b_nan) || (m.nan && (a_nan || b_nan))) return nan;
  uint64_t d = 0;
  if (a_nan) {
    d = b;
  } else if (b_nan) {
    d = a;
  } else {
    const int64_t x = total_key(f, a);
    const int64_t y = total_key(f, b);
    d = want_max ? (x > y ? a : b) : (x < y ? a : b);
  }
  if (m.abs && m.xorsign) d = (d & f.abs_mask()) | (xor_sign ? f.sign_mask() : 0);
  return d;
}

uint64_t nan_of_f64(uint64_t a, uint64_t b) { return quiet_f64(is_nan_f64(a) ? a : b); }

uint32_t extremum3_f32(bool want_max, uint32_t a, uint32_t b, uint32_t c, MinMaxMods m) {
  m.xorsign = false;
  const auto d = static_cast<uint32_t>(extremum(kF32, want_max, a, b, m, kNaNF32));
  return static_cast<uint32_t>(extremum(kF32, want_max, d, c, m, kNaNF32));
}

}  // namespace

bool cmp_f32(CmpOp op, uint32_t a, uint32_t b, bool ftz) { return compare(kF32, op, a, b, ftz); }

bool cmp_f64(CmpOp op, uint64_t a, uint64_t b) { return compare(kF64, op, a, b, false); }

bool cmp_half(Half t, CmpOp op, uint16_t a, uint16_t b, bool ftz) {
  return compare(format_of(t), op, a, b, ftz);
}

PredPair cmp_half2(Half t, CmpOp op, uint32_t a, uint32_t b, bool ftz) {
  return {cmp_half(t, op, lo16(a), lo16(b), ftz), cmp_half(t, op, hi16(a), hi16(b), ftz)};
}

bool combine(BoolOp op, bool t, bool c) {
  switch (op) {
    case BoolOp::none: return t;
    case BoolOp::and_: return t && c;
    case BoolOp::or_: return t || c;
    case BoolOp::xor_: return t != c;
  }
  return t;
}

uint32_t set_half2_float(Half t, PredPair r) { return pack16(set_half(t, r.q), set_half(t, r.p)); }

uint32_t set_half2_int(PredPair r) { return pack16(set_u16(r.q), set_u16(r.p)); }

bool testp_f32(TestOp op, uint32_t a) { return test(kF32, op, a); }

bool testp_f64(TestOp op, uint64_t a) { return test(kF64, op, a); }

uint32_t min_f32(uint32_t a, uint32_t b, const MinMaxMods& m) {
  return static_cast<uint32_t>(extremum(kF32, false, a, b, m, kNaNF32));
}

uint32_t max_f32(uint32_t a, uint32_t b, const MinMaxMods& m) {
  return static_cast<uint32_t>(extremum(kF32, true, a, b, m, kNaNF32));
}

uint32_t min3_f32(uint32_t a, uint32_t b, uint32_t c, const MinMaxMods& m) {
  return extremum3_f32(false, a, b, c, m);
}

uint32_t max3_f32(uint32_t a, uint32_t b, uint32_t c, const MinMaxMods& m) {
  return extremum3_f32(true, a, b, c, m);
}

uint64_t min_f64(uint64_t a, uint64_t b) { return extremum(kF64, false, a, b, {}, nan_of_f64(a, b)); }

uint64_t max_f64(uint64_t a, uint64_t b) { return extremum(kF64, true, a, b, {}, nan_of_f64(a, b)); }

uint16_t hmin(Half t, uint16_t a, uint16_t b, const MinMaxMods& m) {
  return static_cast<uint16_t>(extremum(format_of(t), false, a, b, m, canonical_nan(t)));
}

uint16_t hmax(Half t, uint16_t a, uint16_t b, const MinMaxMods& m) {
  return static_cast<uint16_t>(extremum(format_of(t), true, a, b, m, canonical_nan(t)));
}

uint32_t hmin2(Half t, uint32_t a, uint32_t b, const MinMaxMods& m) {
  return pack16(hmin(t, hi16(a), hi16(b), m), hmin(t, lo16(a), lo16(b), m));
}

uint32_t hmax2(Half t, uint32_t a, uint32_t b, const MinMaxMods& m) {
  return pack16(hmax(t, hi16(a), hi16(b), m), hmax(t, lo16(a), lo16(b), m));
}

}  // namespace warpsat::fp
