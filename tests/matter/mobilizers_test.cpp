// Mobilizer types weld .. sphericalCoords and bushing: generic finite-difference checks, forward
// and reversed (Theory Manual oracles 12-16), plus hand-derived values of X_FM and H_FM.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include "articula/Error.h"
#include "articula/math/Rotation.h"
#include "articula/matter/mobilizers.h"
#include "support/MobilizerChecks.h"

namespace articula {
namespace {

using Factory = std::function<std::unique_ptr<Mobilizer>()>;

struct Case {
  std::string name;
  Factory make;
  int nq, nu;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"Weld", mobilizers::weld, 0, 0},
      {"Pin", mobilizers::pin, 1, 1},
      {"Slider", mobilizers::slider, 1, 1},
      {"Screw", [] { return mobilizers::screw(0.13); }, 1, 1},
      {"Universal", mobilizers::universal, 2, 2},
      {"Cylinder", mobilizers::cylinder, 2, 2},
      {"BendStretch", mobilizers::bendStretch, 2, 2},
      {"Planar", mobilizers::planar, 3, 3},
      {"Gimbal", mobilizers::gimbal, 3, 3},
      {"Translation", mobilizers::translation, 3, 3},
      {"Bushing", mobilizers::bushing, 6, 6},
      {"SphericalCoords", mobilizers::sphericalCoords, 3, 3},
  };
  return all;
}

class MobilizerType : public ::testing::TestWithParam<Case> {};

TEST_P(MobilizerType, Counts) {
  const auto m = GetParam().make();
  EXPECT_EQ(m->nq(), GetParam().nq) << m->typeName();
  EXPECT_EQ(m->nu(), GetParam().nu) << m->typeName();
  EXPECT_EQ(m->quaternionIndex(), -1) << m->typeName();
  EXPECT_EQ(m->typeName(), GetParam().name);
}

TEST_P(MobilizerType, ForwardKinematics) { articula::testing::checkMobilizerKinematics(*GetParam().make(), 30, 11); }

TEST_P(MobilizerType, ReversedKinematics) {
  const auto r = makeReversed(GetParam().make());
  EXPECT_EQ(r->nq(), GetParam().nq);
  EXPECT_EQ(r->nu(), GetParam().nu);
  articula::testing::checkMobilizerKinematics(*r, 30, 12);
}

// Oracle 16: the reversed pose is the inverse of the forward one at the same q, and N is shared.
TEST_P(MobilizerType, ReversedIsInverseWithSameN) {
  const auto f = GetParam().make();
  const auto r = makeReversed(GetParam().make());
  std::mt19937 rng(5);
  for (int trial = 0; trial < 5; ++trial) {
    SmallVector q, u;
    articula::testing::randomQU(*f, rng, q, u);
    EXPECT_TRUE(r->calcX_FM(q.data()).isSameTransform(f->calcX_FM(q.data()).inverse(), 1e-12))
        << f->typeName() << " trial " << trial;
    SmallVector qdotF(f->nq()), qdotR(f->nq());
    f->multiplyByN(q.data(), u.data(), qdotF.data());
    r->multiplyByN(q.data(), u.data(), qdotR.data());
    EXPECT_EQ(qdotF, qdotR) << f->typeName() << " trial " << trial;
  }
}

INSTANTIATE_TEST_SUITE_P(Mobilizers, MobilizerType, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) { return info.param.name; });

// --- Hand-derived values -------------------------------------------------------------------

Mat33 rotX(Real a) {
  Mat33 R;
  R << 1, 0, 0, 0, std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a);
  return R;
}
Mat33 rotY(Real a) {
  Mat33 R;
  R << std::cos(a), 0, std::sin(a), 0, 1, 0, -std::sin(a), 0, std::cos(a);
  return R;
}
Mat33 rotZ(Real a) {
  Mat33 R;
  R << std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a), 0, 0, 0, 1;
  return R;
}

HMatrix hOf(const Mobilizer& m, const std::vector<Real>& q) {
  HMatrix H;
  m.calcH_FM(q.data(), H);
  return H;
}

Vec6 col(Real a, Real b, Real c, Real d, Real e, Real f) {
  Vec6 v;
  v << a, b, c, d, e, f;
  return v;
}

