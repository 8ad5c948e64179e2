// SphericalCoords: azimuth q0 about F's z, zenith q1 about the new y, then translation q2 along
// the resulting z (M's z); u = qdot. With e = R_FM z = (c0 s1, s0 s1, c1), p_FM = q2 e, so
// H_v = [q2 de/dq0, q2 de/dq1, e] and H_w = [z, Rz(q0) y, 0].
#include <cmath>

#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class SphericalCoords final : public Mobilizer {
 public:
  std::string typeName() const override { return "SphericalCoords"; }
  int nq() const override { return 3; }
  int nu() const override { return 3; }
  Transform calcX_FM(const Real* q) const override {
    const Rotation R_FM = Rotation::aboutZ(q[0]) * Rotation::aboutY(q[1]);
    return Transform(R_FM, q[2] * R_FM.z());
  }
  void calcH_FM(const Real* q, HMatrix& H_FM) const override {
    const Trig t(q);
    H_FM.setZero(6, 3);
    H_FM(2, 0) = 1;
    H_FM.block<3, 1>(3, 0) = q[2] * t.de0();
    H_FM(0, 1) = -t.s0;  // Rz(q0) y
    H_FM(1, 1) = t.c0;
    H_FM.block<3, 1>(3, 1) = q[2] * t.de1();
    H_FM.block<3, 1>(3, 2) = t.e();
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot_FM) const override {
    const Trig t(q);
    // Second partials of e: e00 = d2e/dq0^2, e01 = d2e/dq0 dq1, e11 = d2e/dq1^2.
    const Vec3 e00(-t.c0 * t.s1, -t.s0 * t.s1, 0);
    const Vec3 e01(-t.s0 * t.c1, t.c0 * t.c1, 0);
    const Vec3 e11(-t.c0 * t.s1, -t.s0 * t.s1, -t.c1);
    const Vec3 de0 = t.de0(), de1 = t.de1();
    HDot_FM.setZero(6, 3);
    HDot_FM.block<3, 1>(3, 0) = u[2] * de0 + q[2] * (u[0] * e00 + u[1] * e01);
    HDot_FM(0, 1) = -t.c0 * u[0];
    HDot_FM(1, 1) = -t.s0 * u[0];
    HDot_FM.block<3, 1>(3, 1) = u[2] * de1 + q[2] * (u[0] * e01 + u[1] * e11);
    HDot_FM.block<3, 1>(3, 2) = u[0] * de0 + u[1] * de1;
  }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<SphericalCoords>(*this); }

 private:
  struct Trig {
    explicit Trig(const Real* q) : s0(std::sin(q[0])), c0(std::cos(q[0])), s1(std::sin(q[1])), c1(std::cos(q[1])) {}
    Vec3 e() const { return Vec3(c0 * s1, s0 * s1, c1); }
    Vec3 de0() const { return Vec3(-s0 * s1, c0 * s1, 0); }
    Vec3 de1() const { return Vec3(c0 * c1, s0 * c1, -s1); }
    Real s0, c0, s1, c1;
  };
};

}  // namespace

std::unique_ptr<Mobilizer> sphericalCoords() { return std::make_unique<SphericalCoords>(); }

}  // namespace articula::mobilizers
