// Free mobilizer: q = [orientation, p_FM in F], u = [w_FM in F, v_FM in F], so H = identity
// and HDot = 0. The orientation is a quaternion (nq 7) or body-fixed x-y-z angles (nq 6).
#include "OrientationKinematics.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Free final : public Mobilizer {
 public:
  explicit Free(RotationCoordinates coords) : rot_{coords == RotationCoordinates::Quaternion} {}

  std::string typeName() const override { return rot_.quaternion ? "Free" : "FreeEulerXYZ"; }
  int nq() const override { return rot_.nq() + 3; }
  int nu() const override { return 6; }
  int quaternionIndex() const override { return rot_.quaternion ? 0 : -1; }

  Transform calcX_FM(const Real* q) const override {
    const int np = rot_.nq();  // first translation coordinate
    return Transform(Rotation::trusted(rot_.rotation(q)), Vec3(q[np], q[np + 1], q[np + 2]));
  }
  void calcH_FM(const Real*, HMatrix& H) const override { H.setIdentity(6, 6); }
  void calcHDot_FM(const Real*, const Real*, HMatrix& HDot) const override { HDot.setZero(6, 6); }
  bool hasConstantH() const override { return true; }

  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override {
    rot_.qdotFromW(q, Vec3(u[0], u[1], u[2]), qdot);
    const int np = rot_.nq();
    for (int i = 0; i < 3; ++i) qdot[np + i] = u[3 + i];
  }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override {
    detail::store3(rot_.wFromQdot(q, qdot), u);
    const int np = rot_.nq();
    for (int i = 0; i < 3; ++i) u[3 + i] = qdot[np + i];
  }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    rot_.nDotTimes(q, Vec3(u[0], u[1], u[2]), Vec3(v[0], v[1], v[2]), out);
    const int np = rot_.nq();
    for (int i = 0; i < 3; ++i) out[np + i] = 0;
  }
  bool normalizeQ(Real* q) const override { return rot_.quaternion && detail::normalizeQuaternion(q, "Free"); }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Free>(*this); }

 private:
  detail::OrientationInF rot_;
};

}  // namespace

std::unique_ptr<Mobilizer> free(RotationCoordinates coords) { return std::make_unique<Free>(coords); }

}  // namespace articula::mobilizers
