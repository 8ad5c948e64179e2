// The streaming JSON text reads back exactly like nlohmann::json's dump(): the same doubles, and
// the same characters wherever dump()'s digits are the shortest (all but a rare Grisu2 case).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "../../src/io/JsonText.h"

namespace articula::io {
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
}  // namespace articula::io
