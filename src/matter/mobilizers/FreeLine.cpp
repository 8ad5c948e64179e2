// FreeLine mobilizer: LineOrientation plus free translation. q = [quaternion, p_FM in F],
// u = [w_x, w_y of w_FM in M, v_FM in F]; the translation block of H is the identity.
#include "OrientationKinematics.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class FreeLine final : public Mobilizer {
 public:
  std::string typeName() const override { return "FreeLine"; }
  int nq() const override { return 7; }
  int nu() const override { return 5; }
  int quaternionIndex() const override { return 0; }

  Transform calcX_FM(const Real* q) const override {
    return Transform(Rotation::trusted(detail::quaternionToMatrix(q)), Vec3(q[4], q[5], q[6]));
  }
  void calcH_FM(const Real* q, HMatrix& H) const override {
    const Mat33 R = detail::quaternionToMatrix(q);
    H.setZero(6, 5);
    H.block<3, 2>(0, 0) = R.leftCols<2>();
    H.block<3, 3>(3, 2).setIdentity();
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot) const override {
    const Mat33 R = detail::quaternionToMatrix(q);
    const Vec3 w = R.leftCols<2>() * Vec2(u[0], u[1]);
    HDot.setZero(6, 5);
    HDot.block<3, 1>(0, 0) = w.cross(R.col(0));
    HDot.block<3, 1>(0, 1) = w.cross(R.col(1));
  }

  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override {
    detail::quaternionRateFromW_M(q, Vec3(u[0], u[1], 0), qdot);
    for (int i = 0; i < 3; ++i) qdot[4 + i] = u[2 + i];
  }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    const Vec3 w_M = detail::wMFromQuaternionRate(q, qdot);
    u[0] = w_M[0];
    u[1] = w_M[1];
    for (int i = 0; i < 3; ++i) u[2 + i] = qdot[4 + i];
  }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    Real qdot[4];  // N is linear in q, so NDot = N(qdot) on the quaternion block
    detail::quaternionRateFromW_M(q, Vec3(u[0], u[1], 0), qdot);
    detail::quaternionRateFromW_M(qdot, Vec3(v[0], v[1], 0), out);
    for (int i = 0; i < 3; ++i) out[4 + i] = 0;
  }
  bool normalizeQ(Real* q) const override { return detail::normalizeQuaternion(q, "FreeLine"); }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<FreeLine>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> freeLine() { return std::make_unique<FreeLine>(); }

}  // namespace articula::mobilizers
