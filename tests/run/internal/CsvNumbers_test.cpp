// The CSV writers' number formatting gives exactly printf's "%.9g" text (the documented format), on
// millions of values drawn where a shortcut would go wrong: every exponent, short decimals, exact
// ties at the 9th digit, the neighbours of powers of ten and of the values that round up to one,
// the notation switches at 1e-4 and 1e9, subnormals and the special values.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>

#include "run/CsvNumbers.h"

namespace articula::run {
namespace {

std::string viaPrintf(double x) {
  char b[64];
  std::snprintf(b, sizeof b, "%.9g", x);
  return b;
}

// Compares formatNumber with snprintf and counts how often the fast path declined.
struct Checker {
  long checked = 0, declined = 0, mismatches = 0;

  void operator()(double x) {
    char mine[48], ref[64];
    char* e = formatNumber(mine, x);
    const int n = std::snprintf(ref, sizeof ref, "%.9g", x);
    ++checked;
    char fast[48];
    if (csv_detail::formatG9Fast(fast, x) == nullptr) ++declined;
    if (e - mine != n || std::memcmp(mine, ref, static_cast<std::size_t>(n)) != 0) {
      if (++mismatches <= 10)
        ADD_FAILURE() << "x = " << std::hexfloat << x << ": got \"" << std::string(mine, e) << "\", printf gives \""
                      << ref << "\"";
    }
  }
  // x, −x and their ±`ulps` neighbours.
  void around(double x, int ulps) {
    for (double s : {x, -x}) {
      double lo = s, hi = s;
      (*this)(s);
      for (int i = 0; i < ulps; ++i) {
        lo = std::nextafter(lo, -INFINITY);
        hi = std::nextafter(hi, INFINITY);
        (*this)(lo);
        (*this)(hi);
      }
    }
  }
};

double fromBits(std::uint64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

// The generators: each draws one value that stresses a different part of the formatter.
double randomBits(std::mt19937_64& rng) { return fromBits(rng()); }

double logUniform(std::mt19937_64& rng) {  // every decade the fast path takes, and some beyond
  std::uniform_real_distribution<double> lg(-40, 60);
  std::bernoulli_distribution neg(0.5);
  const double x = std::pow(10.0, lg(rng));
  return neg(rng) ? -x : x;
}

double shortDecimal(std::mt19937_64& rng) {  // k·10^m with 1–9 digits: what people type
  std::uniform_int_distribution<int> digits(1, 9), m(-40, 40);
  const int nd = digits(rng);
  std::uniform_int_distribution<long> k(1, static_cast<long>(std::pow(10, nd)) - 1);
  char b[48];
  std::snprintf(b, sizeof b, "%lde%d", k(rng), m(rng));
  return std::strtod(b, nullptr);
}

double dyadic(std::mt19937_64& rng) {  // k/2^j: long exact decimal expansions
  std::uniform_int_distribution<std::uint64_t> k(1, (std::uint64_t{1} << 53) - 1);
  std::uniform_int_distribution<int> j(-60, 120), bitsKept(1, 53);
  const std::uint64_t kk = k(rng) >> (53 - bitsKept(rng));
  return std::ldexp(static_cast<double>(kk == 0 ? 1 : kk), -j(rng));
}

// (N + ½)·10^(E−8) exactly, N a 9-digit integer: an exact tie at the 9th digit (printf rounds it
// half to even). Representable when E ≤ 7 as (2N+1)/5^m · 2^-(m+1) with m = 8 − E and 5^m | 2N+1,
// and when E ≥ 9 as (2N+1)·5^(E−8)·2^(E−9) below 2^53.
double exactTie(std::mt19937_64& rng) {
  std::bernoulli_distribution small(0.5);
  if (small(rng)) {
    std::uniform_int_distribution<int> mDist(1, 13);
    const int m = mDist(rng);
    const auto p5 = static_cast<std::int64_t>(std::llround(std::pow(5.0, m)));
    // Odd multiples t = c·5^m (c odd) inside [2e8 + 1, 2e9); x = t / (2·10^m) = c / 2^(m+1).
    const std::int64_t cLo = (200000001 + p5 - 1) / p5, cHi = 1999999999 / p5;
    std::uniform_int_distribution<std::int64_t> q(cLo / 2, (cHi - 1) / 2);
    return std::ldexp(static_cast<double>(2 * q(rng) + 1), -(m + 1));
  }
  std::uniform_int_distribution<int> eDist(9, 17);
  std::uniform_int_distribution<std::int64_t> nDist(100000000, 999999999);
  const int E = eDist(rng);
  const auto p5 = static_cast<std::int64_t>(std::llround(std::pow(5.0, E - 8)));
  return std::ldexp(static_cast<double>((2 * nDist(rng) + 1) * p5), E - 9);
}

// The double nearest to d.dddddddd5·10^E for any E: the fast path's scaled value lands within a
// few rounding errors of a half-integer, where a margin that is too small would show.
double nearTie(std::mt19937_64& rng) {
  std::uniform_int_distribution<long> nDist(100000000, 999999999);
  std::uniform_int_distribution<int> eDist(-330, 310);
  char b[48];
  const long n = nDist(rng);
  std::snprintf(b, sizeof b, "%ld.%08ld5e%d", n / 100000000, n % 100000000, eDist(rng));
  return std::strtod(b, nullptr);
}

void checkMany(Checker& c, long n, std::uint64_t seed, double (*gen)(std::mt19937_64&)) {
  std::mt19937_64 rng(seed);
  for (long i = 0; i < n; ++i) c(gen(rng));
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

TEST(CsvNumbers, SpecialValuesKeepTheirSpelling) {
  // The files already hold to_chars's spelling of these; printf's is the same on glibc.
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (double x : {inf, -inf, nan, -nan, fromBits(0x7ff0000000000001), fromBits(0xfff8000000000123)}) {
    char mine[48], ref[48];
    const auto r = std::to_chars(ref, ref + sizeof ref, x, std::chars_format::general, 9);
    EXPECT_EQ(std::string(mine, formatNumber(mine, x)), std::string(ref, r.ptr));
  }
  std::string s;
  appendNumber(s, inf);
  s += ',';
  appendNumber(s, -inf);
  s += ',';
  appendNumber(s, nan);
  EXPECT_EQ(s, "inf,-inf,nan");
  Checker c;
  for (double x : {0.0, -0.0, inf, -inf, DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN, DBL_TRUE_MIN, -DBL_TRUE_MIN,
                   std::nextafter(DBL_MIN, 0.0), DBL_EPSILON})
    c(x);
  c.around(DBL_MAX, 20);
  c.around(DBL_MIN, 20);
  c.around(DBL_TRUE_MIN, 20);
  EXPECT_EQ(c.mismatches, 0);
}

TEST(CsvNumbers, LayoutOfEachNotation) {
  auto f = [](double x) {
    char b[48];
    return std::string(b, formatNumber(b, x));
  };
  EXPECT_EQ(f(0.0001), "0.0001");
  EXPECT_EQ(f(0.00012345678912), "0.000123456789");
  EXPECT_EQ(f(0.000099999999951), "0.0001");  // rounds up into fixed notation
  EXPECT_EQ(f(0.00009999999994), "9.99999999e-05");
  EXPECT_EQ(f(123456789.4), "123456789");
  EXPECT_EQ(f(999999999.5), "1e+09");  // the tie rounds to even: up, into scientific
  EXPECT_EQ(f(999999998.5), "999999998");
  EXPECT_EQ(f(-1234567891.0), "-1.23456789e+09");
  EXPECT_EQ(f(1e22), "1e+22");
  EXPECT_EQ(f(1.5e-30), "1.5e-30");
  EXPECT_EQ(f(-2.5), "-2.5");
  EXPECT_EQ(f(1e8), "100000000");
  EXPECT_EQ(f(1e300), "1e+300");
  EXPECT_EQ(f(-0.0), "-0");
}

TEST(CsvNumbers, FastPathHandlesTypicalValues) {
  // The comparisons above test the fast path only if it is taken: it declines only near-ties
  // (~2e-6 of random values) and magnitudes outside [1e-35, 1e53).
  Checker c;
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> lg(-30, 40);
  for (int i = 0; i < 200000; ++i) c(std::pow(10.0, lg(rng)));
  EXPECT_EQ(c.mismatches, 0);
  EXPECT_LE(c.declined, 20);
  char b[48];
  EXPECT_EQ(csv_detail::formatG9Fast(b, std::numeric_limits<double>::infinity()), nullptr);
  EXPECT_EQ(csv_detail::formatG9Fast(b, 1e-320), nullptr);
  EXPECT_EQ(csv_detail::formatG9Fast(b, 1e300), nullptr);
  EXPECT_EQ(csv_detail::formatG9Fast(b, 1234567895.0), nullptr);  // an exact tie
}

TEST(CsvNumbers, MatchesPrintfOnRandomBitPatterns) {
  Checker c;
  checkMany(c, 500'000, 1, randomBits);
  EXPECT_EQ(c.mismatches, 0);
}

TEST(CsvNumbers, MatchesPrintfAcrossMagnitudes) {
  Checker c;
  checkMany(c, 1'000'000, 2, logUniform);
  EXPECT_EQ(c.mismatches, 0);
}

TEST(CsvNumbers, MatchesPrintfOnShortDecimalsAndDyadics) {
  Checker c;
  checkMany(c, 500'000, 3, shortDecimal);
  checkMany(c, 500'000, 4, dyadic);
  EXPECT_EQ(c.mismatches, 0);
}

TEST(CsvNumbers, MatchesPrintfOnExactTiesAndTheirNeighbours) {
  Checker c;
  std::mt19937_64 rng(5);
  for (int i = 0; i < 100000; ++i) {
    const double x = exactTie(rng);
    // It is a tie: the 10-significant-digit text ends in 5 and is exact (%.40g shows no more).
    char b10[64], bAll[400];
    std::snprintf(b10, sizeof b10, "%.9e", x);
    std::snprintf(bAll, sizeof bAll, "%.60e", x);
    const std::string all(bAll), ten(b10);
    ASSERT_EQ(ten.substr(0, 11), all.substr(0, 11)) << all;
    ASSERT_EQ(ten[10], '5') << ten;
    ASSERT_EQ(all.find_first_not_of('0', 11), all.find('e')) << all;
    c.around(x, 2);
  }
  EXPECT_EQ(c.mismatches, 0);
}

TEST(CsvNumbers, MatchesPrintfNextToTiesOfEveryMagnitude) {
  Checker c;
  std::mt19937_64 rng(6);
  for (int i = 0; i < 60000; ++i) {
    const double x = nearTie(rng);
    if (std::isfinite(x) && x != 0) c.around(x, 3);
  }
  EXPECT_EQ(c.mismatches, 0);
}

TEST(CsvNumbers, MatchesPrintfAtDecadeBoundaries) {
  // Powers of ten, the largest 9-digit values 9.99999999e n, and 9.999999995e n (the rounding-up
  // threshold), with neighbours, across the whole range; includes the %g switches at 1e-4 and 1e9.
  Checker c;
  for (int n = -325; n <= 308; ++n) {
    for (const char* mant :
         {"1", "9.99999999", "9.999999995", "9.9999999949999999", "9.9999999950000001", "1.000000005", "5", "2.5"}) {
      char b[64];
      std::snprintf(b, sizeof b, "%se%d", mant, n);
      const double x = std::strtod(b, nullptr);
      if (std::isfinite(x) && x != 0) c.around(x, 20);
    }
  }
  EXPECT_EQ(c.mismatches, 0);
}

// ~114 million values of every kind; too slow for every ctest run (~1 min). Run with
// build/tests/test_io --gtest_filter='*Exhaustive*' --gtest_also_run_disabled_tests.
TEST(CsvNumbers, DISABLED_ExhaustiveMatchesPrintfOnHundredMillionValues) {
  Checker c;
  checkMany(c, 30'000'000, 101, randomBits);
  checkMany(c, 40'000'000, 102, logUniform);
  checkMany(c, 10'000'000, 103, shortDecimal);
  checkMany(c, 10'000'000, 104, dyadic);
  std::mt19937_64 rng(105);
  for (int i = 0; i < 1'000'000; ++i) c.around(exactTie(rng), 2);
  for (int i = 0; i < 1'000'000; ++i) {
    const double x = nearTie(rng);
    if (std::isfinite(x) && x != 0) c.around(x, 3);
  }
  std::printf("checked %ld values, fast path declined %ld\n", c.checked, c.declined);
  EXPECT_EQ(c.mismatches, 0);
}

TEST(CsvNumbers, FieldsAreCommaSeparated) {
  std::string s = "t";
  appendFields(s, Vec3(1, -2.5, 3e-12));
  EXPECT_EQ(s, "t,1,-2.5,3e-12");
}

}  // namespace
}  // namespace articula::run
