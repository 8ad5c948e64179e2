// Mobilizer types ball, free, ellipsoid, lineOrientation, freeLine and functionBased, and the
// generic reversal: finite-difference checks forward and reversed (Theory Manual oracles 12-16),
// plus values derived by hand (quaternion kinematics, reversed relative motion, pin equivalence).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "articula/Error.h"
#include "articula/matter/mobilizers.h"
#include "support/MobilizerChecks.h"

namespace articula {
namespace {

using mobilizers::SpatialCoordinate;
using mobilizers::SpatialFunctions;

// f(x, y) = sin(x) y + x^2 y^2 / 2: a smooth two-argument function with a nonzero mixed partial,
// which the function library (one-argument or linear) does not provide.
class Coupled2 final : public Function {
 public:
  int argumentSize() const override { return 2; }
  Real calcValue(std::span<const Real> x) const override {
    if (x.size() != 2) return std::nan("");
    return std::sin(x[0]) * x[1] + 0.5 * x[0] * x[0] * x[1] * x[1];
  }
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    if (x.size() != 2) return std::nan("");
    const Real a = x[0], b = x[1];
    if (d.size() == 1) return d[0] == 0 ? std::cos(a) * b + a * b * b : std::sin(a) + a * a * b;
    if (d.size() != 2) return 0;
    if (d[0] == 0 && d[1] == 0) return -std::sin(a) * b + b * b;
    if (d[0] == 1 && d[1] == 1) return a * a;
    return std::cos(a) + 2 * a * b;  // mixed
  }
};

SpatialCoordinate coord(FunctionPtr f, std::vector<int> args) { return {std::move(f), args}; }

// A knee-like joint: flexion q0 about z with the tibia origin sliding on spline-given x(q0),
// y(q0) (made-up data shaped like a femoral condyle roll-back). The splines pass through 0 at
// q0 = 0 because the generic checks require the default q to put M on F.
SpatialFunctions kneeSpec() {
  const std::vector<Real> angle{-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0};
  const std::vector<Real> tx{-0.004, 0.001, 0.004, 0.003, 0.0, -0.003, -0.005, -0.0055, -0.005};
  const std::vector<Real> ty{-0.024, -0.014, -0.004, -0.001, 0.0, -0.001, -0.002, -0.003, -0.001};
  SpatialFunctions s;
  s.numCoordinates = 1;
  s.rotationAxes = {Vec3::UnitZ(), Vec3::UnitX(), Vec3::UnitY()};
  s.rotations[0] = coord(functions::linear({1.0}, 0.0), {0});
  s.translations[0] = coord(functions::naturalCubicSpline(angle, tx), {0});
  s.translations[1] = coord(functions::naturalCubicSpline(angle, ty), {0});
  return s;
}

// Two coordinates; r0 depends on both, r1 on q1, translations on one or both (args reordered and
// repeated), with oblique unit axes. Every function vanishes at q = 0 (see kneeSpec).
SpatialFunctions coupledSpec() {
  SpatialFunctions s;
  s.numCoordinates = 2;
  s.rotationAxes = {Vec3(1, 2, 2) / 3, Vec3::UnitY(), Vec3(0, 0.6, 0.8)};
  s.rotations[0] = coord(std::make_shared<Coupled2>(), {0, 1});
  s.rotations[1] = coord(functions::sinusoid(0.8, 1.3, 0.0), {1});
  s.rotations[2] = coord(functions::polynomial({0.0, -0.3, 0.5}), {0});
  s.translationAxes = {Vec3::UnitX(), Vec3(0.6, 0.8, 0), Vec3::UnitZ()};
  s.translations[0] = coord(functions::polynomial({0.0, 0.2, 0.0, 0.1}), {0});
  s.translations[1] = coord(std::make_shared<Coupled2>(), {1, 0});
  s.translations[2] = coord(std::make_shared<Coupled2>(), {1, 1});
  return s;
}

using Factory = std::function<std::unique_ptr<Mobilizer>()>;
struct Case {
  std::string name;
  Factory make;
  int nq, nu, quaternionIndex;
};
void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"Ball", [] { return mobilizers::ball(); }, 4, 3, 0},
      {"BallEulerXYZ", [] { return mobilizers::ball(RotationCoordinates::EulerXYZ); }, 3, 3, -1},
      {"Free", [] { return mobilizers::free(); }, 7, 6, 0},
      {"FreeEulerXYZ", [] { return mobilizers::free(RotationCoordinates::EulerXYZ); }, 6, 6, -1},
      {"Ellipsoid", [] { return mobilizers::ellipsoid(Vec3(0.5, 0.8, 1.3)); }, 4, 3, 0},
      {"LineOrientation", mobilizers::lineOrientation, 4, 2, 0},
      {"FreeLine", mobilizers::freeLine, 7, 5, 0},
      {"FunctionBasedKnee", [] { return mobilizers::functionBased(kneeSpec()); }, 1, 1, -1},
      {"FunctionBasedCoupled", [] { return mobilizers::functionBased(coupledSpec()); }, 2, 2, -1},
  };
  return all;
}

