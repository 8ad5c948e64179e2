// The designs of a sweep file (SweepDesigns.h): the cases' values from the grid, the seeded random
// streams, the Latin hypercube strata or the table.
#include "SweepDesigns.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace articula::model {

namespace sweep {

Real normalCdf(Real x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

}  // namespace sweep

using sweep::normalCdf;

namespace {

// ---- Random numbers: splitmix64 seeding xoshiro256** (Blackman and Vigna, https://prng.di.unimi.it/),
// the same sequence on every platform.

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class Rng {
 public:
  // One independent stream per (seed, stream): a case of a random design, a parameter of a Latin hypercube.
  Rng(uint64_t seed, uint64_t stream) {
    uint64_t x = seed;
    x = splitmix64(x) ^ (stream * 0xd1b54a32d192ed03ULL);
    for (uint64_t& w : s_) w = splitmix64(x);
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // In (0, 1): the 53-bit grid shifted by half a step, so that quantiles never see 0 or 1.
  Real open() { return (static_cast<Real>(next() >> 11) + 0.5) * 0x1.0p-53; }
  // In [0, n): Lemire's multiply-shift (bias below 2^-40 for the sizes here).
  uint64_t below(uint64_t n) { return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64); }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

// ---- The designs.

Real drawRandom(const SweepParameter& p, Rng& rng) {
  switch (p.distribution) {
    case SweepDistribution::Uniform: return p.min + (p.max - p.min) * rng.open();
    case SweepDistribution::LogUniform: {
      const Real a = std::log(p.min), b = std::log(p.max);
      return std::exp(a + (b - a) * rng.open());
    }
    case SweepDistribution::Normal:
    case SweepDistribution::LogNormal: {
      const bool logs = p.distribution == SweepDistribution::LogNormal;
      for (;;) {  // rejection; the reader refused windows that keep less than 1e-6
        Real x = p.mean + p.sd * normalQuantile(rng.open());
        if (logs) x = std::exp(x);
        if ((!p.hasMin || x >= p.min) && (!p.hasMax || x <= p.max)) return x;
      }
    }
  }
  return 0;
}

// The quantile function (inverse CDF) of the parameter's distribution, truncation included.
Real quantileOf(const SweepParameter& p, Real u) {
  switch (p.distribution) {
    case SweepDistribution::Uniform: return p.min + (p.max - p.min) * u;
    case SweepDistribution::LogUniform: {
      const Real a = std::log(p.min), b = std::log(p.max);
      return std::exp(a + (b - a) * u);
    }
    case SweepDistribution::Normal:
    case SweepDistribution::LogNormal: {
      const bool logs = p.distribution == SweepDistribution::LogNormal;
      const Real lo = p.hasMin ? normalCdf(((logs ? std::log(p.min) : p.min) - p.mean) / p.sd) : 0;
      const Real hi = p.hasMax ? normalCdf(((logs ? std::log(p.max) : p.max) - p.mean) / p.sd) : 1;
      const Real pr = std::clamp(lo + (hi - lo) * u, 1e-300, 1 - 0x1.0p-53);
      Real x = p.mean + p.sd * normalQuantile(pr);
      if (logs) x = std::exp(x);
      if (p.hasMin) x = std::max(x, p.min);
      if (p.hasMax) x = std::min(x, p.max);
      return x;
    }
  }
  return 0;
}

void gridCases(const SweepSpec& s, std::vector<SweepCase>& cases) {
  const size_t n = static_cast<size_t>(s.numCases());
  for (size_t id = 0; id < n; ++id) {
    SweepCase& c = cases[id];
    c.values.resize(s.parameters.size());
    size_t rest = id;
    for (size_t k = s.parameters.size(); k-- > 0;) {  // the last parameter varies fastest
      const auto& values = s.parameters[k].values;
      c.values[k] = values[rest % values.size()];
      rest /= values.size();
    }
  }
}

void latinHypercubeCases(const SweepSpec& s, std::vector<SweepCase>& cases) {
  const uint64_t n = static_cast<uint64_t>(s.samples);
  for (SweepCase& c : cases) c.values.assign(s.parameters.size(), SweepValue(0.0));
  for (size_t k = 0; k < s.parameters.size(); ++k) {
    Rng rng(s.seed, k);
    std::vector<uint64_t> stratum(n);
    for (uint64_t i = 0; i < n; ++i) stratum[i] = i;
    for (uint64_t i = n; i > 1; --i) std::swap(stratum[i - 1], stratum[rng.below(i)]);  // Fisher-Yates
    for (uint64_t i = 0; i < n; ++i) {
      const Real u = (static_cast<Real>(stratum[i]) + rng.open()) / static_cast<Real>(n);
      cases[i].values[k] = quantileOf(s.parameters[k], u);
    }
  }
}

}  // namespace


// Acklam's algorithm for the normal quantile (P. J. Acklam, "An algorithm for computing the inverse
// normal cumulative distribution function", 2003; archived at
// https://web.archive.org/web/20151030215612/http://home.online.no/~pjacklam/notes/invnorm/):
// rational approximations in a central and two tail regions (relative error 1.15e-9), refined by
// one step of Halley's method on erfc, as the note recommends, to full double precision.
Real normalQuantile(Real p) {
  static const Real a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                           1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static const Real b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
                           -1.328068155288572e+01};
  static const Real c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                           -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static const Real d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
  if (!(p > 0 && p < 1)) return p == 0 ? -INFINITY : p == 1 ? INFINITY : NAN;
  // The upper half by symmetry: 1 - p is exact there, and Phi(x) - p below needs no cancellation.
  if (p > 0.5) return -normalQuantile(1 - p);
  constexpr Real low = 0.02425;
  Real x;
  if (p < low) {
    const Real q = std::sqrt(-2 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else {
    const Real q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  // Halley: e = Phi(x) - p, u = e sqrt(2 pi) exp(x^2 / 2), x -= u / (1 + x u / 2).
  const Real e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
  const Real u = e * std::sqrt(2 * M_PI) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

Real sweep::quantile(const SweepParameter& p, Real u) { return quantileOf(p, u); }

std::vector<SweepCase> sweepCases(const SweepSpec& s) {
  std::vector<SweepCase> cases(static_cast<size_t>(s.numCases()));
  for (size_t i = 0; i < cases.size(); ++i) cases[i].id = static_cast<int64_t>(i);
  switch (s.design) {
    case SweepDesign::Grid: gridCases(s, cases); break;
    case SweepDesign::Random:
      for (SweepCase& c : cases) {  // one stream per case: a case does not depend on the others
        Rng rng(s.seed, static_cast<uint64_t>(c.id));
        c.values.assign(s.parameters.size(), SweepValue(0.0));
        for (size_t k = 0; k < s.parameters.size(); ++k) c.values[k] = drawRandom(s.parameters[k], rng);
      }
      break;
    case SweepDesign::LatinHypercube: latinHypercubeCases(s, cases); break;
    case SweepDesign::Table:
      for (SweepCase& c : cases) c.values = s.tableRows[static_cast<size_t>(c.id)];
      break;
  }
  return cases;
}

}  // namespace articula::model
