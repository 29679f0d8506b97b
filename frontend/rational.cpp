#include "frontend/rational.h"

#include <cctype>
#include <numeric>
#include <stdexcept>

namespace warpsat {

__extension__ using i128 = __int128;

namespace {
constexpr i128 kI64Max = INT64_MAX;

std::optional<Rational> make_reduced(i128 num, i128 den) {
  if (den == 0) return std::nullopt;
  if (den < 0) num = -num, den = -den;
  i128 a = num < 0 ? -num : num, b = den;
  while (b != 0) {
    i128 t = a % b;
    a = b;
    b = t;
  }
  if (a > 1) num /= a, den /= a;
  if (num > kI64Max || num < -kI64Max || den > kI64Max) return std::nullopt;
  return Rational(static_cast<int64_t>(num), static_cast<int64_t>(den));
}
}  // namespace

Rational::Rational(int64_t num, int64_t den) : num_(num), den_(den) {
  if (den <= 0) throw std::invalid_argument("Rational: denominator must be positive");
  int64_t g = std::gcd(num < 0 ? -num : num, den);
  if (g > 1) num_ /= g, den_ /= g;
}

std::optional<Rational> Rational::parse(std::string_view s) {
  if (auto slash = s.find('/'); slash != std::string_view::npos) {
    auto n = parse(s.substr(0, slash)), d = parse(s.substr(slash + 1));
    if (!n || !d || d->num_ == 0 || s.substr(slash + 1).find('/') != std::string_view::npos) return std::nullopt;
    return make_reduced(static_cast<i128>(n->num_) * d->den_, static_cast<i128>(n->den_) * d->num_);
  }
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  i128 digits = 0;
  int scale = 0;  // value = digits * 10^scale
  int digit_count = 0;
  bool seen_point = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') continue;  // TOML digit separators
    if (c == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (!std::isdigit(static_cast<unsigned char>(c))) break;
    if (digits > kI64Max) return std::nullopt;
    digits = digits * 10 + (c - '0');
    ++digit_count;
    if (seen_point) --scale;
  }
  if (digit_count == 0) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) exp_negative = s[i++] == '-';
    int exp = 0, exp_digits = 0;
    for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i, ++exp_digits) {
      exp = exp * 10 + (s[i] - '0');
      if (exp > 40) return std::nullopt;
    }
    if (exp_digits == 0) return std::nullopt;
    scale += exp_negative ? -exp : exp;
  }
  if (i != s.size() || scale > 38 || scale < -38) return std::nullopt;
  i128 num = negative ? -digits : digits, den = 1;
  for (; scale > 0; --scale) {
    num *= 10;
    if (num > kI64Max || num < -kI64Max) return std::nullopt;
  }
  for (; scale < 0; ++scale) {
    den *= 10;
    if (den > kI64Max * 10) return std::nullopt;
  }
  return make_reduced(num, den);
}

Rational Rational::reciprocal() const {
  if (num_ == 0) throw std::invalid_argument("Rational: reciprocal of zero");
  return num_ < 0 ? Rational(-den_, -num_) : Rational(den_, num_);
}

std::strong_ordering operator<=>(const Rational& a, const Rational& b) {
  i128 l = static_cast<i128>(a.num_) * b.den_, r = static_cast<i128>(b.num_) * a.den_;
  return l < r ? std::strong_ordering::less : l > r ? std::strong_ordering::greater : std::strong_ordering::equal;
}

std::optional<int64_t> Rational::ceil_divide(int64_t x) const {
  if (x < 0 || num_ <= 0) return std::nullopt;
  i128 n = static_cast<i128>(x) * den_;
  i128 q = (n + num_ - 1) / num_;
  if (q > kI64Max) return std::nullopt;
  return static_cast<int64_t>(q);
}

std::string Rational::to_string() const {
  // A terminating decimal exists iff den has no prime factors but 2 and 5.
  int64_t d = den_;
  int twos = 0, fives = 0;
  while (d % 2 == 0) d /= 2, ++twos;
  while (d % 5 == 0) d /= 5, ++fives;
  int places = std::max(twos, fives);
  if (d != 1 || places > 18) return std::to_string(num_) + "/" + std::to_string(den_);
  i128 scaled = num_;
  for (int k = 0; k < places; ++k) scaled *= 10;
  scaled /= den_;
  bool negative = scaled < 0;
  if (negative) scaled = -scaled;
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(scaled % 10)));
    scaled /= 10;
  } while (scaled != 0);
  if (places > 0) {
    while (digits.size() <= static_cast<size_t>(places)) digits.insert(digits.begin(), '0');
    digits.insert(digits.end() - places, '.');
  }
  return (negative ? "-" : "") + digits;
}

}  // namespace warpsat
