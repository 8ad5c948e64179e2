// What integrators need from the matter subsystem (Theory Manual §9.2, §10.2): projection
// (quaternion normalization, and constraint projection through the ConstraintHooks), the unit weights 1/δu of
// the generalized speeds, and N⁺ to weight q errors in u space.
#include <cmath>

#include "MatterImpl.h"
#include "articula/matter/MatterSubsystem.h"

namespace articula {

bool MatterSubsystem::project(State& s, Real tolerance, Vector* yErrEst) const {
  bool changed = normalizeQ(s);
  // Constraint projection (q by Newton, then u) normalizes quaternions again at every iterate.
  if (constraintHooks_ && constraintHooks_->isActive(s))
    changed = constraintHooks_->project(s, tolerance, yErrEst) || changed;
  if (yErrEst == nullptr) return changed;
  // Prescribed q and u are exact functions of time (written at every Position realization): an
  // integrator's estimate of their error is meaningless.
  const LockInfo& locks = lockInfo(*this, s);
  if (locks.anyMotion) {
    const int q0 = s.getQStart(getIndex()), u0 = s.getNQ() + s.getUStart(getIndex());
    for (const auto& b : bodies_) {
      const int level = locks.motion[b.index].level;
      if (level == 0) yErrEst->segment(q0 + b.qStart, b.nq).setZero();
      if (level == 0 || level == 1) yErrEst->segment(u0 + b.uStart, b.nu).setZero();
    }
  }
  // An error along a quaternion's own direction only changes its length, which normalization
  // removes: drop that component so it cannot fail (or shrink) a step.
  const ConstVectorView q = getQ(s);
  const int q0 = s.getQStart(getIndex());
  for (const auto& b : bodies_) {
    if (b.mobilizer == nullptr) continue;
    const int k = b.mobilizer->quaternionIndex();
    if (k < 0) continue;
    const Eigen::Vector4d qhat = q.segment<4>(b.qStart + k).normalized();
    auto e = yErrEst->segment<4>(q0 + b.qStart + k);
    e -= qhat.dot(e) * qhat;
  }
  return changed;
}

void MatterSubsystem::calcUWeights(const State& s, Real lengthScale, Vector& uWeights) const {
  // A unit change of u_i is what moves the body by one radian or one length scale: weight each
  // u by the larger of its angular rate and its linear rate / L in H_FM (at the default q, so
  // weights stay constant along a simulation). Pins get 1, sliders 1/L, screws max(1, pitch/L).
  const int u0 = s.getUStart(getIndex());
  HMatrix H;
  for (const auto& b : bodies_) {
    if (b.mobilizer == nullptr || b.nu == 0) continue;
    b.mobilizer->calcH_FM(b.defaultQ.data(), H);
    for (int j = 0; j < b.nu; ++j) {
      const Real w = std::max(H.col(j).head<3>().norm(), H.col(j).tail<3>().norm() / lengthScale);
      uWeights[u0 + b.uStart + j] = (w > 0 && std::isfinite(w)) ? w : 1;
    }
  }
}

void MatterSubsystem::multiplyByNInvSlice(const State& s, const Vector& qLike, Vector& uLike) const {
  const Real* q = getQ(s).data();
  const int q0 = s.getQStart(getIndex()), u0 = s.getUStart(getIndex());
  for (const auto& b : bodies_)
    if (b.nq) b.mobilizer->multiplyByNInv(q + b.qStart, qLike.data() + q0 + b.qStart, uLike.data() + u0 + b.uStart);
}

}  // namespace articula
