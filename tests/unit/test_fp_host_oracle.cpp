// Cross-checks the integer rounding core of emulator/fp against independent
// implementations on the host: the x86-64 SSE unit and glibc (IEEE 754
// correctly rounded add/sub/mul/div/sqrt/fma and conversions in all four
// rounding directions), GCC's _Float16 conversions (libgcc soft-fp, which
// reads the SSE rounding mode), and a small frexp/nearbyint reference for
// bf16, tf32 and fp8.
//
// The host rounding mode is global state, so every use goes through
// HostRounding, an RAII guard that restores the previous mode. This file is
// compiled with -frounding-math (tests/CMakeLists.txt) so GCC does not fold
// constants in the wrong mode; that flag alone does not stop GCC from moving
// a floating-point operation across fesetround (GCC bug 34678), so each host
// operation reads volatile operands after the mode is set and writes a
// volatile result before it is restored.
#include <doctest/doctest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "emulator/fp/arith.h"
#include "emulator/fp/convert.h"
#include "emulator/fp/half.h"
#include "emulator/fp/half_arith.h"

using namespace warpsat::fp;

namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

class HostRounding {
 public:
  explicit HostRounding(int mode) : saved_(std::fegetround()) { std::fesetround(mode); }
  ~HostRounding() { std::fesetround(saved_); }
  HostRounding(const HostRounding&) = delete;
  HostRounding& operator=(const HostRounding&) = delete;

 private:
  int saved_;
};

struct Mode {
  Rounding ours;
  int host;
  const char* name;
};
const Mode kModes[] = {{Rounding::rn, FE_TONEAREST, "rn"},
                       {Rounding::rz, FE_TOWARDZERO, "rz"},
                       {Rounding::rm, FE_DOWNWARD, "rm"},
                       {Rounding::rp, FE_UPWARD, "rp"}};

// Random bit patterns that hit the interesting places often: tiny and huge
// exponents, subnormals, zeros, infinities, NaNs, short significands (so that
// ties and exact cancellations happen), next to plain random bits.
class Patterns {
 public:
  explicit Patterns(uint64_t seed) : rng_(seed) {}

  uint32_t f32() {
    const uint32_t sign = static_cast<uint32_t>(rng_() & 1) << 31;
    switch (rng_() % 8) {
      case 0: return static_cast<uint32_t>(rng_());
      case 1: return sign | static_cast<uint32_t>(rng_() % 0x00800000u);  // subnormal or zero
      case 2:
        return sign | static_cast<uint32_t>((rng_() % 4 + 252) << 23 | (rng_() & 0x7fffff));  // near overflow
      case 3:
        return sign | static_cast<uint32_t>((rng_() % 8 + 1) << 23 | (rng_() & 0x7fffff));  // near underflow
      case 4:
        return sign | static_cast<uint32_t>((rng_() % 40 + 107) << 23 |
                                            (rng_() & 0x7fe00000) >> 8);  // short significand
      case 5: return sign | (rng_() % 4 == 0 ? 0x7f800000u : 0u) | (rng_() % 8 == 0 ? 1u : 0u);
      default:
        return sign | static_cast<uint32_t>((rng_() % 30 + 112) << 23 | (rng_() & 0x7fffff));  // moderate
    }
  }

  uint64_t f64() {
    const uint64_t sign = (rng_() & 1) << 63;
    const uint64_t frac = rng_() & 0xfffffffffffffull;
    switch (rng_() % 8) {
      case 0: return rng_();
      case 1: return sign | (frac >> (rng_() % 52));                                    // subnormal or zero
      case 2: return sign | ((rng_() % 4 + 2043) << 52) | frac;                         // near overflow
      case 3: return sign | ((rng_() % 60 + 1) << 52) | frac;                           // near underflow
      case 4: return sign | ((rng_() % 80 + 983) << 52) | (frac & 0xfffff00000000ull);  // short significand
      case 5: return sign | (rng_() % 4 == 0 ? 0x7ff0000000000000ull : 0) | (rng_() % 8 == 0 ? 1 : 0);
      default: return sign | ((rng_() % 60 + 993) << 52) | frac;
    }
  }

  uint16_t b16() { return static_cast<uint16_t>(rng_()); }

 private:
  std::mt19937_64 rng_;
};

