// PointInPlane: a particle on a frictionless inclined plane accelerates along the plane with the
// tangential part of gravity and is held by the normal force m (g.n); derivative checks.
#include <gtest/gtest.h>

#include "ConstraintChecks.h"

namespace articula::testing {
namespace {

TEST(PointInPlane, ParticleSlidesDownAnInclinedPlane) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const Vec3 g(0, -9.81, 0);
  addTestForces(sys).gravity = g;
  const Real mass = 2.5;
  const MobilizedBody particle = MobilizedBody::Translation(
      MobilizedBody::Ground(m), Transform(), Body(MassProperties(mass, Vec3::Zero(), Inertia(0, 0, 0))), Transform());
  const Vec3 n = Vec3(0.3, 1, 0.2).normalized();
  const auto& plane = addConstraint<constraints::PointInPlane>(m, "slope", 0, n, 0.4, particle.getIndex(),
                                                               Vec3::Zero());
  sys.realizeTopology();
  State s = sys.getDefaultState();
  const Vec3 onPlane = 0.4 * n + Vec3(0.5, 0, -0.3).cross(n);
  particle.setQ(s, onPlane);
  particle.setU(s, Vec3(1, 0, 0).cross(n));  // sliding along the plane
  sys.realize(s, Stage::Acceleration);
  EXPECT_NEAR(plane.getPositionErrors(s)[0], 0, 1e-15);
  const Vec3 a = particle.getUDot(s);
  EXPECT_LT((a - (g - g.dot(n) * n)).norm(), 1e-12);
  std::vector<SpatialVec> F;
  Vector f;
  plane.calcConstraintForces(s, F, f);
  EXPECT_LT((Vec3(F[particle.getIndex()].tail<3>()) + mass * g.dot(n) * n).norm(), 1e-12);
}

TEST(PointInPlane, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 400);
    const int A = static_cast<int>(seed % 4), B = 4 + static_cast<int>(seed % 5);
    const auto& c = addConstraint<constraints::PointInPlane>(t.matter(), "pip", A, Vec3(0.2, 1, -0.4), 0.3, B,
                                                             Vec3(0.1, -0.2, 0.3));
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, c, s, std::string("PointInPlane seed ") + std::to_string(seed));
  }
}

}  // namespace
}  // namespace articula::testing