constexpr Real kTol = 1e-14;

TEST(MobilizerValues, Weld) {
  const auto m = mobilizers::weld();
  EXPECT_TRUE(m->calcX_FM(nullptr).isSameTransform(Transform(), 0));
  EXPECT_EQ(hOf(*m, {}).cols(), 0);
}

TEST(MobilizerValues, Pin) {
  const auto m = mobilizers::pin();
  const Transform X = m->calcX_FM(std::vector<Real>{0.4}.data());
  EXPECT_LT((X.R().matrix() - rotZ(0.4)).norm(), kTol);
  EXPECT_EQ(X.p(), Vec3::Zero());
  EXPECT_EQ(Vec6(hOf(*m, {0.4})), col(0, 0, 1, 0, 0, 0));
}

TEST(MobilizerValues, Slider) {
  const auto m = mobilizers::slider();
  const Transform X = m->calcX_FM(std::vector<Real>{-0.7}.data());
  EXPECT_EQ(X.R().matrix(), Mat33::Identity());
  EXPECT_EQ(X.p(), Vec3(-0.7, 0, 0));
  EXPECT_EQ(Vec6(hOf(*m, {-0.7})), col(0, 0, 0, 1, 0, 0));
}

// Oracle 16: a reversed slider moves F along -x as seen from M: H = [0; -x].
TEST(MobilizerValues, ReversedSliderAndTranslation) {
  const auto s = makeReversed(mobilizers::slider());
  EXPECT_LT((Vec6(hOf(*s, {0.3})) - col(0, 0, 0, -1, 0, 0)).norm(), kTol);
  EXPECT_LT((s->calcX_FM(std::vector<Real>{0.3}.data()).p() - Vec3(-0.3, 0, 0)).norm(), kTol);

  const auto t = makeReversed(mobilizers::translation());
  const HMatrix H = hOf(*t, {0.1, -0.2, 0.3});
  EXPECT_LT(H.topRows<3>().norm(), kTol);
  EXPECT_LT((H.bottomRows<3>() + Mat33::Identity()).norm(), kTol);
}

// A reversed pin spins about the same axis the other way.
TEST(MobilizerValues, ReversedPin) {
  const auto m = makeReversed(mobilizers::pin());
  EXPECT_LT((Vec6(hOf(*m, {1.1})) - col(0, 0, -1, 0, 0, 0)).norm(), kTol);
}

TEST(MobilizerValues, Screw) {
  const Real pitch = 0.05, q = 2.5;
  const auto m = mobilizers::screw(pitch);
  const Transform X = m->calcX_FM(&q);
  EXPECT_LT((X.R().matrix() - rotZ(q)).norm(), kTol);
  EXPECT_LT((X.p() - Vec3(0, 0, pitch * q)).norm(), kTol);
  EXPECT_EQ(Vec6(hOf(*m, {q})), col(0, 0, 1, 0, 0, pitch));
  EXPECT_THROW(mobilizers::screw(std::nan("")), Error);
  EXPECT_THROW(mobilizers::screw(INFINITY), Error);
}

TEST(MobilizerValues, Universal) {
  const std::vector<Real> q{0.3, -0.8};
  const auto m = mobilizers::universal();
  const Transform X = m->calcX_FM(q.data());
  EXPECT_LT((X.R().matrix() - rotX(q[0]) * rotY(q[1])).norm(), kTol);
  EXPECT_EQ(X.p(), Vec3::Zero());
  const HMatrix H = hOf(*m, q);
  EXPECT_EQ(Vec6(H.col(0)), col(1, 0, 0, 0, 0, 0));
  // The second axis is F's y turned by the first rotation.
  EXPECT_LT((Vec6(H.col(1)) - col(0, std::cos(q[0]), std::sin(q[0]), 0, 0, 0)).norm(), kTol);
}

TEST(MobilizerValues, Cylinder) {
  const std::vector<Real> q{1.9, 0.25};
  const auto m = mobilizers::cylinder();
  const Transform X = m->calcX_FM(q.data());
  EXPECT_LT((X.R().matrix() - rotZ(q[0])).norm(), kTol);
  EXPECT_EQ(X.p(), Vec3(0, 0, 0.25));
  const HMatrix H = hOf(*m, q);
  EXPECT_EQ(Vec6(H.col(0)), col(0, 0, 1, 0, 0, 0));
  EXPECT_EQ(Vec6(H.col(1)), col(0, 0, 0, 0, 0, 1));
}