class MobilizerTypeB : public ::testing::TestWithParam<Case> {};

TEST_P(MobilizerTypeB, Counts) {
  const auto m = GetParam().make();
  EXPECT_EQ(m->nq(), GetParam().nq);
  EXPECT_EQ(m->nu(), GetParam().nu);
  EXPECT_EQ(m->quaternionIndex(), GetParam().quaternionIndex);
  const auto r = makeReversed(GetParam().make());
  EXPECT_EQ(r->typeName(), "Reversed" + m->typeName());
  EXPECT_EQ(r->nq(), m->nq());
  EXPECT_EQ(r->nu(), m->nu());
  EXPECT_EQ(r->quaternionIndex(), m->quaternionIndex());
}

TEST_P(MobilizerTypeB, ForwardKinematics) { articula::testing::checkMobilizerKinematics(*GetParam().make(), 30, 21); }

// calcX_FMAndH_FM (one evaluation for the position kinematics) gives exactly calcX_FM and calcH_FM.
TEST_P(MobilizerTypeB, CombinedPoseAndHMatchSeparate) {
  const auto mob = GetParam().make();
  std::mt19937 rng(5);
  std::uniform_real_distribution<Real> d(-1.2, 1.2);
  for (int trial = 0; trial < 10; ++trial) {
    std::vector<Real> q(mob->nq());
    for (Real& v : q) v = d(rng);
    mob->normalizeQ(q.data());
    HMatrix H, Hc;
    mob->calcH_FM(q.data(), H);
    const Transform X = mob->calcX_FM(q.data()), Xc = mob->calcX_FMAndH_FM(q.data(), Hc);
    EXPECT_LT((X.R().matrix() - Xc.R().matrix()).norm(), 1e-14);
    EXPECT_LT((X.p() - Xc.p()).norm(), 1e-14);
    EXPECT_LT((H - Hc).norm(), 1e-14);
  }
}

TEST_P(MobilizerTypeB, ReversedKinematics) {
  articula::testing::checkMobilizerKinematics(*makeReversed(GetParam().make()), 30, 22);
}

INSTANTIATE_TEST_SUITE_P(MobilizersB, MobilizerTypeB, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) { return info.param.name; });

constexpr Real kTol = 1e-13;

HMatrix hOf(const Mobilizer& m, const SmallVector& q) {
  HMatrix H;
  m.calcH_FM(q.data(), H);
  return H;
}
HMatrix hDotOf(const Mobilizer& m, const SmallVector& q, const SmallVector& u) {
  HMatrix H;
  m.calcHDot_FM(q.data(), u.data(), H);
  return H;
}

// Standard quaternion kinematics: qdot = 1/2 (0, w_F) * q = 1/2 q * (0, w_M), and R(q) is the
// matrix of Eigen's quaternion.
TEST(MobilizersB, QuaternionKinematicsMatchStandardFormula) {
  std::mt19937 rng(3);
  for (const bool isFree : {false, true}) {
    const auto m = isFree ? mobilizers::free() : mobilizers::ball();
    for (int trial = 0; trial < 10; ++trial) {
      SmallVector q, u;
      articula::testing::randomQU(*m, rng, q, u);
      const Eigen::Quaterniond Q(q[0], q[1], q[2], q[3]);
      const Vec3 w_F = u.head<3>();
      const Eigen::Quaterniond W(0, w_F.x(), w_F.y(), w_F.z());
      const Eigen::Quaterniond expected = W * Q;
      SmallVector qdot(m->nq());
      m->multiplyByN(q.data(), u.data(), qdot.data());
      EXPECT_LT((0.5 * expected.coeffs() - Vec4(qdot[1], qdot[2], qdot[3], qdot[0])).norm(), kTol);  // coeffs = x y z w

      const Mat33 R = m->calcX_FM(q.data()).R().matrix();
      EXPECT_LT((R - Q.toRotationMatrix()).norm(), kTol);
      const Vec3 w_M = R.transpose() * w_F;
      const Eigen::Quaterniond viaM = Q * Eigen::Quaterniond(0, w_M.x(), w_M.y(), w_M.z());
      EXPECT_LT((0.5 * viaM.coeffs() - Vec4(qdot[1], qdot[2], qdot[3], qdot[0])).norm(), 1e-12);
      if (isFree) {
        EXPECT_EQ(Vec3(qdot.tail<3>()), Vec3(u.tail<3>()));
        EXPECT_EQ(m->calcX_FM(q.data()).p(), Vec3(q.tail<3>()));
      }
    }
  }
}

