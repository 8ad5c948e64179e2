// System, station and frame Jacobians and their bias terms: J u against realized velocities,
// J^T F against the assembled J, virtual power, finite differences of positions along qdot = N u,
// and accelerations along the motion (q + h N u, u + h udot) against J udot + bias.
#include <gtest/gtest.h>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;
constexpr Real kStep = 1e-5;  // central differences: truncation ~1e-10, rounding ~1e-11 here
constexpr Real kFdTol = 1e-7;

class SystemJacobian : public ::testing::TestWithParam<unsigned> {
 protected:
  SystemJacobian() : tree(GetParam()), rng(GetParam() + 700) {
    state = tree.randomState(rng);
    tree.system().realize(state, Stage::Velocity);
  }
  const MatterSubsystem& matter() const { return tree.matter(); }
  int nb() const { return matter().getNumBodies(); }
  int nu() const { return matter().getNU(); }
  // A random station on a random non-Ground body.
  std::pair<int, Vec3> randomStation() {
    const int b = std::uniform_int_distribution<int>(1, nb() - 1)(rng);
    return {b, Vec3(randomVector(3, rng, 0.5))};
  }
  RandomTree tree;
  std::mt19937 rng;
  State state;
};

TEST_P(SystemJacobian, ProductWithStateSpeedsGivesBodyVelocities) {
  std::vector<SpatialVec> V;
  matter().multiplyBySystemJacobian(state, Vector(matter().getU(state)), V);
  ASSERT_EQ(static_cast<int>(V.size()), nb());
  for (int b = 0; b < nb(); ++b)
    EXPECT_LT(relErr(V[b], matter().getBodyVelocity(state, b)), 10 * nb() * kEps) << tree.describe() << ", body " << b;
}

TEST_P(SystemJacobian, AssembledMatrixMatchesProductsAndTransposeProducts) {
  Matrix J;
  matter().calcSystemJacobian(state, J);
  ASSERT_EQ(J.rows(), 6 * nb());
  ASSERT_EQ(J.cols(), nu());
  EXPECT_EQ(J.topRows<6>().norm(), 0.0) << "Ground rows must be zero";
  for (int trial = 0; trial < 3; ++trial) {
    const Vector v = randomVector(nu(), rng);
    std::vector<SpatialVec> V;
    matter().multiplyBySystemJacobian(state, v, V);
    EXPECT_LT(relErr(stack(V), J * v), 10 * nb() * kEps) << tree.describe();

    const std::vector<SpatialVec> F = randomBodyForces(nb(), rng);
    Vector f;
    matter().multiplyBySystemJacobianTranspose(state, F, f);
    ASSERT_EQ(f.size(), nu());
    EXPECT_LT(relErr(f, J.transpose() * stack(F)), 10 * nb() * kEps) << tree.describe();

    // Virtual power: body forces do the same work on J v as the generalized forces on v.
    Real bodyPower = 0;
    for (int b = 0; b < nb(); ++b) bodyPower += F[b].dot(V[b]);
    EXPECT_NEAR(bodyPower, f.dot(v), 100 * nb() * kEps * (f.norm() * v.norm())) << tree.describe();
  }
}

TEST_P(SystemJacobian, StationJacobianIsDerivativeOfStationPosition) {
  State p = advanced(matter(), state, kStep), m = advanced(matter(), state, -kStep);
  tree.system().realize(p, Stage::Position);
  tree.system().realize(m, Stage::Position);
  const Vector u = matter().getU(state);
  for (int trial = 0; trial < 5; ++trial) {
    const auto [b, p_BS] = randomStation();
    Matrix JS;
    matter().calcStationJacobian(state, b, p_BS, JS);
    ASSERT_EQ(JS.rows(), 3);
    ASSERT_EQ(JS.cols(), nu());
    const Vec3 fd = (matter().findStationLocationInGround(p, b, p_BS) -
                     matter().findStationLocationInGround(m, b, p_BS)) /
                    (2 * kStep);
    const Vec3 Ju = JS * u;
    EXPECT_LT(relErr(Ju, fd), kFdTol) << tree.describe() << ", body " << b;
    EXPECT_LT(relErr(Ju, matter().findStationVelocityInGround(state, b, p_BS)), 10 * nb() * kEps)
        << tree.describe() << ", body " << b;
  }
}

