#include "emulator/fp/convert.h"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "emulator/fp/arith.h"
#include "emulator/fp/half.h"
#include "emulator/fp/softfloat.h"

namespace warpsat::fp {
namespace {

__extension__ typedef __int128 i128;

uint64_t mask(int bits) { return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }

i128 int_min(Type t) { return is_signed_int(t) ? -(i128{1} << (type_bits(t) - 1)) : 0; }
i128 int_max(Type t) {
  const int bits = type_bits(t) - (is_signed_int(t) ? 1 : 0);
  return (i128{1} << bits) - 1;
}

i128 clamp(i128 v, Type t) {
  if (v < int_min(t)) return int_min(t);
  if (v > int_max(t)) return int_max(t);
  return v;
}

i128 int_value(Type t, uint64_t a) {
  const int bits = type_bits(t);
  if (is_signed_int(t) && bits < 64 && (a >> (bits - 1)) != 0)
    return static_cast<i128>(a) - (i128{1} << bits);
  if (is_signed_int(t) && bits == 64) return static_cast<int64_t>(a);
  return a;
}

// The format a float type is computed in; tf32 travels in f32 layout.
const Format& float_format(Type t) {
  switch (t) {
    case Type::f16: return kF16;
    case Type::bf16: return kBF16;
    case Type::f64: return kF64;
    default: return kF32;
  }
}

// Every value of `src` is a value of `dst`.
bool widens(Type src, Type dst) {
  if (dst == Type::f64) return src != Type::f64;
  if (dst == Type::f32) return src == Type::f16 || src == Type::bf16 || src == Type::tf32;
  return false;
}

uint64_t saturate(const Format& f, uint64_t v) {
  if (is_nan(f, v) || sign_of(f, v)) return 0;
  const uint64_t one = uint64_t(f.bias()) << f.frac_bits;
  return v > one ? one : v;
}

[[noreturn]] void illegal(const std::string& what) { throw std::invalid_argument("cvt: " + what); }

uint64_t int_to_int(Type dst, Type src, uint64_t a, const CvtMods& m) {
  if (m.frnd || m.irnd) illegal("integer-to-integer conversions take no rounding modifier");
  i128 v = int_value(src, a);
  if (m.sat) v = clamp(v, dst);
  return static_cast<uint64_t>(v) & mask(type_bits(dst));
}

// Exact fast paths that do not depend on the host's rounding mode, for the
// conversions an integer GEMM's epilogue runs per element (cvt.rn.f32.s32 on
// the accumulator, cvt.rni.s32.f32 on the result; 12% of CUTLASS's INT8
// kernel through the soft path): an f32 or f64 below 2^31 in magnitude is
// rounded to an integer with exact double operations, and an integer of at
// most 24 (f32) or 53 (f64) significant bits converts exactly.
// test_fp_convert.cpp checks both against the soft path.
std::optional<i128> round_small(Type src, uint64_t a, IntRounding r) {
  if (src != Type::f32 && src != Type::f64) return std::nullopt;
  const double d = src == Type::f32 ? as_f32(static_cast<uint32_t>(a)) : as_f64(a);
  if (!(std::fabs(d) < 0x1p31)) return std::nullopt;
  double t = std::trunc(d);
  switch (r) {
    case IntRounding::rzi: break;
    case IntRounding::rmi: t = std::floor(d); break;
    case IntRounding::rpi: t = std::ceil(d); break;
    case IntRounding::rni: {
      const double rest = std::fabs(d - t);  // exact: d and t share an exponent range below 2^31
      if (rest > 0.5 || (rest == 0.5 && std::fmod(t, 2.0) != 0)) t += d > 0 ? 1 : -1;
      break;
    }
  }
  return static_cast<i128>(static_cast<int64_t>(t));
}

std::optional<uint64_t> exact_int_to_float(Type dst, bool negative, uint64_t magnitude) {
  if (dst == Type::f32 && magnitude < (uint64_t{1} << 24))
    return bits_f32(negative ? -static_cast<float>(magnitude) : static_cast<float>(magnitude));
  if (dst == Type::f64 && magnitude < (uint64_t{1} << 53))
    return bits_f64(negative ? -static_cast<double>(magnitude) : static_cast<double>(magnitude));
  return std::nullopt;
}

uint64_t float_to_int(Type dst, Type src, uint64_t a, const CvtMods& m) {
  if (!m.irnd || m.frnd) illegal("float-to-integer conversions need exactly one of .rni .rzi .rmi .rpi");
  const Format& f = float_format(src);
  if (m.ftz && src == Type::f32) a = flush_f32(static_cast<uint32_t>(a));
  if (is_nan(f, a)) {
    const bool high_bit = src == Type::f64 || type_bits(dst) == 64;
    return high_bit ? uint64_t{1} << (type_bits(dst) - 1) : 0;
  }
  if (const std::optional<i128> small = round_small(src, a, *m.irnd))
    return static_cast<uint64_t>(clamp(*small, dst)) & mask(type_bits(dst));
  const soft::IntegerValue v = soft::to_integer(soft::unpack(f, a), to_rounding(*m.irnd));
  i128 x = 0;
  if (v.huge) {
    x = v.negative ? int_min(dst) : int_max(dst);
  } else {
    const auto mag = static_cast<i128>(v.magnitude);
    x = clamp(v.negative ? -mag : mag, dst);
  }
  return static_cast<uint64_t>(x) & mask(type_bits(dst));
}

uint64_t int_to_float(Type dst, Type src, uint64_t a, const CvtMods& m) {
  if (!m.frnd || m.irnd) illegal("integer-to-float conversions need exactly one of .rn .rz .rm .rp");
  const i128 v = int_value(src, a);
  const bool negative = v < 0;
  const auto magnitude = static_cast<uint64_t>(negative ? -v : v);
  if (m.relu && negative) return 0;
  if (!m.sat)
    if (const std::optional<uint64_t> exact = exact_int_to_float(dst, negative, magnitude)) return *exact;
  const soft::RoundOpts o{*m.frnd, m.ftz && dst == Type::f32, m.satfinite};
  uint64_t r = 0;
  if (dst == Type::tf32) {
    r = soft::from_integer(kTF32, negative, magnitude, o) << 13;
  } else {
    r = soft::from_integer(float_format(dst), negative, magnitude, o);
  }
  return m.sat ? saturate(float_format(dst), r) : r;
}

uint64_t nan_result(Type dst, Type src, uint64_t a, const CvtMods& m) {
  switch (dst) {
    case Type::f64: {
      const Format& from = float_format(src);
      if (m.relu) return kNaNF64;  // .relu asks for the canonical NaN
      if (src == Type::f64) return quiet_f64(a);
      const uint64_t payload = (a & from.frac_mask()) << (kF64.frac_bits - from.frac_bits);
      const uint64_t sign = sign_of(from, a) ? kF64.sign_mask() : 0;
      return quiet_f64(sign | kF64.exp_mask() | payload);
    }
    case Type::f32: return src == Type::bf16 && !m.relu ? (a << 16) : kNaNF32;
    case Type::tf32: return kNaNTF32;
    case Type::f16: return kNaNF16;
    case Type::bf16: return kNaNBF16;
    default: return 0;
  }
}

uint64_t float_to_float(Type dst, Type src, uint64_t a, const CvtMods& m) {
  if (m.irnd && m.frnd) illegal("a conversion takes one rounding modifier");
  // The two an FP16 GEMM's epilogue runs per element go to half.h, which
  // takes them by their bits (half_bits.h); f16 -> f32 results are never
  // f32 subnormals, so .ftz does nothing there.
  if (!m.irnd && !m.sat && !m.relu && !m.satfinite) {
    if (src == Type::f16 && dst == Type::f32) return f16_to_f32(static_cast<uint16_t>(a));
    if (src == Type::f32 && dst == Type::f16 && m.frnd == Rounding::rn)
      return f32_to_f16(static_cast<uint32_t>(a), Rounding::rn, NarrowMods{m.ftz, false, false});
  }
  const Format& from = float_format(src);
  const Format& to = float_format(dst);
  if (m.ftz && (src == Type::f32 || src == Type::tf32)) a = flush_f32(static_cast<uint32_t>(a));
  if (is_nan(from, a)) {
    const uint64_t nan = nan_result(dst, src, a, m);
    return m.sat ? 0 : nan;
  }
  const soft::Unpacked u = soft::unpack(from, a);
  const bool ftz_result = m.ftz && dst == Type::f32;
  uint64_t r = 0;
  if (m.irnd) {
    if (dst != src) illegal("an integer rounding needs the same source and destination type");
    r = soft::round_to_integral(from, u, to_rounding(*m.irnd), {Rounding::rn, ftz_result, false});
  } else if (m.relu && u.sign) {
    r = 0;
  } else {
    if (!m.frnd && src != dst && !widens(src, dst)) {
      illegal("a narrowing float conversion needs .rn .rz .rm .rp (or .rna)");
    }
    const soft::RoundOpts o{m.frnd.value_or(Rounding::rn), ftz_result, m.satfinite};
    r = dst == Type::tf32 ? soft::convert(u, kTF32, o) << 13 : soft::convert(u, to, o);
  }
  return m.sat ? saturate(to, r) : r;
}

}  // namespace

uint64_t cvt(Type dst, Type src, uint64_t a, const CvtMods& m) {
  a &= mask(type_bits(src));
  if (!is_float(src) && !is_float(dst)) return int_to_int(dst, src, a, m);
  if (is_float(src) && !is_float(dst)) return float_to_int(dst, src, a, m);
  if (!is_float(src)) return int_to_float(dst, src, a, m);
  return float_to_float(dst, src, a, m);
}

uint64_t extend_to_register(uint64_t value, Type t, int register_bits) {
  const int bits = type_bits(t);
  value &= mask(bits);
  if (is_signed_int(t) && bits < 64 && (value >> (bits - 1)) != 0) value |= ~mask(bits);
  return value & mask(register_bits);
}

}  // namespace warpsat::fp
