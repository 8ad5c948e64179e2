// JSON numbers and strings as text (see JsonText.h).
#include "JsonText.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "ReadHelpers.h"

namespace articula::model {

namespace {

// Exponent as dump() writes it: a sign and at least two digits.
void appendExponent(std::string& out, int e) {
  out += e < 0 ? '-' : '+';
  if (e < 0) e = -e;
  if (e < 10) out += '0';
  char b[8];
  out.append(b, std::to_chars(b, b + sizeof b, e).ptr);
}

// Digits d1..dk (no leading or trailing zeros) and decimal exponent n (x = 0.d1..dk * 10^n)
// laid out by nlohmann's format_buffer rules (fixed for -4 < n <= 15).
void appendLaidOut(std::string& out, std::string_view d, int n) {
  const int k = static_cast<int>(d.size());
  if (k <= n && n <= 15) {
    out += d;
    out.append(static_cast<size_t>(n - k), '0');
    out += ".0";
  } else if (0 < n && n <= 15) {
    out += d.substr(0, static_cast<size_t>(n));
    out += '.';
    out += d.substr(static_cast<size_t>(n));
  } else if (-4 < n && n <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-n), '0');
    out += d;
  } else {
    out += d[0];
    if (k > 1) {
      out += '.';
      out += d.substr(1);
    }
    out += 'e';
    appendExponent(out, n - 1);
  }
}

}  // namespace

// The shortest digits come from to_chars' scientific form.
void appendJsonNumber(std::string& out, double x) {
  if (!std::isfinite(x)) {
    out += "null";
    return;
  }
  if (x == 0) {
    out += std::signbit(x) ? "-0.0" : "0.0";
    return;
  }
  char b[40];
  const char* end = std::to_chars(b, b + sizeof b, x, std::chars_format::scientific).ptr;
  const char* p = b;
  if (*p == '-') out += *p++;
  char digits[24];
  int k = 0;
  for (; *p != 'e'; ++p)
    if (*p != '.') digits[k++] = *p;
  int e = 0;
  std::from_chars(p + 1 + (p[1] == '+'), end, e);
  appendLaidOut(out, std::string_view(digits, static_cast<size_t>(k)), e + 1);
}

// r = round(x 1e7) is an integer; below 1e15 the double nearest r / 1e7 lies within half a unit in
// the last place (<= 7.5e-9) of r·1e-7 while every other decimal with at most 7 fraction digits
// is >= 1e-7 away, so the shortest text that reads back to it is r·1e-7 itself, trailing zeros
// dropped: its digits are the integer's, with no search for the shortest form.
void appendJsonRounded7(std::string& out, double x) {
  const double r = std::round(x * 1e7);
  if (!(std::abs(r) < 1e15)) {
    appendJsonNumber(out, r / 1e7);
    return;
  }
  if (r == 0) {
    out += std::signbit(r) ? "-0.0" : "0.0";
    return;
  }
  if (r < 0) out += '-';
  char digits[24];
  const char* end = std::to_chars(digits, digits + sizeof digits, static_cast<long long>(std::abs(r))).ptr;
  const int length = static_cast<int>(end - digits);
  while (end[-1] == '0') --end;  // r != 0: a nonzero digit stops this
  appendLaidOut(out, std::string_view(digits, static_cast<size_t>(end - digits)), length - 7);
}

void appendJsonInt(std::string& out, long long x) {
  char b[24];
  out.append(b, std::to_chars(b, b + sizeof b, x).ptr);
}

// Runs of plain characters are appended at once: the CSV the viewer embeds is 10 MB of them.
void appendJsonEscaped(std::string& out, std::string_view text, bool scriptSafe) {
  static const char hex[] = "0123456789abcdef";
  // Which bytes pass unescaped, by table: viewer.html embeds megabytes of CSV text, and one load
  // per byte is about four times cheaper than the chain of comparisons.
  struct PlainTable {
    bool plain[256];
    explicit PlainTable(bool noLess) {
      for (int c = 0; c < 256; ++c) plain[c] = c >= 0x20 && c != '"' && c != '\\' && !(noLess && c == '<');
    }
  };
  static const PlainTable json(false), script(true);
  const bool* plain = (scriptSafe ? script : json).plain;
  for (size_t i = 0; i < text.size();) {
    size_t j = i;
    while (j < text.size() && plain[static_cast<unsigned char>(text[j])]) ++j;
    out.append(text.data() + i, j - i);
    if (j == text.size()) return;
    const char c = text[j];
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '<': out += "\\u003c"; break;
      default:
        out += "\\u00";
        out += hex[(c >> 4) & 0xf];
        out += hex[c & 0xf];
    }
    i = j + 1;
  }
}

void appendJsonString(std::string& out, std::string_view text) {
  out += '"';
  appendJsonEscaped(out, text);
  out += '"';
}

namespace {
// Length of the well-formed UTF-8 character at s[i] (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF), or 0.
size_t utf8Length(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  const unsigned c = byte(i);
  const auto cont = [&](size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) { return byte(k) >= lo && byte(k) <= hi; };
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    const unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    const unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}
}  // namespace

std::string validUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t n = utf8Length(text, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

void appendScriptSafe(std::string& out, std::string_view json) {
  for (size_t at = 0;;) {
    const size_t lt = json.find('<', at);
    out.append(json.substr(at, lt == std::string_view::npos ? std::string_view::npos : lt - at));
    if (lt == std::string_view::npos) return;
    out += "\\u003c";
    at = lt + 1;
  }
}

double shortestNear(double x, double tolerance) {
  if (!std::isfinite(x)) return x;
  char b[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(b, sizeof b, "%.*g", digits, x);
    const double v = std::strtod(b, nullptr);
    if (std::abs(v - x) <= tolerance) return v;
  }
  return x;
}

std::optional<double> exactDegrees(double radians) {
  const double d = radians / kDegree;
  char b[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(b, sizeof b, "%.*g", digits, d);
    const double v = std::strtod(b, nullptr);
    if (v * kDegree == radians) return v;
  }
  for (double v : {std::nextafter(d, -INFINITY), std::nextafter(d, INFINITY)})
    if (v * kDegree == radians) return v;
  return std::nullopt;
}

}  // namespace articula::model
