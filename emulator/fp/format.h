// Floating-point formats, rounding modes and NaN conventions shared by the PTX
// floating-point semantics in emulator/fp/ (docs/emulator-fp.md).
//
// Values travel as raw bit patterns: uint16_t for f16/bf16, uint32_t for f32
// (and tf32, which PTX keeps in a .b32), uint64_t for f64, uint8_t for one
// fp8 value, uint32_t for a packed f16x2/bf16x2 pair. The emulator never
// touches the host FPU for these: every rounding is done in integers
// (softfloat.h), so results do not depend on the host's rounding mode, its
// denormal flags or the compiler's floating-point contraction.
#pragma once

#include <bit>
#include <cstdint>

namespace warpsat::fp {

// IEEE rounding directions (.rn .rz .rm .rp) plus ties-away (.rna), which PTX
// offers only for cvt.rna.tf32.f32.
enum class Rounding : uint8_t { rn, rna, rz, rm, rp };

// cvt's integer rounding (.rni .rzi .rmi .rpi): the same directions, but to
// an integral value instead of to the destination's precision.
enum class IntRounding : uint8_t { rni, rzi, rmi, rpi };

constexpr Rounding to_rounding(IntRounding r) {
  switch (r) {
    case IntRounding::rni: return Rounding::rn;
    case IntRounding::rzi: return Rounding::rz;
    case IntRounding::rmi: return Rounding::rm;
    case IntRounding::rpi: return Rounding::rp;
  }
  return Rounding::rn;
}

// A binary floating-point format: sign, exp_bits of biased exponent,
// frac_bits of stored fraction, IEEE subnormals. has_inf is false for e4m3
// (OCP "fn" variant): its all-ones exponent still holds numbers and only the
// all-ones fraction there is NaN, so its largest value is 448, not infinity.
struct Format {
  int exp_bits;
  int frac_bits;
  bool has_inf;

