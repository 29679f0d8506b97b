#include "emulator/fp/integer_mma.h"

#include <algorithm>
#include <climits>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace warpsat::fp {
namespace {

int32_t value8(uint32_t word, bool is_signed) {
  return is_signed ? int32_t{static_cast<int8_t>(word)} : int32_t{static_cast<uint8_t>(word)};
}

// The sums of products without the accumulator: sums[r * n + col], from A
// row by row (m x k) and B term by term (k x n).
void product_sums(const int32_t* a, const int32_t* bt, unsigned m, unsigned n, unsigned k, int32_t* sums) {
  for (unsigned r = 0; r < m; ++r) {
    int32_t* row = sums + size_t{r} * n;
    std::fill_n(row, n, 0);
    for (unsigned i = 0; i < k; ++i) {
      const int32_t x = a[size_t{r} * k + i];
      const int32_t* b = bt + size_t{i} * n;
      for (unsigned col = 0; col < n; ++col) row[col] += x * b[col];
    }
  }
}

#if defined(__x86_64__) && defined(__GNUC__)
// Eight columns per vector; n is a multiple of 8 in every wgmma shape.
[[gnu::target("avx2")]] void product_sums_avx2(const int32_t* a, const int32_t* bt, unsigned m, unsigned n,
                                               unsigned k, int32_t* sums) {
  for (unsigned r = 0; r < m; ++r)
    for (unsigned col = 0; col < n; col += 8) {
      __m256i s0 = _mm256_setzero_si256(), s1 = _mm256_setzero_si256();
      unsigned i = 0;
      for (; i + 1 < k; i += 2) {
        const __m256i b0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bt + size_t{i} * n + col));
        const __m256i b1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bt + size_t{i + 1} * n + col));
        s0 = _mm256_add_epi32(s0, _mm256_mullo_epi32(_mm256_set1_epi32(a[size_t{r} * k + i]), b0));
        s1 = _mm256_add_epi32(s1, _mm256_mullo_epi32(_mm256_set1_epi32(a[size_t{r} * k + i + 1]), b1));
      }
      if (i < k) {
        const __m256i b0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bt + size_t{i} * n + col));
        s0 = _mm256_add_epi32(s0, _mm256_mullo_epi32(_mm256_set1_epi32(a[size_t{r} * k + i]), b0));
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + size_t{r} * n + col), _mm256_add_epi32(s0, s1));
    }
}
#endif

}  // namespace

void integer_mma(const uint32_t* a, bool a_signed, const uint32_t* b, bool b_signed, const uint32_t* c, unsigned m,
                 unsigned n, unsigned k, bool satfinite, uint32_t* d, std::vector<int32_t>& scratch) {
  scratch.resize(size_t{m} * k + size_t{k} * n + size_t{m} * n);
  int32_t* av = scratch.data();
  int32_t* bt = av + size_t{m} * k;
  int32_t* sums = bt + size_t{k} * n;
  for (size_t i = 0; i < size_t{m} * k; ++i) av[i] = value8(a[i], a_signed);
  for (unsigned col = 0; col < n; ++col)
    for (unsigned i = 0; i < k; ++i) bt[size_t{i} * n + col] = value8(b[size_t{col} * k + i], b_signed);
#if defined(__x86_64__) && defined(__GNUC__)
  if (n % 8 == 0 && __builtin_cpu_supports("avx2"))
    product_sums_avx2(av, bt, m, n, k, sums);
  else
#endif
    product_sums(av, bt, m, n, k, sums);
  for (size_t at = 0; at < size_t{m} * n; ++at) {
    int64_t sum = int64_t{sums[at]} + (c ? int64_t{static_cast<int32_t>(c[at])} : 0);
    if (satfinite) sum = std::clamp<int64_t>(sum, INT32_MIN, INT32_MAX);
    d[at] = static_cast<uint32_t>(sum);  // wraps modulo 2^32 without .satfinite
  }
}

}  // namespace warpsat::fp
