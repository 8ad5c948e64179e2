// qdot = N(q) u: N against finite differences of X_FM(q) (through the mobilizer velocities H u),
// N^-1 N = 1, NDot against differences of N along qdot, and N's block structure.
#include <gtest/gtest.h>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;
constexpr Real kStep = 1e-5;
constexpr Real kFdTol = 1e-7;

class NMatrix : public ::testing::TestWithParam<unsigned> {
 protected:
  NMatrix() : tree(GetParam()), rng(GetParam() + 800) {
    state = tree.randomState(rng);
    tree.system().realize(state, Stage::Velocity);
  }
  const MatterSubsystem& matter() const { return tree.matter(); }
  RandomTree tree;
  std::mt19937 rng;
  State state;
};

TEST_P(NMatrix, ProductIsTheRealizedQDot) {
  Vector qdot;
  matter().multiplyByN(state, Vector(matter().getU(state)), qdot);
  ASSERT_EQ(qdot.size(), matter().getNQ());
  EXPECT_LT(relErr(qdot, state.getQDot()), 10 * kEps) << tree.describe();
}

// Moving q along N u must move every mobilizer frame with exactly the velocity H u that the
// kinematics reports; a wrong N (or a wrong quaternion convention) shows up here.
TEST_P(NMatrix, MovesMobilizerFramesWithTheirVelocities) {
  State p = advanced(matter(), state, kStep), m = advanced(matter(), state, -kStep);
  tree.system().realize(p, Stage::Position);
  tree.system().realize(m, Stage::Position);
  for (int b = 1; b < matter().getNumBodies(); ++b) {
    const Transform& Xp = matter().getMobilizerTransform(p, b);
    const Transform& Xm = matter().getMobilizerTransform(m, b);
    const Vec3 w = angularVelocityFromDifferences(Xm.R(), matter().getMobilizerTransform(state, b).R(), Xp.R(), kStep);
    const Vec3 v = (Xp.p() - Xm.p()) / (2 * kStep);
    EXPECT_LT(relErr(matter().getMobilizerVelocity(state, b), spatialVec(w, v)), kFdTol)
        << tree.describe() << ", body " << b << " (" << kindName(tree.specs()[b].kind)
        << (tree.specs()[b].direction == Direction::Reverse ? ", reversed)" : ")");
  }
}

TEST_P(NMatrix, InverseUndoesN) {
  const int nu = matter().getNU();
  for (int trial = 0; trial < 3; ++trial) {
    const Vector v = randomVector(nu, rng);
    Vector qdot, back, qdot2;
    matter().multiplyByN(state, v, qdot);
    matter().multiplyByNInv(state, qdot, back);
    ASSERT_EQ(back.size(), nu);
    EXPECT_LT(relErr(back, v), 10 * kEps) << tree.describe();
    // qdot = N v lies in N's range, so N N^-1 maps it back to itself.
    matter().multiplyByN(state, back, qdot2);
    EXPECT_LT(relErr(qdot2, qdot), 10 * kEps) << tree.describe();
  }
}

TEST_P(NMatrix, QuaternionRatesAreTangent) {
  Vector qdot;
  matter().multiplyByN(state, randomVector(matter().getNU(), rng), qdot);
  const Vector q = matter().getQ(state);
  for (int b = 1; b < matter().getNumBodies(); ++b) {
    const int qi = matter().getMobilizer(b).quaternionIndex();
    if (qi < 0) continue;
    const int k = matter().getInfo(b).qStart + qi;
    EXPECT_NEAR(q.segment<4>(k).dot(qdot.segment<4>(k)), 0.0, 10 * kEps * qdot.segment<4>(k).norm())
        << tree.describe() << ", body " << b;
  }
}

// N is block diagonal: one body's speeds move only that body's coordinates.
TEST_P(NMatrix, IsBlockDiagonalByBody) {
  const int nu = matter().getNU();
  for (int b = 1; b < matter().getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter().getInfo(b);
    if (info.nu == 0) continue;
    Vector v = Vector::Zero(nu);
    v.segment(info.uStart, info.nu) = randomVector(info.nu, rng);
    Vector qdot;
    matter().multiplyByN(state, v, qdot);
    Vector outside = qdot;
    outside.segment(info.qStart, info.nq).setZero();
    EXPECT_EQ(outside.norm(), 0.0) << tree.describe() << ", body " << b;
    EXPECT_GT(qdot.segment(info.qStart, info.nq).norm(), 0.0) << tree.describe() << ", body " << b;
  }
}

TEST_P(NMatrix, NDotIsDerivativeOfNAlongTheMotion) {
  State p = advanced(matter(), state, kStep), m = advanced(matter(), state, -kStep);
  tree.system().realize(p, Stage::Position);
  tree.system().realize(m, Stage::Position);
  const Vector v = randomVector(matter().getNU(), rng);
  Vector ndotv, Np, Nm;
  matter().multiplyByNDot(state, v, ndotv);
  ASSERT_EQ(ndotv.size(), matter().getNQ());
  matter().multiplyByN(p, v, Np);
  matter().multiplyByN(m, v, Nm);
  const Vector fd = (Np - Nm) / (2 * kStep);
  EXPECT_LT(relErr(ndotv, fd), kFdTol) << tree.describe();
  // Per body too, so a failure names the mobilizer.
  for (int b = 1; b < matter().getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter().getInfo(b);
    EXPECT_LT(relErr(ndotv.segment(info.qStart, info.nq), fd.segment(info.qStart, info.nq)), kFdTol)
        << tree.describe() << ", body " << b << " (" << kindName(tree.specs()[b].kind) << ")";
  }
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, NMatrix, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
