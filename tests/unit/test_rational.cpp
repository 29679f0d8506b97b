#include <doctest/doctest.h>

#include "frontend/rational.h"

using warpsat::Rational;

TEST_CASE("decimals are read exactly") {
  auto r = Rational::parse("0.15296");
  REQUIRE(r);
  CHECK(r->num() == 478);  // 15296/100000 reduced
  CHECK(r->den() == 3125);
  CHECK(Rational::parse("24.61")->to_string() == "24.61");
  CHECK(Rational::parse("1e3")->num() == 1000);
  CHECK(Rational::parse("2.5E-2")->to_string() == "0.025");
  CHECK(Rational::parse("3/4")->to_string() == "0.75");
  CHECK(Rational::parse("1/3")->to_string() == "1/3");
  CHECK(Rational::parse("1_000")->num() == 1000);
}

TEST_CASE("malformed numbers are rejected") {
  for (const char* bad : {"", ".", "1.2.3", "abc", "1e", "1/0", "nan", "inf", "1e99", "99999999999999999999"})
    CHECK_MESSAGE(!Rational::parse(bad), bad);
}

TEST_CASE("ceil_divide rounds up exactly where a double would not") {
  // 16384 / 0.15296 = 107112.97...; ceil = 107113.
  Rational lt = *Rational::parse("0.15296");
  CHECK(*lt.ceil_divide(16384) == 107113);
  // An exact quotient must not round up: 24.61 * 100 = 2461.
  Rational ct = *Rational::parse("24.61");
  CHECK(*ct.ceil_divide(2461) == 100);
  CHECK(*ct.ceil_divide(2462) == 101);
  CHECK(*Rational::parse("0.1")->ceil_divide(3) == 30);  // 0.1 is not 0x3FB999999999999A here
  CHECK(!Rational::parse("1/1000000000000")->ceil_divide(INT64_MAX / 2));
}