  constexpr int bias() const { return (1 << (exp_bits - 1)) - 1; }
  constexpr int width() const { return 1 + exp_bits + frac_bits; }
  constexpr int precision() const { return frac_bits + 1; }
  constexpr int emin() const { return 1 - bias(); }
  constexpr uint64_t sign_mask() const { return uint64_t{1} << (width() - 1); }
  constexpr uint64_t frac_mask() const { return (uint64_t{1} << frac_bits) - 1; }
  constexpr uint64_t exp_mask() const { return ((uint64_t{1} << exp_bits) - 1) << frac_bits; }
  constexpr uint64_t abs_mask() const { return sign_mask() - 1; }
  friend constexpr bool operator==(const Format&, const Format&) = default;
};

inline constexpr Format kF64{11, 52, true};
inline constexpr Format kF32{8, 23, true};
inline constexpr Format kF16{5, 10, true};
inline constexpr Format kBF16{8, 7, true};
// tf32 as a 19-bit value; PTX stores it in f32 layout with the 13 low fraction
// bits zero (half.h converts between the two).
inline constexpr Format kTF32{8, 10, true};
inline constexpr Format kE4M3{4, 3, false};
inline constexpr Format kE5M2{5, 2, true};
// The upper word of an f64 in "1.11.20" format, as rcp.approx.ftz.f64 and
// rsqrt.approx.ftz.f64 compute it.
inline constexpr Format kF64Hi{11, 20, true};

// NaNs this library produces. PTX says single- and half-precision
// instructions return "an unspecified NaN"; NVIDIA GPUs return one canonical
// NaN per format, the same values CUDA's math_constants.h / cuda_fp16.h /
// cuda_bf16.h name CUDART_NAN_F, CUDART_NAN_FP16 and CUDART_NAN_BF16. For f64
// PTX says NaN payloads are supported, so a NaN input propagates (quieted);
// a NaN made from non-NaN inputs (inf - inf, 0 * inf, 0/0, sqrt(-1)) is
// CUDART_NAN, 0xfff8000000000000, which is an assumption not yet checked
// against hardware (docs/emulator-fp.md).
inline constexpr uint32_t kNaNF32 = 0x7fffffffu;
inline constexpr uint16_t kNaNF16 = 0x7fff;
inline constexpr uint16_t kNaNBF16 = 0x7fff;
inline constexpr uint64_t kNaNF64 = 0xfff8000000000000ull;
// tf32 keeps the "13 low bits zero" layout even for NaN.
inline constexpr uint32_t kNaNTF32 = 0x7fffe000u;
inline constexpr uint8_t kNaNE4M3 = 0x7f;
inline constexpr uint8_t kNaNE5M2 = 0x7f;
// rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 document this one explicitly.
inline constexpr uint64_t kNaNF64Approx = 0x7fffffff00000000ull;

// Bit-level classification, valid for every Format above.
constexpr bool is_nan(const Format& f, uint64_t bits) {
  const uint64_t mag = bits & f.abs_mask();
  if (f.has_inf) return (mag & f.exp_mask()) == f.exp_mask() && (mag & f.frac_mask()) != 0;
  return mag == f.abs_mask();
}
constexpr bool is_inf(const Format& f, uint64_t bits) {
  return f.has_inf && (bits & f.abs_mask()) == f.exp_mask();
}
constexpr bool is_zero(const Format& f, uint64_t bits) { return (bits & f.abs_mask()) == 0; }
constexpr bool is_subnormal(const Format& f, uint64_t bits) {
  return (bits & f.exp_mask()) == 0 && (bits & f.frac_mask()) != 0;
}
constexpr bool sign_of(const Format& f, uint64_t bits) { return (bits & f.sign_mask()) != 0; }
// .ftz on an input: a subnormal becomes a zero of the same sign.
constexpr uint64_t flush_subnormal(const Format& f, uint64_t bits) {
  return is_subnormal(f, bits) ? bits & f.sign_mask() : bits;
}

constexpr bool is_nan_f32(uint32_t b) { return is_nan(kF32, b); }
constexpr bool is_nan_f64(uint64_t b) { return is_nan(kF64, b); }
constexpr bool is_nan_f16(uint16_t b) { return is_nan(kF16, b); }
constexpr bool is_nan_bf16(uint16_t b) { return is_nan(kBF16, b); }
constexpr uint32_t flush_f32(uint32_t b) { return static_cast<uint32_t>(flush_subnormal(kF32, b)); }

// Host views, for code that must call libm (approx.cpp) and for tests.
constexpr float as_f32(uint32_t b) { return std::bit_cast<float>(b); }
constexpr uint32_t bits_f32(float v) { return std::bit_cast<uint32_t>(v); }
constexpr double as_f64(uint64_t b) { return std::bit_cast<double>(b); }
constexpr uint64_t bits_f64(double v) { return std::bit_cast<uint64_t>(v); }

// Packed pairs. For arithmetic PTX calls bits [0:15] element 0 and [16:31]
// element 1; cvt puts its first source (a) in the upper half.
constexpr uint16_t lo16(uint32_t v) { return static_cast<uint16_t>(v); }
constexpr uint16_t hi16(uint32_t v) { return static_cast<uint16_t>(v >> 16); }
constexpr uint32_t pack16(uint16_t hi, uint16_t lo) { return (uint32_t{hi} << 16) | lo; }
constexpr uint32_t lo32(uint64_t v) { return static_cast<uint32_t>(v); }
constexpr uint32_t hi32(uint64_t v) { return static_cast<uint32_t>(v >> 32); }
constexpr uint64_t pack32(uint32_t hi, uint32_t lo) { return (uint64_t{hi} << 32) | lo; }

// The two 16-bit float types of the packed instructions.
enum class Half : uint8_t { f16, bf16 };
constexpr const Format& format_of(Half h) { return h == Half::f16 ? kF16 : kBF16; }
constexpr uint16_t canonical_nan(Half h) { return h == Half::f16 ? kNaNF16 : kNaNBF16; }

}  // namespace warpsat::fp
