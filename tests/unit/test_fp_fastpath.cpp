#include <doctest/doctest.h>

#include <random>

#include "emulator/fp/arith.h"
#include "emulator/fp/softfloat.h"

using namespace warpsat::fp;

namespace {

// The soft (reference) path, composed the way arith.cpp does it without the
// host fast path.
uint32_t reference_f32(int op, uint32_t a, uint32_t b, uint32_t c, const F32Mods& m) {
  auto in = [&](uint32_t x) { return m.ftz ? flush_f32(x) : x; };
  a = in(a), b = in(b), c = in(c);
  auto out = [&](std::optional<uint64_t> r) {
    uint32_t v = r ? static_cast<uint32_t>(*r) : kNaNF32;
    return m.sat ? saturate_f32(v) : v;
  };
  bool nan = is_nan_f32(a) || is_nan_f32(b) || (op == 2 && is_nan_f32(c));
  if (nan) return out(std::nullopt);
  soft::RoundOpts o{m.rnd, m.ftz, false};
  auto u = [](uint32_t x) { return soft::unpack(kF32, x); };
  if (op == 0) return out(soft::add(kF32, u(a), u(b), o));
  if (op == 1) return out(soft::mul(kF32, u(a), u(b), o));
  return out(soft::fma(kF32, u(a), u(b), u(c), o));
}

uint64_t reference_f64(int op, uint64_t a, uint64_t b, uint64_t c) {
  for (uint64_t x : {a, b, op == 2 ? c : 0})
    if (is_nan_f64(x)) return quiet_f64(x);
  soft::RoundOpts o{Rounding::rn, false, false};
  auto u = [](uint64_t x) { return soft::unpack(kF64, x); };
  std::optional<uint64_t> r = op == 0 ? soft::add(kF64, u(a), u(b), o) : op == 1 ? soft::mul(kF64, u(a), u(b), o)
                                                                                   : soft::fma(kF64, u(a), u(b), u(c), o);
  return r ? *r : kNaNF64;
}

// Random bit patterns biased towards the interesting corners.
uint32_t interesting32(std::mt19937_64& rng) {
  static constexpr uint32_t kEdges[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u,
                                        0x007fffffu, 0x00800000u, 0x7f7fffffu, 0x3f800000u, 0x33800000u};
  switch (rng() % 4) {
    case 0: return kEdges[rng() % std::size(kEdges)];
    case 1: return static_cast<uint32_t>(rng()) & 0x80ffffffu;  // tiny exponents: subnormal results
    default: return static_cast<uint32_t>(rng());
  }
}

}  // namespace

TEST_CASE("the host fast path of f32/f64 add, mul, fma gives the soft path's bits") {
  std::mt19937_64 rng(12345);
  for (int i = 0; i < 200000; ++i) {
    uint32_t a = interesting32(rng), b = interesting32(rng), c = interesting32(rng);
    F32Mods m{Rounding::rn, (i & 1) != 0, (i & 2) != 0};
    REQUIRE(add_f32(a, b, m) == reference_f32(0, a, b, c, m));
    REQUIRE(mul_f32(a, b, m) == reference_f32(1, a, b, c, m));
    REQUIRE(fma_f32(a, b, c, m) == reference_f32(2, a, b, c, m));
    uint64_t x = rng(), y = rng(), z = rng();
    if (i % 3 == 0) x = (x & 0x800fffffffffffffull) | (uint64_t{rng() % 3} << 52);  // subnormals and tiny normals
    REQUIRE(add_f64(x, y) == reference_f64(0, x, y, z));
    REQUIRE(mul_f64(x, y) == reference_f64(1, x, y, z));
    REQUIRE(fma_f64(x, y, z) == reference_f64(2, x, y, z));
  }
}
