// The streaming JSON text reads back exactly like nlohmann::json's dump(): the same doubles, and
// the same characters wherever dump()'s digits are the shortest (all but a rare Grisu2 case).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <vector>

#include "model/JsonText.h"

namespace articula::model {
namespace {

std::string number(double x) {
  std::string s;
  appendJsonNumber(s, x);
  return s;
}

TEST(JsonText, NumbersUseDumpsLayout) {
  for (double x : {0.0, -0.0, 1.0, -2.0, 0.5, 0.1, 0.0001, 1e-05, 1.5e-07, 123456789012345.0, 1e15, 1e16, 1.25e+20,
                   9.80665, -7.74694003e-16, 0.0795564, std::numeric_limits<double>::max(),
                   std::numeric_limits<double>::denorm_min(), 1.0 / 3.0})
    EXPECT_EQ(number(x), nlohmann::json(x).dump()) << x;
  EXPECT_EQ(number(std::nan("")), "null");
  EXPECT_EQ(number(INFINITY), "null");
}

TEST(JsonText, RandomNumbersReadBackEqualAndMostlyMatchTextually) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> mantissa(-10, 10);
  std::uniform_int_distribution<int> exponent(-30, 30);
  int same = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    double x = mantissa(rng) * std::pow(10.0, exponent(rng));
    if (i % 2) x = std::round(x * 1e7) / 1e7;  // what trajectory.json holds
    const std::string s = number(x);
    ASSERT_EQ(nlohmann::json::parse(s).get<double>(), x) << s;
    same += s == nlohmann::json(x).dump();
  }
  EXPECT_GT(same, n * 99 / 100);  // Grisu2 sometimes prints a digit more than the shortest
}

// The fast path for trajectory.json's rounded values writes exactly what the general one writes
// for the rounded double: every magnitude (the integer shortcut and its fallback past 1e8),
// signs and signed zeros, values on and next to the rounding grid's half points, NaN.
TEST(JsonText, RoundedToSevenDecimalsMatchesTheGeneralPath) {
  auto general = [](double x) {
    std::string s;
    appendJsonNumber(s, std::round(x * 1e7) / 1e7);
    return s;
  };
  auto fast = [](double x) {
    std::string s;
    appendJsonRounded7(s, x);
    return s;
  };
  std::vector<double> values = {0.0,          -0.0,
                                1e-9,         -1e-9,
                                5e-8,         -5e-8,
                                4.9999999e-8, 1e-7,
                                1.5e-7,       0.1,
                                0.25,         1.0,
                                -1.0,         12.5,
                                1e7,          99999999.99999994,
                                1e8,          123456789.12345678,
                                1e15,         1e20,
                                1e300,        -1e300,
                                std::nan(""), INFINITY,
                                -INFINITY,    0.70710678118654757,
                                -0.0000123};
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> mantissa(-10, 10);
  std::uniform_int_distribution<int> exponent(-12, 10);
  std::uniform_int_distribution<long long> grid(-20000000000LL, 20000000000LL);
  for (int i = 0; i < 300000; ++i) {
    values.push_back(mantissa(rng) * std::pow(10.0, exponent(rng)));
    const double half = (static_cast<double>(grid(rng)) + 0.5) / 1e7;  // near a rounding tie
    values.push_back(half);
    values.push_back(std::nextafter(half, 1e300));
    values.push_back(std::nextafter(half, -1e300));
  }
  for (double x : values) ASSERT_EQ(fast(x), general(x)) << std::hexfloat << x;
}

TEST(JsonText, StringsEscapeLikeDump) {
  const std::string text = "a\"b\\c\nd\te\r\b\f\x01\x1f <script> h\xc3\xa9";
  std::string s;
  appendJsonString(s, text);
  EXPECT_EQ(s, nlohmann::json(text).dump());
  std::string safe;
  appendJsonEscaped(safe, "</script><", true);
  EXPECT_EQ(safe, "\\u003c/script>\\u003c");
  std::string json;
  appendScriptSafe(json, R"({"a":"<b>"})");
  EXPECT_EQ(json, R"({"a":"\u003cb>"})");
}

TEST(JsonText, IntegersArePlain) {
  std::string s;
  appendJsonInt(s, -1);
  s += ',';
  appendJsonInt(s, 1234567890123LL);
  EXPECT_EQ(s, "-1,1234567890123");
}

}  // namespace
}  // namespace articula::model
