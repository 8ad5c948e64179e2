// LineOrientation mobilizer: orients M's z axis (a line) without spin about it. q is a
// quaternion, u = (w_x, w_y) of w_FM expressed in M, so H_w = [R_FM x, R_FM y] and each column
// turns with M: HDot_w col i = w_FM x R_FM e_i with w_FM = R_FM (u0, u1, 0).
// N uses the M-frame quaternion rate qdot = 1/2 q * (0, w_M), which is linear in q.
#include "OrientationKinematics.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class LineOrientation final : public Mobilizer {
 public:
  std::string typeName() const override { return "LineOrientation"; }
  int nq() const override { return 4; }
  int nu() const override { return 2; }
  int quaternionIndex() const override { return 0; }

  Transform calcX_FM(const Real* q) const override {
    return Transform(Rotation::trusted(detail::quaternionToMatrix(q)));
  }
  void calcH_FM(const Real* q, HMatrix& H) const override {
    const Mat33 R = detail::quaternionToMatrix(q);
    H.setZero(6, 2);
    H.topRows<3>() = R.leftCols<2>();
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot) const override {
    const Mat33 R = detail::quaternionToMatrix(q);
    const Vec3 w = R.leftCols<2>() * Vec2(u[0], u[1]);
    HDot.setZero(6, 2);
    HDot.block<3, 1>(0, 0) = w.cross(R.col(0));
    HDot.block<3, 1>(0, 1) = w.cross(R.col(1));
  }

  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override {
    detail::quaternionRateFromW_M(q, Vec3(u[0], u[1], 0), qdot);
  }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    const Vec3 w_M = detail::wMFromQuaternionRate(q, qdot);
    u[0] = w_M[0];
    u[1] = w_M[1];
  }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    Real qdot[4];
    multiplyByN(q, u, qdot);
    detail::quaternionRateFromW_M(qdot, Vec3(v[0], v[1], 0), out);
  }
  bool normalizeQ(Real* q) const override { return detail::normalizeQuaternion(q, "LineOrientation"); }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<LineOrientation>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> lineOrientation() { return std::make_unique<LineOrientation>(); }

}  // namespace articula::mobilizers