TEST(MobilizersB, FreeQuaternionHIsIdentity) {
  const auto m = mobilizers::free();
  std::mt19937 rng(4);
  for (int trial = 0; trial < 5; ++trial) {
    SmallVector q, u;
    articula::testing::randomQU(*m, rng, q, u);
    EXPECT_EQ(Mat66(hOf(*m, q)), Mat66::Identity());
    EXPECT_EQ(Mat66(hDotOf(*m, q, u)), Mat66::Zero());
  }
}

TEST(MobilizersB, EulerOptionsUseBodyFixedXYZ) {
  const SmallVector q = (SmallVector(6) << 0.3, -0.7, 1.1, 0.2, -0.4, 0.9).finished();
  const Rotation R = Rotation::bodyFixedXYZ(q.head<3>());
  const Transform Xf = mobilizers::free(RotationCoordinates::EulerXYZ)->calcX_FM(q.data());
  EXPECT_TRUE(Xf.R().isSameRotation(R, kTol));
  EXPECT_EQ(Xf.p(), Vec3(q.tail<3>()));
  const Transform Xb = mobilizers::ball(RotationCoordinates::EulerXYZ)->calcX_FM(q.data());
  EXPECT_TRUE(Xb.R().isSameRotation(R, kTol));
}

TEST(MobilizersB, ReversedTranslationAtZero) {
  const auto t = makeReversed(mobilizers::translation());
  const SmallVector q = SmallVector::Zero(3);
  const HMatrix H = hOf(*t, q);
  EXPECT_LT(H.topRows<3>().norm(), kTol);
  EXPECT_LT((H.bottomRows<3>() + Mat33::Identity()).norm(), kTol);
}

// A free joint A -> B and the reversed free joint B -> A with the same q and u describe the same
// relative motion. The reversed one gives X_BA, V_BA (in B, derivatives in B); converting back
// with p_AB = -R_AB p_BA must reproduce the forward pose, velocity and acceleration:
//   w_AB = -R_AB w_BA,  v_AB = -R_AB v_BA + w_AB x p_AB,  b_AB = -R_AB b_BA,
//   a_AB = -(w_AB x R_AB v_BA + R_AB a_BA) + b_AB x p_AB + w_AB x v_AB.
TEST(MobilizersB, ReversedFreeGivesSameRelativeMotion) {
  const auto fwd = mobilizers::free();
  const auto rev = makeReversed(mobilizers::free());
  std::mt19937 rng(8);
  std::uniform_real_distribution<Real> speed(-1, 1);
  for (int trial = 0; trial < 10; ++trial) {
    SmallVector q, u;
    articula::testing::randomQU(*fwd, rng, q, u);
    Vec6 udot;
    for (int i = 0; i < 6; ++i) udot[i] = speed(rng);

    const Transform X_AB = fwd->calcX_FM(q.data()), X_BA = rev->calcX_FM(q.data());
    EXPECT_TRUE((X_AB * X_BA).isSameTransform(Transform(), 1e-13));

    const Vec6 V_AB = Mat66(hOf(*fwd, q)) * u;
    const Vec6 A_AB = Mat66(hOf(*fwd, q)) * udot + Mat66(hDotOf(*fwd, q, u)) * u;
    const Vec6 V_BA = Mat66(hOf(*rev, q)) * u;
    const Vec6 A_BA = Mat66(hOf(*rev, q)) * udot + Mat66(hDotOf(*rev, q, u)) * u;

    const Mat33& R_AB = X_AB.R().matrix();
    const Vec3& p_AB = X_AB.p();
    const Vec3 w = -R_AB * V_BA.head<3>();
    const Vec3 v = -R_AB * V_BA.tail<3>() + w.cross(p_AB);
    const Vec3 b = -R_AB * A_BA.head<3>();
    const Vec3 a = -(w.cross(R_AB * V_BA.tail<3>()) + R_AB * A_BA.tail<3>()) + b.cross(p_AB) + w.cross(v);
    EXPECT_LT((w - V_AB.head<3>()).norm(), 1e-12) << "trial " << trial;
    EXPECT_LT((v - V_AB.tail<3>()).norm(), 1e-12) << "trial " << trial;
    EXPECT_LT((b - A_AB.head<3>()).norm(), 1e-12) << "trial " << trial;
    EXPECT_LT((a - A_AB.tail<3>()).norm(), 1e-12) << "trial " << trial;
  }
}