// Same bits, or both NaN: PTX's NaN is the library's choice (tested
// elsewhere), the host's NaN is x86's.
bool same_f32(uint32_t ours, uint32_t host) { return ours == host || (is_nan_f32(ours) && is_nan_f32(host)); }
bool same_f64(uint64_t ours, uint64_t host) { return ours == host || (is_nan_f64(ours) && is_nan_f64(host)); }

uint16_t bits_f16(_Float16 h) {
  uint16_t b = 0;
  std::memcpy(&b, &h, 2);
  return b;
}
_Float16 as_f16(uint16_t b) {
  _Float16 h;
  std::memcpy(&h, &b, 2);
  return h;
}

// Rounds a double to a binary format with `p` significand bits, minimum
// normal exponent `emin` and largest finite value `max_finite` in the host's
// current rounding mode (nearbyint does the rounding). Returns the value, or
// an infinity of the right sign on overflow-to-infinity; the caller compares
// values, not bits.
double ref_round(double x, int p, int emin, double max_finite, bool ties_away = false) {
  if (x == 0 || std::isnan(x) || std::isinf(x)) return x;
  int e = 0;
  std::frexp(x, &e);  // x = f * 2^e, |f| in [0.5, 1): leading bit is 2^(e-1)
  const int q = std::max(e - 1, emin) - (p - 1);
  const double scaled = std::ldexp(x, -q);  // exact: a power-of-two scaling
  const double rounded = ties_away ? std::round(scaled) : std::nearbyint(scaled);
  const double y = std::ldexp(rounded, q);
  if (std::fabs(y) > max_finite) {
    const int mode = std::fegetround();
    const bool to_inf =
        ties_away || mode == FE_TONEAREST || (mode == FE_UPWARD && y > 0) || (mode == FE_DOWNWARD && y < 0);
    return to_inf ? std::copysign(INFINITY, y) : std::copysign(max_finite, y);
  }
  return y;
}

// Decodes a small binary format by its formula. has_inf: IEEE all-ones
// exponent (inf/NaN); otherwise only the all-ones pattern is NaN (e4m3).
double decode(uint64_t bits, int exp_bits, int frac_bits, bool has_inf = true) {
  const int bias = (1 << (exp_bits - 1)) - 1;
  const bool sign = (bits >> (exp_bits + frac_bits)) & 1;
  const int biased = static_cast<int>((bits >> frac_bits) & ((1u << exp_bits) - 1));
  const uint64_t frac_bits_value = bits & ((uint64_t{1} << frac_bits) - 1);
  const double frac = static_cast<double>(frac_bits_value);
  const int all_ones = (1 << exp_bits) - 1;
  double v = 0;
  if (has_inf && biased == all_ones) {
    v = frac_bits_value == 0 ? INFINITY : NAN;
  } else if (!has_inf && biased == all_ones && frac_bits_value == (uint64_t{1} << frac_bits) - 1) {
    v = NAN;
  } else if (biased == 0) {
    v = std::ldexp(frac, 1 - bias - frac_bits);
  } else {
    v = std::ldexp(frac + std::ldexp(1.0, frac_bits), biased - bias - frac_bits);
  }
  return sign ? -v : v;
}

// fma(a, b, c) rounded to odd at 53 bits: exact enough to be rounded again
// into any format of at most 25 bits without double-rounding errors.
double fma_round_to_odd(double a, double b, double c) {
  volatile double va = a, vb = b, vc = c;
  double r = 0;
  {
    HostRounding rz(FE_TOWARDZERO);
    std::feclearexcept(FE_INEXACT);
    r = std::fma(va, vb, vc);
    if (std::fetestexcept(FE_INEXACT) && std::isfinite(r)) {
      uint64_t bits = bits_f64(r);
      bits |= 1;
      r = as_f64(bits);
    }
  }
  return r;
}

}  // namespace

