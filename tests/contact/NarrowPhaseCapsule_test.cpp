#include <gtest/gtest.h>

#include "ContactTestSupport.h"
#include "articula/contact/NarrowPhase.h"

namespace articula {
namespace {

using namespace articula::testing;

std::vector<ContactPoint> pair(const ContactShape& a, const Transform& X_GA, const ContactShape& b,
                               const Transform& X_GB) {
  std::vector<ContactPoint> out;
  collideCapsule(PlacedShape{&a, X_GA, 0}, PlacedShape{&b, X_GB, 1}, 1e3, out);  // huge margin: always report
  return out;
}

TEST(NarrowPhaseCapsule, CrossedCapsules) {
  // Capsule A along x at the origin, B along y at height 0.25: distance between axes 0.25.
  const ContactShape A = ContactShape::capsule(0.1, 1), B = ContactShape::capsule(0.2, 1);
  const auto out = pair(A, Transform(Rotation::aboutY(M_PI / 2)), B,
                        Transform(Rotation::aboutX(M_PI / 2), Vec3(0.3, -0.2, 0.25)));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.05, 1e-14);
  EXPECT_NEAR((out[0].n_G - Vec3::UnitZ()).norm(), 0, 1e-14);
  EXPECT_NEAR((out[0].pA_G - Vec3(0.3, 0, 0.1)).norm(), 0, 1e-14);
  EXPECT_NEAR(out[0].curvatureA.k1, 10, 1e-12);  // side of a cylinder
  EXPECT_NEAR(out[0].curvatureA.k2, 0, 1e-12);
}

TEST(NarrowPhaseCapsule, SphereAgainstCapsuleEndAndSide) {
  const ContactShape s = ContactShape::sphere(0.1), c = ContactShape::capsule(0.2, 0.5);
  // Beyond the +z end: ball to ball.
  auto out = pair(s, Transform(Vec3(0, 0, 0.75)), c, Transform());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.05, 1e-14);
  EXPECT_NEAR(out[0].curvatureB.k2, 5, 1e-12);
  // Beside the side.
  out = pair(s, Transform(Vec3(0.35, 0, 0.1)), c, Transform());
  EXPECT_NEAR(out[0].depth, -0.05, 1e-14);
  EXPECT_NEAR(out[0].curvatureB.k2, 0, 1e-12);
}

// Random capsule pairs against dense sampling of the two core segments.
TEST(NarrowPhaseCapsule, MatchesSegmentSampling) {
  std::mt19937 rng(4);
  for (int trial = 0; trial < 200; ++trial) {
    const Real rA = uniformReal(rng, 0.05, 0.3), rB = uniformReal(rng, 0.05, 0.3);
    const Real LA = uniformReal(rng, 0.1, 1), LB = uniformReal(rng, 0.1, 1);
    const ContactShape A = ContactShape::capsule(rA, LA), B = ContactShape::capsule(rB, LB);
    const Transform X_GA(randomRotationC(rng), Vec3::Zero());
    Rotation R_GB = randomRotationC(rng);
    if (trial % 5 == 0) R_GB = X_GA.R() * Rotation::aboutX(1e-9 * trial);  // parallel
    const Transform X_GB(R_GB, uniformReal(rng, 0, 1.5) * randomUnit(rng));
    const auto out = pair(A, X_GA, B, X_GB);
    ASSERT_EQ(out.size(), 1u);
    Real best = INFINITY;
    const int N = 2000;
    for (int i = 0; i <= N; ++i) {
      const Vec3 p = X_GA * Vec3(0, 0, LA * (2.0 * i / N - 1));
      // Distance from p to segment B in closed form (projection clamped).
      const Vec3 q_B = X_GB.R().matrix().transpose() * (p - X_GB.p());
      const Vec3 c(0, 0, std::clamp(q_B.z(), -LB, LB));
      best = std::min(best, (q_B - c).norm());
    }
    const Real sampledDepth = rA + rB - best;
    // Never worse than sampling; nearly parallel axes (under 1e-6 rad) take the middle of the overlap,
    // which may be up to angle x length away from the extreme end.
    EXPECT_GE(out[0].depth, sampledDepth - (trial % 5 == 0 ? 2e-6 : 1e-12)) << trial;
    EXPECT_NEAR(out[0].depth, sampledDepth, 2 * LA / N) << trial;
    EXPECT_NEAR((out[0].pA_G - out[0].pB_G).dot(out[0].n_G), out[0].depth, 1e-12);
  }
}

}  // namespace
}  // namespace articula