// M's origin lies on the ellipsoid where M's z is the outward normal.
TEST(MobilizersB, EllipsoidPointAndNormal) {
  const Vec3 axes(0.5, 0.8, 1.3);
  const auto m = mobilizers::ellipsoid(axes);
  SmallVector q0(4);
  m->setDefaultQ(q0.data());
  EXPECT_LT((m->calcX_FM(q0.data()).p() - Vec3(0, 0, 1.3)).norm(), kTol);
  // A quarter turn about y takes M's z to F's x: the tip of the a semi-axis.
  const Real h = std::sqrt(0.5);
  const SmallVector qy = (SmallVector(4) << h, 0, h, 0).finished();
  EXPECT_LT((m->calcX_FM(qy.data()).p() - Vec3(0.5, 0, 0)).norm(), kTol);

  std::mt19937 rng(9);
  for (int trial = 0; trial < 10; ++trial) {
    SmallVector q, u;
    articula::testing::randomQU(*m, rng, q, u);
    const Transform X = m->calcX_FM(q.data());
    const Vec3 p = X.p(), n = X.R().z();
    EXPECT_NEAR(p.cwiseQuotient(axes).squaredNorm(), 1.0, 1e-13);
    const Vec3 grad = p.cwiseQuotient(axes.cwiseProduct(axes));  // outward normal direction
    EXPECT_LT((grad.normalized() - n).norm(), 1e-12);
  }
  EXPECT_THROW(mobilizers::ellipsoid(Vec3(1, 0, 1)), Error);
  EXPECT_THROW(mobilizers::ellipsoid(Vec3(1, 1, std::nan(""))), Error);
}

TEST(MobilizersB, LineOrientationAxes) {
  const auto m = mobilizers::lineOrientation();
  std::mt19937 rng(10);
  SmallVector q, u;
  articula::testing::randomQU(*m, rng, q, u);
  const Mat33 R = m->calcX_FM(q.data()).R().matrix();
  const HMatrix H = hOf(*m, q);
  EXPECT_LT((H.topRows<3>() - R.leftCols<2>()).norm(), kTol);
  EXPECT_EQ(H.bottomRows<3>().norm(), 0);
  // No spin: the angular velocity expressed in M has no z component.
  const Vec3 w_M = R.transpose() * (H.topRows<3>() * u);
  EXPECT_LT(std::abs(w_M.z()), kTol);
}

TEST(MobilizersB, NormalizingZeroQuaternionThrows) {
  Real q[4] = {0, 0, 0, 0};
  EXPECT_THROW(mobilizers::ball()->normalizeQ(q), Error);
  Real ok[4] = {1, 0, 0, 0};
  EXPECT_FALSE(mobilizers::ball()->normalizeQ(ok));
}

// r2 = q0 about z and nothing else is a pin.
TEST(MobilizersB, FunctionBasedEqualsPin) {
  SpatialFunctions s;
  s.rotations[2] = coord(functions::linear({1.0}, 0.0), {0});
  const auto fb = mobilizers::functionBased(s);
  const auto pin = mobilizers::pin();
  for (const Real angle : {-1.1, 0.0, 0.4, 2.9}) {
    SmallVector q(1), u(1);
    q[0] = angle;
    u[0] = 0.7;
    EXPECT_TRUE(fb->calcX_FM(q.data()).isSameTransform(pin->calcX_FM(q.data()), kTol));
    EXPECT_LT((hOf(*fb, q) - hOf(*pin, q)).norm(), kTol);
    EXPECT_LT((hDotOf(*fb, q, u) - hDotOf(*pin, q, u)).norm(), kTol);
  }
}

