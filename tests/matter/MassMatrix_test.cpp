// calcM (composite rigid body), multiplyByM, multiplyByMInv, calcMInv and kinetic energy against
// each other and against the dense J^T diag(I_b) J.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;

class MassMatrix : public ::testing::TestWithParam<unsigned> {
 protected:
  MassMatrix() : tree(GetParam()), rng(GetParam() + 600) {
    state = tree.randomState(rng);
    tree.system().realize(state, Stage::Velocity);
  }
  const MatterSubsystem& matter() const { return tree.matter(); }
  RandomTree tree;
  std::mt19937 rng;
  State state;
};

TEST_P(MassMatrix, SymmetricPositiveDefiniteAndEqualToDenseJTIJ) {
  Matrix M;
  matter().calcM(state, M);
  const int nu = matter().getNU();
  ASSERT_EQ(M.rows(), nu);
  ASSERT_EQ(M.cols(), nu);
  EXPECT_LT((M - M.transpose()).norm() / M.norm(), 10 * kEps) << tree.describe();
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(M);
  EXPECT_GT(eig.eigenvalues()(0), 0.0) << tree.describe();
  EXPECT_LT(relErr(M, denseMassMatrix(matter(), state)), 100 * nu * kEps) << tree.describe();
}

TEST_P(MassMatrix, ColumnsEqualProductsWithUnitVectors) {
  Matrix M;
  matter().calcM(state, M);
  const int nu = matter().getNU();
  for (int j = 0; j < nu; ++j) {
    Vector col;
    matter().multiplyByM(state, Vector::Unit(nu, j), col);
    EXPECT_LT(relErr(col, Vector(M.col(j))), 100 * nu * kEps) << tree.describe() << ", column " << j;
  }
  const Vector v = randomVector(nu, rng);
  Vector Mv;
  matter().multiplyByM(state, v, Mv);
  EXPECT_LT(relErr(Mv, (M * v).eval()), 100 * nu * kEps) << tree.describe();
}

TEST_P(MassMatrix, KineticEnergyIsHalfUTMU) {
  Matrix M;
  matter().calcM(state, M);
  const Vector u = matter().getU(state);
  const Real ke = matter().calcKineticEnergy(state);
  EXPECT_NEAR(ke, 0.5 * u.dot(M * u), 100 * matter().getNU() * kEps * ke) << tree.describe();
  // And body by body from the realized velocities: sum 1/2 V^T I V.
  Real sum = 0;
  for (int b = 1; b < matter().getNumBodies(); ++b) {
    const SpatialVec& V = matter().getBodyVelocity(state, b);
    sum += 0.5 * V.dot(spatialInertiaInGround(matter(), state, b) * V);
  }
  EXPECT_NEAR(ke, sum, 100 * matter().getNU() * kEps * ke) << tree.describe();
  EXPECT_GT(ke, 0.0);
}

TEST_P(MassMatrix, InverseTimesMatrixIsIdentity) {
  Matrix M, MInv;
  matter().calcM(state, M);
  matter().calcMInv(state, MInv);
  const int nu = matter().getNU();
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(M);
  const Real cond = eig.eigenvalues()(nu - 1) / eig.eigenvalues()(0);
  EXPECT_LT((MInv * M - Matrix::Identity(nu, nu)).norm(), 10 * nu * kEps * cond) << tree.describe();
  EXPECT_LT((MInv - MInv.transpose()).norm() / MInv.norm(), 10 * nu * kEps * cond) << tree.describe();
}

TEST_P(MassMatrix, MInvProductMatchesDenseSolve) {
  Matrix M;
  matter().calcM(state, M);
  const int nu = matter().getNU();
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(M);
  const Real cond = eig.eigenvalues()(nu - 1) / eig.eigenvalues()(0);
  for (int trial = 0; trial < 3; ++trial) {
    const Vector v = randomVector(nu, rng);
    Vector x;
    matter().multiplyByMInv(state, v, x);
    const Vector dense = M.llt().solve(v);
    EXPECT_LT(relErr(x, dense, 1e-3), 10 * nu * kEps * cond) << tree.describe();
    // Backward error does not depend on the conditioning.
    EXPECT_LT((M * x - v).norm() / (M.norm() * x.norm()), 10 * nu * kEps) << tree.describe();
  }
}

// M depends on q only: changing u leaves it bit-for-bit the same.
TEST_P(MassMatrix, IndependentOfSpeeds) {
  Matrix M1, M2;
  matter().calcM(state, M1);
  tree.randomizeU(state, rng);
  tree.system().realize(state, Stage::Position);
  matter().calcM(state, M2);
  EXPECT_EQ(M1, M2) << tree.describe();
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, MassMatrix, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
