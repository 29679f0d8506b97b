// Exact non-negative rationals for machine throughputs. The model's durations
// are ceilings of ratios, and a throughput such as 0.15296 read through a double
// would round a few ceilings the wrong way, so decimals are parsed exactly.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace warpsat {

class Rational {
 public:
  Rational() = default;
  // Reduces num/den; den must be positive.
  Rational(int64_t num, int64_t den);

  // Parses "24.61", "0.15296", "1e3", "2.5E-2", "3/4", "7". Returns nullopt on a
  // malformed number or one whose reduced form does not fit 64-bit integers.
  static std::optional<Rational> parse(std::string_view text);

  int64_t num() const { return num_; }
  int64_t den() const { return den_; }
  bool is_positive() const { return num_ > 0; }

  // ceil(x / *this) for x >= 0 and *this > 0; nullopt when the result overflows int64.
  std::optional<int64_t> ceil_divide(int64_t x) const;

  // Shortest exact decimal when one exists ("0.15296"), else "num/den".
  std::string to_string() const;
  double to_double() const { return static_cast<double>(num_) / static_cast<double>(den_); }

  // 1 / *this; *this must not be zero.
  Rational reciprocal() const;

  friend bool operator==(const Rational&, const Rational&) = default;
  // Exact, by cross-multiplication in 128 bits.
  friend std::strong_ordering operator<=>(const Rational& a, const Rational& b);

 private:
  int64_t num_ = 0;
  int64_t den_ = 1;
};

}  // namespace warpsat
