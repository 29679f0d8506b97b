#include "emulator/fp/tensor_core_sum.h"

#include <algorithm>

namespace warpsat::fp {

TensorOperand decode_operand(const Format& f, uint64_t bits) {
  TensorOperand o;
  const uint64_t e = (bits & f.exp_mask()) >> f.frac_bits;
  const uint64_t m = bits & f.frac_mask();
  const uint64_t all_ones = (uint64_t{1} << f.exp_bits) - 1;
  o.negative = (bits & f.sign_mask()) != 0;
  o.special = f.has_inf ? e == all_ones : (e == all_ones && m == f.frac_mask());
  if (e == 0) {
    o.sig = static_cast<uint32_t>(m);
    // A zero's exponent lies far below any other, so that the largest
    // exponent needs no test for zeros.
    o.exp = static_cast<int16_t>(m == 0 ? kZeroExponent : f.emin());
  } else {
    o.sig = static_cast<uint32_t>(m | (uint64_t{1} << f.frac_bits));
    o.exp = static_cast<int16_t>(static_cast<int>(e) - f.bias());
  }
  return o;
}

int hopper_kept_bits(const Format& input) {
  // Measured on an H200 and an H100 (docs/gpu-replay.md): f16, bf16 and
  // tf32 keep 25 bits, e4m3 and e5m2 13.
  if (input.exp_bits == 5 && input.frac_bits == 10) return 25;  // f16
  if (input.exp_bits == 8 && input.frac_bits == 7) return 25;   // bf16
  // tf32 arrives in its f32 layout, its 13 low fraction bits already dropped.
  if (input.exp_bits == 8 && (input.frac_bits == 10 || input.frac_bits == 23)) return 25;
  if (input.exp_bits == 4 && input.frac_bits == 3) return 13;   // e4m3
  if (input.exp_bits == 5 && input.frac_bits == 2) return 13;   // e5m2
  return 0;
}

namespace {

// |v| cut toward zero to a multiple of 2^q, as an integer count of 2^q,
// where v = sig * 2^lsb.
int64_t cut(uint64_t sig, int lsb, int q) {
  const int shift = lsb - q;
  if (shift >= 0) return static_cast<int64_t>(sig << shift);  // callers keep this under 2^40
  if (shift <= -64) return 0;
  return static_cast<int64_t>(sig >> -shift);
}

// sum * 2^q truncated to f32 with at most `frac_bits` fraction bits (23:
// all of f32's); `negative_zero`: the sign of an exact zero.
uint32_t to_f32_rz(int64_t sum, int q, bool negative_zero, int frac_bits) {
  if (sum == 0) return negative_zero ? 0x80000000u : 0u;
  const bool negative = sum < 0;
  const uint64_t mag = negative ? uint64_t(0) - static_cast<uint64_t>(sum) : static_cast<uint64_t>(sum);
  const uint32_t sign = negative ? 0x80000000u : 0u;
  const int top = 63 - __builtin_clzll(mag);  // bit index of the leading one
  const int e = top + q;                      // the value's exponent
  if (e > 127) return sign | 0x7f7fffffu;     // round toward zero: the largest finite value
  const int lsb = std::max(e - frac_bits, -149);  // the exponent of the last bit kept
  const int shift = lsb - q;
  uint64_t kept = shift >= 64 ? 0 : shift >= 0 ? mag >> shift : mag << -shift;
  kept <<= lsb - std::max(e - 23, -149);         // back in f32's place: zeros below the kept bits
  if (e < -126) return sign | static_cast<uint32_t>(kept);  // subnormal (or zero)
  return sign | (static_cast<uint32_t>(e + 127) << 23) | (static_cast<uint32_t>(kept) & 0x7fffffu);
}

}  // namespace

uint32_t hopper_dot_f32_finite(const TensorOperand* a, int a_frac_bits, const TensorOperand* b, int b_frac_bits,
                               unsigned k, const uint32_t* c, int kept_bits) {
  const TensorOperand acc = c ? decode_operand(kF32, *c) : TensorOperand{0, kZeroExponent, false, false};
  int emax = acc.exp;
  for (unsigned i = 0; i < k; ++i) emax = std::max(emax, a[i].exp + b[i].exp);
  const int q = emax - kept_bits;
  // The sum is held with kept_bits fraction bits: a carry above emax loses
  // the last of them (fp8: 13 bits; the others keep more than f32's 23).
  const int result_frac = std::min(kept_bits, 23);
  const int product_frac = a_frac_bits + b_frac_bits;
  // A product's cut is cut(sig, exp - product_frac, q): a left shift by at
  // most `up` (its exponent is at most emax), else a right shift. Shifted
  // up by `up` first, every product takes one right shift, without the
  // branches random exponents mispredict (the loop was half of a CUTLASS
  // FP16 GEMM's emulation); the products keep under 2^40 shifted.
  const int up = std::max(kept_bits - product_frac, 0);
  int64_t sum = 0;
  for (unsigned i = 0; i < k; ++i) {
    const uint64_t p = (uint64_t{a[i].sig} * b[i].sig) << up;
    const int right = up - (a[i].exp + b[i].exp - product_frac - q);  // >= 0
    const int64_t t = static_cast<int64_t>(right >= 64 ? 0 : p >> right);
    const int64_t sign = -static_cast<int64_t>(a[i].negative != b[i].negative);  // 0 or all ones
    sum += (t ^ sign) - sign;
  }
  const int64_t t = cut(acc.sig, acc.exp - 23, q);
  sum += acc.negative ? -t : t;
  if (sum != 0) return to_f32_rz(sum, q, false, result_frac);
  // An exact zero is -0 only when every addend was -0 (IEEE 754's sum).
  bool all_negative_zero = !c || *c == 0x80000000u;
  for (unsigned i = 0; i < k && all_negative_zero; ++i)
    all_negative_zero = (a[i].sig == 0 || b[i].sig == 0) && a[i].negative != b[i].negative;
  return to_f32_rz(0, q, all_negative_zero, result_frac);
}

std::optional<uint32_t> hopper_dot_f32(const TensorOperand* a, int a_frac_bits, const TensorOperand* b,
                                       int b_frac_bits, unsigned k, const uint32_t* c, int kept_bits) {
  if (c && decode_operand(kF32, *c).special) return std::nullopt;
  for (unsigned i = 0; i < k; ++i)
    if (a[i].special || b[i].special) return std::nullopt;
  return hopper_dot_f32_finite(a, a_frac_bits, b, b_frac_bits, k, c, kept_bits);
}

}  // namespace warpsat::fp
