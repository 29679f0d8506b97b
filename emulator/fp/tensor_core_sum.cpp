#include "emulator/fp/tensor_core_sum.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace warpsat::fp {

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

namespace {

// 2^e as a double, for e within a double's normal range.
double pow2(int e) {
  const uint64_t bits = static_cast<uint64_t>(1023 + e) << 52;
  double v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// Below this every addend is zero (the least nonzero product's exponent is
// twice f32's emin), and 2^(kept_bits - emax) still fits a double.
constexpr int kEmaxFloor = -900;

// The f32 bits of the sum `sum` * 2^(emax - kept_bits) for row r and
// column col, as hopper_dot_f32_finite returns them.
uint32_t finish(double sum, int emax, int kept_bits, const DecodedMatrix& a, const DecodedMatrix& b,
                const uint32_t* c_bits, unsigned n, unsigned k, unsigned r, unsigned col) {
  const int result_frac = std::min(kept_bits, 23);
  // An infinity or a NaN among the operands: the caller replaces this result.
  if (!(std::fabs(sum) < 0x1p62)) return 0;
  const int64_t whole = static_cast<int64_t>(sum);  // an integer below 2^53: exact
  const int q = emax - kept_bits;
  if (whole != 0) return to_f32_rz(whole, q, false, result_frac);
  // An exact zero is -0 only when every addend was -0 (IEEE 754's sum).
  bool all_negative_zero = !c_bits || c_bits[size_t{r} * n + col] == 0x80000000u;
  for (unsigned i = 0; i < k && all_negative_zero; ++i) {
    const double p = a.value[size_t{r} * k + i] * b.value[size_t{i} * n + col];
    all_negative_zero = p == 0 && std::signbit(p);
  }
  return to_f32_rz(0, q, all_negative_zero, result_frac);
}

// An f32 accumulator's value (exact in a double) and exponent, as
// decode_operand gives them.
double f32_value(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
int f32_exponent(uint32_t bits) {
  const int field = static_cast<int>((bits >> 23) & 0xff);
  if (field != 0) return field - 127;
  return (bits & 0x7fffffu) ? -126 : kZeroExponent;
}

void mma_scalar(const DecodedMatrix& a, const DecodedMatrix& b, const uint32_t* c, unsigned m, unsigned n,
                unsigned k, int kept_bits, uint32_t* d) {
  for (unsigned r = 0; r < m; ++r)
    for (unsigned col = 0; col < n; ++col) {
      const size_t out = size_t{r} * n + col;
      int emax = c ? std::max(f32_exponent(c[out]), kEmaxFloor) : kEmaxFloor;
      for (unsigned i = 0; i < k; ++i) emax = std::max(emax, a.exp[size_t{r} * k + i] + b.exp[size_t{i} * n + col]);
      const double scale = pow2(kept_bits - emax);
      double sum = c ? std::trunc(f32_value(c[out]) * scale) : 0;
      for (unsigned i = 0; i < k; ++i) sum += std::trunc(a.value[size_t{r} * k + i] * b.value[size_t{i} * n + col] * scale);
      d[out] = finish(sum, emax, kept_bits, a, b, c, n, k, r, col);
    }
}

#if defined(__x86_64__) && defined(__GNUC__)
// Four accumulators' exponents from their f32 bits, as f32_exponent.
[[gnu::target("avx2")]] inline __m128i f32_exponents(__m128i bits) {
  const __m128i field = _mm_and_si128(_mm_srli_epi32(bits, 23), _mm_set1_epi32(0xff));
  const __m128i subnormal = _mm_blendv_epi8(
      _mm_set1_epi32(kZeroExponent), _mm_set1_epi32(-126),
      _mm_xor_si128(_mm_cmpeq_epi32(_mm_and_si128(bits, _mm_set1_epi32(0x7fffff)), _mm_setzero_si128()),
                    _mm_set1_epi32(-1)));
  return _mm_blendv_epi8(_mm_sub_epi32(field, _mm_set1_epi32(127)), subnormal,
                         _mm_cmpeq_epi32(field, _mm_setzero_si128()));
}

// 2^(e + offset) for four exponents, as doubles.
[[gnu::target("avx2")]] inline __m256d pow2s(__m128i e, int offset) {
  return _mm256_castsi256_pd(
      _mm256_slli_epi64(_mm256_cvtepi32_epi64(_mm_add_epi32(e, _mm_set1_epi32(1023 + offset))), 52));
}

// The f32 bits of four sums (to_f32_rz's result) where each is nonzero and
// lands in f32's normal range, written to d; returns a mask of the lanes
// left for finish(). sum * 2^q is exact in a double, and truncating a
// double's fraction to result_frac bits is rounding it toward zero.
[[gnu::target("avx2")]] inline int store_normal(__m256d sum, __m128i emax, int kept_bits, uint32_t* d) {
  const int result_frac = std::min(kept_bits, 23);
  const __m256i bits = _mm256_castpd_si256(_mm256_mul_pd(sum, pow2s(emax, -kept_bits)));
  // The f32 biased exponent: the double's, less 1023 - 127.
  const __m256i field = _mm256_sub_epi64(_mm256_and_si256(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(0x7ff)),
                                         _mm256_set1_epi64x(896));
  const __m256i in_range = _mm256_andnot_si256(_mm256_cmpgt_epi64(field, _mm256_set1_epi64x(254)),
                                               _mm256_cmpgt_epi64(field, _mm256_setzero_si256()));
  const __m256i nonzero = _mm256_castpd_si256(_mm256_cmp_pd(sum, _mm256_setzero_pd(), _CMP_NEQ_OQ));
  const __m256i fast = _mm256_and_si256(in_range, nonzero);
  const uint32_t frac_mask = 0x7fffffu & ~((1u << (23 - result_frac)) - 1);
  const __m256i f32 = _mm256_or_si256(
      _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi64(bits, 32), _mm256_set1_epi64x(0x80000000)),
                      _mm256_slli_epi64(field, 23)),
      _mm256_and_si256(_mm256_srli_epi64(bits, 29), _mm256_set1_epi64x(frac_mask)));
  const __m256i packed = _mm256_permutevar8x32_epi32(f32, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d), _mm256_castsi256_si128(packed));
  return ~_mm256_movemask_pd(_mm256_castsi256_pd(fast)) & 0xf;
}

