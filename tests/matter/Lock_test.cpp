// Locked mobilizers: udot is zero there, the rest of the tree moves exactly as if the mobilizer
// were a Weld at the locked pose (same model rebuilt with Welds), and the lock forces are the
// inverse-dynamics forces of the locked mobilities.
#include <gtest/gtest.h>

#include <Eigen/SVD>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;

// Rebuilds `tree`'s model with every body in `locked` replaced by a Weld at its pose in `s`.
struct WeldedTwin {
  MultibodySystem system;
  TestForces* forces = nullptr;
  std::vector<MobilizedBody> bodies;

  WeldedTwin(const RandomTree& tree, const State& s, const std::vector<char>& locked) {
    MatterSubsystem& matter = system.updMatter();
    forces = &addTestForces(system);
    forces->gravity = tree.forces().gravity;
    forces->bodyForces_G = tree.forces().bodyForces_G;
    bodies.push_back(MobilizedBody::Ground(matter));
    for (size_t b = 1; b < tree.specs().size(); ++b) {
      RandomBodySpec spec = tree.specs()[b];
      if (locked[b]) {
        spec.kind = MobilizerKind::Weld;
        spec.X_PF = spec.X_PF * tree.matter().getMobilizerTransform(s, static_cast<int>(b));
        spec.direction = Direction::Forward;
      }
      bodies.push_back(addBody(bodies[spec.parent], spec));
    }
    system.realizeTopology();
  }
};

Real conditionNumber(const Matrix& M) {
  const Eigen::JacobiSVD<Matrix> svd(M);
  return svd.singularValues()(0) / svd.singularValues()(svd.singularValues().size() - 1);
}

class Lock : public ::testing::TestWithParam<unsigned> {};

TEST_P(Lock, LockedMobilizerBehavesLikeAWeld) {
  RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 1700);
  const int nb = matter.getNumBodies(), nu = matter.getNU();
  tree.forces().bodyForces_G = randomBodyForces(nb, rng);
  tree.forces().mobilityForces = randomVector(nu, rng);
  State s = tree.randomState(rng);

  // Lock about a third of the mobile bodies, including ones with children.
  std::vector<char> locked(nb, 0);
  for (int b = 1; b < nb; ++b)
    if (matter.getInfo(b).nu > 0 && std::uniform_int_distribution<int>(0, 2)(rng) == 0) locked[b] = 1;
  for (int b = 1; b < nb; ++b)
    if (locked[b]) tree.bodies()[b].lock(s);
  tree.system().realize(s, Stage::Acceleration);

  WeldedTwin twin(tree, s, locked);
  const MatterSubsystem& twinMatter = twin.system.getMatter();
  State ts = twin.system.getDefaultState();
  Vector twinTau = Vector::Zero(twinMatter.getNU());
  for (int b = 1; b < nb; ++b) {
    if (locked[b]) continue;
    const MobilizedBodyInfo& info = matter.getInfo(b);
    const MobilizedBodyInfo& twinInfo = twinMatter.getInfo(b);
    twin.bodies[b].setQ(ts, SmallVector(tree.bodies()[b].getQ(s)));
    twin.bodies[b].setU(ts, SmallVector(tree.bodies()[b].getU(s)));
    twinTau.segment(twinInfo.uStart, twinInfo.nu) = tree.forces().mobilityForces.segment(info.uStart, info.nu);
  }
  twin.forces->mobilityForces = twinTau;
  twin.system.realize(ts, Stage::Acceleration);

  Matrix M;
  twinMatter.calcM(ts, M);
  const Real tol = 10 * nu * kEps * conditionNumber(M);
  for (int b = 1; b < nb; ++b) {
    const std::string ctx = tree.describe() + ", body " + std::to_string(b) + " (" + kindName(tree.specs()[b].kind) +
                            (locked[b] ? ", locked)" : ")");
    EXPECT_EQ(matter.isLocked(s, b), locked[b] != 0) << ctx;
    if (locked[b]) {
      EXPECT_EQ(Vector(tree.bodies()[b].getU(s)).norm(), 0.0) << ctx << ": lock must zero u";
      EXPECT_EQ(Vector(tree.bodies()[b].getUDot(s)).norm(), 0.0) << ctx;
    } else {
      EXPECT_LT(relErr(Vector(tree.bodies()[b].getUDot(s)), Vector(twin.bodies[b].getUDot(ts))), tol) << ctx;
    }
    EXPECT_TRUE(matter.getBodyTransform(s, b).isSameTransform(twinMatter.getBodyTransform(ts, b), 1e-12)) << ctx;
    EXPECT_LT(relErr(matter.getBodyAcceleration(s, b), twinMatter.getBodyAcceleration(ts, b)), tol) << ctx;
  }
}

TEST_P(Lock, LockForcesAreTheInverseDynamicsForces) {
  RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 1800);
  const int nb = matter.getNumBodies(), nu = matter.getNU();
  tree.forces().bodyForces_G = randomBodyForces(nb, rng);
  tree.forces().mobilityForces = randomVector(nu, rng);
  State s = tree.randomState(rng);
  std::vector<char> lockedU(nu, 0);
  for (int b = 2; b < nb; b += 3) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    tree.bodies()[b].lockAt(s, randomQ(matter.getMobilizer(b), rng));
    for (int i = 0; i < info.nu; ++i) lockedU[info.uStart + i] = 1;
  }
  tree.system().realize(s, Stage::Acceleration);

  Vector residual;
  matter.calcResidualForceIgnoringConstraints(s, matter.getAppliedMobilityForces(s), matter.getAppliedBodyForces(s),
                                              Vector(matter.getUDot(s)), residual);
  const Vector& lockForces = matter.getLockForces(s);
  ASSERT_EQ(lockForces.size(), nu);
  Vector Mudot;
  matter.multiplyByM(s, Vector(matter.getUDot(s)), Mudot);
  const Real scale = Mudot.norm() + matter.getAppliedMobilityForces(s).norm() + lockForces.norm();
  for (int i = 0; i < nu; ++i) {
    if (lockedU[i]) {
      EXPECT_NEAR(lockForces[i], residual[i], 100 * nu * kEps * scale) << tree.describe() << ", u " << i;
    } else {
      EXPECT_EQ(lockForces[i], 0.0) << tree.describe() << ", u " << i;
      // Free mobilities are in dynamic balance: nothing extra is needed.
      EXPECT_NEAR(residual[i], 0.0, 100 * nu * kEps * scale) << tree.describe() << ", u " << i;
    }
  }
  EXPECT_GT(lockForces.norm(), 0.0);
}

TEST_P(Lock, UnlockRestoresFreeMotion) {
  RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 1900);
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Acceleration);
  const Vector freeUDot = matter.getUDot(s);
  const int b = matter.getNumBodies() / 2;
  const SmallVector q = SmallVector(tree.bodies()[b].getQ(s)), u = SmallVector(tree.bodies()[b].getU(s));
  tree.bodies()[b].lock(s);
  tree.system().realize(s, Stage::Acceleration);
  EXPECT_TRUE(matter.isLocked(s, b));
  EXPECT_EQ(SmallVector(tree.bodies()[b].getQ(s)), q) << "lockAtCurrent moved q";
  tree.bodies()[b].unlock(s);
  EXPECT_FALSE(matter.isLocked(s, b));
  tree.bodies()[b].setU(s, u);
  tree.system().realize(s, Stage::Acceleration);
  EXPECT_LT(relErr(Vector(matter.getUDot(s)), freeUDot), 10 * matter.getNU() * kEps) << tree.describe();
  EXPECT_EQ(matter.getLockForces(s).norm(), 0.0);
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, Lock, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
