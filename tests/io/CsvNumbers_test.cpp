// The CSV writers' number formatting gives exactly printf's "%.9g" text (the documented format).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "../../src/io/CsvNumbers.h"

namespace articula::io {
namespace {

std::string viaPrintf(double x) {
  char b[64];
  std::snprintf(b, sizeof b, "%.9g", x);
  return b;
}

TEST(CsvNumbers, MatchesPrintfOnRandomAndSpecialValues) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> mantissa(-1, 1);
  std::uniform_int_distribution<int> exponent(-320, 300);
  for (int i = 0; i < 20000; ++i) {
    const double x = mantissa(rng) * std::pow(10.0, exponent(rng));
    std::string s;
    appendNumber(s, x);
    ASSERT_EQ(s, viaPrintf(x)) << "x = " << x;
  }
  for (double x : {0.0, -0.0, 1.0, -1.0, 0.1, 1e-5, 123456789.0, 1234567890.0, 9.99999999e9, 5e-324,
                   std::numeric_limits<double>::max(), std::numeric_limits<double>::infinity()}) {
    std::string s;
    appendNumber(s, x);
    EXPECT_EQ(s, viaPrintf(x)) << "x = " << x;
  }
}

TEST(CsvNumbers, FieldsAreCommaSeparated) {
  std::string s = "t";
  appendFields(s, Vec3(1, -2.5, 3e-12));
  EXPECT_EQ(s, "t,1,-2.5,3e-12");
}

}  // namespace
}  // namespace articula::io
