// Number formatting for the CSV writers: "%.9g" text (9 significant digits keep a float's worth of
// every value and are what OpenMBD-style tools expect), byte-identical to printf's.
//
// The 2 s standing fall writes ~1.1 million numbers, so the writer thread's cost is mostly this.
// std::to_chars (general, precision 9) is exact but takes ~60 ns a number; the fast path below
// takes ~12 ns and hands every case it cannot prove to std::to_chars, so the text never differs.
//
// Fast path, for finite nonzero x with decimal exponent E in [-35, 52]:
//   y = |x|·10^(8−E) in one or two correctly rounded multiplications or divisions by powers of ten
//   that are exact doubles (10^0..10^22), so y carries a relative error of at most
//   (1 + 2^-53)² − 1 < 2.3e-16, i.e. less than 2.3e-7 absolute since y ≤ 1e9. The 9 digits are
//   N = round(y_exact). When y's fractional part is more than kTieMargin = 1e-6 away from 0.5, no
//   half-integer lies between y and y_exact, so round(y) = round(y_exact). Exact ties (printf
//   rounds them half to even) have a fractional part of exactly 0.5 and so always fall back, as do
//   near-ties (probability ~2e-6 for random data), ±inf, nan, subnormals and magnitudes outside
//   the range: those go to std::to_chars.
#pragma once

#include <array>
#include <bit>
#include <cfloat>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "articula/math/Types.h"

namespace articula::run {

namespace csv_detail {

// The error bound assumes each operation rounds once to binary64 (no x87 extended precision).
static_assert(std::numeric_limits<double>::is_iec559 && FLT_EVAL_METHOD == 0);

inline constexpr double kPow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Distance from 0.5 below which y's rounding could differ from the exact value's (4× the bound).
inline constexpr double kTieMargin = 1e-6;

inline constexpr std::array<char, 200> kDigitPairs = [] {
  std::array<char, 200> t{};
  for (int i = 0; i < 100; ++i) {
    t[2 * i] = static_cast<char>('0' + i / 10);
    t[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return t;
}();

// |x|·10^k for |k| ≤ 44: at most two roundings, never subnormal or infinite for the x the fast
// path admits (|x| in [1e-35, 1e53)).
inline double scaleByPow10(double ax, int k) {
  if (k >= 0) return k <= 22 ? ax * kPow10[k] : (ax * 1e22) * kPow10[k - 22];
  return k >= -22 ? ax / kPow10[-k] : (ax / 1e22) / kPow10[-k - 22];
}

// The "%.9g" text of x at p (room for 32 chars), or nullptr when the digits are not proven
// (the caller then uses std::to_chars). ±0 is handled here: "0" / "-0".
inline char* formatG9Fast(char* p, double x) {
  const auto bits = std::bit_cast<std::uint64_t>(x);
  const int biased = static_cast<int>(bits >> 52) & 0x7ff;
  if (biased == 0x7ff) return nullptr;  // inf, nan: to_chars's spelling
  if (bits >> 63) *p++ = '-';
  if (biased == 0) {
    if ((bits << 1) != 0) return nullptr;  // subnormal
    *p++ = '0';
    return p;
  }
  // floor(e2·log10 2) for |e2| < 1650 (78913 / 2^18 ≈ log10 2): E or E − 1.
  const int e2 = biased - 1023;
  int E = (e2 * 78913) >> 18;
  if (E < -35 || E > 51) return nullptr;
  const double ax = std::bit_cast<double>(bits & ~(std::uint64_t{1} << 63));
  double y = scaleByPow10(ax, 8 - E);
  // y_exact ≥ 1e8 since E ≤ the true exponent; y ≥ 1e9 means the true exponent is E + 1.
  if (y >= 1e9) {
    ++E;
    y = scaleByPow10(ax, 8 - E);
  }
  // y ∈ [1e8 − 1e-6, 1e9]: the truncation fits 32 bits and y − n is exact.
  auto n = static_cast<std::uint32_t>(y);
  const double frac = y - static_cast<double>(n);
  if (frac - 0.5 <= kTieMargin && 0.5 - frac <= kTieMargin) return nullptr;
  n += frac > 0.5 ? 1 : 0;
  if (n == 1000000000) {  // 9.999999995…e(E) rounds up to 1e(E+1)
    n = 100000000;
    ++E;
  }

  // Nine digits, then the count left once %g drops trailing zeros.
  char d[32];
  std::memset(d, '0', sizeof d);
  d[0] = static_cast<char>('0' + n / 100000000);
  const std::uint32_t lo = n % 100000000;
  const std::uint32_t hi4 = lo / 10000, lo4 = lo % 10000;
  std::memcpy(d + 1, &kDigitPairs[2 * (hi4 / 100)], 2);
  std::memcpy(d + 3, &kDigitPairs[2 * (hi4 % 100)], 2);
  std::memcpy(d + 5, &kDigitPairs[2 * (lo4 / 100)], 2);
  std::memcpy(d + 7, &kDigitPairs[2 * (lo4 % 100)], 2);
  int nd = 9;
  while (d[nd - 1] == '0') --nd;  // d[0] ≠ '0'; d[nd..31] are all '0', which the copies rely on

  if (E >= -4 && E < 9) {  // %g: fixed notation with 9 − 1 − E decimals, trailing zeros dropped
    if (E >= 0) {
      // The copies below write up to 16 bytes; the caller's 32-char room covers them.
      std::memcpy(p, d, 16);  // integer digits, zero-padded when nd ≤ E + 1
      p += E + 1;
      if (nd > E + 1) {
        *p++ = '.';
        std::memcpy(p, d + E + 1, 8);
        p += nd - (E + 1);
      }
      return p;
    }
    std::memcpy(p, "0.000", 6);
    p += 1 - E;  // "0." and −E − 1 zeros
    std::memcpy(p, d, 9);
    return p + nd;
  }
  // Scientific: d[.ddd]e±XX, at least two exponent digits.
  *p = d[0];
  p[1] = '.';
  std::memcpy(p + 2, d + 1, 8);
  p += nd > 1 ? nd + 1 : 1;
  *p++ = 'e';
  *p++ = E < 0 ? '-' : '+';
  const int ae = E < 0 ? -E : E;  // < 100 on this path
  std::memcpy(p, &kDigitPairs[2 * ae], 2);
  return p + 2;
}

}  // namespace csv_detail

// Writes "%.9g" of x at p (room for 32 chars) and returns the end.
inline char* formatNumber(char* p, double x) {
  if (char* e = csv_detail::formatG9Fast(p, x)) return e;
  return std::to_chars(p, p + 32, x, std::chars_format::general, 9).ptr;
}

inline void appendNumber(std::string& out, Real x) {
  char b[32];
  out.append(b, formatNumber(b, x));
}

// ",x" — one more CSV field.
inline void appendField(std::string& out, Real x) {
  char b[33];
  b[0] = ',';
  out.append(b, formatNumber(b + 1, x));  // one append rather than two
}

// x with `digits` significant digits ("%.<digits>g"; 9 takes the fast path), except that 17 gives
// the shortest text that reads back as the same double (never more than 17 digits).
inline char* formatNumber(char* p, double x, int digits) {
  if (digits == 9) return formatNumber(p, x);
  if (digits >= 17) return std::to_chars(p, p + 32, x).ptr;
  return std::to_chars(p, p + 32, x, std::chars_format::general, digits).ptr;
}

inline void appendFields(std::string& out, const Vec3& v) {
  for (int i = 0; i < 3; ++i) appendField(out, v[i]);
}

}  // namespace articula::run