// Four columns per vector, two vectors at a time (n is a multiple of 8 in
// every wgmma shape; the caller sends other widths to mma_scalar).
[[gnu::target("avx2")]] void mma_avx2(const DecodedMatrix& a, const DecodedMatrix& b, const uint32_t* c, unsigned m,
                                      unsigned n, unsigned k, int kept_bits, uint32_t* d) {
  constexpr int kRound = _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC;
  alignas(32) double sums[8];
  alignas(16) int32_t emaxes[8];
  for (unsigned r = 0; r < m; ++r) {
    const double* av = a.value.data() + size_t{r} * k;
    const int32_t* ae = a.exp.data() + size_t{r} * k;
    for (unsigned col = 0; col < n; col += 8) {
      const size_t out = size_t{r} * n + col;
      // The eight columns' largest exponents in one vector: with k as small
      // as 8 or 16, this loop costs nearly as much as the products.
      __m256i e = _mm256_set1_epi32(kEmaxFloor);
      __m128i c0 = _mm_setzero_si128(), c1 = _mm_setzero_si128();
      if (c) {
        c0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c + out));
        c1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c + out + 4));
        e = _mm256_max_epi32(e, _mm256_setr_m128i(f32_exponents(c0), f32_exponents(c1)));
      }
      for (unsigned i = 0; i < k; ++i) {
        const int32_t* be = b.exp.data() + size_t{i} * n + col;
        e = _mm256_max_epi32(
            e, _mm256_add_epi32(_mm256_set1_epi32(ae[i]), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(be))));
      }
      const __m128i e0 = _mm256_castsi256_si128(e), e1 = _mm256_extracti128_si256(e, 1);
      const __m256d scale0 = pow2s(_mm_sub_epi32(_mm_setzero_si128(), e0), kept_bits);
      const __m256d scale1 = pow2s(_mm_sub_epi32(_mm_setzero_si128(), e1), kept_bits);
      // Two partial sums per vector: the adds' latency, not their count,
      // bounds this loop.
      __m256d s0 = _mm256_setzero_pd(), s1 = _mm256_setzero_pd();
      __m256d t0 = _mm256_setzero_pd(), t1 = _mm256_setzero_pd();
      if (c) {
        s0 = _mm256_round_pd(_mm256_mul_pd(_mm256_cvtps_pd(_mm_castsi128_ps(c0)), scale0), kRound);
        s1 = _mm256_round_pd(_mm256_mul_pd(_mm256_cvtps_pd(_mm_castsi128_ps(c1)), scale1), kRound);
      }
      unsigned i = 0;
      for (; i + 1 < k; i += 2) {
        const double* b0 = b.value.data() + size_t{i} * n + col;
        const double* b1 = b0 + n;
        const __m256d x0 = _mm256_set1_pd(av[i]), x1 = _mm256_set1_pd(av[i + 1]);
        s0 = _mm256_add_pd(s0, _mm256_round_pd(_mm256_mul_pd(_mm256_mul_pd(x0, _mm256_loadu_pd(b0)), scale0), kRound));
        s1 = _mm256_add_pd(s1, _mm256_round_pd(_mm256_mul_pd(_mm256_mul_pd(x0, _mm256_loadu_pd(b0 + 4)), scale1), kRound));
        t0 = _mm256_add_pd(t0, _mm256_round_pd(_mm256_mul_pd(_mm256_mul_pd(x1, _mm256_loadu_pd(b1)), scale0), kRound));
        t1 = _mm256_add_pd(t1, _mm256_round_pd(_mm256_mul_pd(_mm256_mul_pd(x1, _mm256_loadu_pd(b1 + 4)), scale1), kRound));
      }
      if (i < k) {
        const double* b0 = b.value.data() + size_t{i} * n + col;
        const __m256d x0 = _mm256_set1_pd(av[i]);
        s0 = _mm256_add_pd(s0, _mm256_round_pd(_mm256_mul_pd(_mm256_mul_pd(x0, _mm256_loadu_pd(b0)), scale0), kRound));
        s1 = _mm256_add_pd(s1, _mm256_round_pd(_mm256_mul_pd(_mm256_mul_pd(x0, _mm256_loadu_pd(b0 + 4)), scale1), kRound));
      }
      s0 = _mm256_add_pd(s0, t0);
      s1 = _mm256_add_pd(s1, t1);
      const int slow = store_normal(s0, e0, kept_bits, d + out) | store_normal(s1, e1, kept_bits, d + out + 4) << 4;
      if (slow == 0) continue;
      _mm256_store_pd(sums, s0);
      _mm256_store_pd(sums + 4, s1);
      _mm_store_si128(reinterpret_cast<__m128i*>(emaxes), e0);
      _mm_store_si128(reinterpret_cast<__m128i*>(emaxes + 4), e1);
      for (unsigned j = 0; j < 8; ++j)
        if (slow >> j & 1) d[out + j] = finish(sums[j], emaxes[j], kept_bits, a, b, c, n, k, r, col + j);
    }
  }
}
#endif

