// Stribeck friction: the friction coefficient as a C²-smooth function of slip speed v >= 0
// (Simbody paper §5.1, eq. 27 and Fig. 5). Three segments, with vt the transition speed:
//   [0, vt]      quintic rise from 0 to μs, p(x) = (15x − 10x³ + 3x⁵)/8 with x = v/vt: zero value,
//                zero curvature at 0 (odd, so the friction force vector is smooth through v = 0),
//                zero slope and curvature at vt;
//   [vt, 3 vt]   quintic smoothstep from μs down (or up) to μd, zero slope and curvature at both ends;
//   [3 vt, ∞)    μd;
// plus μv·v on every segment (viscous friction, μv in s/m). The friction force opposes slip with
// magnitude μ(v)·f_n. There is no true stiction: a small slip speed (below vt) carries the static
// load, so vt should be small compared with the motion's speeds.
#pragma once
#include "articula/math/Types.h"

namespace articula {

class StribeckFriction {
 public:
  static constexpr Real kDefaultTransitionSpeed = 0.01;  // m/s, Simbody's default
  static constexpr Real kDynamicSpeedFactor = 3;         // the Stribeck segment ends at 3 vt

  // Throws Error naming the field and value for negative or non-finite coefficients, μd > μs,
  // or a transition speed that is not finite and > 0.
  StribeckFriction(Real staticFriction, Real dynamicFriction, Real viscousFriction = 0,
                   Real transitionSpeed = kDefaultTransitionSpeed);

  Real getStaticFriction() const { return us_; }
  Real getDynamicFriction() const { return ud_; }
  Real getViscousFriction() const { return uv_; }
  Real getTransitionSpeed() const { return vt_; }

  // μ(v) and its first two derivatives with respect to v (v >= 0; negative v is treated as |v|).
  Real calcCoefficient(Real v) const;
  struct Derivatives {
    Real value = 0, slope = 0, curvature = 0;
  };
  Derivatives calcDerivatives(Real v) const;

  // Friction force on the surface slipping with velocity vSlip (tangential, any frame) under
  // normal force fn >= 0: −μ(|vSlip|) fn vSlip/|vSlip| (zero at zero slip).
  Vec3 calcForce(const Vec3& vSlip, Real fn) const;

 private:
  Real us_, ud_, uv_, vt_;
};

}  // namespace articula