TEST(MobilizerValues, BendStretch) {
  const std::vector<Real> q{std::numbers::pi / 2, 2.0};
  const auto m = mobilizers::bendStretch();
  const Transform X = m->calcX_FM(q.data());
  EXPECT_LT((X.R().matrix() - rotZ(q[0])).norm(), kTol);
  // Bent a quarter turn, M's x is F's y: stretching moves M's origin along F's y.
  EXPECT_LT((X.p() - Vec3(0, 2, 0)).norm(), kTol);
  const HMatrix H = hOf(*m, q);
  EXPECT_LT((Vec6(H.col(0)) - col(0, 0, 1, -2, 0, 0)).norm(), kTol);
  EXPECT_LT((Vec6(H.col(1)) - col(0, 0, 0, 0, 1, 0)).norm(), kTol);
}

TEST(MobilizerValues, Planar) {
  const std::vector<Real> q{0.5, 1.0, -2.0};
  const auto m = mobilizers::planar();
  const Transform X = m->calcX_FM(q.data());
  EXPECT_LT((X.R().matrix() - rotZ(0.5)).norm(), kTol);
  // The translations are in F, not along the rotated axes.
  EXPECT_EQ(X.p(), Vec3(1.0, -2.0, 0));
  const HMatrix H = hOf(*m, q);
  EXPECT_EQ(Vec6(H.col(0)), col(0, 0, 1, 0, 0, 0));
  EXPECT_EQ(Vec6(H.col(1)), col(0, 0, 0, 1, 0, 0));
  EXPECT_EQ(Vec6(H.col(2)), col(0, 0, 0, 0, 1, 0));
}

TEST(MobilizerValues, Gimbal) {
  const std::vector<Real> q{0.2, -0.6, 1.4};
  const auto m = mobilizers::gimbal();
  const Transform X = m->calcX_FM(q.data());
  EXPECT_LT((X.R().matrix() - rotX(q[0]) * rotY(q[1]) * rotZ(q[2])).norm(), kTol);
  EXPECT_EQ(X.p(), Vec3::Zero());
  // Columns of H_w are x, Rx y and Rx Ry z; at q = 0 they are the F axes.
  const HMatrix H = hOf(*m, q);
  EXPECT_LT((H.block<3, 1>(0, 1) - rotX(q[0]).col(1)).norm(), kTol);
  EXPECT_LT((H.block<3, 1>(0, 2) - (rotX(q[0]) * rotY(q[1])).col(2)).norm(), kTol);
  EXPECT_LT((hOf(*m, {0, 0, 0}).topRows<3>() - Mat33::Identity()).norm(), kTol);
}

TEST(MobilizerValues, Translation) {
  const std::vector<Real> q{0.1, 0.2, -0.3};
  const auto m = mobilizers::translation();
  const Transform X = m->calcX_FM(q.data());
  EXPECT_EQ(X.R().matrix(), Mat33::Identity());
  EXPECT_EQ(X.p(), Vec3(0.1, 0.2, -0.3));
  const HMatrix H = hOf(*m, q);
  EXPECT_EQ(H.topRows<3>(), Mat33::Zero());
  EXPECT_EQ(H.bottomRows<3>(), Mat33::Identity());
}

TEST(MobilizerValues, Bushing) {
  const std::vector<Real> q{0.2, -0.6, 1.4, 1, 2, 3};
  const auto m = mobilizers::bushing();
  const Transform X = m->calcX_FM(q.data());
  EXPECT_LT((X.R().matrix() - rotX(q[0]) * rotY(q[1]) * rotZ(q[2])).norm(), kTol);
  EXPECT_EQ(X.p(), Vec3(1, 2, 3));
  EXPECT_LT((hOf(*m, {0, 0, 0, 1, 2, 3}) - Mat66::Identity()).norm(), kTol);
}