#if defined(__x86_64__) && defined(__GNUC__)
// decode_operand and the value decode_matrix keeps, for four operands at
// once: each one's value as a double, its exponent, and a mask of those
// that are an infinity or a NaN. Every input format is narrower than 32
// bits, so a significand converts exactly from a signed 32-bit lane.
struct FourOperands {
  __m256d value;
  __m128i exp;
  __m128i special;
};
[[gnu::target("avx2")]] inline FourOperands decode_four(const Format& f, __m128i bits) {
  const __m128i frac_shift = _mm_cvtsi32_si128(f.frac_bits);
  const __m128i exp_ones = _mm_set1_epi32((1 << f.exp_bits) - 1);
  const __m128i frac_mask = _mm_set1_epi32(static_cast<int>(f.frac_mask()));
  const __m128i zero = _mm_setzero_si128();
  const __m128i e = _mm_and_si128(_mm_srl_epi32(bits, frac_shift), exp_ones);
  const __m128i m = _mm_and_si128(bits, frac_mask);
  const __m128i e_zero = _mm_cmpeq_epi32(e, zero);
  const __m128i sig = _mm_or_si128(m, _mm_andnot_si128(e_zero, _mm_set1_epi32(1 << f.frac_bits)));
  const __m128i sig_zero = _mm_cmpeq_epi32(sig, zero);
  const __m128i emin = _mm_set1_epi32(f.emin());
  const __m128i unbiased = _mm_blendv_epi8(_mm_sub_epi32(e, _mm_set1_epi32(f.bias())), emin, e_zero);
  FourOperands o;
  o.exp = _mm_blendv_epi8(unbiased, _mm_set1_epi32(kZeroExponent), sig_zero);
  const __m128i all_ones = _mm_cmpeq_epi32(e, exp_ones);
  o.special = f.has_inf ? all_ones : _mm_and_si128(all_ones, _mm_cmpeq_epi32(m, frac_mask));
  // A zero's significand is 0: any scale gives 0 (emin keeps 2^e in range).
  const __m128i scale_exp = _mm_add_epi32(unbiased, _mm_set1_epi32(1023 - f.frac_bits));
  const __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_cvtepi32_epi64(scale_exp), 52));
  const __m256d magnitude = _mm256_mul_pd(_mm256_cvtepi32_pd(sig), scale);
  const __m128i sign = _mm_cmpgt_epi32(zero, _mm_sll_epi32(bits, _mm_cvtsi32_si128(32 - f.width())));
  const __m256i sign_bit = _mm256_slli_epi64(_mm256_cvtepi32_epi64(sign), 63);
  o.value = _mm256_or_pd(magnitude, _mm256_castsi256_pd(sign_bit));
  return o;
}

