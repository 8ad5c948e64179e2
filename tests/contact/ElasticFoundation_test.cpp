// Elastic foundation: one spring against its formula, and a meshed sphere pressed into a plane:
// the total force converges to the Winkler integral k π R d² as the mesh is refined, and the
// centre of pressure lies under the sphere's centre.
#include "articula/contact/ElasticFoundation.h"

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

// An icosphere of radius R centred at c: subdivided icosahedron projected onto the sphere.
struct Mesh {
  std::vector<Vec3> v;
  std::vector<std::array<int, 3>> f;
};
Mesh icosphere(int levels) {
  const Real t = (1 + std::sqrt(5.0)) / 2;
  Mesh m;
  m.v = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t},
         {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
  m.f = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
         {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
         {3, 8, 9},  {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (auto& p : m.v) p.normalize();
  for (int l = 0; l < levels; ++l) {
    std::vector<std::array<int, 3>> next;
    for (const auto& tri : m.f) {
      int mid[3];
      for (int e = 0; e < 3; ++e) {
        m.v.push_back((m.v[tri[e]] + m.v[tri[(e + 1) % 3]]).normalized());  // duplicates are harmless here
        mid[e] = static_cast<int>(m.v.size()) - 1;
      }
      next.push_back({tri[0], mid[0], mid[2]});
      next.push_back({tri[1], mid[1], mid[0]});
      next.push_back({tri[2], mid[2], mid[1]});
      next.push_back({mid[0], mid[1], mid[2]});
    }
    m.f = std::move(next);
  }
  return m;
}

// Total force of the sphere's springs pressed d into the half-space z <= 0 (centre at z = R − d).
ElasticFoundationPatch pressSphere(const Mesh& m, Real R, Real d, const Vec3& offset, Real k) {
  FoundationPair pair;
  pair.stiffness = k;
  ElasticFoundationPatch patch;
  const Vec3 centre = offset + Vec3(0, 0, R - d);
  for (const auto& tri : m.f) {
    const Vec3 a = centre + R * m.v[tri[0]], b = centre + R * m.v[tri[1]], c = centre + R * m.v[tri[2]];
    const Vec3 p = (a + b + c) / 3;
    const Real area = 0.5 * (b - a).cross(c - a).norm();
    const FoundationSpringForce f = calcFoundationSpring(pair, kNoFriction, area, -p.z(), 0, Vec3::UnitZ(), Vec3::Zero());
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
    const ElasticFoundationPatch patch = pressSphere(icosphere(level), R, d, Vec3(0.3, -0.2, 0), k);
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
