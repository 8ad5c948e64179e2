// The designs of a sweep file (src/model/SweepDesigns.cpp): each design's cases (order,
// reproducibility, the distributions' moments, one Latin hypercube sample per stratum) and the
// normal quantile against tabulated values.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "SweepFiles.h"
#include "articula/model/SweepSpec.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::sweeptest;
using nlohmann::json;

namespace {

Real num(const SweepValue& v) { return std::get<Real>(v); }

std::vector<Real> column(const std::vector<SweepCase>& cases, size_t k) {
  std::vector<Real> x;
  for (const SweepCase& c : cases) x.push_back(num(c.values[k]));
  return x;
}

void moments(const std::vector<Real>& x, Real& mean, Real& variance) {
  mean = 0;
  for (Real v : x) mean += v;
  mean /= static_cast<Real>(x.size());
  variance = 0;
  for (Real v : x) variance += (v - mean) * (v - mean);
  variance /= static_cast<Real>(x.size() - 1);
}

Real normalCdf(Real x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

}  // namespace

TEST(SweepDesigns, GridIsFullFactorialWithTheFirstParameterSlowest) {
  const SweepSpec s = parse(
      sweep({{"type", "grid"}}, {{{"pointer", "/bodies/0/mass"}, {"values", {1, 2}}},
                                 {{"pointer", "/bodies/1/mass"}, {"min", 0.5}, {"max", 1.5}, {"count", 3}},
                                 {{"pointer", "/scenario/integrator"}, {"values", {"RungeKuttaMerson"}}}}));
  ASSERT_EQ(s.numCases(), 6);
  const auto cases = sweepCases(s);
  ASSERT_EQ(cases.size(), 6u);
  const Real first[] = {1, 1, 1, 2, 2, 2}, second[] = {0.5, 1, 1.5, 0.5, 1, 1.5};
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(cases[i].id, static_cast<int64_t>(i));
    EXPECT_EQ(num(cases[i].values[0]), first[i]);
    EXPECT_EQ(num(cases[i].values[1]), second[i]);
    EXPECT_EQ(std::get<std::string>(cases[i].values[2]), "RungeKuttaMerson");
  }
  EXPECT_EQ(s.parameters[0].name, "/bodies/0/mass");  // the pointer when unnamed
}

TEST(SweepDesigns, RandomIsReproducibleFromTheSeedAndDiffersAcrossSeeds) {
  auto cases = [](int seed) {
    return sweepCases(parse(sweep({{"type", "random"}, {"samples", 50}, {"seed", seed}},
                                  {uniform("/bodies/0/mass", 1, 2), uniform("/bodies/1/mass", 1, 2)})));
  };
  const auto a = cases(7), b = cases(7), c = cases(8);
  int same = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].values, b[i].values);
    same += a[i].values == c[i].values;
  }
  EXPECT_EQ(same, 0);
  // A case does not depend on the sample count (its own stream): a longer sweep extends a shorter one.
  const auto longer = sweepCases(parse(sweep({{"type", "random"}, {"samples", 80}, {"seed", 7}},
                                             {uniform("/bodies/0/mass", 1, 2), uniform("/bodies/1/mass", 1, 2)})));
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].values, longer[i].values);
}

TEST(SweepDesigns, UniformHasTheMomentsOfItsRange) {
  const int n = 20000;
  const auto cases = sweepCases(
      parse(sweep({{"type", "random"}, {"samples", n}, {"seed", 1}}, {uniform("/bodies/0/mass", 2, 5)})));
  Real mean, variance;
  const auto x = column(cases, 0);
  moments(x, mean, variance);
  const Real sd = 3 / std::sqrt(12.0);
  EXPECT_NEAR(mean, 3.5, 5 * sd / std::sqrt(n));
  EXPECT_NEAR(variance, sd * sd, 5 * sd * sd * std::sqrt(0.8 / n));  // Var of s^2: (mu4 - sigma^4)/n, mu4 = 1.8 sigma^4
  for (Real v : x) EXPECT_TRUE(v >= 2 && v < 5);
}

TEST(SweepDesigns, NormalHasItsMeanAndSdAndTruncationIsRespected) {
  const int n = 20000;
  const auto cases = sweepCases(parse(sweep(
      {{"type", "random"}, {"samples", n}, {"seed", 3}},
      {{{"pointer", "/bodies/0/mass"}, {"distribution", "normal"}, {"mean", 10}, {"sd", 2}},
       {{"pointer", "/bodies/1/mass"}, {"distribution", "normal"}, {"mean", 5}, {"sd", 2}, {"min", 4}, {"max", 6}}})));
  Real mean, variance;
  moments(column(cases, 0), mean, variance);
  EXPECT_NEAR(mean, 10, 5 * 2 / std::sqrt(n));
  EXPECT_NEAR(std::sqrt(variance), 2, 5 * 2 / std::sqrt(2.0 * n));
  const auto t = column(cases, 1);
  for (Real v : t) EXPECT_TRUE(v >= 4 && v <= 6) << v;
  // Truncated to mean +- sd/2: symmetric, so the mean stays; the variance of N(0,1) on [-a, a] is
  // 1 - 2 a phi(a) / (2 Phi(a) - 1).
  moments(t, mean, variance);
  const Real a = 0.5, phi = std::exp(-a * a / 2) / std::sqrt(2 * M_PI);
  const Real expected = 4 * (1 - 2 * a * phi / (2 * normalCdf(a) - 1));
  EXPECT_NEAR(mean, 5, 5 * std::sqrt(expected / n));
  EXPECT_NEAR(variance, expected, 0.05 * expected);
}

