// Bushing: Gimbal's body-fixed x-y-z angles (q0..q2) plus p_FM = (q3, q4, q5) in F; u = qdot.
// The translation is measured in F, so rotation and translation are uncoupled in H.
#include "BodyFixedXYZ.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Bushing final : public Mobilizer {
 public:
  std::string typeName() const override { return "Bushing"; }
  int nq() const override { return 6; }
  int nu() const override { return 6; }
  Transform calcX_FM(const Real* q) const override {
    return Transform(Rotation::bodyFixedXYZ(Vec3(q[0], q[1], q[2])), Vec3(q[3], q[4], q[5]));
  }
  void calcH_FM(const Real* q, HMatrix& H_FM) const override {
    H_FM.setZero(6, 6);
    detail::bodyFixedXYZ_Hw(q, H_FM, 0);
    H_FM.bottomRightCorner<3, 3>().setIdentity();
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot_FM) const override {
    HDot_FM.setZero(6, 6);
    detail::bodyFixedXYZ_HDotw(q, u, HDot_FM, 0);
  }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Bushing>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> bushing() { return std::make_unique<Bushing>(); }

}  // namespace articula::mobilizers
