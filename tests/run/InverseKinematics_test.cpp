// The inverse-kinematics solver (include/articula/run/InverseKinematics.h) on OpenSim's gait2354
// model (skipped without the fixtures): markers placed by the model at a known pose give that pose
// back exactly; the marker Jacobian agrees with central differences; a missing marker is skipped;
// a coordinate goal pulls its coordinate by the amount the weighted least squares predicts.
#include "articula/run/InverseKinematics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "articula/matter/MatterSubsystem.h"
#include "articula/model/ModelFile.h"
#include "support/AllocationCounter.h"

using namespace articula;
using namespace articula::run;

namespace {

const std::string kModel = ARTICULA_FIXTURES "/opensim/gait2354/subject01_simbody.osim";

struct Fixture {
  model::ModelSpec spec;
  model::BuiltModel built;
  std::vector<IkMarkerGoal> markers;
};

Fixture load() {
  Fixture f{model::loadModelFile(kModel), {}, {}};
  f.built = model::buildModel(f.spec, kModel);
  for (size_t i = 0; i < f.spec.markers.size(); ++i) f.markers.push_back({static_cast<int>(i), 1.0 + 0.1 * i});
  return f;
}

// Whether q_k moves any marker (gait2354's mtp angles move none: no marker is on the toes).
std::vector<bool> observable(const Fixture& f, const InverseKinematics& ik) {
  State s = f.built.initialState;
  f.built.system->realize(s, Stage::Position);
  std::vector<Vec3> x;
  Matrix J;
  ik.markerKinematics(s, x, J);
  std::vector<bool> seen;
  for (int k = 0; k < J.cols(); ++k) seen.push_back(J.col(k).norm() > 1e-9);
  return seen;
}

// A pose away from the default: each observable q moved by a different amount (radians, metres).
Vector offPose(const Fixture& f, const InverseKinematics& ik) {
  Vector q = f.built.system->getMatter().getQ(f.built.initialState);
  const std::vector<bool> seen = observable(f, ik);
  for (int k = 0; k < q.size(); ++k)
    if (seen[k]) q[k] += 0.05 * std::sin(1.3 * k + 0.4);
  return q;
}

std::vector<Vec3> markersAt(const Fixture& f, const InverseKinematics& ik, const Vector& q) {
  State s = f.built.initialState;
  f.built.system->getMatter().updQ(s) = q;
  f.built.system->realize(s, Stage::Position);
  std::vector<Vec3> x;
  Matrix J;
  ik.markerKinematics(s, x, J);
  return x;
}

}  // namespace

TEST(InverseKinematics, RecoversAPoseFromTheModelsOwnMarkers) {
  if (!std::filesystem::exists(kModel)) GTEST_SKIP() << "no OpenSim fixtures";
  const Fixture f = load();
  const InverseKinematics ik(f.spec, f.built, f.markers, {}, 1e-12);
  const Vector q = offPose(f, ik);
  State s = f.built.initialState;  // from the default pose, as OpenSim's first frame
  const IkFrameResult r = ik.solve(s, markersAt(f, ik, q), {}, 200);
  EXPECT_TRUE(r.converged);
  EXPECT_LT(r.maxError, 1e-10);
  const Vector got = f.built.system->getMatter().getQ(s);
  EXPECT_LT((got - q).lpNorm<Eigen::Infinity>(), 1e-8) << (got - q).transpose();
}

TEST(InverseKinematics, MarkerJacobianMatchesCentralDifferences) {
  if (!std::filesystem::exists(kModel)) GTEST_SKIP() << "no OpenSim fixtures";
  const Fixture f = load();
  const InverseKinematics ik(f.spec, f.built, f.markers, {}, 1e-8);
  const Vector q = offPose(f, ik);
  State s = f.built.initialState;
  f.built.system->getMatter().updQ(s) = q;
  f.built.system->realize(s, Stage::Position);
  std::vector<Vec3> x;
  Matrix J;
  ik.markerKinematics(s, x, J);
  const Real h = 1e-6;
  double worst = 0;
  for (int k = 0; k < q.size(); ++k) {
    Vector qp = q, qm = q;
    qp[k] += h;
    qm[k] -= h;
    const std::vector<Vec3> xp = markersAt(f, ik, qp), xm = markersAt(f, ik, qm);
    for (size_t i = 0; i < x.size(); ++i)
      worst = std::max(worst, ((xp[i] - xm[i]) / (2 * h) - J.block<3, 1>(3 * i, k)).lpNorm<Eigen::Infinity>());
  }
  EXPECT_LT(worst, 1e-8);  // central differences' error ~h² plus rounding ~1e-16/h
}

