// BendStretch: rotation q0 about the common z axis, then translation q1 along M's (rotated) x;
// u = qdot. p_FM = q1 (cos q0, sin q0, 0), so the bend swings M's origin: H_v depends on q.
#include <cmath>

#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class BendStretch final : public Mobilizer {
 public:
  std::string typeName() const override { return "BendStretch"; }
  int nq() const override { return 2; }
  int nu() const override { return 2; }
  Transform calcX_FM(const Real* q) const override {
    return Transform(Rotation::aboutZ(q[0]), Vec3(q[1] * std::cos(q[0]), q[1] * std::sin(q[0]), 0));
  }
  void calcH_FM(const Real* q, HMatrix& H_FM) const override {
    const Real s = std::sin(q[0]), c = std::cos(q[0]);
    H_FM.setZero(6, 2);
    H_FM(2, 0) = 1;
    H_FM(3, 0) = -q[1] * s;  // z x p_FM
    H_FM(4, 0) = q[1] * c;
    H_FM(3, 1) = c;  // M's x in F
    H_FM(4, 1) = s;
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot_FM) const override {
    const Real s = std::sin(q[0]), c = std::cos(q[0]);
    HDot_FM.setZero(6, 2);
    HDot_FM(3, 0) = -u[1] * s - q[1] * c * u[0];
    HDot_FM(4, 0) = u[1] * c - q[1] * s * u[0];
    HDot_FM(3, 1) = -s * u[0];
    HDot_FM(4, 1) = c * u[0];
  }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<BendStretch>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> bendStretch() { return std::make_unique<BendStretch>(); }

}  // namespace articula::mobilizers