// The path form holds exactly the full Jacobian's columns of the body's ancestors' mobilities, in
// the documented order, and the full Jacobian is zero everywhere else.
TEST_P(SystemJacobian, StationJacobianOnPathHoldsTheNonzeroColumns) {
  for (int trial = 0; trial < 5; ++trial) {
    const auto [b, p_BS] = randomStation();
    Matrix JS, path;
    matter().calcStationJacobian(state, b, p_BS, JS);
    matter().calcStationJacobianOnPath(state, b, p_BS, path);
    Matrix rest = JS;
    int c = 0;
    for (int a = b; a > 0; a = matter().getInfo(a).parent)
      for (int j = 0; j < matter().getInfo(a).nu; ++j, ++c) {
        const int u = matter().getInfo(a).uStart + j;
        ASSERT_LT(c, path.cols()) << tree.describe() << ", body " << b;
        EXPECT_LT((path.col(c) - JS.col(u)).norm(), 10 * kEps * (1 + JS.col(u).norm())) << tree.describe();
        rest.col(u).setZero();
      }
    EXPECT_EQ(path.cols(), c) << tree.describe() << ", body " << b;
    EXPECT_EQ(rest.norm(), 0.0) << tree.describe() << ", body " << b;
  }
}

TEST_P(SystemJacobian, FrameJacobianIsDerivativeOfFramePose) {
  State p = advanced(matter(), state, kStep), m = advanced(matter(), state, -kStep);
  tree.system().realize(p, Stage::Position);
  tree.system().realize(m, Stage::Position);
  const Vector u = matter().getU(state);
  for (int trial = 0; trial < 5; ++trial) {
    const auto [b, p_BF] = randomStation();
    Matrix JF;
    matter().calcFrameJacobian(state, b, p_BF, JF);
    ASSERT_EQ(JF.rows(), 6);
    ASSERT_EQ(JF.cols(), nu());
    const Vec6 Ju = JF * u;
    const Vec3 w = angularVelocityFromDifferences(matter().getBodyTransform(m, b).R(),
                                                  matter().getBodyTransform(state, b).R(),
                                                  matter().getBodyTransform(p, b).R(), kStep);
    const Vec3 v = (matter().findStationLocationInGround(p, b, p_BF) -
                    matter().findStationLocationInGround(m, b, p_BF)) /
                   (2 * kStep);
    EXPECT_LT(relErr(Ju, spatialVec(w, v)), kFdTol) << tree.describe() << ", body " << b;
    EXPECT_LT(relErr(Ju, matter().findFrameVelocityInGround(state, b, Transform(p_BF))), 10 * nb() * kEps)
        << tree.describe() << ", body " << b;
  }
}

// Bias terms: J udot + bias is the acceleration, checked against the engine's realized
// accelerations and, for stations and frames, against differences of velocities along the motion
// (body accelerations get the same difference check in Kinematics_test).
TEST_P(SystemJacobian, BiasTermsCompleteTheAcceleration) {
  tree.system().realize(state, Stage::Acceleration);
  const Vector udot = matter().getUDot(state);
  State p = advanced(matter(), state, kStep, &udot), m = advanced(matter(), state, -kStep, &udot);
  tree.system().realize(p, Stage::Velocity);
  tree.system().realize(m, Stage::Velocity);

  Matrix J;
  matter().calcSystemJacobian(state, J);
  std::vector<SpatialVec> bias;
  matter().calcBiasForSystemJacobian(state, bias);
  ASSERT_EQ(static_cast<int>(bias.size()), nb());
  const Vector A = J * udot + stack(bias);
  for (int b = 0; b < nb(); ++b) {
    EXPECT_LT(relErr(Vec6(A.segment<6>(6 * b)), matter().getBodyAcceleration(state, b)), 100 * nb() * kEps)
        << tree.describe() << ", body " << b;
  }

  for (int trial = 0; trial < 5; ++trial) {
    const auto [b, p_BS] = randomStation();
    Matrix JS, JF;
    matter().calcStationJacobian(state, b, p_BS, JS);
    matter().calcFrameJacobian(state, b, p_BS, JF);
    const Vec3 aS = JS * udot + matter().calcBiasForStationJacobian(state, b, p_BS);
    const Vec6 aF = JF * udot + matter().calcBiasForFrameJacobian(state, b, p_BS);
    const Vec3 fdS = (matter().findStationVelocityInGround(p, b, p_BS) -
                      matter().findStationVelocityInGround(m, b, p_BS)) /
                     (2 * kStep);
    const Vec6 fdF = (matter().findFrameVelocityInGround(p, b, Transform(p_BS)) -
                      matter().findFrameVelocityInGround(m, b, Transform(p_BS))) /
                     (2 * kStep);
    const std::string ctx = tree.describe() + ", body " + std::to_string(b);
    EXPECT_LT(relErr(aS, fdS), kFdTol) << ctx;
    EXPECT_LT(relErr(aF, fdF), kFdTol) << ctx;
    EXPECT_LT(relErr(aS, matter().findStationAccelerationInGround(state, b, p_BS)), 100 * nb() * kEps) << ctx;
    EXPECT_LT(relErr(aF, matter().findFrameAccelerationInGround(state, b, Transform(p_BS))), 100 * nb() * kEps) << ctx;
  }
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, SystemJacobian, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
