// The flat-punch law for flat contacts: the Hertz force of the curvatures it assigns sums to the
// punch force 2 E* a Σx²/Σx; polygon areas and plane sections against closed forms; a brick and
// an upright cylinder resting on the ground settle at the punch penetration m g / (2 E* a).
#include "articula/contact/FlatContact.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "ContactTestSupport.h"
#include "articula/contact/ContactForceSubsystem.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

namespace articula {
namespace {

using testing::randomRotationC;

constexpr Real g = 9.81;

// Hertz force per unit E* of a contact with these curvatures against a plane.
Real hertzPerModulus(const SurfaceCurvature& k, const Vec3& n, Real depth) {
  const RelativeCurvature rc = calcRelativeCurvature(planeCurvature(n), k, n);
  return calcHertzEllipse(rc.A, rc.B).stiffnessPerModulus * std::pow(depth, 1.5);
}

TEST(FlatContact, HertzOfAssignedCurvaturesSumsToThePunch) {
  const Vec3 n = Vec3(0.2, -0.3, 0.9).normalized();
  const Real area = 0.013;
  const Real a = std::sqrt(area / std::numbers::pi);
  for (const std::vector<Real>& depths :
       {std::vector<Real>{1e-4, 1e-4, 1e-4, 1e-4}, std::vector<Real>{3e-5, 2e-4, 7e-5}, std::vector<Real>{5e-6}}) {
    Real sum = 0, sumSq = 0;
    for (Real x : depths) sum += x, sumSq += x * x;
    Real total = 0;
    for (Real x : depths) total += hertzPerModulus(flatPatchCurvature(area, x, sum, n), n, x);
    EXPECT_NEAR(total / (2 * a * sumSq / sum), 1, 1e-12);
  }
  // Even pressing: exactly the punch, linear in the depth.
  const Real x = 2e-5;
  Real total = 0;
  for (int i = 0; i < 4; ++i) total += hertzPerModulus(flatPatchCurvature(area, x, 4 * x, n), n, x);
  EXPECT_NEAR(total / (2 * a * x), 1, 1e-12);
  // No depth or no footprint: a plane.
  EXPECT_EQ(flatPatchCurvature(area, 0, 1e-3, n).k1, 0);
  EXPECT_EQ(flatPatchCurvature(0, 1e-3, 1e-3, n).k1, 0);
}

TEST(FlatContact, PolygonAreaAndCubeSection) {
  // A regular hexagon of circumradius 2 in a tilted plane, vertices shuffled.
  const Rotation R = Rotation::aboutX(0.4) * Rotation::aboutZ(1.1);
  const Vec3 n = R.matrix().col(2);
  PointList hex;
  for (int i : {3, 0, 5, 1, 4, 2}) {
    const Real phi = std::numbers::pi / 3 * i;
    hex.push(Vec3(5, 6, 7) + R.matrix() * Vec3(2 * std::cos(phi), 2 * std::sin(phi), 0));
  }
  EXPECT_NEAR(convexPolygonArea(hex, n), 1.5 * std::sqrt(3.0) * 4, 1e-12);
  // Seen along a direction at angle t from the plane's normal, the area shrinks by cos t.
  const Vec3 m = (R.matrix() * Vec3(std::sin(0.3), 0, std::cos(0.3)));
  EXPECT_NEAR(convexPolygonArea(hex, m), 1.5 * std::sqrt(3.0) * 4 * std::cos(0.3), 1e-12);

  // The unit cube cut through its centre normal to a main diagonal: a regular hexagon of side 1/sqrt(2).
  PointList cube;
  for (int k = 0; k < 8; ++k) cube.push(Vec3((k & 1) ? 1 : 0, (k & 2) ? 1 : 0, (k & 4) ? 1 : 0));
  std::pair<int, int> edges[12];
  int e = 0;
  for (int k = 0; k < 8; ++k)
    for (int bit : {1, 2, 4})
      if (!(k & bit)) edges[e++] = {k, k | bit};
  const Vec3 diag = Vec3(1, 1, 1).normalized();
  PointList section;
  planeSection(cube, edges, 12, diag, diag.dot(Vec3(0.5, 0.5, 0.5)), section);
  EXPECT_EQ(section.n, 6);
  EXPECT_NEAR(convexPolygonArea(section, diag), 3 * std::sqrt(3.0) / 4, 1e-12);
  // Near a corner: a triangle of side sqrt(2) t for the plane cutting the axes at t.
  section.n = 0;
  planeSection(cube, edges, 12, diag, 0.1 / std::sqrt(3.0), section);
  EXPECT_EQ(section.n, 3);
  EXPECT_NEAR(convexPolygonArea(section, diag), std::sqrt(3.0) / 4 * 2 * 0.01, 1e-14);
}

// A brick on the floor, at any tilt of the floor: every bottom corner in contact, and the corners'
// Hertz forces sum to the punch 2 E* a x for the face's area.
TEST(FlatContact, BrickFlatOnAHalfSpaceCarriesThePunchForce) {
  std::mt19937 rng(5);
  const Vec3 h(0.08, 0.05, 0.03);
  const ContactShape floor = ContactShape::halfSpace(), brick = ContactShape::brick(h);
  for (int trial = 0; trial < 5; ++trial) {
    const Transform X_GH(randomRotationC(rng), Vec3(0.1, 0.2, 0.3));
    const Vec3 n = X_GH.R().matrix().col(2);
    const Real x = 1e-4;
    const Transform X_HB(Rotation::aboutZ(0.3 * trial), Vec3(0.5, -0.2, h.z() - x));
    std::vector<ContactPoint> out;
    collideHalfSpace(PlacedShape{&floor, X_GH, 0}, PlacedShape{&brick, X_GH * X_HB, 1}, 0, out);
    int touching = 0;
    Real total = 0;
    for (const ContactPoint& c : out) {
      EXPECT_NEAR((c.n_G - n).norm(), 0, 1e-12);
      if (c.depth > 0) {
        ++touching;
        EXPECT_NEAR(c.depth, x, 1e-12);
        total += hertzPerModulus(c.curvatureB, n, c.depth);
      }
    }
    EXPECT_EQ(touching, 4);
    const Real a = std::sqrt(4 * h.x() * h.y() / std::numbers::pi);
    EXPECT_NEAR(total / (2 * a * x), 1, 1e-9);
  }
}

// Tilted onto one corner by a small angle: the footprint is the small triangle of the section,
// and the force grows as the square of the depth (a cone-like indenter).
TEST(FlatContact, BrickOnACornerStiffensAsTheSquareOfDepth) {
  const ContactShape floor = ContactShape::halfSpace(), brick = ContactShape::brick(Vec3(0.1, 0.1, 0.1));
  const Rotation R = Rotation::aboutX(0.6) * Rotation::aboutY(0.5);
  Real lowest = INFINITY;
  for (int k = 0; k < 8; ++k)
    lowest = std::min(lowest,
                      (R.matrix() * Vec3((k & 1) ? 0.1 : -0.1, (k & 2) ? 0.1 : -0.1, (k & 4) ? 0.1 : -0.1)).z());
  auto force = [&](Real x) {
    std::vector<ContactPoint> out;
    collideHalfSpace(PlacedShape{&floor, Transform(), 0}, PlacedShape{&brick, Transform(R, Vec3(0, 0, -lowest - x)), 1},
                     0, out);
    Real total = 0;
    int touching = 0;
    for (const ContactPoint& c : out)
      if (c.depth > 0) total += hertzPerModulus(c.curvatureB, Vec3::UnitZ(), c.depth), ++touching;
    EXPECT_EQ(touching, 1);
    return total;
  };
  EXPECT_NEAR(force(2e-4) / force(1e-4), 4, 1e-6);
}

ContactMaterial material(Real E, Real c) { return ContactMaterial{"m", E, 0.3, c, 0.6, 0.5, 0}; }

void advance(Integrator& integ, Real t) {
  while (integ.stepTo(t) != StepOutcome::ReachedReportTime) {
  }
}

// A free body with one shape dropped a little, slightly tilted, onto the floor: the rest height
// against the punch penetration x = m g / (2 E* a), a = sqrt(footprint / π).
Real restingPenetrationRatio(const ContactShape& shape, const Inertia& inertia, Real mass, Real halfHeight,
                             Real footprint, bool brickFloor = false) {
  const ContactMaterial mat = material(1e7, 2.0);
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  const Body b(MassProperties::fromCentral(mass, Vec3::Zero(), inertia));
  const int body = MobilizedBody::Free(MobilizedBody::Ground(matter), b, "body").getIndex();
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  contact.setMaximumRadius(1e4);  // the punch needs large radii at small depths
  if (brickFloor)                 // a slab whose top face is z = 0
    contact.addSurface(0, Transform(Vec3(0, 0, -0.5)), ContactShape::brick(Vec3(1, 1, 0.5)), mat, "floor");
  else contact.addSurface(0, Transform(), ContactShape::halfSpace(), mat, "floor");
  contact.addSurface(body, Transform(), shape, mat, "body");
  State s = system.realizeTopology();
  matter.updQ(s).segment<4>(0) = Rotation::aboutX(0.01).toQuaternion().asVec4();
  matter.updQ(s).segment<3>(4) = Vec3(0, 0, halfHeight + 1e-3);
  RungeKuttaMersonIntegrator integ(system);
  integ.setAccuracy(1e-7);
  integ.initialize(s);
  advance(integ, 1.5);
  const State& end = integ.getState();
  const Transform X = matter.getBodyTransform(end, body);
  EXPECT_LT(matter.getBodyVelocity(end, body).norm(), 1e-4);
  EXPECT_NEAR(X.R().matrix().col(2).z(), 1, 1e-8);  // level
  const Real Estar = mat.planeStrainModulus() / std::pow(2.0, 1.5);
  const Real a = std::sqrt(footprint / std::numbers::pi);
  return (halfHeight - X.p().z()) / (mass * g / (2 * Estar * a));
}

TEST(FlatContact, BrickAndCylinderSettleAtThePunchPenetration) {
  const Vec3 h(0.05, 0.04, 0.02);
  EXPECT_NEAR(restingPenetrationRatio(ContactShape::brick(h), Inertia::brick(1.0, h), 1.0, h.z(), 4 * h.x() * h.y()), 1,
              1e-3);
  const Real r = 0.04, L = 0.03;
  EXPECT_NEAR(restingPenetrationRatio(ContactShape::cylinder(r, L), Inertia::cylinderAlongZ(0.8, r, L), 0.8, L,
                                      std::numbers::pi * r * r),
              1, 1e-3);
}

// The same on a brick slab instead of a half-space: face-face patches through GJK/EPA and clipping.
TEST(FlatContact, BrickAndCylinderSettleOnABrickSlab) {
  const Vec3 h(0.05, 0.04, 0.02);
  EXPECT_NEAR(
      restingPenetrationRatio(ContactShape::brick(h), Inertia::brick(1.0, h), 1.0, h.z(), 4 * h.x() * h.y(), true), 1,
      1e-3);
  const Real r = 0.04, L = 0.03;
  EXPECT_NEAR(restingPenetrationRatio(ContactShape::cylinder(r, L), Inertia::cylinderAlongZ(0.8, r, L), 0.8, L,
                                      std::numbers::pi * r * r, true),
              1, 1e-3);
}

}  // namespace
}  // namespace articula
