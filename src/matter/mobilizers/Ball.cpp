// Ball (spherical) mobilizer: orientation only, u = w_FM expressed in F, so H = [1; 0] is
// constant and HDot = 0. Quaternion coordinates (nq 4) or body-fixed x-y-z angles (nq 3).
#include "OrientationKinematics.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Ball final : public Mobilizer {
 public:
  explicit Ball(RotationCoordinates coords) : rot_{coords == RotationCoordinates::Quaternion} {}

  std::string typeName() const override { return rot_.quaternion ? "Ball" : "BallEulerXYZ"; }
  int nq() const override { return rot_.nq(); }
  int nu() const override { return 3; }
  int quaternionIndex() const override { return rot_.quaternion ? 0 : -1; }

  Transform calcX_FM(const Real* q) const override { return Transform(Rotation::trusted(rot_.rotation(q))); }
  void calcH_FM(const Real*, HMatrix& H) const override {
    H.setZero(6, 3);
    H.topRows<3>().setIdentity();
  }
  void calcHDot_FM(const Real*, const Real*, HMatrix& HDot) const override { HDot.setZero(6, 3); }
  bool hasConstantH() const override { return true; }

  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override {
    rot_.qdotFromW(q, Vec3(u[0], u[1], u[2]), qdot);
  }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    detail::store3(rot_.wFromQdot(q, qdot), u);
  }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    rot_.nDotTimes(q, Vec3(u[0], u[1], u[2]), Vec3(v[0], v[1], v[2]), out);
  }
  bool normalizeQ(Real* q) const override { return rot_.quaternion && detail::normalizeQuaternion(q, "Ball"); }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Ball>(*this); }

 private:
  detail::OrientationInF rot_;
};

}  // namespace

std::unique_ptr<Mobilizer> ball(RotationCoordinates coords) { return std::make_unique<Ball>(coords); }

}  // namespace articula::mobilizers
