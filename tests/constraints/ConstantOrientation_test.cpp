// ConstantOrientation: a free body held in orientation falls without rotating whatever torque is
// applied, and the constraint's torque cancels the applied one. Derivative checks on random trees.
#include <gtest/gtest.h>

#include "ConstraintChecks.h"

namespace articula::testing {
namespace {

TEST(ConstantOrientation, HeldBodyFallsWithoutTurning) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  TestForces& forces = addTestForces(sys);
  forces.gravity = Vec3(0, -9.81, 0);
  const MobilizedBody body = MobilizedBody::Free(
      MobilizedBody::Ground(m), Body(MassProperties::fromCentral(2, Vec3(0.1, 0.2, 0), Inertia(0.3, 0.2, 0.1))));
  const Rotation R = Rotation::aboutAxis(0.4, Vec3(1, 2, 3));
  const auto& co = addConstraint<constraints::ConstantOrientation>(m, "hold", 0, R, body.getIndex(), Rotation());
  forces.bodyForces_G.assign(m.getNumBodies(), SpatialVec::Zero());
  forces.bodyForces_G[body.getIndex()] = spatialVec(Vec3(0.3, -0.2, 0.5), Vec3::Zero());
  sys.realizeTopology();
  State s = sys.getDefaultState();
  const Eigen::Vector4d q = R.toQuaternion().asVec4();
  body.setQ(s, (SmallVector(7) << q[0], q[1], q[2], q[3], 0, 0, 0).finished());
  body.setU(s, (SmallVector(6) << 0, 0, 0, 1, 2, 3).finished());
  sys.realize(s, Stage::Acceleration);
  EXPECT_LT(co.getPositionErrors(s).norm(), 1e-15);
  const SpatialVec& A = body.getBodyAcceleration(s);
  EXPECT_LT(Vec3(A.head<3>()).norm(), 1e-12);
  // Origin acceleration of a non-rotating body: gravity.
  EXPECT_LT((Vec3(A.tail<3>()) - Vec3(0, -9.81, 0)).norm(), 1e-12);
  std::vector<SpatialVec> F;
  Vector f;
  co.calcConstraintForces(s, F, f);
  EXPECT_LT((Vec3(F[body.getIndex()].head<3>()) + Vec3(0.3, -0.2, 0.5)).norm(), 1e-12);
}

TEST(ConstantOrientation, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 300);
    const int A = static_cast<int>(seed % 4), B = 4 + static_cast<int>(seed % 5);
    const auto& co = addConstraint<constraints::ConstantOrientation>(t.matter(), "co", A, randomRotation(rng), B,
                                                                     randomRotation(rng));
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, co, s, std::string("ConstantOrientation seed ") + std::to_string(seed));
  }
}

}  // namespace
}  // namespace articula::testing
