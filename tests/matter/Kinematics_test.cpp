// Tree kinematics: X_GB composed frame by frame, V_GB and A_GB against central differences along
// the motion, station/frame queries against rigid-body formulas, and the stage rules for them.
#include <gtest/gtest.h>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;
constexpr Real kStep = 1e-5;
constexpr Real kFdTol = 1e-7;

class Kinematics : public ::testing::TestWithParam<unsigned> {
 protected:
  Kinematics() : tree(GetParam()), rng(GetParam() + 900) {
    state = tree.randomState(rng);
    tree.system().realize(state, Stage::Acceleration);
  }
  const MatterSubsystem& matter() const { return tree.matter(); }
  int nb() const { return matter().getNumBodies(); }
  std::string where(int b) const {
    const RandomBodySpec& s = tree.specs()[b];
    return tree.describe() + ", body " + std::to_string(b) + " (" + kindName(s.kind) +
           (s.direction == Direction::Reverse ? ", reversed)" : ")");
  }
  RandomTree tree;
  std::mt19937 rng;
  State state;
};

TEST_P(Kinematics, BodyTransformComposesAlongTheTree) {
  EXPECT_TRUE(matter().getBodyTransform(state, 0).isSameTransform(Transform(), 0.0));
  const Vector q = matter().getQ(state);
  for (int b = 1; b < nb(); ++b) {
    const MobilizedBodyInfo& info = matter().getInfo(b);
    const Transform X_FM = matter().getMobilizer(b).calcX_FM(q.data() + info.qStart);
    EXPECT_TRUE(matter().getMobilizerTransform(state, b).isSameTransform(X_FM, 0.0)) << where(b);
    const Transform X_GB = matter().getBodyTransform(state, info.parent) * info.X_PF * X_FM * info.X_BM.inverse();
    EXPECT_TRUE(matter().getBodyTransform(state, b).isSameTransform(X_GB, 100 * b * kEps)) << where(b);
  }
}

TEST_P(Kinematics, BodyVelocityIsDerivativeOfBodyTransform) {
  State p = advanced(matter(), state, kStep), m = advanced(matter(), state, -kStep);
  tree.system().realize(p, Stage::Position);
  tree.system().realize(m, Stage::Position);
  for (int b = 1; b < nb(); ++b) {
    const Transform& Xp = matter().getBodyTransform(p, b);
    const Transform& Xm = matter().getBodyTransform(m, b);
    const Vec3 w = angularVelocityFromDifferences(Xm.R(), matter().getBodyTransform(state, b).R(), Xp.R(), kStep);
    const Vec3 v = (Xp.p() - Xm.p()) / (2 * kStep);
    EXPECT_LT(relErr(matter().getBodyVelocity(state, b), spatialVec(w, v)), kFdTol) << where(b);
  }
}

TEST_P(Kinematics, BodyAccelerationIsDerivativeOfBodyVelocity) {
  const Vector udot = matter().getUDot(state);
  State p = advanced(matter(), state, kStep, &udot), m = advanced(matter(), state, -kStep, &udot);
  tree.system().realize(p, Stage::Velocity);
  tree.system().realize(m, Stage::Velocity);
  for (int b = 1; b < nb(); ++b) {
    const Vec6 fd = (matter().getBodyVelocity(p, b) - matter().getBodyVelocity(m, b)) / (2 * kStep);
    EXPECT_LT(relErr(matter().getBodyAcceleration(state, b), fd), kFdTol) << where(b);
  }
}

TEST_P(Kinematics, StationAndFrameQueriesFollowRigidBodyFormulas) {
  for (int b = 0; b < nb(); ++b) {
    const Vec3 p_BS = randomVector(3, rng, 0.5);
    const Transform& X_GB = matter().getBodyTransform(state, b);
    const SpatialVec& V = matter().getBodyVelocity(state, b);
    const SpatialVec& A = matter().getBodyAcceleration(state, b);
    const Vec3 w = V.head<3>(), v = V.tail<3>(), al = A.head<3>(), a = A.tail<3>();
    const Vec3 r = X_GB.R() * p_BS;
    const Vec3 vS = v + w.cross(r), aS = a + al.cross(r) + w.cross(w.cross(r));
    const Real tol = 100 * nb() * kEps;
    EXPECT_LT(relErr(matter().findStationLocationInGround(state, b, p_BS), (X_GB * p_BS).eval()), tol) << where(b);
    EXPECT_LT(relErr(matter().findStationVelocityInGround(state, b, p_BS), vS), tol) << where(b);
    EXPECT_LT(relErr(matter().findStationAccelerationInGround(state, b, p_BS), aS), tol) << where(b);

    const Transform X_BF(randomRotation(rng), p_BS);
    EXPECT_TRUE(matter().findFrameTransformInGround(state, b, X_BF).isSameTransform(X_GB * X_BF, tol)) << where(b);
    EXPECT_LT(relErr(matter().findFrameVelocityInGround(state, b, X_BF), spatialVec(w, vS)), tol) << where(b);
    EXPECT_LT(relErr(matter().findFrameAccelerationInGround(state, b, X_BF), spatialVec(al, aS)), tol) << where(b);
  }
}

// Stage rules: results of a stage are unreadable once a variable of that stage changed.
TEST_P(Kinematics, StaleResultsThrow) {
  const int b = nb() - 1;
  State s = state;
  matter().updU(s)[0] += 0.1;
  EXPECT_NO_THROW(matter().getBodyTransform(s, b));
  EXPECT_THROW(matter().getBodyVelocity(s, b), Error);
  EXPECT_THROW(matter().getBodyAcceleration(s, b), Error);
  EXPECT_THROW(matter().getUDot(s), Error);
  tree.system().realize(s, Stage::Velocity);
  EXPECT_NO_THROW(matter().getBodyVelocity(s, b));
  EXPECT_THROW(matter().getBodyAcceleration(s, b), Error);

  matter().updQ(s)[0] += 0.1;
  EXPECT_THROW(matter().getBodyTransform(s, b), Error);
  EXPECT_THROW(matter().getMobilizerTransform(s, b), Error);
  EXPECT_THROW(matter().getBodyVelocity(s, b), Error);
  EXPECT_THROW(matter().findStationLocationInGround(s, b, Vec3::Zero()), Error);
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, Kinematics, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
