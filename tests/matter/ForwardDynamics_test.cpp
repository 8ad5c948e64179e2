// Articulated-body forward dynamics against the composite-rigid-body mass matrix and a dense solve:
// M udot = f + J^T F - c, with c = calcResidualForceIgnoringConstraints at udot = 0 and no forces.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/SVD>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;

Real conditionNumber(const Matrix& M) {
  const Eigen::JacobiSVD<Matrix> svd(M);
  return svd.singularValues()(0) / svd.singularValues()(svd.singularValues().size() - 1);
}

// Forward error of a solve grows with cond(M); backward error (the equation residual) must not.
void expectSolves(const Matrix& M, const Vector& rhs, const Vector& udot, const std::string& ctx) {
  const int n = static_cast<int>(M.rows());
  const Vector dense = M.llt().solve(rhs);
  const Real backward = (M * udot - rhs).norm() / (M.norm() * udot.norm() + rhs.norm());
  EXPECT_LT(backward, 10 * n * kEps) << ctx;
  EXPECT_LT(relErr(udot, dense, 1e-3), 10 * n * kEps * conditionNumber(M)) << ctx;
}

class ForwardDynamics : public ::testing::TestWithParam<unsigned> {};

TEST_P(ForwardDynamics, ArticulatedBodyMatchesMassMatrixSolve) {
  const RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 100);
  for (int trial = 0; trial < 3; ++trial) {
    State s = tree.randomState(rng);
    tree.system().realize(s, Stage::Velocity);
    const int nu = matter.getNU(), nb = matter.getNumBodies();
    const Vector f = randomVector(nu, rng, 2.0);
    const std::vector<SpatialVec> F = randomBodyForces(nb, rng, 2.0);

    Vector udot;
    std::vector<SpatialVec> A_GB;
    matter.calcAccelerationIgnoringConstraints(s, f, F, udot, A_GB);
    ASSERT_EQ(udot.size(), nu);
    ASSERT_EQ(static_cast<int>(A_GB.size()), nb);

    Matrix M, J;
    matter.calcM(s, M);
    matter.calcSystemJacobian(s, J);
    Vector c;
    matter.calcResidualForceIgnoringConstraints(s, Vector::Zero(nu), zeroBodyForces(nb), Vector::Zero(nu), c);
    const std::string ctx = tree.describe() + ", trial " + std::to_string(trial);
    expectSolves(M, f + J.transpose() * stack(F) - c, udot, ctx);

    // The body accelerations it returns are the kinematic image of udot: J udot + bias.
    std::vector<SpatialVec> bias;
    matter.calcBiasForSystemJacobian(s, bias);
    EXPECT_LT(relErr(stack(A_GB), J * udot + stack(bias)), 100 * nb * kEps) << ctx;
  }
}

TEST_P(ForwardDynamics, RealizedAccelerationIncludesGravityAndAppliedForces) {
  RandomTree tree(GetParam());
  std::mt19937 rng(GetParam() + 200);
  const MatterSubsystem& matter = tree.matter();
  const int nu = matter.getNU(), nb = matter.getNumBodies();
  tree.forces().bodyForces_G = randomBodyForces(nb, rng);
  tree.forces().mobilityForces = randomVector(nu, rng);
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Acceleration);

  // Gravity by hand: m g at each mass centre, moment about Bo.
  std::vector<SpatialVec> F = tree.forces().bodyForces_G;
  for (int b = 1; b < nb; ++b) {
    const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
    const Vec3 r = matter.getBodyTransform(s, b).R() * mp.massCenter();
    const Vec3 w = mp.mass() * tree.forces().gravity;
    F[b] += spatialVec(r.cross(w), w);
  }
  Matrix M, J;
  matter.calcM(s, M);
  matter.calcSystemJacobian(s, J);
  Vector c;
  matter.calcResidualForceIgnoringConstraints(s, Vector::Zero(nu), zeroBodyForces(nb), Vector::Zero(nu), c);
  const Vector udot = matter.getUDot(s);
  expectSolves(M, tree.forces().mobilityForces + J.transpose() * stack(F) - c, udot, tree.describe());
  EXPECT_EQ(Vector(s.getUDot()), udot) << "State's udot and the matter's udot differ";
  std::vector<SpatialVec> bias, A_GB(nb);
  matter.calcBiasForSystemJacobian(s, bias);
  for (int b = 0; b < nb; ++b) A_GB[b] = matter.getBodyAcceleration(s, b);
  EXPECT_LT(relErr(stack(A_GB), J * udot + stack(bias)), 100 * nb * kEps) << tree.describe();
}

// The applied-force arguments enter linearly: ABA(f1 + f2) - ABA(0) == (ABA(f1) - ABA(0)) + ...
// and a pure generalized force f gives M^-1 f on top of the free motion.
TEST_P(ForwardDynamics, ResponseToMobilityForceIsMInverse) {
  const RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 300);
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Velocity);
  const int nu = matter.getNU(), nb = matter.getNumBodies();
  const Vector f = randomVector(nu, rng);
  Vector udot0, udot1;
  std::vector<SpatialVec> A;
  matter.calcAccelerationIgnoringConstraints(s, Vector::Zero(nu), zeroBodyForces(nb), udot0, A);
  matter.calcAccelerationIgnoringConstraints(s, f, zeroBodyForces(nb), udot1, A);
  Matrix M;
  matter.calcM(s, M);
  expectSolves(M, f, udot1 - udot0, tree.describe());
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, ForwardDynamics, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
