// Free mobilizer: q = [orientation, p_FM in F], u = [w_FM in F, v_FM in F], so H = identity
// and HDot = 0. The orientation is a quaternion (nq 7) or body-fixed x-y-z angles (nq 6).
#include "OrientationKinematics.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Free final : public Mobilizer {
 public:
  explicit Free(RotationCoordinates coords) : quat_(coords == RotationCoordinates::Quaternion) {}

  std::string typeName() const override { return quat_ ? "Free" : "FreeEulerXYZ"; }
  int nq() const override { return quat_ ? 7 : 6; }
  int nu() const override { return 6; }
  int quaternionIndex() const override { return quat_ ? 0 : -1; }

  Transform calcX_FM(const Real* q) const override {
    const int np = nq() - 3;  // first translation coordinate
    return Transform(
        Rotation::trusted(quat_ ? detail::quaternionToMatrix(q) : detail::eulerXYZToMatrix(q)),
        Vec3(q[np], q[np + 1], q[np + 2]));
  }
  void calcH_FM(const Real*, HMatrix& H) const override { H.setIdentity(6, 6); }
  void calcHDot_FM(const Real*, const Real*, HMatrix& HDot) const override { HDot.setZero(6, 6); }
  bool hasConstantH() const override { return true; }

  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override {
    const Vec3 w(u[0], u[1], u[2]);
    if (quat_) {
      detail::quaternionRateFromW_F(q, w, qdot);
    } else {
      detail::store3(detail::eulerXYZRatesFromW_F(q, w), qdot);
    }
    const int np = nq() - 3;
    for (int i = 0; i < 3; ++i) qdot[np + i] = u[3 + i];
  }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    const Vec3 w = quat_ ? detail::wFFromQuaternionRate(q, qdot)
                         : Vec3(detail::eulerXYZRateMatrix(q) * Vec3(qdot[0], qdot[1], qdot[2]));
    detail::store3(w, u);
    const int np = nq() - 3;
    for (int i = 0; i < 3; ++i) u[3 + i] = qdot[np + i];
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
    const int np = nq() - 3;
    for (int i = 0; i < 3; ++i) out[np + i] = 0;
  }
  bool normalizeQ(Real* q) const override {
    return quat_ && detail::normalizeQuaternion(q, "Free");
  }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Free>(*this); }

 private:
  bool quat_;
};

}  // namespace

std::unique_ptr<Mobilizer> free(RotationCoordinates coords) {
  return std::make_unique<Free>(coords);
}

}  // namespace articula::mobilizers