// decode_matrix for rows and terms both multiples of four: four rows of
// four terms are loaded at once and transposed in registers when B's
// term-by-term layout asks for it, so neither the loads nor the stores
// stride.
[[gnu::target("avx2")]] void decode_matrix_avx2(const Format& f, const uint32_t* bits, unsigned rows,
                                                unsigned terms, bool transposed, DecodedMatrix& out) {
  for (unsigned r = 0; r < rows; r += 4) {
    __m128i special = _mm_setzero_si128();  // per row of the four, once transposed
    for (unsigned i = 0; i < terms; i += 4) {
      __m128i v[4];
      for (unsigned j = 0; j < 4; ++j)
        v[j] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bits + size_t{r + j} * terms + i));
      if (transposed) {
        // v[j] becomes term i + j of the four rows.
        const __m128i t0 = _mm_unpacklo_epi32(v[0], v[1]), t1 = _mm_unpacklo_epi32(v[2], v[3]);
        const __m128i t2 = _mm_unpackhi_epi32(v[0], v[1]), t3 = _mm_unpackhi_epi32(v[2], v[3]);
        v[0] = _mm_unpacklo_epi64(t0, t1);
        v[1] = _mm_unpackhi_epi64(t0, t1);
        v[2] = _mm_unpacklo_epi64(t2, t3);
        v[3] = _mm_unpackhi_epi64(t2, t3);
      }
      for (unsigned j = 0; j < 4; ++j) {
        const FourOperands o = decode_four(f, v[j]);
        if (transposed) {
          const size_t at = size_t{i + j} * rows + r;
          _mm256_storeu_pd(out.value.data() + at, o.value);
          _mm_storeu_si128(reinterpret_cast<__m128i*>(out.exp.data() + at), o.exp);
          special = _mm_or_si128(special, o.special);
        } else {
          const size_t at = size_t{r + j} * terms + i;
          _mm256_storeu_pd(out.value.data() + at, o.value);
          _mm_storeu_si128(reinterpret_cast<__m128i*>(out.exp.data() + at), o.exp);
          out.special[r + j] |= _mm_movemask_epi8(o.special) != 0;
        }
      }
    }
    if (transposed) {
      const int lanes = _mm_movemask_ps(_mm_castsi128_ps(special));
      for (unsigned j = 0; j < 4; ++j) out.special[r + j] = (lanes >> j) & 1;
    }
  }
}
#endif

}  // namespace

