// TreeForceLinearization against central differences of the generalized force it linearizes,
// on random trees of every mobilizer kind (reversed ones included): a spring–damper that pulls a
// station of body B towards a station of body A (or a Ground point) and acts at B's station on
// both bodies. K must be ∂τ/∂q · N at fixed u and D must be ∂τ/∂u.
#include <gtest/gtest.h>

#include "articula/matter/TreeForceLinearization.h"
#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kStep = 1e-6;
constexpr Real kTol = 1e-6;  // relative to the matrix norm: differences are good to ~1e-9 here
constexpr Real kStiffness = 100, kDamping = 3;

struct PointSpring {
  int bodyB = 1, bodyA = 0;
  Vec3 station_B = Vec3::Zero(), station_A = Vec3::Zero();  // on B; on A (in G when A is Ground)
};

// The spring's force on B at its station, and that station, in G.
std::pair<Vec3, Vec3> springForce(const MatterSubsystem& m, const State& s, const PointSpring& k) {
  const Vec3 p = m.findStationLocationInGround(s, k.bodyB, k.station_B);
  const Vec3 a = m.findStationLocationInGround(s, k.bodyA, k.station_A);
  const Vec3 v = m.findStationVelocityInGround(s, k.bodyB, k.station_B) -
                 m.findStationVelocityInGround(s, k.bodyA, k.station_A);
  return {-kStiffness * (p - a) - kDamping * v, p};
}

Vector generalizedForce(const MatterSubsystem& m, const State& s, const PointSpring& k) {
  const auto [f, p] = springForce(m, s, k);
  std::vector<SpatialVec> F(m.getNumBodies(), SpatialVec::Zero());
  const Vec3 pB = m.getBodyTransform(s, k.bodyB).p(), pA = m.getBodyTransform(s, k.bodyA).p();
  F[k.bodyB] += spatialVec((p - pB).cross(f), f);
  if (k.bodyA > 0) F[k.bodyA] -= spatialVec((p - pA).cross(f), f);
  Vector tau;
  m.multiplyBySystemJacobianTranspose(s, F, tau);
  return tau;
}

// The spring's wrench on B about the Ground origin and its slopes (derived by hand).
std::pair<SpatialVec, WrenchSlopes> springSlopes(const MatterSubsystem& m, const State& s, const PointSpring& k,
                                                 const TreeForceLinearization& lin) {
  const auto [f, p] = springForce(m, s, k);
  const Vec3 a = m.findStationLocationInGround(s, k.bodyA, k.station_A);
  const Vec3 wB = lin.getVelocity(k.bodyB).head<3>(), wA = lin.getVelocity(k.bodyA).head<3>();
  Eigen::Matrix<Real, 6, 3> arm;  // a force at p as a wrench about the origin: [p×; I]
  arm << skew(p), Mat33::Identity();
  WrenchSlopes sl;
  // B's pose moves p (and, at fixed V_B, p's velocity by ω_B × δp); the wrench's arm moves too.
  const Eigen::Matrix<Real, 3, 6> dfB = (-kStiffness * Mat33::Identity() - kDamping * skew(wB)) * pointMap(p);
  sl.K_B = arm * dfB;
  sl.K_B.topRows<3>() -= skew(f) * pointMap(p);
  // A's pose moves the anchor a only.
  sl.K_A = arm * ((kStiffness * Mat33::Identity() + kDamping * skew(wA)) * pointMap(a));
  sl.D_B = arm * (-kDamping * pointMap(p));
  sl.D_A = arm * (kDamping * pointMap(a));
  return {spatialVec(p.cross(f), f), sl};
}

State withQ(const MatterSubsystem& m, const MultibodySystem& sys, const State& s, int j, Real h) {
  State t = s;
  Vector e = Vector::Zero(m.getNU());
  e[j] = 1;
  m.updU(t) = e;
  t = advanced(m, t, h);  // q + h N e_j
  m.updU(t) = m.getU(s);
  sys.realize(t, Stage::Velocity);
  return t;
}

class TreeForceLinearizationTest : public ::testing::TestWithParam<unsigned> {};

TEST_P(TreeForceLinearizationTest, MatchesDifferencesOfTheGeneralizedForce) {
  RandomTree tree(GetParam(), RandomTreeOptions{.numBodies = 24});
  std::mt19937 rng(GetParam() + 31);
  const MatterSubsystem& m = tree.matter();
  const MultibodySystem& sys = tree.system();
  State s = tree.randomState(rng);
  sys.realize(s, Stage::Velocity);
  const int nb = m.getNumBodies(), nu = m.getNU();
  TreeForceLinearization lin;
  lin.prepare(m, s);
  for (int trial = 0; trial < 4; ++trial) {
    PointSpring k;
    k.bodyB = std::uniform_int_distribution<int>(1, nb - 1)(rng);
    k.bodyA = trial == 0 ? 0 : std::uniform_int_distribution<int>(0, nb - 1)(rng);
    if (k.bodyA == k.bodyB) k.bodyA = 0;
    k.station_B = randomVector(3, rng, 0.5);
    k.station_A = randomVector(3, rng, 0.5);
    const auto [W, slopes] = springSlopes(m, s, k, lin);
    Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
    lin.addWrench(k.bodyB, k.bodyA, W, slopes, D, K);

    Matrix Dfd(nu, nu), Kfd(nu, nu);
    for (int j = 0; j < nu; ++j) {
      Kfd.col(j) = (generalizedForce(m, withQ(m, sys, s, j, kStep), k) -
                    generalizedForce(m, withQ(m, sys, s, j, -kStep), k)) /
                   (2 * kStep);
      State p = s, q = s;
      m.updU(p)[j] += kStep;
      m.updU(q)[j] -= kStep;
      sys.realize(p, Stage::Velocity);
      sys.realize(q, Stage::Velocity);
      Dfd.col(j) = (generalizedForce(m, p, k) - generalizedForce(m, q, k)) / (2 * kStep);
    }
    const std::string where = tree.describe() + ", B " + std::to_string(k.bodyB) + " (" +
                              kindName(tree.specs()[k.bodyB].kind) + "), A " + std::to_string(k.bodyA);
    EXPECT_LT((K - Kfd).norm(), kTol * Kfd.norm()) << where << "\nK\n" << K << "\nfd\n" << Kfd;
    EXPECT_LT((D - Dfd).norm(), kTol * Dfd.norm()) << where;
  }
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, TreeForceLinearizationTest, ::testing::Range(1u, 9u));

}  // namespace
}  // namespace articula::testing
