// Inertia matrices: validation, closed-form factories and parallel-axis shifts.
#include <algorithm>
#include <cmath>
#include <sstream>

#include <Eigen/Eigenvalues>

#include "articula/Error.h"
#include "articula/math/Inertia.h"

namespace articula {

namespace {

constexpr Real kRelTol = 1e-10;

// Returns an empty string when I is a valid inertia to relative tolerance `tol`, else the reason.
std::string whyInvalid(const Mat33& I, Real tol) {
  std::ostringstream why;
  if (!I.allFinite()) {
    why << "has non-finite entries";
    return why.str();
  }
  const Real scale = std::max(I.cwiseAbs().maxCoeff(), Real(0));
  const Real atol = tol * scale;  // a zero inertia is valid, so scale 0 means tolerance 0
  const Real asym = (I - I.transpose()).cwiseAbs().maxCoeff();
  if (asym > atol) {
    why << "is not symmetric (max |I - I^T| = " << asym << ")";
    return why.str();
  }
  const Vec3 d = I.diagonal();
  for (int a = 0; a < 3; ++a) {
    if (d[a] < -atol) {
      why << "has negative moment I"
          << "xyz"[a] << "xyz"[a] << " = " << d[a];
      return why.str();
    }
  }
  for (int a = 0; a < 3; ++a) {
    const int b = (a + 1) % 3, c = (a + 2) % 3;
    if (d[b] + d[c] < d[a] - atol) {
      why << "violates the triangle inequality: moments (" << d.transpose() << "), I"
          << "xyz"[b] << "xyz"[b] << " + I"
          << "xyz"[c] << "xyz"[c] << " < I"
          << "xyz"[a] << "xyz"[a];
      return why.str();
    }
  }
  // The diagonal tests are necessary but not sufficient once products of inertia are present; the
  // principal moments must pass them too. Equivalent: S = tr(I)/2 1 - I (second moment of the
  // mass distribution) is positive semidefinite.
  const Mat33 Isym = 0.5 * (I + I.transpose());
  const Vec3 p = Eigen::SelfAdjointEigenSolver<Mat33>(Isym, Eigen::EigenvaluesOnly).eigenvalues();
  // Eigenvalues come sorted ascending.
  if (p[0] < -atol || p[0] + p[1] < p[2] - atol) {
    why << "has principal moments (" << p.transpose() << ") that are negative or violate the triangle inequality";
    return why.str();
  }
  return {};
}

void checkNonNegative(Real v, const char* what, const char* field) {
  if (!(v >= 0) || !std::isfinite(v)) {
    std::ostringstream msg;
    msg << what << ": " << field << " must be finite and >= 0, got " << v;
    throw Error(msg.str());
  }
}

}  // namespace

Inertia::Inertia(const Mat33& I, const std::string& what) {
  const std::string why = whyInvalid(I, kRelTol);
  if (!why.empty()) {
    std::ostringstream msg;
    msg << what << ": invalid inertia, " << why << ":\n" << I;
    throw Error(msg.str());
  }
  I_ = 0.5 * (I + I.transpose());  // remove the tolerated asymmetry
}

Inertia::Inertia(Real xx, Real yy, Real zz, Real xy, Real xz, Real yz)
    : Inertia((Mat33() << xx, xy, xz, xy, yy, yz, xz, yz, zz).finished()) {}

Inertia Inertia::pointMass(Real mass, const Vec3& p) {
  return trusted(mass * (p.squaredNorm() * Mat33::Identity() - p * p.transpose()));
}

Inertia Inertia::sphere(Real mass, Real radius) {
  checkNonNegative(mass, "Inertia::sphere", "mass");
  checkNonNegative(radius, "Inertia::sphere", "radius");
  const Real I = 0.4 * mass * radius * radius;
  return trusted(I * Mat33::Identity());
}

Inertia Inertia::cylinderAlongZ(Real mass, Real radius, Real halfLength) {
  checkNonNegative(mass, "Inertia::cylinderAlongZ", "mass");
  checkNonNegative(radius, "Inertia::cylinderAlongZ", "radius");
  checkNonNegative(halfLength, "Inertia::cylinderAlongZ", "halfLength");
  const Real r2 = radius * radius, h2 = halfLength * halfLength;
  // Full length 2h: transverse m (3 r^2 + (2h)^2) / 12, axial m r^2 / 2.
  const Real t = mass * (3 * r2 + 4 * h2) / 12;
  return trusted(Vec3(t, t, 0.5 * mass * r2).asDiagonal());
}

Inertia Inertia::brick(Real mass, const Vec3& h) {
  checkNonNegative(mass, "Inertia::brick", "mass");
  for (int a = 0; a < 3; ++a) checkNonNegative(h[a], "Inertia::brick", "half length");
  const Vec3 s = h.cwiseAbs2();
  return trusted((mass / 3 * Vec3(s[1] + s[2], s[0] + s[2], s[0] + s[1])).asDiagonal());
}

Inertia Inertia::ellipsoid(Real mass, const Vec3& a) {
  checkNonNegative(mass, "Inertia::ellipsoid", "mass");
  for (int i = 0; i < 3; ++i) checkNonNegative(a[i], "Inertia::ellipsoid", "semi-axis");
  const Vec3 s = a.cwiseAbs2();
  return trusted((mass / 5 * Vec3(s[1] + s[2], s[0] + s[2], s[0] + s[1])).asDiagonal());
}

Inertia Inertia::shiftFromMassCenter(const Vec3& p_CQ, Real mass) const {
  return trusted(I_ + pointMass(mass, p_CQ).matrix());
}

Inertia Inertia::shiftToMassCenter(const Vec3& p_OC, Real mass) const {
  return trusted(I_ - pointMass(mass, p_OC).matrix());
}

bool Inertia::isValid(Real tol) const { return whyInvalid(I_, tol).empty(); }

}  // namespace articula
