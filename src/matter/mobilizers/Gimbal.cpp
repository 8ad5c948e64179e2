// Gimbal: body-fixed x-y-z angles with u = qdot (unlike Ball's Euler option, whose u is w_FM),
// so N is the identity and the angle-rate map lives in H instead.
#include "BodyFixedXYZ.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Gimbal final : public Mobilizer {
 public:
  std::string typeName() const override { return "Gimbal"; }
  int nq() const override { return 3; }
  int nu() const override { return 3; }
  Transform calcX_FM(const Real* q) const override { return Transform(Rotation::bodyFixedXYZ(Vec3(q[0], q[1], q[2]))); }
  void calcH_FM(const Real* q, HMatrix& H_FM) const override {
    H_FM.setZero(6, 3);  // M's origin stays on F's: the linear rows are zero
    detail::bodyFixedXYZ_Hw(q, H_FM, 0);
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot_FM) const override {
    HDot_FM.setZero(6, 3);
    detail::bodyFixedXYZ_HDotw(q, u, HDot_FM, 0);
  }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Gimbal>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> gimbal() { return std::make_unique<Gimbal>(); }

}  // namespace articula::mobilizers
