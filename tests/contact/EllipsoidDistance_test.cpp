#include "articula/contact/EllipsoidDistance.h"

#include <gtest/gtest.h>

#include "ContactTestSupport.h"

namespace articula {
namespace {

using namespace articula::testing;

Real onSurface(const Vec3& a, const Transform& X_GS, const Vec3& p_G) {  // 0 on the surface
  const Vec3 p = X_GS.R().matrix().transpose() * (p_G - X_GS.p());
  return std::sqrt(p.cwiseQuotient(a).squaredNorm()) - 1;
}
Vec3 outwardNormal(const Vec3& a, const Transform& X_GS, const Vec3& p_G) {
  const Vec3 p = X_GS.R().matrix().transpose() * (p_G - X_GS.p());
  return (X_GS.R().matrix() * p.cwiseQuotient(a.cwiseProduct(a))).normalized();
}

TEST(EllipsoidDistance, SpheresMatchClosedForm) {
  std::mt19937 rng(1);
  for (int k = 0; k < 50; ++k) {
    const Real rA = uniformReal(rng, 0.1, 1), rB = uniformReal(rng, 0.1, 1);
    const Transform X_GA(randomRotationC(rng), Vec3::Random());
    const Transform X_GB(randomRotationC(rng), X_GA.p() + uniformReal(rng, 0.05, 2.5) * randomUnit(rng));
    const EllipsoidGap g = calcEllipsoidGap(Vec3::Constant(rA), X_GA, Vec3::Constant(rB), X_GB);
    const Vec3 d = X_GB.p() - X_GA.p();
    EXPECT_NEAR(g.depth, rA + rB - d.norm(), 1e-12);
    EXPECT_NEAR((g.n_G - d.normalized()).norm(), 0, 1e-7);
    EXPECT_NEAR((g.pA_G - (X_GA.p() + rA * d.normalized())).norm(), 0, 1e-7);
  }
}

TEST(EllipsoidDistance, PointAgainstAlignedEllipsoid) {
  const Vec3 a(3, 2, 1);
  // Outside on the x axis: the tip is nearest. Inside at the centre: the thinnest axis is nearest.
  EllipsoidGap g = calcEllipsoidGap(a, Transform(), Vec3::Zero(), Transform(Vec3(5, 0, 0)));
  EXPECT_NEAR(g.depth, -2, 1e-12);
  EXPECT_NEAR((g.pA_G - Vec3(3, 0, 0)).norm(), 0, 1e-9);
  g = calcEllipsoidGap(a, Transform(), Vec3::Zero(), Transform());
  EXPECT_NEAR(g.depth, 1, 1e-12);
  EXPECT_NEAR(std::abs(g.n_G.z()), 1, 1e-9);
}

TEST(EllipsoidDistance, AlignedEllipsoidsApartAlongAnAxis) {
  // Separated convex sets: points with opposite normals on the line of centres are the nearest.
  const Vec3 a(1, 0.5, 0.3), b(0.4, 0.9, 0.2);
  const EllipsoidGap g = calcEllipsoidGap(a, Transform(), b, Transform(Vec3(2, 0, 0)));
  EXPECT_NEAR(g.depth, -(2 - 1 - 0.4), 1e-12);
  EXPECT_NEAR((g.n_G - Vec3::UnitX()).norm(), 0, 1e-9);
  EXPECT_NEAR((g.pB_G - Vec3(1.6, 0, 0)).norm(), 0, 1e-9);
}

enum class Kind { Separated, Penetrating, Deep, Elongated, Pancakes };

struct Pair {
  Vec3 a, b;
  Transform X_GA, X_GB;
};

Pair randomPair(std::mt19937& rng, Kind kind) {
  Pair p;
  auto axes = [&](Real lo, Real hi) {
    return Vec3(uniformReal(rng, lo, hi), uniformReal(rng, lo, hi), uniformReal(rng, lo, hi));
  };
  p.a = axes(0.1, 1);
  p.b = axes(0.1, 1);
  p.X_GA = Transform(randomRotationC(rng), Vec3::Zero());
  Rotation R_GB = randomRotationC(rng);
  Real dist = 0;
  switch (kind) {
    case Kind::Separated: dist = p.a.maxCoeff() + p.b.maxCoeff() + uniformReal(rng, 0.01, 1); break;
    case Kind::Penetrating: dist = uniformReal(rng, 0.5, 1) * (p.a.maxCoeff() + p.b.maxCoeff()); break;
    case Kind::Deep: dist = uniformReal(rng, 0, 0.2) * p.a.minCoeff(); break;
    case Kind::Elongated:  // needles and blades up to 1:100
      p.a = Vec3(uniformReal(rng, 0.5, 1), uniformReal(rng, 0.01, 0.05), uniformReal(rng, 0.01, 0.3));
      p.b = Vec3(uniformReal(rng, 0.01, 0.05), uniformReal(rng, 0.5, 1), uniformReal(rng, 0.01, 0.05));
      dist = uniformReal(rng, 0, 1.2);
      break;
    case Kind::Pancakes:  // nearly parallel flat faces, stacked
      p.a = Vec3(uniformReal(rng, 0.5, 1), uniformReal(rng, 0.5, 1), 0.02);
      p.b = Vec3(uniformReal(rng, 0.5, 1), uniformReal(rng, 0.5, 1), 0.03);
      R_GB = p.X_GA.R() * Rotation::aboutAxis(uniformReal(rng, 0, 1e-3), randomUnit(rng));
      p.X_GB = Transform(R_GB, p.X_GA.R() * Vec3(uniformReal(rng, -0.1, 0.1), uniformReal(rng, -0.1, 0.1),
                                                 0.05 + uniformReal(rng, -0.01, 0.01)));
      return p;
  }
  p.X_GB = Transform(R_GB, dist * randomUnit(rng));
  return p;
}

const char* name(Kind k) {
  const char* names[] = {"separated", "penetrating", "deep", "elongated", "pancakes"};
  return names[static_cast<int>(k)];
}

// Against dense direction sampling with pattern-search refinement: agreement to 1e-8 of the
// problem size and never a larger minimum than sampling found (beyond round-off).
TEST(EllipsoidDistance, MatchesDenseSamplingOnRandomPairs) {
  std::mt19937 rng(2024);
  Real worstDisagreement = 0;
  for (Kind kind : {Kind::Separated, Kind::Penetrating, Kind::Deep, Kind::Elongated, Kind::Pancakes}) {
    for (int trial = 0; trial < 40; ++trial) {
      const Pair p = randomPair(rng, kind);
      const EllipsoidGap g = calcEllipsoidGap(p.a, p.X_GA, p.b, p.X_GB);
      Real sampled = 0;
      const Vec3 nSampled = sampledMinimum(
          [&](const Vec3& n) { return ellipsoidOverlapAlong(p.a, p.X_GA, p.b, p.X_GB, n); }, 4000, 8, &sampled);
      const Real scale = p.a.maxCoeff() + p.b.maxCoeff() + p.X_GB.p().norm();
      SCOPED_TRACE(std::string(name(kind)) + " trial " + std::to_string(trial));
      EXPECT_LE(g.depth, sampled + 1e-12 * scale);
      EXPECT_NEAR(g.depth, sampled, 1e-8 * scale)
          << "sampled n " << nSampled.transpose() << " ours " << g.n_G.transpose();
      worstDisagreement = std::max(worstDisagreement, std::abs(g.depth - sampled) / scale);
      // Witnesses: on the surfaces, normals +n and -n, separated along n by the depth.
      EXPECT_NEAR(onSurface(p.a, p.X_GA, g.pA_G), 0, 1e-12);
      EXPECT_NEAR(onSurface(p.b, p.X_GB, g.pB_G), 0, 1e-12);
      EXPECT_NEAR((outwardNormal(p.a, p.X_GA, g.pA_G) - g.n_G).norm(), 0, 1e-9);
      EXPECT_NEAR((outwardNormal(p.b, p.X_GB, g.pB_G) + g.n_G).norm(), 0, 1e-9);
      EXPECT_NEAR((g.pA_G - g.pB_G).dot(g.n_G), g.depth, 1e-12 * scale);
      EXPECT_NEAR((g.pA_G - g.pB_G).cross(g.n_G).norm(), 0, 1e-8 * scale);
    }
  }
  RecordProperty("worstRelativeDisagreement", std::to_string(worstDisagreement));
}

// Separated pairs: no two sampled surface points are closer than the computed distance.
TEST(EllipsoidDistance, SeparatedDistanceNeverExceedsSurfaceSampling) {
  std::mt19937 rng(99);
  for (int trial = 0; trial < 20; ++trial) {
    const Pair p = randomPair(rng, Kind::Separated);
    const EllipsoidGap g = calcEllipsoidGap(p.a, p.X_GA, p.b, p.X_GB);
    const auto A = ellipsoidSurfaceSamples(p.a, p.X_GA, 40, 80), B = ellipsoidSurfaceSamples(p.b, p.X_GB, 40, 80);
    Real best2 = INFINITY;
    for (const Vec3& x : A)
      for (const Vec3& y : B) best2 = std::min(best2, (x - y).squaredNorm());
    const Real sampledDistance = std::sqrt(best2);
    EXPECT_LE(-g.depth, sampledDistance + 1e-12);
    EXPECT_GT(-g.depth, 0.9 * sampledDistance - 0.02);  // the grid is coarse: only a sanity bound
  }
}

// Touching: move B out along the normal by the depth, and the pair touches exactly.
TEST(EllipsoidDistance, TouchingAfterSeparationIsZero) {
  std::mt19937 rng(5);
  for (Kind kind : {Kind::Penetrating, Kind::Deep, Kind::Elongated, Kind::Pancakes}) {
    for (int trial = 0; trial < 20; ++trial) {
      const Pair p = randomPair(rng, kind);
      const EllipsoidGap g = calcEllipsoidGap(p.a, p.X_GA, p.b, p.X_GB);
      const Transform X_GB2(p.X_GB.R(), p.X_GB.p() + g.depth * g.n_G);
      const EllipsoidGap t = calcEllipsoidGap(p.a, p.X_GA, p.b, X_GB2, g.n_G);
      EXPECT_NEAR(t.depth, 0, 1e-11) << name(kind) << " trial " << trial;
    }
  }
}

TEST(EllipsoidDistance, WarmStartGivesTheSameAnswer) {
  std::mt19937 rng(8);
  for (int trial = 0; trial < 30; ++trial) {
    const Pair p = randomPair(rng, Kind::Penetrating);
    const EllipsoidGap cold = calcEllipsoidGap(p.a, p.X_GA, p.b, p.X_GB);
    const EllipsoidGap warm = calcEllipsoidGap(p.a, p.X_GA, p.b, p.X_GB, -cold.n_G);  // a bad guess
    EXPECT_NEAR(cold.depth, warm.depth, 1e-12);
  }
}

// Warm starts along trajectories, as a time stepper gives them: each step seeded with the last
// step's normal (which may sit in a basin that is no longer the deepest), and with a guess at a
// non-global local minimum; every answer against dense sampling.
TEST(EllipsoidDistance, WarmStartedTrajectoriesKeepTheGlobalMinimum) {
  std::mt19937 rng(31);
  for (Kind kind : {Kind::Penetrating, Kind::Deep, Kind::Elongated, Kind::Separated}) {
    for (int path = 0; path < 4; ++path) {
      Pair p = randomPair(rng, kind);
      const Vec3 drift = 0.02 * (p.a.maxCoeff() + p.b.maxCoeff()) * randomUnit(rng);
      const Vec3 spin = 0.1 * randomUnit(rng);
      Vec3 n = Vec3::Zero();
      for (int step = 0; step < 12; ++step) {
        p.X_GB = Transform(Rotation::aboutAxis(spin.norm(), spin.normalized()) * p.X_GB.R(), p.X_GB.p() + drift);
        const EllipsoidGap g = calcEllipsoidGap(p.a, p.X_GA, p.b, p.X_GB, n);
        Real sampled = 0;
        sampledMinimum([&](const Vec3& m) { return ellipsoidOverlapAlong(p.a, p.X_GA, p.b, p.X_GB, m); }, 2000, 6,
                       &sampled);
        const Real scale = p.a.maxCoeff() + p.b.maxCoeff() + p.X_GB.p().norm();
        EXPECT_NEAR(g.depth, sampled, 1e-8 * scale) << name(kind) << " path " << path << " step " << step;
        n = g.n_G;
      }
    }
  }
}

}  // namespace
}  // namespace articula
