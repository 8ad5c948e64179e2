// OpenMBD-style penalty material: curve evaluation, hysteresis loops (no jump at the turn,
// returned work as specified), damping only while penetrating, rate amplification, curves in
// series against an independent inversion, and named errors for bad curves and materials.
#include "articula/contact/PenaltyCurveMaterial.h"

#include <gtest/gtest.h>

#include <cmath>

#include "articula/Error.h"

namespace articula {
namespace {

PenaltyMaterial linearMaterial(Real k, Real eta) {
  PenaltyMaterial m;
  m.name = "linear";
  m.loading = PenaltyCurve({{0, 0}, {0.1, k * 0.1}}, "linear");
  m.unloadingEnergyFraction = eta;
  m.damping = 0;
  return m;
}

TEST(PenaltyCurveMaterial, CurveInterpolatesClampsAndIntegrates) {
  const PenaltyCurve c({{0, 0}, {0.01, 100}, {0.02, 500}, {0.03, 450}}, "c");
  EXPECT_EQ(c.calcForce(-1), 0);
  EXPECT_NEAR(c.calcForce(0.005), 50, 1e-12);
  EXPECT_NEAR(c.calcForce(0.015), 300, 1e-12);
  EXPECT_NEAR(c.calcForce(0.025), 475, 1e-12);
  EXPECT_NEAR(c.calcForce(0.5), 450, 1e-12);  // clamped beyond the last point
  // Integral against a fine midpoint sum.
  for (Real x : {0.004, 0.017, 0.03, 0.05}) {
    Real sum = 0;
    const int n = 200000;
    for (int i = 0; i < n; ++i) sum += c.calcForce((i + 0.5) * x / n) * x / n;
    EXPECT_NEAR(c.calcIntegral(x), sum, 1e-7) << x;
  }
}

TEST(PenaltyCurveMaterial, LoadingUnloadingLoopHasNoJumpAndReturnsTheFractionEta) {
  const Real k = 1e5, eta = 0.25;
  const PenaltyContactModel model(linearMaterial(k, eta));
  // Load to 0.02 m, unload to zero, reload past the old maximum; the maximum is committed after
  // every small step as a time stepper would.
  std::vector<Real> path;
  for (int i = 0; i <= 2000; ++i) path.push_back(0.02 * i / 2000);
  for (int i = 1; i <= 2000; ++i) path.push_back(0.02 - 0.02 * i / 2000);
  Real xm = 0, workIn = 0, workOut = 0, previousF = 0, previousX = 0;
  for (Real x : path) {
    const Real f = model.calcForce(x, 0, xm).force;
    EXPECT_LE(std::abs(f - previousF), 4 * k * std::abs(x - previousX) / eta + 1e-9) << x;  // continuous
    const Real w = 0.5 * (f + previousF) * (x - previousX);
    (x > previousX ? workIn : workOut) += std::abs(w);
    previousF = f;
    previousX = x;
    if (x > 0) xm = PenaltyContactModel::nextReachedMax(x, xm);
  }
  EXPECT_NEAR(workIn, 0.5 * k * 0.02 * 0.02, 1e-6 * workIn);
  EXPECT_NEAR(workOut / workIn, eta, 1e-4);
  // The unloading branch from (0.02, k 0.02) hits zero at (1 − η) 0.02 and stays there.
  EXPECT_NEAR(model.calcForce(0.02, 0, 0.02).force, k * 0.02, 1e-9);
  EXPECT_NEAR(model.calcForce(0.75 * 0.02 + 1e-9, 0, 0.02).force, 0, 1e-2);
  EXPECT_EQ(model.calcForce(0.01, 0, 0.02).force, 0);
  // Reloading runs up the same branch and continues along the loading curve past the maximum.
  EXPECT_NEAR(model.calcForce(0.019, 0, 0.02).force, k * 0.02 * (0.019 / 0.02 - 0.75) / 0.25, 1e-6);
  EXPECT_NEAR(model.calcForce(0.025, 0, 0.02).force, k * 0.025, 1e-9);
  // Separation resets the maximum.
  EXPECT_EQ(PenaltyContactModel::nextReachedMax(-1e-6, 0.02), 0);
}

TEST(PenaltyCurveMaterial, UnloadingCurveIsScaledOntoTheReachedMaximum) {
  PenaltyMaterial m = linearMaterial(1e5, 0.25);
  m.loading = PenaltyCurve({{0, 0}, {0.01, 200}, {0.03, 2000}}, "load");
  m.unloading = PenaltyCurve({{0, 0}, {0.005, 0}, {0.01, 1000}}, "unload");  // measured from (0.01, 1000)
  const PenaltyContactModel model(m);
  const Real xm = 0.02, fm = m.loading.calcForce(xm);                           // 1100 N
  EXPECT_NEAR(model.calcForce(xm, 0, xm).force, fm, 1e-9);                      // starts at the maximum
  EXPECT_NEAR(model.calcForce(0.75 * xm, 0, xm).force, fm / 1000 * 500, 1e-9);  // U(0.0075) = 500
  EXPECT_EQ(model.calcForce(0.4 * xm, 0, xm).force, 0);                         // permanent set below xm/2
  // Stored (returnable) work: the scaled curve's integral.
  EXPECT_NEAR(model.calcForce(xm, 0, xm).stored, fm / 1000 * 2 * m.unloading->calcIntegral(0.01), 1e-9);
}

TEST(PenaltyCurveMaterial, DampingActsOnlyWhilePenetrating) {
  PenaltyMaterial m = linearMaterial(1e5, 0.25);
  m.damping = 150;
  const PenaltyContactModel model(m);
  EXPECT_EQ(model.calcForce(0, 2.0, 0).force, 0);  // OpenMBD pushed with c|v| here
  EXPECT_EQ(model.calcForce(-1e-4, 2.0, 0).force, 0);
  EXPECT_NEAR(model.calcForce(0.001, 2.0, 0).force, 100 + 300, 1e-9);  // loading: + c ẋ
  EXPECT_NEAR(model.calcForce(0.001, -0.5, 0).force, 100 - 75, 1e-9);  // unloading: − c|ẋ|
  EXPECT_EQ(model.calcForce(0.001, -1.0, 0).force, 0);                 // never pulls
}

TEST(PenaltyCurveMaterial, RateAmplificationScalesTheElasticPartOnly) {
  PenaltyMaterial m = linearMaterial(1e5, 0.25);
  m.damping = 10;
  m.rateC1 = 1, m.rateC2 = 0.5, m.rateC3 = 2, m.rateC4 = 2;
  const PenaltyContactModel model(m);
  const Real x = 0.002, v = 4;  // γ = 1 + 0.5 (4/2)² = 3
  EXPECT_NEAR(model.calcForce(x, v, 0).force, 3 * 1e5 * x + 10 * v, 1e-9);
  EXPECT_NEAR(model.calcForce(x, -v, 0).force, 3 * 1e5 * x - 10 * v, 1e-9);
}

// x with F(x) = f on a nondecreasing curve, by bisection (independent of the library's inversion).
Real invert(const PenaltyCurve& c, Real f) {
  Real lo = 0, hi = c.getLastPenetration();
  for (int i = 0; i < 200; ++i) {
    const Real mid = 0.5 * (lo + hi);
    (c.calcForce(mid) < f ? lo : hi) = mid;
  }
  return hi;
}

TEST(PenaltyCurveMaterial, TwoSurfacesActInSeries) {
  const PenaltyCurve a({{0, 0}, {0.01, 100}, {0.02, 1000}, {0.05, 3000}}, "a");
  const PenaltyCurve b({{0, 0}, {0.004, 50}, {0.006, 600}, {0.03, 2500}}, "b");
  const PenaltyCurve s = PenaltyCurve::inSeries(a, b);
  EXPECT_NEAR(s.getLastForce(), 2500, 1e-9);
  for (Real f : {10.0, 50.0, 77.0, 100.0, 420.0, 999.0, 1800.0, 2499.0}) {
    const Real x = invert(a, f) + invert(b, f);
    EXPECT_NEAR(s.calcForce(x), f, 1e-6 * f) << f;
  }
  // Linear springs: k = ka kb / (ka + kb), and A takes the share kb / (ka + kb).
  PenaltyMaterial ma = linearMaterial(1e5, 0.25), mb = linearMaterial(3e5, 0.25);
  const PenaltyContactModel pair(ma, mb);
  EXPECT_NEAR(pair.calcForce(0.004, 0, 0).force, 0.75e5 * 0.004, 1e-6);
  EXPECT_NEAR(pair.calcForce(0.004, 0, 0).shareA, 0.75, 1e-9);
}

TEST(PenaltyCurveMaterial, BadCurvesAndMaterialsAreRejectedWithNames) {
  auto message = [](auto&& make) {
    try {
      make();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string m = message([] { PenaltyCurve({{0, 0}, {0.02, 10}, {0.01, 20}}, "thigh"); });
  EXPECT_NE(m.find("'thigh'"), std::string::npos) << m;
  EXPECT_NE(m.find("point 2"), std::string::npos) << m;
  EXPECT_NE(m.find("monotonic"), std::string::npos) << m;
  m = message([] { PenaltyCurve({{0, 0}, {0.01, -5}}, "c"); });
  EXPECT_NE(m.find("negative force"), std::string::npos) << m;
  m = message([] { PenaltyCurve({{0.001, 0}, {0.01, 5}}, "c"); });
  EXPECT_NE(m.find("point 0"), std::string::npos) << m;
  m = message([] { PenaltyCurve({{0, 0}, {std::nan(""), 5}}, "c"); });
  EXPECT_NE(m.find("non-finite"), std::string::npos) << m;
  m = message([] { PenaltyCurve({{0, 0}}, "c"); });
  EXPECT_NE(m.find("at least 2"), std::string::npos) << m;
  PenaltyMaterial bad = linearMaterial(1e5, 0.25);
  bad.name = "heel";
  bad.damping = -1;
  m = message([&] { PenaltyContactModel{bad}; });
  EXPECT_NE(m.find("'heel'"), std::string::npos) << m;
  EXPECT_NE(m.find("damping = -1"), std::string::npos) << m;
  bad.damping = 0;
  bad.unloadingEnergyFraction = 0;
  m = message([&] { PenaltyContactModel{bad}; });
  EXPECT_NE(m.find("unloadingEnergyFraction = 0"), std::string::npos) << m;
  bad.unloadingEnergyFraction = 0.3;
  bad.rateC3 = 0;
  m = message([&] { PenaltyContactModel{bad}; });
  EXPECT_NE(m.find("rateC3 = 0"), std::string::npos) << m;
}

}  // namespace
}  // namespace articula
