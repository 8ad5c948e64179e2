// Recursive Newton-Euler (calcResidualForceIgnoringConstraints) against M udot + bias, against a
// dense Newton-Euler written with the assembled Jacobian, and as the inverse of forward dynamics.
#include <gtest/gtest.h>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;

class InverseDynamics : public ::testing::TestWithParam<unsigned> {};

TEST_P(InverseDynamics, EqualsMassMatrixTimesUDotPlusBias) {
  const RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 400);
  const int nu = matter.getNU(), nb = matter.getNumBodies();
  for (int trial = 0; trial < 3; ++trial) {
    State s = tree.randomState(rng);
    tree.system().realize(s, Stage::Velocity);
    const Vector udot = randomVector(nu, rng, 3.0);
    const Vector f = randomVector(nu, rng, 2.0);
    const std::vector<SpatialVec> F = randomBodyForces(nb, rng, 2.0);

    Vector residual, bias;
    matter.calcResidualForceIgnoringConstraints(s, f, F, udot, residual);
    matter.calcResidualForceIgnoringConstraints(s, Vector::Zero(nu), zeroBodyForces(nb), Vector::Zero(nu), bias);
    ASSERT_EQ(residual.size(), nu);
    Matrix M, J;
    matter.calcM(s, M);
    matter.calcSystemJacobian(s, J);
    const Vector expected = M * udot + bias - f - J.transpose() * stack(F);
    const std::string ctx = tree.describe() + ", trial " + std::to_string(trial);
    EXPECT_LT(relErr(residual, expected), 100 * nu * kEps) << ctx;

    // Dense Newton-Euler shares no recursion with RNEA: body by body F = I A + gyroscopic.
    EXPECT_LT(relErr(residual, denseResidual(matter, s, f, F, udot)), 100 * nu * kEps) << ctx;
  }
}

// Velocity-dependent forces alone: at u = 0 the bias is zero and the residual is exactly M udot.
TEST_P(InverseDynamics, AtRestResidualIsMassMatrixProduct) {
  const RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 450);
  State s = tree.randomState(rng);
  matter.updU(s).setZero();
  tree.system().realize(s, Stage::Velocity);
  const int nu = matter.getNU(), nb = matter.getNumBodies();
  const Vector udot = randomVector(nu, rng);
  Vector residual, Mv;
  matter.calcResidualForceIgnoringConstraints(s, Vector::Zero(nu), zeroBodyForces(nb), udot, residual);
  matter.multiplyByM(s, udot, Mv);
  EXPECT_LT(relErr(residual, Mv), 100 * nu * kEps) << tree.describe();
  Vector bias;
  matter.calcResidualForceIgnoringConstraints(s, Vector::Zero(nu), zeroBodyForces(nb), Vector::Zero(nu), bias);
  EXPECT_EQ(bias.norm(), 0.0) << tree.describe();
}

// Inverse of forward dynamics: the residual at the ABA's udot vanishes.
TEST_P(InverseDynamics, VanishesAtForwardDynamicsAcceleration) {
  const RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 500);
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Velocity);
  const int nu = matter.getNU(), nb = matter.getNumBodies();
  const Vector f = randomVector(nu, rng, 2.0);
  const std::vector<SpatialVec> F = randomBodyForces(nb, rng, 2.0);
  Vector udot, residual, Mudot;
  std::vector<SpatialVec> A;
  matter.calcAccelerationIgnoringConstraints(s, f, F, udot, A);
  matter.calcResidualForceIgnoringConstraints(s, f, F, udot, residual);
  matter.multiplyByM(s, udot, Mudot);
  // Scale: the forces that cancel are of the size of M udot.
  EXPECT_LT(residual.norm() / Mudot.norm(), 100 * nu * kEps) << tree.describe();
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, InverseDynamics, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