TEST_CASE("fp oracle: f32 add/sub/mul/div/fma/sqrt match the host FPU in every rounding mode") {
  Patterns gen(20240601);
  constexpr int kTrials = 30000;
  int failures = 0;
  for (const Mode& mode : kModes) {
    const F32Mods m{mode.ours, false, false};
    for (int i = 0; i < kTrials && failures < 10; ++i) {
      const uint32_t a = gen.f32(), b = gen.f32(), c = gen.f32();
      volatile float fa = as_f32(a), fb = as_f32(b), fc = as_f32(c);
      volatile uint32_t host[6];
      {
        HostRounding guard(mode.host);
        host[0] = bits_f32(fa + fb);
        host[1] = bits_f32(fa - fb);
        host[2] = bits_f32(fa * fb);
        host[3] = bits_f32(fa / fb);
        host[4] = bits_f32(std::fma(static_cast<float>(fa), static_cast<float>(fb), static_cast<float>(fc)));
        host[5] = bits_f32(std::sqrt(static_cast<float>(fa)));
      }
      const uint32_t ours[6] = {add_f32(a, b, m), sub_f32(a, b, m),    mul_f32(a, b, m),
                                div_f32(a, b, m), fma_f32(a, b, c, m), sqrt_f32(a, m)};
      for (int op = 0; op < 6; ++op) {
        if (!same_f32(ours[op], host[op])) {
          ++failures;
          INFO("mode " << std::string(mode.name) << " op " << op << " a=" << hex(a) << " b=" << hex(b)
                       << " c=" << hex(c) << " ours=" << hex(ours[op]) << " host=" << hex(host[op]));
          CHECK(ours[op] == host[op]);
        }
      }
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("fp oracle: f64 add/sub/mul/div/fma/sqrt match the host FPU in every rounding mode") {
  Patterns gen(7);
  constexpr int kTrials = 30000;
  int failures = 0;
  for (const Mode& mode : kModes) {
    for (int i = 0; i < kTrials && failures < 10; ++i) {
      const uint64_t a = gen.f64(), b = gen.f64(), c = gen.f64();
      volatile double fa = as_f64(a), fb = as_f64(b), fc = as_f64(c);
      volatile uint64_t host[6];
      {
        HostRounding guard(mode.host);
        host[0] = bits_f64(fa + fb);
        host[1] = bits_f64(fa - fb);
        host[2] = bits_f64(fa * fb);
        host[3] = bits_f64(fa / fb);
        host[4] =
            bits_f64(std::fma(static_cast<double>(fa), static_cast<double>(fb), static_cast<double>(fc)));
        host[5] = bits_f64(std::sqrt(static_cast<double>(fa)));
      }
      const Rounding r = mode.ours;
      const uint64_t ours[6] = {add_f64(a, b, r), sub_f64(a, b, r),    mul_f64(a, b, r),
                                div_f64(a, b, r), fma_f64(a, b, c, r), sqrt_f64(a, r)};
      for (int op = 0; op < 6; ++op) {
        if (!same_f64(ours[op], host[op])) {
          ++failures;
          INFO("mode " << std::string(mode.name) << " op " << op << " a=" << hex(a) << " b=" << hex(b)
                       << " c=" << hex(c) << " ours=" << hex(ours[op]) << " host=" << hex(host[op]));
          CHECK(ours[op] == host[op]);
        }
      }
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("fp oracle: cvt f64->f32, s64->f32/f64 and f64->s64 match the host in every mode") {
  Patterns gen(99);
  std::mt19937_64 ints(5);
  int failures = 0;
  for (const Mode& mode : kModes) {
    const CvtMods frnd{mode.ours, std::nullopt};
    const IntRounding irnd = mode.ours == Rounding::rn   ? IntRounding::rni
                             : mode.ours == Rounding::rz ? IntRounding::rzi
                             : mode.ours == Rounding::rm ? IntRounding::rmi
                                                         : IntRounding::rpi;
    for (int i = 0; i < 20000 && failures < 10; ++i) {
      const uint64_t d = gen.f64();
      const auto n = static_cast<int64_t>(ints() >> (ints() % 64));
      volatile double vd = as_f64(d);
      volatile int64_t vn = (ints() & 1) ? n : -n;
      volatile uint32_t host_f32 = 0, host_i2f = 0;
      volatile uint64_t host_i2d = 0;
      volatile long long host_int = 0;
      const bool in_range = std::fabs(as_f64(d)) < 9.2e18;
      {
        HostRounding guard(mode.host);
        host_f32 = bits_f32(static_cast<float>(vd));
        host_i2f = bits_f32(static_cast<float>(vn));
        host_i2d = bits_f64(static_cast<double>(vn));
        if (in_range) host_int = std::llrint(vd);
      }
      const uint64_t s = static_cast<uint64_t>(static_cast<int64_t>(vn));
      const uint64_t ours_f32 = cvt(Type::f32, Type::f64, d, frnd);
      const uint64_t ours_i2f = cvt(Type::f32, Type::s64, s, frnd);
      const uint64_t ours_i2d = cvt(Type::f64, Type::s64, s, frnd);
      const uint64_t ours_int = cvt(Type::s64, Type::f64, d, CvtMods{std::nullopt, irnd});
      const bool ok = same_f32(static_cast<uint32_t>(ours_f32), host_f32) && ours_i2f == host_i2f &&
                      ours_i2d == host_i2d &&
                      (!in_range || is_nan_f64(d) || ours_int == static_cast<uint64_t>(host_int));
      if (!ok) {
        ++failures;
        INFO("mode " << std::string(mode.name) << " d=" << hex(d) << " n=" << hex(s));
        INFO("f32 " << hex(ours_f32) << " " << hex(host_f32) << " i2f " << hex(ours_i2f) << " "
                    << hex(host_i2f) << " i2d " << hex(ours_i2d) << " " << hex(host_i2d) << " int "
                    << hex(ours_int) << " " << hex(static_cast<uint64_t>(host_int)));
        CHECK(ok);
      }
    }
  }
  CHECK(failures == 0);
}

TEST_CASE(
    "fp oracle: every f16 value, and f32/f64 -> f16, match _Float16 (rn) and the reference (all modes)") {
  // GCC's _Float16 conversions (libgcc) round to nearest whatever the host
  // mode is, so they vouch for .rn only; ref_round covers every direction.
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    const auto b = static_cast<uint16_t>(h);
    const uint32_t ours = f16_to_f32(b);
    const uint32_t host = bits_f32(static_cast<float>(as_f16(b)));
    REQUIRE(same_f32(ours, host));
    if (!is_nan_f16(b)) REQUIRE(f32_to_f16(ours, Rounding::rn) == b);
  }
  Patterns gen(3);
  const double f16_max = 65504.0;
  int failures = 0;
  for (const Mode& mode : kModes) {
    HostRounding guard(mode.host);
    for (int i = 0; i < 30000 && failures < 10; ++i) {
      // Scale into f16's range so most trials round to something finite.
      uint32_t f = gen.f32();
      if (i % 2 == 0) f = (f & 0x807fffffu) | ((f >> 23 & 0x1f) + 100) << 23;
      const uint64_t d = bits_f64(static_cast<double>(as_f32(f))) ^ (gen.f32() & 0x1fffffff);
      const uint16_t ours_f32 = f32_to_f16(f, mode.ours);
      const auto ours_f64 =
          static_cast<uint16_t>(cvt(Type::f16, Type::f64, d, CvtMods{mode.ours, std::nullopt}));
      auto matches = [&](uint16_t ours, double x) {
        if (std::isnan(x)) return is_nan_f16(ours);
        const double ref = ref_round(x, 11, -14, f16_max);
        const double got = decode(ours, 5, 10);
        bool ok = got == ref && std::signbit(got) == std::signbit(ref);
        if (mode.ours == Rounding::rn) {
          volatile double vx = x;
          ok = ok && ours == bits_f16(static_cast<_Float16>(vx));
        }
        return ok;
      };
      const bool ok = matches(ours_f32, static_cast<double>(as_f32(f))) && matches(ours_f64, as_f64(d));
      if (!ok) {
        ++failures;
        INFO("mode " << std::string(mode.name) << " f=" << hex(f) << " d=" << hex(d));
        CHECK(ok);
      }
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("fp oracle: f16 add/sub/mul/fma match exact-then-round on the host") {
  // f16 sums and products are exact in double; fma is rounded to odd at 53
  // bits first, which keeps the final rounding to 11 bits exact.
  std::mt19937_64 rng(11);
  int failures = 0;
  for (int i = 0; i < 300000 && failures < 10; ++i) {
    const auto a = static_cast<uint16_t>(rng()), b = static_cast<uint16_t>(rng()),
               c = static_cast<uint16_t>(rng());
    const double da = static_cast<double>(as_f16(a)), db = static_cast<double>(as_f16(b)),
                 dc = static_cast<double>(as_f16(c));
    volatile double sum = da + db, diff = da - db, prod = da * db;
    const double fused = fma_round_to_odd(da, db, dc);
    const uint16_t host[4] = {bits_f16(static_cast<_Float16>(sum)), bits_f16(static_cast<_Float16>(diff)),
                              bits_f16(static_cast<_Float16>(prod)), bits_f16(static_cast<_Float16>(fused))};
    const uint16_t ours[4] = {hadd(Half::f16, a, b), hsub(Half::f16, a, b), hmul(Half::f16, a, b),
                              hfma(Half::f16, a, b, c)};
    for (int op = 0; op < 4; ++op) {
      if (ours[op] != host[op] && !(is_nan_f16(ours[op]) && is_nan_f16(host[op]))) {
        ++failures;
        INFO("op " << op << " a=" << hex(a) << " b=" << hex(b) << " c=" << hex(c) << " ours=" << hex(ours[op])
                   << " host=" << hex(host[op]));
        CHECK(ours[op] == host[op]);
      }
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("fp oracle: bf16 arithmetic and f32 -> bf16/tf32/fp8 match a frexp/nearbyint reference") {
  std::mt19937_64 rng(13);
  Patterns gen(17);
  const double bf16_max = decode(0x7f7f, 8, 7);
  const double tf32_max = decode(0x3fbff, 8, 10);
  int failures = 0;
  auto same_value = [](double ours, double ref) {
    return (std::isnan(ours) && std::isnan(ref)) || (ours == ref && std::signbit(ours) == std::signbit(ref));
  };
  for (const Mode& mode : kModes) {
    HostRounding guard(mode.host);
    for (int i = 0; i < 40000 && failures < 10; ++i) {
      const auto a = static_cast<uint16_t>(rng()), b = static_cast<uint16_t>(rng()),
                 c = static_cast<uint16_t>(rng());
      const uint32_t f = gen.f32();
      const double fv = static_cast<double>(as_f32(f));
      const double bf16 = decode(f32_to_bf16(f, mode.ours), 8, 7);
      const double tf32 = decode(f32_to_tf32(f, mode.ours) >> 13, 8, 10);
      bool ok = (is_nan_f32(f) || same_value(bf16, ref_round(fv, 8, -126, bf16_max))) &&
                (is_nan_f32(f) || same_value(tf32, ref_round(fv, 11, -126, tf32_max)));
      if (mode.ours == Rounding::rn) {
        // Ties away for tf32's .rna; PTX's bf16 arithmetic is .rn only.
        const double tf32_rna = decode(f32_to_tf32(f, Rounding::rna) >> 13, 8, 10);
        ok = ok && (is_nan_f32(f) || same_value(tf32_rna, ref_round(fv, 11, -126, tf32_max, true)));
        const double da = decode(a, 8, 7), db = decode(b, 8, 7), dc = decode(c, 8, 7);
        if (!std::isnan(da) && !std::isnan(db) && !std::isnan(dc)) {
          // Sums of two bf16 values round correctly from double (see
          // docs/emulator-fp.md); the fma is rounded to odd first.
          ok = ok &&
               same_value(decode(hadd(Half::bf16, a, b), 8, 7), ref_round(da + db, 8, -126, bf16_max)) &&
               same_value(decode(hmul(Half::bf16, a, b), 8, 7), ref_round(da * db, 8, -126, bf16_max)) &&
               same_value(decode(hfma(Half::bf16, a, b, c), 8, 7),
                          ref_round(fma_round_to_odd(da, db, dc), 8, -126, bf16_max));
        }
        // fp8 is .rn.satfinite only: overflow (and inf) saturates.
        if (!is_nan_f32(f)) {
          const double e4m3 = decode(f32_to_fp8(Fp8::e4m3, f), 4, 3, false);
          const double e5m2 = decode(f32_to_fp8(Fp8::e5m2, f), 5, 2);
          const double r4 = ref_round(fv, 4, -6, 448.0), r5 = ref_round(fv, 3, -14, 57344.0);
          ok = ok && same_value(e4m3, std::isinf(r4) ? std::copysign(448.0, r4) : r4) &&
               same_value(e5m2, std::isinf(r5) ? std::copysign(57344.0, r5) : r5);
        }
      }
      if (!ok) {
        ++failures;
        INFO("mode " << std::string(mode.name) << " f=" << hex(f) << " a=" << hex(a) << " b=" << hex(b)
                     << " c=" << hex(c));
        CHECK(ok);
      }
    }
  }
  CHECK(failures == 0);
}