TEST(SweepDesigns, LogUniformHasUniformLogs) {
  const int n = 20000;
  const auto cases = sweepCases(
      parse(sweep({{"type", "random"}, {"samples", n}, {"seed", 5}},
                  {{{"pointer", "/bodies/0/mass"}, {"distribution", "log_uniform"}, {"min", 0.01}, {"max", 100}}})));
  std::vector<Real> logs;
  for (Real v : column(cases, 0)) logs.push_back(std::log10(v));
  Real mean, variance;
  moments(logs, mean, variance);
  const Real sd = 4 / std::sqrt(12.0);
  EXPECT_NEAR(mean, 0, 5 * sd / std::sqrt(n));
  EXPECT_NEAR(variance, sd * sd, 5 * sd * sd * std::sqrt(0.8 / n));
}

TEST(SweepDesigns, LogNormalHasNormalLogs) {
  const int n = 20000;
  const auto cases = sweepCases(
      parse(sweep({{"type", "random"}, {"samples", n}, {"seed", 9}},
                  {{{"pointer", "/bodies/0/mass"}, {"distribution", "log_normal"}, {"mean", 1}, {"sd", 0.5}}})));
  std::vector<Real> logs;
  for (Real v : column(cases, 0)) logs.push_back(std::log(v));
  Real mean, variance;
  moments(logs, mean, variance);
  EXPECT_NEAR(mean, 1, 5 * 0.5 / std::sqrt(n));
  EXPECT_NEAR(std::sqrt(variance), 0.5, 5 * 0.5 / std::sqrt(2.0 * n));
}

TEST(SweepDesigns, LatinHypercubeHasOneSamplePerStratumPerParameter) {
  const int n = 97;
  const SweepSpec s = parse(
      sweep({{"type", "latin_hypercube"}, {"samples", n}, {"seed", 11}},
            {uniform("/bodies/0/mass", 1, 3),
             {{"pointer", "/bodies/1/mass"}, {"distribution", "normal"}, {"mean", 2}, {"sd", 0.3}},
             {{"pointer", "/gravity/2"}, {"distribution", "log_uniform"}, {"min", 1}, {"max", 1000}},
             {{"pointer", "/scenario/duration"},
              {"distribution", "normal"},
              {"mean", 1},
              {"sd", 1},
              {"min", 0.5},
              {"max", 2}}}));
  const auto cases = sweepCases(s);
  // Each value's CDF, computed here from the distribution's formula.
  const std::function<Real(Real)> cdf[] = {
      [](Real x) { return (x - 1) / 2; }, [](Real x) { return normalCdf((x - 2) / 0.3); },
      [](Real x) { return std::log(x) / std::log(1000.0); },
      [](Real x) { return (normalCdf(x - 1) - normalCdf(-0.5)) / (normalCdf(1) - normalCdf(-0.5)); }};
  for (size_t k = 0; k < 4; ++k) {
    std::set<int> strata;
    for (const SweepCase& c : cases) strata.insert(static_cast<int>(std::floor(cdf[k](num(c.values[k])) * n)));
    EXPECT_EQ(strata.size(), static_cast<size_t>(n)) << "parameter " << k;
    EXPECT_EQ(*strata.begin(), 0);
    EXPECT_EQ(*strata.rbegin(), n - 1);
  }
  // Strata are permuted independently: the first two parameters' strata are not in the same order.
  int sameOrder = 0;
  for (const SweepCase& c : cases)
    sameOrder += std::floor(cdf[0](num(c.values[0])) * n) == std::floor(cdf[1](num(c.values[1])) * n);
  EXPECT_LT(sameOrder, 10);
}

TEST(SweepDesigns, NormalQuantileMatchesTabulatedValues) {
  // Quantiles of N(0, 1) to 16 digits (e.g. NIST/SEMATECH e-Handbook, R's qnorm).
  EXPECT_NEAR(normalQuantile(0.975), 1.959963984540054, 2e-15);
  EXPECT_NEAR(normalQuantile(0.025), -1.959963984540054, 2e-15);
  EXPECT_EQ(normalQuantile(0.5), 0);
  EXPECT_NEAR(normalQuantile(0.8413447460685429), 1.0, 2e-15);
  EXPECT_NEAR(normalQuantile(0.999), 3.090232306167814, 4e-15);
  EXPECT_NEAR(normalQuantile(1e-10), -6.361340902404056, 1e-13);
  EXPECT_NEAR(normalQuantile(0.01), -2.326347874040841, 3e-15);
  EXPECT_NEAR(normalQuantile(0.3), -0.5244005127080407, 1e-15);
}
