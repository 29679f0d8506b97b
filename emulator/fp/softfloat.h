// The exact-rounding core every PTX floating-point operation in emulator/fp/
// is built on: values are unpacked to integers, combined exactly (or with a
// sticky bit standing for the discarded tail), and rounded once into the
// destination format in the requested direction.
//
// Doing this in integers rather than on the host FPU is deliberate: it needs
// no <cfenv> state (no global mutable state, no -frounding-math), gives the
// same bits on every host, and covers what the host cannot do directly
// (ties-away rounding, f16/bf16/tf32/fp8 destinations, a single rounding for
// f64 fma on hosts without FMA). The tests check it against the host FPU.
//
// NaN inputs are the callers' business: they decide which NaN an instruction
// returns (format.h). The core functions take non-NaN operands and return
// std::nullopt for an invalid operation (inf - inf, 0 * inf, 0/0, sqrt(-x)).
#pragma once

#include <cstdint>
#include <optional>

#include "emulator/fp/format.h"

namespace warpsat::fp::soft {

__extension__ typedef unsigned __int128 u128;

enum class Kind : uint8_t { zero, finite, inf, nan };

// A decoded value: for Kind::finite it is (-1)^sign * sig * 2^exp, sig != 0.
struct Unpacked {
  Kind kind = Kind::zero;
  bool sign = false;
  int exp = 0;
  uint64_t sig = 0;
};

Unpacked unpack(const Format& f, uint64_t bits);

// An exact intermediate result: (-1)^sign * (sig + t) * 2^exp, where t is 0
// when !sticky and some value strictly between 0 and 1 when sticky. Producers
// of a sticky value keep at least 64 significant bits in sig, so the tail can
// only ever decide a rounding, never be the value.
struct Exact {
  bool sign = false;
  u128 sig = 0;
  int exp = 0;
  bool sticky = false;
};

struct RoundOpts {
  Rounding mode = Rounding::rn;
  // Flush a subnormal *rounded* result to a zero of the same sign (.ftz on
  // results). The decision is made on the rounded value: an exact result just
  // below the smallest normal that rounds up to it is kept.
  bool ftz = false;
  // Overflow gives the largest finite value of the result's sign instead of
  // infinity (.satfinite; also makes an infinite input finite in convert()).
  bool satfinite = false;
};

uint64_t zero_bits(const Format& f, bool sign);
uint64_t inf_bits(const Format& f, bool sign);
uint64_t max_finite_bits(const Format& f, bool sign);
// What an overflowing result becomes under `o` (IEEE: infinity or the
// largest finite value, depending on direction and sign).
uint64_t overflow_bits(const Format& f, bool sign, const RoundOpts& o);

// Rounds x into f. Requires x.sig != 0 whenever x.sticky.
uint64_t round_pack(const Format& f, Exact x, const RoundOpts& o);

// IEEE operations on non-NaN operands of format f, rounded once into f.
std::optional<uint64_t> add(const Format& f, const Unpacked& a, const Unpacked& b, const RoundOpts& o);
std::optional<uint64_t> mul(const Format& f, const Unpacked& a, const Unpacked& b, const RoundOpts& o);
std::optional<uint64_t> fma(const Format& f, const Unpacked& a, const Unpacked& b, const Unpacked& c,
                            const RoundOpts& o);
std::optional<uint64_t> div(const Format& f, const Unpacked& a, const Unpacked& b, const RoundOpts& o);
std::optional<uint64_t> sqrt(const Format& f, const Unpacked& a, const RoundOpts& o);

// A non-NaN value (of any format) rounded into `to`. An infinity stays
// infinite unless o.satfinite; into a format without infinity it is NaN.
uint64_t convert(const Unpacked& a, const Format& to, const RoundOpts& o);

// The integer (-1)^negative * magnitude rounded into `to`; zero is +0.
uint64_t from_integer(const Format& to, bool negative, uint64_t magnitude, const RoundOpts& o);

// A non-NaN value rounded to an integer in direction `mode`. `huge` means
// the magnitude is at least 2^100 (or infinite): beyond every integer type.
struct IntegerValue {
  bool negative = false;
  bool huge = false;
  u128 magnitude = 0;
};
IntegerValue to_integer(const Unpacked& a, Rounding mode);

// A non-NaN value of format f rounded to an integral value of the same
// format (cvt.rni.f32.f32 and friends); zeros keep their sign.
uint64_t round_to_integral(const Format& f, const Unpacked& a, Rounding mode, const RoundOpts& o);

}  // namespace warpsat::fp::soft