TEST(MobilizerValues, SphericalCoords) {
  const std::vector<Real> q{0.7, 0.4, 1.5};
  const auto m = mobilizers::sphericalCoords();
  const Transform X = m->calcX_FM(q.data());
  const Mat33 R = rotZ(q[0]) * rotY(q[1]);
  EXPECT_LT((X.R().matrix() - R).norm(), kTol);
  // M's origin lies at distance q2 along M's z.
  const Vec3 dir(std::cos(q[0]) * std::sin(q[1]), std::sin(q[0]) * std::sin(q[1]), std::cos(q[1]));
  EXPECT_LT((X.p() - q[2] * dir).norm(), kTol);
  EXPECT_LT((X.p() - q[2] * R.col(2)).norm(), kTol);
  const HMatrix H = hOf(*m, q);
  EXPECT_LT((Vec6(H.col(2)) - col(0, 0, 0, dir.x(), dir.y(), dir.z())).norm(), kTol);
}

// --- The harness itself catches broken types ----------------------------------------------
// Small hand-written mobilizers, each correct unless a defect is switched on; the checks must
// pass the correct ones and name the defect otherwise.

enum class Defect {
  None,
  WrongHv,
  WrongHw,
  WrongHDot,
  NoResize,
  BadDefault,
  WrongNInv,
  WrongNDot,
  NoNormalize,
  BodyFrameN
};

// Bend-stretch-like arm: R = Rz(q0), p = q1 (cos q0, sin q0, 0), u = qdot.
class ToyArm final : public Mobilizer {
 public:
  explicit ToyArm(Defect d) : d_(d) {}
  std::string typeName() const override { return "ToyArm"; }
  int nq() const override { return 2; }
  int nu() const override { return 2; }
  Transform calcX_FM(const Real* q) const override {
    const Real r = q[1] + (d_ == Defect::BadDefault ? 0.1 : 0.0);
    return Transform(Rotation::trusted(rotZ(q[0])), r * Vec3(std::cos(q[0]), std::sin(q[0]), 0));
  }
  void calcH_FM(const Real* q, HMatrix& H) const override {
    const Real s = std::sin(q[0]), c = std::cos(q[0]);
    if (d_ == Defect::NoResize) H.setZero();  // keeps whatever size the caller passed
    else H.setZero(6, 2);
    H(2, 0) = d_ == Defect::WrongHw ? 0.9 : 1.0;
    H(3, 0) = (d_ == Defect::WrongHv ? 1 : -1) * q[1] * s;
    H(4, 0) = q[1] * c;
    H(3, 1) = c;
    H(4, 1) = s;
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot) const override {
    const Real s = std::sin(q[0]), c = std::cos(q[0]);
    HDot.setZero(6, 2);
    HDot(3, 0) = -u[1] * s - (d_ == Defect::WrongHDot ? 0 : q[1] * c * u[0]);
    HDot(4, 0) = u[1] * c - q[1] * s * u[0];
    HDot(3, 1) = -s * u[0];
    HDot(4, 1) = c * u[0];
  }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<ToyArm>(*this); }

 private:
  Defect d_;
};

// Slider with a non-identity N: qdot = (1 + q^2) u, so p_FM = (q,0,0) and H_v = (1 + q^2) x.
class ToyStretchedSlider final : public Mobilizer {
 public:
  explicit ToyStretchedSlider(Defect d) : d_(d) {}
  std::string typeName() const override { return "ToyStretchedSlider"; }
  int nq() const override { return 1; }
  int nu() const override { return 1; }
  Transform calcX_FM(const Real* q) const override { return Transform(Vec3(q[0], 0, 0)); }
  void calcH_FM(const Real* q, HMatrix& H) const override {
    H.setZero(6, 1);
    H(3, 0) = 1 + q[0] * q[0];
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot) const override {
    HDot.setZero(6, 1);
    HDot(3, 0) = 2 * q[0] * (1 + q[0] * q[0]) * u[0];
  }
  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override { qdot[0] = (1 + q[0] * q[0]) * u[0]; }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    u[0] = d_ == Defect::WrongNInv ? qdot[0] : qdot[0] / (1 + q[0] * q[0]);
  }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    out[0] = d_ == Defect::WrongNDot ? 0 : 2 * q[0] * (1 + q[0] * q[0]) * u[0] * v[0];
  }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<ToyStretchedSlider>(*this); }

 private:
  Defect d_;
};

