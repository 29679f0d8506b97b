#include "emulator/fp/arith.h"

#include <cmath>
#include <initializer_list>
#include <optional>

#include "emulator/fp/softfloat.h"

namespace warpsat::fp {
namespace {

using soft::unpack;

soft::RoundOpts opts(const F32Mods& m) { return {m.rnd, m.ftz, false}; }

uint32_t in_f32(uint32_t x, const F32Mods& m) { return m.ftz ? flush_f32(x) : x; }

uint32_t out_f32(std::optional<uint64_t> r, const F32Mods& m) {
  const uint32_t v = r ? static_cast<uint32_t>(*r) : kNaNF32;
  return m.sat ? saturate_f32(v) : v;
}

// Inline, for every f32 add, mul and fma an epilogue runs per element.
[[gnu::always_inline]] inline bool any_nan_f32(std::initializer_list<uint32_t> xs) {
  bool any = false;
  for (uint32_t x : xs) any |= is_nan_f32(x);
  return any;
}

// The first NaN operand, quieted; nullopt when there is none.
std::optional<uint64_t> nan_operand_f64(std::initializer_list<uint64_t> xs) {
  for (uint64_t x : xs) {
    if (is_nan_f64(x)) return quiet_f64(x);
  }
  return std::nullopt;
}

uint64_t out_f64(std::optional<uint64_t> r) { return r ? *r : kNaNF64; }

soft::RoundOpts opts64(Rounding r) { return {r, false, false}; }

constexpr uint64_t kOneF64 = 0x3ff0000000000000ull;
constexpr uint32_t kOneF32 = 0x3f800000u;

// Fast path. In round-to-nearest-even, the host's IEEE binary32/binary64
// add, multiply and fused multiply-add give exactly the soft path's rounded
// value; only NaN results and .ftz/.sat need PTX's rules on top (the soft
// path stays the reference: test_fp_fastpath compares the two). Used only
// when the host keeps subnormals (no FTZ/DAZ in its floating-point state),
// which is checked once.
bool host_is_ieee() {
  static const bool ok = [] {
    volatile float tiny = 1e-40f, one = 1.0f;  // a binary32 subnormal
    volatile double dtiny = 1e-310, done = 1.0;
    return tiny * one != 0.0f && dtiny * done != 0.0;
  }();
  return ok;
}

uint32_t host_out_f32(float r, const F32Mods& m) {
  uint32_t bits = bits_f32(r);
  if (is_nan_f32(bits)) return out_f32(std::nullopt, m);
  if (m.ftz) bits = flush_f32(bits);
  return out_f32(bits, m);
}

bool fast_f32(const F32Mods& m) { return m.rnd == Rounding::rn && host_is_ieee(); }

uint64_t host_out_f64(double r) {
  uint64_t bits = bits_f64(r);
  return is_nan_f64(bits) ? kNaNF64 : bits;
}

}  // namespace

uint32_t saturate_f32(uint32_t a) {
  if (is_nan_f32(a) || (a & 0x80000000u) != 0) return 0;
  return a > kOneF32 ? kOneF32 : a;
}

uint32_t add_f32(uint32_t a, uint32_t b, const F32Mods& m) {
  a = in_f32(a, m);
  b = in_f32(b, m);
  if (any_nan_f32({a, b})) return out_f32(std::nullopt, m);
  if (fast_f32(m)) return host_out_f32(as_f32(a) + as_f32(b), m);
  return out_f32(soft::add(kF32, unpack(kF32, a), unpack(kF32, b), opts(m)), m);
}

uint32_t sub_f32(uint32_t a, uint32_t b, const F32Mods& m) {
  // a - b is a + (-b) exactly, signed zeros included; a NaN b stays a NaN.
  return add_f32(a, is_nan_f32(b) ? b : b ^ 0x80000000u, m);
}

uint32_t mul_f32(uint32_t a, uint32_t b, const F32Mods& m) {
  a = in_f32(a, m);
  b = in_f32(b, m);
  if (any_nan_f32({a, b})) return out_f32(std::nullopt, m);
  if (fast_f32(m)) return host_out_f32(as_f32(a) * as_f32(b), m);
  return out_f32(soft::mul(kF32, unpack(kF32, a), unpack(kF32, b), opts(m)), m);
}

uint32_t fma_f32(uint32_t a, uint32_t b, uint32_t c, const F32Mods& m) {
  a = in_f32(a, m);
  b = in_f32(b, m);
  c = in_f32(c, m);
  if (any_nan_f32({a, b, c})) return out_f32(std::nullopt, m);
  if (fast_f32(m)) return host_out_f32(std::fma(as_f32(a), as_f32(b), as_f32(c)), m);
  return out_f32(soft::fma(kF32, unpack(kF32, a), unpack(kF32, b), unpack(kF32, c), opts(m)), m);
}

uint32_t div_f32(uint32_t a, uint32_t b, const F32Mods& m) {
  a = in_f32(a, m);
  b = in_f32(b, m);
  if (any_nan_f32({a, b})) return out_f32(std::nullopt, m);
  return out_f32(soft::div(kF32, unpack(kF32, a), unpack(kF32, b), opts(m)), m);
}

uint32_t rcp_f32(uint32_t a, const F32Mods& m) { return div_f32(kOneF32, a, m); }

uint32_t sqrt_f32(uint32_t a, const F32Mods& m) {
  a = in_f32(a, m);
  if (is_nan_f32(a)) return out_f32(std::nullopt, m);
  return out_f32(soft::sqrt(kF32, unpack(kF32, a), opts(m)), m);
}

uint32_t neg_f32(uint32_t a, bool ftz) { return (ftz ? flush_f32(a) : a) ^ 0x80000000u; }

uint32_t abs_f32(uint32_t a, bool ftz) { return (ftz ? flush_f32(a) : a) & 0x7fffffffu; }

uint64_t add_f32x2(uint64_t a, uint64_t b, const F32Mods& m) {
  return pack32(add_f32(hi32(a), hi32(b), m), add_f32(lo32(a), lo32(b), m));
}

uint64_t sub_f32x2(uint64_t a, uint64_t b, const F32Mods& m) {
  return pack32(sub_f32(hi32(a), hi32(b), m), sub_f32(lo32(a), lo32(b), m));
}

uint64_t mul_f32x2(uint64_t a, uint64_t b, const F32Mods& m) {
  return pack32(mul_f32(hi32(a), hi32(b), m), mul_f32(lo32(a), lo32(b), m));
}

uint64_t fma_f32x2(uint64_t a, uint64_t b, uint64_t c, const F32Mods& m) {
  return pack32(fma_f32(hi32(a), hi32(b), hi32(c), m), fma_f32(lo32(a), lo32(b), lo32(c), m));
}

uint64_t add_f64(uint64_t a, uint64_t b, Rounding r) {
  if (auto nan = nan_operand_f64({a, b})) return *nan;
  if (r == Rounding::rn && host_is_ieee()) return host_out_f64(as_f64(a) + as_f64(b));
  return out_f64(soft::add(kF64, unpack(kF64, a), unpack(kF64, b), opts64(r)));
}

uint64_t sub_f64(uint64_t a, uint64_t b, Rounding r) {
  if (auto nan = nan_operand_f64({a, b})) return *nan;
  return add_f64(a, b ^ kF64.sign_mask(), r);
}

uint64_t mul_f64(uint64_t a, uint64_t b, Rounding r) {
  if (auto nan = nan_operand_f64({a, b})) return *nan;
  if (r == Rounding::rn && host_is_ieee()) return host_out_f64(as_f64(a) * as_f64(b));
  return out_f64(soft::mul(kF64, unpack(kF64, a), unpack(kF64, b), opts64(r)));
}

uint64_t fma_f64(uint64_t a, uint64_t b, uint64_t c, Rounding r) {
  if (auto nan = nan_operand_f64({a, b, c})) return *nan;
  if (r == Rounding::rn && host_is_ieee()) return host_out_f64(std::fma(as_f64(a), as_f64(b), as_f64(c)));
  return out_f64(soft::fma(kF64, unpack(kF64, a), unpack(kF64, b), unpack(kF64, c), opts64(r)));
}

uint64_t div_f64(uint64_t a, uint64_t b, Rounding r) {
  if (auto nan = nan_operand_f64({a, b})) return *nan;
  return out_f64(soft::div(kF64, unpack(kF64, a), unpack(kF64, b), opts64(r)));
}

uint64_t rcp_f64(uint64_t a, Rounding r) { return div_f64(kOneF64, a, r); }

uint64_t sqrt_f64(uint64_t a, Rounding r) {
  if (auto nan = nan_operand_f64({a})) return *nan;
  return out_f64(soft::sqrt(kF64, unpack(kF64, a), opts64(r)));
}

uint64_t neg_f64(uint64_t a) { return a ^ kF64.sign_mask(); }

uint64_t abs_f64(uint64_t a) { return a & kF64.abs_mask(); }

}  // namespace warpsat::fp
