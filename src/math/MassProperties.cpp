// Mass properties of a rigid body about its origin (Theory Manual §6) and their change of frame.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "articula/Error.h"
#include "articula/math/Inertia.h"

namespace articula {

MassProperties::MassProperties(Real mass, const Vec3& p_BC, const Inertia& I_BO_B)
    : mass_(mass), com_(p_BC), I_O_(I_BO_B) {
  if (!std::isfinite(mass) || mass < 0 || !p_BC.allFinite()) {
    std::ostringstream msg;
    msg << "MassProperties: mass must be finite and >= 0 and the mass center finite, got mass " << mass
        << ", mass center [" << p_BC.transpose() << "]";
    throw Error(msg.str());
  }
  // Inertia(Mat33) validates the given matrix; the central inertia must be valid as well, or the
  // inertia about Bo is too small for a body whose mass sits at p_BC.
  const Inertia given(I_BO_B.matrix(), "MassProperties inertia about the body origin");
  I_O_ = given;
  const Mat33 I_C = I_O_.shiftToMassCenter(com_, mass_).matrix();
  // The shift cancels digits at the scale of the larger term, so the slack is relative to that;
  // adding it to the diagonal relaxes every moment and triangle test by the same amount.
  const Real slack = 1e-10 * std::max(I_O_.matrix().cwiseAbs().maxCoeff(), mass_ * com_.squaredNorm());
  if (!Inertia::trusted(I_C + slack * Mat33::Identity()).isValid(0)) {
    std::ostringstream msg;
    msg << "MassProperties: inertia about the body origin is inconsistent with mass " << mass << " at ["
        << p_BC.transpose() << "]; the central inertia would be\n"
        << I_C;
    throw Error(msg.str());
  }
}

MassProperties MassProperties::fromCentral(Real mass, const Vec3& p_BC, const Inertia& I_BC_B) {
  return MassProperties(mass, p_BC, I_BC_B.shiftFromMassCenter(p_BC, mass));
}

Mat66 MassProperties::toSpatialMat() const {
  const Mat33 mpx = mass_ * skew(com_);
  Mat66 M;
  M << I_O_.matrix(), mpx, -mpx, mass_ * Mat33::Identity();
  return M;
}

MassProperties MassProperties::transform(const Transform& X_AB) const {
  // Go through the mass center: re-express the central inertia in A, then shift it to Ao.
  const Vec3 p_AC = X_AB * com_;
  const Inertia I_C_A = inertiaAboutMassCenter().reexpress(X_AB.R());
  MassProperties out;
  out.mass_ = mass_;
  out.com_ = p_AC;
  out.I_O_ = I_C_A.shiftFromMassCenter(p_AC, mass_);
  return out;
}

}  // namespace articula
