// Ellipsoid mobilizer: orientation as the quaternion Ball (u = w_FM in F), and M's origin rides
// on the ellipsoid of semi-axes (a, b, c) fixed in F at the point whose outward normal is M's z
// axis n = R_FM z:  p(n) = A n / s with A = diag(a^2, b^2, c^2), s = sqrt(n^T A n).
// Then pdot = J ndot with the symmetric J = dp/dn = (A - m m^T / s^2) / s, m = A n, and
// ndot = w x n, so H_v = -J [n]x.
#include <cmath>
#include <sstream>

#include "OrientationKinematics.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Ellipsoid final : public Mobilizer {
 public:
  explicit Ellipsoid(const Vec3& semiAxes) : A_(semiAxes.cwiseProduct(semiAxes)) {}

  std::string typeName() const override { return "Ellipsoid"; }
  int nq() const override { return 4; }
  int nu() const override { return 3; }
  int quaternionIndex() const override { return 0; }

  Transform calcX_FM(const Real* q) const override {
    const Mat33 R = detail::quaternionToMatrix(q);
    const Vec3 n = R.col(2);
    const Vec3 m = A_.cwiseProduct(n);
    return Transform(Rotation::trusted(R), m / std::sqrt(n.dot(m)));
  }

  void calcH_FM(const Real* q, HMatrix& H) const override {
    const Vec3 n = detail::quaternionToMatrix(q).col(2);
    H.resize(6, 3);
    H.topRows<3>().setIdentity();
    H.bottomRows<3>() = -dpdn(n) * skew(n);
  }

  // HDot_v = -(Jdot [n]x + J [ndot]x), where along ndot: sdot = m.ndot / s, mdot = A ndot and
  // Jdot = -sdot/s^2 A + 3 sdot/s^4 m m^T - (mdot m^T + m mdot^T)/s^3.
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot) const override {
    const Vec3 n = detail::quaternionToMatrix(q).col(2);
    const Vec3 w(u[0], u[1], u[2]);
    const Vec3 nd = w.cross(n);
    const Vec3 m = A_.cwiseProduct(n), md = A_.cwiseProduct(nd);
    const Real s2 = n.dot(m), s = std::sqrt(s2);
    const Real sd = m.dot(nd) / s;
    const Mat33 mmT = m * m.transpose();
    const Mat33 Jd = (-sd / s2) * Mat33(A_.asDiagonal()) + (3 * sd / (s2 * s2)) * mmT -
                     (md * m.transpose() + m * md.transpose()) / (s2 * s);
    HDot.setZero(6, 3);
    HDot.bottomRows<3>() = -(Jd * skew(n) + dpdn(n) * skew(nd));
  }

  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override {
    detail::quaternionRateFromW_F(q, Vec3(u[0], u[1], u[2]), qdot);
  }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    detail::store3(detail::wFFromQuaternionRate(q, qdot), u);
  }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    Real qdot[4];  // N is linear in q, so NDot = N(qdot)
    detail::quaternionRateFromW_F(q, Vec3(u[0], u[1], u[2]), qdot);
    detail::quaternionRateFromW_F(qdot, Vec3(v[0], v[1], v[2]), out);
  }
  bool normalizeQ(Real* q) const override { return detail::normalizeQuaternion(q, "Ellipsoid"); }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Ellipsoid>(*this); }

 private:
  Mat33 dpdn(const Vec3& n) const {
    const Vec3 m = A_.cwiseProduct(n);
    const Real s2 = n.dot(m), s = std::sqrt(s2);
    return (Mat33(A_.asDiagonal()) - m * m.transpose() / s2) / s;
  }

  Vec3 A_;  // squared semi-axes
};

}  // namespace

std::unique_ptr<Mobilizer> ellipsoid(const Vec3& semiAxes) {
  for (int i = 0; i < 3; ++i) {
    if (!(semiAxes[i] > 0) || !std::isfinite(semiAxes[i])) {
      std::ostringstream s;
      s << "ellipsoid: semiAxes[" << i << "] = " << semiAxes[i] << " must be positive and finite";
      throw Error(s.str());
    }
  }
  return std::make_unique<Ellipsoid>(semiAxes);
}

}  // namespace articula::mobilizers
