// Ball (spherical) mobilizer: orientation only, u = w_FM expressed in F, so H = [1; 0] is
// constant and HDot = 0. Quaternion coordinates (nq 4) or body-fixed x-y-z angles (nq 3).
#include "OrientationKinematics.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Ball final : public Mobilizer {
 public:
  explicit Ball(RotationCoordinates coords) : quat_(coords == RotationCoordinates::Quaternion) {}

  std::string typeName() const override { return quat_ ? "Ball" : "BallEulerXYZ"; }
  int nq() const override { return quat_ ? 4 : 3; }
  int nu() const override { return 3; }
  int quaternionIndex() const override { return quat_ ? 0 : -1; }

  Transform calcX_FM(const Real* q) const override {
    return Transform(Rotation::trusted(quat_ ? detail::quaternionToMatrix(q)
                                             : detail::eulerXYZToMatrix(q)));
  }
  void calcH_FM(const Real*, HMatrix& H) const override {
    H.setZero(6, 3);
    H.topRows<3>().setIdentity();
  }
  void calcHDot_FM(const Real*, const Real*, HMatrix& HDot) const override { HDot.setZero(6, 3); }
  bool hasConstantH() const override { return true; }

  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override {
    const Vec3 w(u[0], u[1], u[2]);
    if (quat_) {
      detail::quaternionRateFromW_F(q, w, qdot);
    } else {
      detail::store3(detail::eulerXYZRatesFromW_F(q, w), qdot);
    }
  }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    const Vec3 w = quat_ ? detail::wFFromQuaternionRate(q, qdot)
                         : Vec3(detail::eulerXYZRateMatrix(q) * Vec3(qdot[0], qdot[1], qdot[2]));
    detail::store3(w, u);
  }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    const Vec3 w(u[0], u[1], u[2]), vv(v[0], v[1], v[2]);
    if (quat_) {
      Real qdot[4];  // N is linear in q, so NDot = N(qdot)
      detail::quaternionRateFromW_F(q, w, qdot);
      detail::quaternionRateFromW_F(qdot, vv, out);
    } else {
      detail::store3(detail::eulerXYZNDotTimes(q, w, vv), out);
    }
  }
  bool normalizeQ(Real* q) const override {
    return quat_ && detail::normalizeQuaternion(q, "Ball");
  }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Ball>(*this); }

 private:
  bool quat_;
};

}  // namespace

std::unique_ptr<Mobilizer> ball(RotationCoordinates coords) {
  return std::make_unique<Ball>(coords);
}

}  // namespace articula::mobilizers