// Affine coordinates take a shortcut (their slopes, no Hessian): the same joint given by
// degree-1 polynomials, which take the general path, moves the same. Two coordinates, oblique
// axes, a rotation with an offset, a translation reading q1 twice.
TEST(MobilizersB, FunctionBasedAffineShortcutMatchesGeneralPath) {
  SpatialFunctions affine, general;
  for (SpatialFunctions* s : {&affine, &general}) {
    s->numCoordinates = 2;
    s->rotationAxes = {Vec3(1, 2, 2) / 3, Vec3::UnitY(), Vec3(0, 0.6, 0.8)};
  }
  affine.rotations[0] = coord(functions::linear({0.7}, 0.1), {0});
  affine.rotations[1] = coord(functions::linear({1.0}, 0.0), {1});
  affine.translations[2] = coord(functions::linear({0.3, 0.2}, 0.0), {1, 1});
  general.rotations[0] = coord(functions::polynomial({0.1, 0.7}), {0});
  general.rotations[1] = coord(functions::polynomial({0.0, 1.0}), {1});
  general.translations[2] = coord(functions::polynomial({0.0, 0.5}), {1});
  const auto a = mobilizers::functionBased(affine), g = mobilizers::functionBased(general);
  for (const Real x : {-1.3, 0.0, 0.45, 2.2}) {
    SmallVector q(2), u(2);
    q[0] = x;
    q[1] = 0.6 - x;
    u[0] = 0.9;
    u[1] = -1.7;
    EXPECT_TRUE(a->calcX_FM(q.data()).isSameTransform(g->calcX_FM(q.data()), kTol));
    EXPECT_LT((hOf(*a, q) - hOf(*g, q)).norm(), kTol);
    EXPECT_LT((hDotOf(*a, q, u) - hDotOf(*g, q, u)).norm(), kTol);
  }
}

// The knee's H is exactly [z; x'(q) x + y'(q) y] with the spline slopes.
TEST(MobilizersB, FunctionBasedKneeH) {
  const SpatialFunctions s = kneeSpec();
  const auto m = mobilizers::functionBased(s);
  SmallVector q(1);
  q[0] = 0.83;
  const Transform X = m->calcX_FM(q.data());
  EXPECT_LT((X.R().matrix() - Rotation::aboutZ(0.83).matrix()).norm(), kTol);
  const Vec3 p(s.translations[0].function->value(0.83), s.translations[1].function->value(0.83), 0);
  EXPECT_LT((X.p() - p).norm(), kTol);
  Vec6 expected;
  expected << 0, 0, 1, s.translations[0].function->derivative(0.83), s.translations[1].function->derivative(0.83), 0;
  EXPECT_LT((Vec6(hOf(*m, q)) - expected).norm(), kTol);
}

void expectSpecError(const SpatialFunctions& s, const std::string& fragment) {
  try {
    mobilizers::functionBased(s);
    ADD_FAILURE() << "no Error for a spec that should mention '" << fragment << "'";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(MobilizersB, FunctionBasedValidation) {
  SpatialFunctions s;
  s.numCoordinates = 2;
  s.rotations[0] = coord(functions::linear({1.0}, 0.0), {0});
  s.translations[1] = coord(functions::linear({1.0}, 0.0), {2});
  expectSpecError(s, "translation t1");  // arg 2 >= numCoordinates

  s.translations[1] = coord(functions::linear({1.0}, 0.0), {0, 1});
  expectSpecError(s, "translation t1");  // argumentSize 1 but two args

  s.translations[1] = coord(functions::linear({1.0}, 0.0), {1});
  s.rotationAxes[0] = Vec3(1, 1, 0);
  expectSpecError(s, "rotation r0");  // not a unit axis
  s.rotationAxes[0] = Vec3::UnitX();

  s.rotations[1] = coord(functions::linear({1.0}, 0.0), {1});
  s.rotationAxes[1] = Vec3::UnitX();
  expectSpecError(s, "rotation r1");  // parallel to r0's axis
  s.rotations[1] = SpatialCoordinate{};

  s.translations[1] = SpatialCoordinate{};
  expectSpecError(s, "q1");  // coordinate 1 unused

  s.numCoordinates = 0;
  expectSpecError(s, "numCoordinates");
  s.numCoordinates = 1;
  EXPECT_NO_THROW(mobilizers::functionBased(s));
}

}  // namespace
}  // namespace articula
