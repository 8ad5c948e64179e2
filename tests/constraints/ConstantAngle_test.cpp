// ConstantAngle: a body on a ball joint keeps the angle between its axis and a Ground axis while
// it swings under gravity (integrated with projection); derivative checks; bad angles.
#include <gtest/gtest.h>

#include <cmath>

#include "ConstraintChecks.h"
#include "articula/integrators/integrators.h"

namespace articula::testing {
namespace {

TEST(ConstantAngle, AngleIsKeptWhileSwinging) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  addTestForces(sys).gravity = Vec3(0, -9.81, 0);
  const MobilizedBody body = MobilizedBody::Ball(
      MobilizedBody::Ground(m), Transform(),
      Body(MassProperties::fromCentral(1, Vec3(0.5, 0, 0), Inertia(0.01, 0.02, 0.03))), Transform());
  const Real angle = 1.2;
  addConstraint<constraints::ConstantAngle>(m, "cone", 0, Vec3(0, 0, 1), body.getIndex(), Vec3(1, 0, 0), angle);
  sys.realizeTopology();
  State s = sys.getDefaultState();
  // x axis of the body at `angle` from Ground's z: rotate about y by (pi/2 - angle).
  const Eigen::Vector4d q = Rotation::aboutY(-(M_PI / 2 - angle)).toQuaternion().asVec4();
  body.setQ(s, SmallVector(q));
  body.setU(s, Vec3(0.3, -0.5, 1.0));  // projection removes the part that changes the angle
  auto integ = makeIntegrator("RungeKuttaMerson", sys);
  integ->setAccuracy(1e-7);
  integ->initialize(s);
  Real worst = 0;
  for (int i = 1; i <= 20; ++i) {
    integ->stepTo(0.1 * i);
    const Vec3 x = body.getBodyTransform(integ->getState()).R().x();
    worst = std::max(worst, std::abs(std::acos(x.z()) - angle));
  }
  EXPECT_LT(worst, 1e-6);
}

TEST(ConstantAngle, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 600);
    const int A = static_cast<int>(seed % 4), B = 4 + static_cast<int>(seed % 5);
    const auto& c = addConstraint<constraints::ConstantAngle>(t.matter(), "angle", A, Vec3(0.2, 1, -0.4), B,
                                                              Vec3(1, 0.1, 0.3), 0.8);
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, c, s, std::string("ConstantAngle seed ") + std::to_string(seed));
  }
}

TEST(ConstantAngle, BadInputIsNamed) {
  EXPECT_THROW(constraints::ConstantAngle("a", 0, Vec3::UnitX(), 1, Vec3::UnitY(), 4.0), Error);
  EXPECT_THROW(constraints::ConstantAngle("a", 0, Vec3::Zero(), 1, Vec3::UnitY(), 1.0), Error);
}

}  // namespace
}  // namespace articula::testing
