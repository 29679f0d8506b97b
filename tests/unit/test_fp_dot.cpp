// ExactSum (emulator/fp/dot.h), the tensor-core accumulation: products exact,
// summed exactly, rounded once. Cases worked out by hand; each one would
// come out differently under a sequential f32 accumulation or a truncating
// alignment.
#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>

#include "emulator/fp/dot.h"
#include "emulator/fp/half.h"

using namespace warpsat::fp;

namespace {
constexpr uint32_t f(float v) { return bits_f32(v); }
uint64_t sum_f32(std::initializer_list<float> values, Rounding mode = Rounding::rn) {
  ExactSum s;
  for (float v : values) s.add(kF32, f(v));
  return s.round(kF32, kNaNF32, mode);
}
}  // namespace

TEST_CASE("fp dot: one rounding of the exact sum, not one per addition") {
  // 2^24 + 1 + 0.5 + 0.5 = 2^24 + 2 exactly; adding in f32 one by one gives 2^24.
  CHECK(sum_f32({16777216.0f, 1.0f, 0.5f, 0.5f}) == f(16777218.0f));
  // 2^24 + 1 alone is a tie: to even, 2^24.
  CHECK(sum_f32({16777216.0f, 1.0f}) == f(16777216.0f));
  // ... but anything below the tie decides it (the sticky bit): 2^24 + 1 + 2^-100 -> 2^24 + 2.
  CHECK(sum_f32({16777216.0f, 1.0f, 0x1p-100f}) == f(16777218.0f));
  // Huge cancellation keeps the tiny addend exactly.
  CHECK(sum_f32({0x1p100f, 0x1p-100f, -0x1p100f}) == f(0x1p-100f));
  CHECK(sum_f32({-3.0f, 1.0f}) == f(-2.0f));
  // Directed rounding of the same exact value.
  CHECK(sum_f32({1.0f, 0x1p-30f}, Rounding::rp) == 0x3f800001u);
  CHECK(sum_f32({1.0f, 0x1p-30f}, Rounding::rn) == 0x3f800000u);
  CHECK(sum_f32({-1.0f, -0x1p-30f}, Rounding::rm) == 0xbf800001u);
}

TEST_CASE("fp dot: products are exact and formats mix") {
  ExactSum s;
  // f16 (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20: exact in f32, lost in f16.
  s.add_product(kF16, 0x3c01, kF16, 0x3c01);
  CHECK(s.round(kF32, kNaNF32) == 0x3f804008u);
  CHECK(s.round(kF16, kNaNF16) == 0x3c02);  // 1 + 2^-9 (+2^-20 is below half an f16 ulp)
  // bf16 * e4m3 + f32: 3 * 1.5 + 0.25 = 4.75
  ExactSum t;
  t.add_product(kBF16, 0x4040, kE4M3, 0x3c);
  t.add(kF32, f(0.25f));
  CHECK(t.round(kF32, kNaNF32) == f(4.75f));
  // Products of subnormals: the smallest bf16 squared (2^-266) is kept through a sum that cancels.
  ExactSum u;
  u.add_product(kBF16, 0x0001, kBF16, 0x0001);
  u.add(kF32, f(1.0f));
  u.add(kF32, f(-1.0f));
  CHECK(u.round(kF32, kNaNF32) == 0u);          // 2^-266 underflows f32 to +0
  CHECK(u.round(kF32, kNaNF32, Rounding::rp) == 1u);  // ... or to the smallest subnormal upwards
  CHECK_THROWS_AS(u.add(kF64, 0), std::invalid_argument);
}

TEST_CASE("fp dot: NaN, infinities, overflow and signed zeros") {
  ExactSum nan;
  nan.add_product(kF16, 0x7c00, kF16, 0x0000);  // inf * 0
  CHECK(nan.round(kF32, kNaNF32) == kNaNF32);
  ExactSum opposite;
  opposite.add_product(kF16, 0x7c00, kF16, 0x3c00);  // +inf
  opposite.add(kF32, 0xff800000);                    // -inf
  CHECK(opposite.round(kF32, kNaNF32) == kNaNF32);
  ExactSum inf;
  inf.add_product(kF16, 0xfc00, kF16, 0x3c00);  // -inf
  inf.add(kF32, f(1e30f));
  CHECK(inf.round(kF16, kNaNF16) == 0xfc00);
  ExactSum big;  // 65504 * 2 overflows f16 but not f32
  big.add_product(kF16, 0x7bff, kF16, 0x4000);
  CHECK(big.round(kF16, kNaNF16) == 0x7c00);
  CHECK(big.round(kF32, kNaNF32) == f(131008.0f));
  ExactSum nan_in;
  nan_in.add(kF32, 0x7fc00001);
  CHECK(nan_in.round(kF16, kNaNF16) == kNaNF16);
  // Zeros: -0 only when every addend is -0.
  ExactSum negzero;
  negzero.add(kF32, 0x80000000);
  negzero.add_product(kF16, 0x8000, kF16, 0x3c00);
  CHECK(negzero.round(kF32, kNaNF32) == 0x80000000u);
  ExactSum mixed;
  mixed.add(kF32, 0x80000000);
  mixed.add_product(kF16, 0x0000, kF16, 0x3c00);
  CHECK(mixed.round(kF32, kNaNF32) == 0u);
  ExactSum cancel;
  cancel.add(kF32, f(-2.0f));
  cancel.add(kF32, f(2.0f));
  CHECK(cancel.round(kF32, kNaNF32) == 0u);
  CHECK(cancel.round(kF32, kNaNF32, Rounding::rm) == 0x80000000u);
  CHECK(ExactSum{}.round(kF32, kNaNF32) == 0u);
}
