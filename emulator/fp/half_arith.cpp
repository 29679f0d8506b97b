#include "emulator/fp/half_arith.h"

#include <optional>

#include "emulator/fp/softfloat.h"

namespace warpsat::fp {
namespace {

constexpr uint16_t kOneF16 = 0x3c00;
constexpr uint16_t kOneBF16 = 0x3f80;

uint16_t in(Half t, uint16_t x, const HalfMods& m) {
  return m.ftz ? static_cast<uint16_t>(flush_subnormal(format_of(t), x)) : x;
}

soft::Unpacked unpack(Half t, uint16_t x) { return soft::unpack(format_of(t), x); }

soft::RoundOpts opts(const HalfMods& m) { return {Rounding::rn, m.ftz, false}; }

uint16_t out(Half t, std::optional<uint64_t> r, const HalfMods& m) {
  const uint16_t nan = canonical_nan(t);
  uint16_t v = r ? static_cast<uint16_t>(*r) : nan;
  const bool v_nan = is_nan(format_of(t), v);
  const bool negative = (v & 0x8000) != 0;
  if (m.relu) {
    if (v_nan) return nan;
    if (negative) v = 0;
  }
  if (m.sat) {
    const uint16_t one = t == Half::f16 ? kOneF16 : kOneBF16;
    if (v_nan || negative) return 0;
    if (v > one) return one;
  }
  return v;
}

// A two-operand soft-float operation with the half modifiers applied.
template <class SoftOp>
uint16_t binary(Half t, uint16_t a, uint16_t b, const HalfMods& m, SoftOp op) {
  a = in(t, a, m);
  b = in(t, b, m);
  const Format& f = format_of(t);
  if (is_nan(f, a) || is_nan(f, b)) return out(t, std::nullopt, m);
  return out(t, op(f, unpack(t, a), unpack(t, b), opts(m)), m);
}

template <class Op>
uint32_t lanes(uint32_t a, uint32_t b, Op op) {
  return pack16(op(hi16(a), hi16(b)), op(lo16(a), lo16(b)));
}

}  // namespace

uint16_t hadd(Half t, uint16_t a, uint16_t b, const HalfMods& m) { return binary(t, a, b, m, soft::add); }

uint16_t hsub(Half t, uint16_t a, uint16_t b, const HalfMods& m) {
  return hadd(t, a, is_nan(format_of(t), b) ? b : static_cast<uint16_t>(b ^ 0x8000), m);
}

uint16_t hmul(Half t, uint16_t a, uint16_t b, const HalfMods& m) { return binary(t, a, b, m, soft::mul); }

uint16_t hfma(Half t, uint16_t a, uint16_t b, uint16_t c, const HalfMods& m) {
  a = in(t, a, m);
  b = in(t, b, m);
  c = in(t, c, m);
  const Format& f = format_of(t);
  if (is_nan(f, a) || is_nan(f, b) || is_nan(f, c)) return out(t, std::nullopt, m);
  return out(t, soft::fma(f, unpack(t, a), unpack(t, b), unpack(t, c), opts(m)), m);
}

uint16_t hneg(Half t, uint16_t a, bool ftz) {
  if (ftz) a = static_cast<uint16_t>(flush_subnormal(format_of(t), a));
  return static_cast<uint16_t>(a ^ 0x8000);
}

uint16_t habs(Half t, uint16_t a, bool ftz) {
  if (ftz) a = static_cast<uint16_t>(flush_subnormal(format_of(t), a));
  return static_cast<uint16_t>(a & 0x7fff);
}

uint32_t hadd2(Half t, uint32_t a, uint32_t b, const HalfMods& m) {
  return lanes(a, b, [&](uint16_t x, uint16_t y) { return hadd(t, x, y, m); });
}

uint32_t hsub2(Half t, uint32_t a, uint32_t b, const HalfMods& m) {
  return lanes(a, b, [&](uint16_t x, uint16_t y) { return hsub(t, x, y, m); });
}

uint32_t hmul2(Half t, uint32_t a, uint32_t b, const HalfMods& m) {
  return lanes(a, b, [&](uint16_t x, uint16_t y) { return hmul(t, x, y, m); });
}

uint32_t hfma2(Half t, uint32_t a, uint32_t b, uint32_t c, const HalfMods& m) {
  return pack16(hfma(t, hi16(a), hi16(b), hi16(c), m), hfma(t, lo16(a), lo16(b), lo16(c), m));
}

uint32_t hneg2(Half t, uint32_t a, bool ftz) { return pack16(hneg(t, hi16(a), ftz), hneg(t, lo16(a), ftz)); }

uint32_t habs2(Half t, uint32_t a, bool ftz) { return pack16(habs(t, hi16(a), ftz), habs(t, lo16(a), ftz)); }

}  // namespace warpsat::fp