TEST(InverseKinematics, AMissingMarkerIsSkipped) {
  if (!std::filesystem::exists(kModel)) GTEST_SKIP() << "no OpenSim fixtures";
  const Fixture f = load();
  const InverseKinematics ik(f.spec, f.built, f.markers, {}, 1e-12);
  const Vector q = offPose(f, ik);
  std::vector<Vec3> m = markersAt(f, ik, q);
  m[0] = Vec3::Constant(NAN);  // not seen in this frame
  State s = f.built.initialState;
  const IkFrameResult r = ik.solve(s, m, {}, 200);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.squaredErrors[0], 0);  // OpenSim's: no error for a marker not seen
  EXPECT_LT(r.maxError, 1e-10);
  EXPECT_LT((f.built.system->getMatter().getQ(s) - q).lpNorm<Eigen::Infinity>(), 1e-8);
  // RMS over every marker goal, seen or not (OpenSim's marker_error_RMS)
  EXPECT_NEAR(r.rmsError, std::sqrt(r.totalSquaredError / static_cast<double>(m.size())), 1e-15);
}

// With the markers placed at pose q*, a goal pulling coordinate k to q*_k + d moves it to
// q*_k + d·c/(c + s) to first order, where s is the marker cost's curvature along the free
// coordinates (Schur complement of the Gauss–Newton Hessian) and c the goal's; checked with the
// Hessian worked out here from the Jacobian, independently of the solver's iteration.
TEST(InverseKinematics, ACoordinateGoalPullsItsCoordinate) {
  if (!std::filesystem::exists(kModel)) GTEST_SKIP() << "no OpenSim fixtures";
  const Fixture f = load();
  const MatterSubsystem& matter = f.built.system->getMatter();
  const InverseKinematics plain(f.spec, f.built, f.markers, {}, 1e-12);
  const Vector q = offPose(f, plain);
  const int k = matter.getInfo(f.built.mobodOfBody[f.spec.findBody("tibia_r")]).qStart;  // knee_angle_r
  const std::vector<Vec3> m = markersAt(f, plain, q);
  Real W = 0;
  for (const IkMarkerGoal& g : f.markers) W += g.weight;
  const Real weight = 0.01, d = 1e-4;
  const InverseKinematics ik(f.spec, f.built, f.markers, {{k, weight}}, 1e-14);
  State s = f.built.initialState;
  matter.updQ(s) = q;
  const IkFrameResult r = ik.solve(s, m, {q[k] + d}, 200);
  EXPECT_TRUE(r.converged);
  // Hessian of Σ w_i|x_i − m_i|²/(2W) at q*: JᵀWJ/W (residuals zero there).
  State s0 = f.built.initialState;
  matter.updQ(s0) = q;
  f.built.system->realize(s0, Stage::Position);
  std::vector<Vec3> x;
  Matrix J;
  plain.markerKinematics(s0, x, J);
  Matrix H = Matrix::Zero(q.size(), q.size());
  for (size_t i = 0; i < f.markers.size(); ++i)
    H += f.markers[i].weight / W * J.middleRows(3 * i, 3).transpose() * J.middleRows(3 * i, 3);
  // Curvature along k with the other observable coordinates free (the unobservable ones: no term).
  const std::vector<bool> seen = observable(f, plain);
  std::vector<int> obs;
  for (int j = 0; j < q.size(); ++j)
    if (seen[j]) obs.push_back(j);
  Matrix Hr(obs.size(), obs.size());
  int kr = -1;
  for (size_t a = 0; a < obs.size(); ++a) {
    if (obs[a] == k) kr = static_cast<int>(a);
    for (size_t b = 0; b < obs.size(); ++b) Hr(a, b) = H(obs[a], obs[b]);
  }
  ASSERT_GE(kr, 0);
  const Real sk = 1 / Hr.inverse()(kr, kr);
  const Real expected = q[k] + d * weight / (weight + sk);
  const Real got = matter.getQ(s)[k];
  EXPECT_GT(got - q[k], 0.01 * d);  // it moved towards the goal
  EXPECT_NEAR(got, expected, 1e-3 * d);
}

// The work arrays are kept in the solver: after the first frame, a frame allocates only its
// result's per-marker errors.
TEST(InverseKinematics, AFrameAfterTheFirstAllocatesOnlyItsResult) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  if (!std::filesystem::exists(kModel)) GTEST_SKIP() << "no OpenSim fixtures";
  const Fixture f = load();
  const int k = f.built.system->getMatter().getInfo(f.built.mobodOfBody[f.spec.findBody("tibia_r")]).qStart;
  const InverseKinematics ik(f.spec, f.built, f.markers, {{k, 0.01}}, 1e-10);
  const Vector q = offPose(f, ik);
  const std::vector<Vec3> first = markersAt(f, ik, q), second = markersAt(f, ik, 1.01 * q);
  const std::vector<Real> target{q[k]};
  State s = f.built.initialState;
  ik.solve(s, first, target, 200);
  IkFrameResult r;
  const long count = articula::testing::allocationsDuring([&] { r = ik.solve(s, second, target, 200); });
  EXPECT_GT(r.iterations, 1);
  EXPECT_EQ(count, 1);  // squaredErrors
}
