// cvt between the scalar types of PTX (ISA 9.7.9.21): every pair among
// u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 tf32 f32 f64, bit-exact. The packed
// and fp8 forms (cvt.*.f16x2.f32, cvt.*.e4m3x2.*, ...) are in half.h.
//
// What each kind of conversion does:
//  - int -> int: narrowing truncates, widening extends by the source's
//    signedness; .sat clamps the source value to the destination's range.
//  - int -> float: rounded in the .rn/.rz/.rm/.rp direction (required).
//  - float -> int: rounded to an integer by .rni/.rzi/.rmi/.rpi (required),
//    then always clamped to the destination range (PTX: .sat is implied).
//    NaN gives 0, except 1 << (width - 1) when the source is f64 or the
//    destination is 64 bits wide, exactly as PTX words it.
//  - float -> float: narrowing needs .rn/.rz/.rm/.rp (.rna for tf32) and is
//    one rounding from the source, never through f32; widening is exact;
//    an integer rounding (same type only) rounds to an integral value.
// Modifiers: .ftz flushes f32 subnormal inputs and f32 subnormal results;
// .sat on a float destination clamps to [+0.0, 1.0] (NaN -> +0.0); .relu
// makes negative results +0.0 and NaN canonical; .satfinite clamps beyond
// the largest finite value (inf too) to it, keeping the sign.
// NaN results (format.h): canonical for f32/f16/bf16/tf32 destinations,
// except bf16 -> f32 which is a 16-bit shift; an f64 destination gets the
// source payload, quieted.
//
// Combinations PTX gives no meaning to (no rounding where one is required,
// .rni on int -> float, a float rounding on float -> int, an integer rounding
// between two different float types) throw std::invalid_argument: the PTX
// parser must reject them first, with a source position.
#pragma once

#include <cstdint>
#include <optional>

#include "emulator/fp/format.h"

namespace warpsat::fp {

enum class Type : uint8_t { u8, u16, u32, u64, s8, s16, s32, s64, f16, bf16, tf32, f32, f64 };

constexpr bool is_float(Type t) { return t >= Type::f16; }
constexpr bool is_signed_int(Type t) { return t >= Type::s8 && t <= Type::s64; }
constexpr int type_bits(Type t) {
  switch (t) {
    case Type::u8:
    case Type::s8: return 8;
    case Type::u16:
    case Type::s16:
    case Type::f16:
    case Type::bf16: return 16;
    case Type::u32:
    case Type::s32:
    case Type::tf32:
    case Type::f32: return 32;
    case Type::u64:
    case Type::s64:
    case Type::f64: return 64;
  }
  return 64;
}

struct CvtMods {
  std::optional<Rounding> frnd;     // .rn .rna .rz .rm .rp
  std::optional<IntRounding> irnd;  // .rni .rzi .rmi .rpi
  bool ftz = false;
  bool sat = false;
  bool relu = false;
  bool satfinite = false;
};

// d = cvt<mods>.dst.src a. Only the low type_bits(src) bits of `a` are read
// (PTX lets a wider register be the source); the result is the destination's
// bit pattern in the low type_bits(dst) bits, the rest zero.
uint64_t cvt(Type dst, Type src, uint64_t a, const CvtMods& m = {});

// A cvt result written to a register_bits-wide register: signed integers are
// sign-extended, everything else zero-extended (PTX "Operand Size Exceeding
// Instruction-Type Size").
uint64_t extend_to_register(uint64_t value, Type t, int register_bits);

}  // namespace warpsat::fp
