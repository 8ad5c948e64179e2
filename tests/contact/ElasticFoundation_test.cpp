// Elastic foundation: one spring against its formula, and a meshed sphere pressed into a plane:
// the total force converges to the Winkler integral k π R d² as the mesh is refined, and the
// centre of pressure lies under the sphere's centre.
#include "articula/contact/ElasticFoundation.h"

#include "contact/Icosphere.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <numbers>
#include <vector>

namespace articula {
namespace {

const StribeckFriction kNoFriction(0, 0);

TEST(ElasticFoundation, OneSpringFollowsItsFormula) {
  FoundationPair pair;
  pair.stiffness = 1e8;
  pair.dissipation = 0.5;
  const Vec3 n(0, 0, 1);
  const FoundationSpringForce f = calcFoundationSpring(pair, kNoFriction, 1e-4, 1e-3, 0.2, n, Vec3::Zero());
  EXPECT_NEAR(f.normal, 1e8 * 1e-4 * 1e-3 * (1 + 0.5 * 0.2), 1e-9);
  EXPECT_NEAR(f.potentialEnergy, 0.5 * 1e8 * 1e-4 * 1e-6, 1e-15);
  EXPECT_EQ(calcFoundationSpring(pair, kNoFriction, 1e-4, -1e-3, 0.2, n, Vec3::Zero()).normal, 0);
  EXPECT_EQ(calcFoundationSpring(pair, kNoFriction, 1e-4, 1e-3, -3, n, Vec3::Zero()).normal, 0);  // clamped
  // Friction opposes the tangential slip and ignores its normal part.
  const StribeckFriction mu(0.5, 0.5, 0, 1e-3);
  const FoundationSpringForce g = calcFoundationSpring(pair, mu, 1e-4, 1e-3, 0, n, Vec3(0.1, 0, -0.3));
  EXPECT_NEAR(g.force_G.x(), -0.5 * g.normal, 1e-12);
  EXPECT_NEAR(g.force_G.z(), g.normal, 1e-12);
}

// Total force of the sphere's springs pressed d into the half-space z <= 0 (centre at z = R − d).
ElasticFoundationPatch pressSphere(const testing::Icosphere& m, Real R, Real d, const Vec3& offset, Real k) {
  FoundationPair pair;
  pair.stiffness = k;
  ElasticFoundationPatch patch;
  const Vec3 centre = offset + Vec3(0, 0, R - d);
  for (const auto& tri : m.faces) {
    const Vec3 a = centre + R * m.vertices[tri[0]], b = centre + R * m.vertices[tri[1]],
               c = centre + R * m.vertices[tri[2]];
    const Vec3 p = (a + b + c) / 3;
    const Real area = 0.5 * (b - a).cross(c - a).norm();
    const FoundationSpringForce f = calcFoundationSpring(pair, kNoFriction, area, -p.z(), 0, Vec3::UnitZ(),
                                                         Vec3::Zero());
    if (f.normal > 0) patch.add(p, f, area);
  }
  return patch;
}

TEST(ElasticFoundation, SphereForceConvergesToTheWinklerIntegral) {
  // Winkler: k ∫ x dA over the sphere's surface inside the plane = k π R d² exactly.
  const Real R = 0.1, d = 0.01, k = 1e9;
  const Real exact = k * std::numbers::pi * R * d * d;
  Real previousError = 1e300;
  for (int level = 3; level <= 6; ++level) {
    const ElasticFoundationPatch patch = pressSphere(testing::makeIcosphere(level), R, d, Vec3(0.3, -0.2, 0), k);
    const Real error = std::abs(patch.getForce().z() / exact - 1);
    EXPECT_LT(error, previousError) << "level " << level;
    previousError = error;
    // Centre of pressure under the centre, on the plane's side of the contact.
    EXPECT_NEAR(patch.getCentreOfPressure().x(), 0.3, 2e-3);
    EXPECT_NEAR(patch.getCentreOfPressure().y(), -0.2, 2e-3);
  }
  EXPECT_LT(previousError, 0.01);
}

TEST(ElasticFoundation, PatchSumsForceMomentAndPressureCentre) {
  ElasticFoundationPatch patch;
  FoundationSpringForce f1, f2;
  f1.normal = 10, f1.force_G = Vec3(0, 0, 10);
  f2.normal = 30, f2.force_G = Vec3(1, 0, 30);
  patch.add(Vec3(0, 0, 0), f1, 0.1);
  patch.add(Vec3(1, 0, 0), f2, 0.2);
  EXPECT_EQ(patch.getForce(), Vec3(1, 0, 40));
  EXPECT_EQ(patch.getMomentAboutOrigin(), Vec3(1, 0, 0).cross(Vec3(1, 0, 30)));
  EXPECT_EQ(patch.getCentreOfPressure(), Vec3(0.75, 0, 0));
  EXPECT_NEAR(patch.getContactArea(), 0.3, 1e-15);
  EXPECT_EQ(patch.getNumSprings(), 2);
}

}  // namespace
}  // namespace articula
