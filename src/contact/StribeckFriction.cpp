#include "articula/contact/StribeckFriction.h"

#include <cmath>
#include <sstream>

#include "articula/Error.h"

namespace articula {

namespace {

void requireNonNegative(const char* field, Real value) {
  if (!std::isfinite(value) || value < 0) {
    std::ostringstream os;
    os << "StribeckFriction: " << field << " = " << value << " must be finite and >= 0";
    throw Error(os.str());
  }
}

}  // namespace

StribeckFriction::StribeckFriction(Real staticFriction, Real dynamicFriction, Real viscousFriction,
                                   Real transitionSpeed)
    : us_(staticFriction), ud_(dynamicFriction), uv_(viscousFriction), vt_(transitionSpeed) {
  requireNonNegative("staticFriction", us_);
  requireNonNegative("dynamicFriction", ud_);
  requireNonNegative("viscousFriction", uv_);
  if (ud_ > us_) {
    std::ostringstream os;
    os << "StribeckFriction: dynamicFriction = " << ud_ << " must not exceed staticFriction = " << us_;
    throw Error(os.str());
  }
  if (!std::isfinite(vt_) || !(vt_ > 0)) {
    std::ostringstream os;
    os << "StribeckFriction: transitionSpeed = " << vt_ << " m/s must be finite and > 0";
    throw Error(os.str());
  }
}

StribeckFriction::Derivatives StribeckFriction::calcDerivatives(Real v) const {
  v = std::abs(v);
  Derivatives d;
  const Real vd = kDynamicSpeedFactor * vt_;
  if (v <= vt_) {
    // p(x) = (15x − 10x³ + 3x⁵)/8: p(0) = p''(0) = 0, p(1) = 1, p'(1) = p''(1) = 0.
    const Real x = v / vt_, x2 = x * x;
    d.value = us_ * x * (15 - 10 * x2 + 3 * x2 * x2) / 8;
    d.slope = us_ * (15.0 / 8.0) * (1 - x2) * (1 - x2) / vt_;
    d.curvature = us_ * (15.0 / 2.0) * x * (x2 - 1) / (vt_ * vt_);
  } else if (v < vd) {
    // Smoothstep s(y) = 10y³ − 15y⁴ + 6y⁵ from μs to μd.
    const Real h = vd - vt_, y = (v - vt_) / h, y2 = y * y;
    const Real s = y2 * y * (10 - 15 * y + 6 * y2);
    const Real ds = 30 * y2 * (1 - y) * (1 - y);
    const Real dds = 60 * y * (1 - y) * (1 - 2 * y);
    d.value = us_ + (ud_ - us_) * s;
    d.slope = (ud_ - us_) * ds / h;
    d.curvature = (ud_ - us_) * dds / (h * h);
  } else {
    d.value = ud_;
  }
  d.value += uv_ * v;
  d.slope += uv_;
  return d;
}

Real StribeckFriction::calcCoefficient(Real v) const { return calcDerivatives(v).value; }

Vec3 StribeckFriction::calcForce(const Vec3& vSlip, Real fn) const {
  const Real v = vSlip.norm();
  if (v == 0 || fn <= 0) return Vec3::Zero();
  Real muOverV;
  if (v <= vt_) {
    // μ(v)/v written without the division, so the force is smooth through zero slip.
    const Real x = v / vt_, x2 = x * x;
    muOverV = us_ * (15 - 10 * x2 + 3 * x2 * x2) / (8 * vt_) + uv_;
  } else {
    muOverV = calcCoefficient(v) / v;
  }
  return -fn * muOverV * vSlip;
}

}  // namespace articula