// Quaternion ball with u = w_FM in F: qdot = 1/2 [-v^T; w 1 - v x] u (Theory Manual §8.2 notes).
class ToyBall final : public Mobilizer {
 public:
  explicit ToyBall(Defect d) : d_(d) {}
  std::string typeName() const override { return "ToyBall"; }
  int nq() const override { return 4; }
  int nu() const override { return 3; }
  int quaternionIndex() const override { return 0; }
  Transform calcX_FM(const Real* q) const override {
    return Transform(Quaternion(Vec4(q[0], q[1], q[2], q[3])).toRotation());
  }
  void calcH_FM(const Real* /*q*/, HMatrix& H) const override {
    H.setZero(6, 3);
    H.topRows<3>().setIdentity();
  }
  void calcHDot_FM(const Real*, const Real*, HMatrix& HDot) const override { HDot.setZero(6, 3); }
  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override {
    Eigen::Map<Vec4>{qdot} = E(q) * Eigen::Map<const Vec3>(u);
  }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    Eigen::Map<Vec3>{u} = 4 * E(q).transpose() * Eigen::Map<const Vec4>(qdot);  // E^T E = I/4
  }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    Vec4 qdot;
    multiplyByN(q, u, qdot.data());
    Eigen::Map<Vec4>{out} = E(qdot.data()) * Eigen::Map<const Vec3>(v);  // E is linear in q
  }
  bool normalizeQ(Real* q) const override {
    if (d_ == Defect::NoNormalize) return false;
    Eigen::Map<Vec4>{q}.normalize();
    return true;
  }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<ToyBall>(*this); }

 private:
  Eigen::Matrix<Real, 4, 3> E(const Real* q) const {
    const Vec3 v(q[1], q[2], q[3]);
    Eigen::Matrix<Real, 4, 3> e;
    e.row(0) = -0.5 * v.transpose();
    // w in M would need w 1 + v x: the defect that swaps the frame of u.
    const Real sign = d_ == Defect::BodyFrameN ? 1 : -1;
    e.bottomRows<3>() = 0.5 * (q[0] * Mat33::Identity() + sign * skew(v));
    return e;
  }
  Defect d_;
};

std::vector<std::string> failuresOf(const Mobilizer& m) {
  ::testing::TestPartResultArray results;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
    articula::testing::checkMobilizerKinematics(m, 3, 7);
  }
  std::vector<std::string> messages;
  for (int i = 0; i < results.size(); ++i) messages.push_back(results.GetTestPartResult(i).message());
  return messages;
}

void expectCaught(const Mobilizer& m, const std::string& fragment) {
  const std::vector<std::string> messages = failuresOf(m);
  bool found = false;
  for (const std::string& s : messages) found = found || s.find(fragment) != std::string::npos;
  EXPECT_TRUE(found) << m.typeName() << ": no failure mentions '" << fragment << "' among " << messages.size()
                     << " failures";
}

TEST(MobilizerChecksHarness, PassesCorrectTypes) {
  EXPECT_TRUE(failuresOf(ToyArm(Defect::None)).empty());
  EXPECT_TRUE(failuresOf(ToyStretchedSlider(Defect::None)).empty());
  EXPECT_TRUE(failuresOf(ToyBall(Defect::None)).empty());
}

TEST(MobilizerChecksHarness, CatchesDefects) {
  expectCaught(ToyArm(Defect::WrongHv), "H_v u");
  expectCaught(ToyArm(Defect::WrongHw), "H_w u");
  expectCaught(ToyArm(Defect::WrongHDot), "HDot_FM differs");
  expectCaught(ToyArm(Defect::NoResize), "H_FM");
  expectCaught(ToyArm(Defect::BadDefault), "default q");
  expectCaught(ToyStretchedSlider(Defect::WrongNInv), "N^-1 N u");
  expectCaught(ToyStretchedSlider(Defect::WrongNDot), "NDot v");
  expectCaught(ToyBall(Defect::NoNormalize), "normalizeQ");
  expectCaught(ToyBall(Defect::BodyFrameN), "H_w u");
}

}  // namespace
}  // namespace articula