void decode_matrix(const Format& f, const uint32_t* bits, unsigned rows, unsigned terms, bool transposed,
                   DecodedMatrix& out) {
  const size_t count = size_t{rows} * terms;
  out.value.resize(count);
  out.exp.resize(count);
  out.special.assign(rows, 0);
#if defined(__x86_64__) && defined(__GNUC__)
  if (rows % 4 == 0 && terms % 4 == 0 && __builtin_cpu_supports("avx2"))
    return decode_matrix_avx2(f, bits, rows, terms, transposed, out);
#endif
  for (unsigned r = 0; r < rows; ++r) {
    const uint32_t* row = bits + size_t{r} * terms;
    bool special = false;
    for (unsigned i = 0; i < terms; ++i) {
      const TensorOperand o = decode_operand(f, row[i]);
      // A zero's sig is 0, so any scale gives 0: emin keeps pow2 in range.
      // Without branches: operands' signs and zeros follow no pattern.
      const double magnitude = static_cast<double>(o.sig) * pow2((o.sig ? o.exp : f.emin()) - f.frac_bits);
      uint64_t value_bits;
      std::memcpy(&value_bits, &magnitude, sizeof magnitude);
      value_bits |= static_cast<uint64_t>(o.negative) << 63;
      const size_t at = transposed ? size_t{i} * rows + r : size_t{r} * terms + i;
      std::memcpy(&out.value[at], &value_bits, sizeof value_bits);
      out.exp[at] = o.exp;
      special |= o.special;
    }
    out.special[r] = special;
  }
}

#if defined(__x86_64__) && defined(__GNUC__)
namespace {
[[gnu::target("avx2")]] bool any_f32_special_avx2(const uint32_t* bits, size_t count) {
  const __m256i field = _mm256_set1_epi32(0x7f800000);
  __m256i any = _mm256_setzero_si256();
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m256i v = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(bits + i)), field);
    any = _mm256_or_si256(any, _mm256_cmpeq_epi32(v, field));
  }
  bool found = !_mm256_testz_si256(any, any);
  for (; i < count; ++i) found |= (bits[i] & 0x7f800000u) == 0x7f800000u;
  return found;
}
}  // namespace
#endif

bool any_f32_special(const uint32_t* bits, size_t count) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (__builtin_cpu_supports("avx2")) return any_f32_special_avx2(bits, count);
#endif
  bool found = false;
  for (size_t i = 0; i < count; ++i) found |= (bits[i] & 0x7f800000u) == 0x7f800000u;
  return found;
}

void hopper_mma_f32_finite(const DecodedMatrix& a, const DecodedMatrix& b, const uint32_t* c, unsigned m, unsigned n,
                           unsigned k, int kept_bits, uint32_t* d) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (n % 8 == 0 && __builtin_cpu_supports("avx2")) return mma_avx2(a, b, c, m, n, k, kept_bits, d);
#endif
  mma_scalar(a, b, c, m, n, k, kept_bits, d);
}

}  // namespace warpsat::fp
