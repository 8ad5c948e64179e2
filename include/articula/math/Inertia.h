// Mass properties: UnitInertia (gyration, per unit mass), Inertia, MassProperties, SpatialInertia.
// Inertias are about a stated point and expressed in a stated frame; the types do not know which,
// so names carry it (I_BC_B: inertia of B about its centre of mass C, expressed in B).
#pragma once
#include <string>

#include "articula/math/Spatial.h"

namespace articula {

// Symmetric positive semidefinite 3x3 satisfying the triangle inequality (Theory Manual §2, oracle 11).
class Inertia {
 public:
  Inertia() : I_(Mat33::Zero()) {}
  // Validates: symmetric, finite, moments >= 0, triangle inequality. `what` names the owner in errors.
  explicit Inertia(const Mat33& I, const std::string& what = "inertia");
  Inertia(Real xx, Real yy, Real zz, Real xy = 0, Real xz = 0, Real yz = 0);
  static Inertia trusted(const Mat33& I) {
    Inertia r;
    r.I_ = I;
    return r;
  }

  // Factories, about the body's centre, for a body of mass `mass`.
  static Inertia pointMass(Real mass, const Vec3& p);  // about the origin, of a particle at p
  static Inertia sphere(Real mass, Real radius);
  static Inertia cylinderAlongZ(Real mass, Real radius, Real halfLength);
  static Inertia brick(Real mass, const Vec3& halfLengths);
  static Inertia ellipsoid(Real mass, const Vec3& semiAxes);

  const Mat33& matrix() const { return I_; }
  Vec3 moments() const { return I_.diagonal(); }
  Vec3 products() const { return Vec3(I_(0, 1), I_(0, 2), I_(1, 2)); }
  Inertia operator+(const Inertia& o) const { return trusted(I_ + o.I_); }
  Inertia operator-(const Inertia& o) const { return trusted(I_ - o.I_); }
  Inertia operator*(Real s) const { return trusted(I_ * s); }
  // Re-expresses: given I_F (this), returns R_GF I_F R_FG.
  Inertia reexpress(const Rotation& R_GF) const { return trusted(R_GF.matrix() * I_ * R_GF.matrix().transpose()); }
  // Parallel-axis shifts for a body of mass m whose centre is at p_OC from the current point O:
  // shiftFromMassCenter adds m(|p|^2 1 - p p^T); shiftToMassCenter subtracts it.
  Inertia shiftFromMassCenter(const Vec3& p_CQ, Real mass) const;
  Inertia shiftToMassCenter(const Vec3& p_OC, Real mass) const;
  bool isValid(Real tol = 1e-12) const;

 private:
  Mat33 I_;
};

// Mass m, centre of mass p_BC (from Bo, in B) and inertia about Bo in B (Theory Manual §6).
class MassProperties {
 public:
  MassProperties() : mass_(0), com_(Vec3::Zero()) {}
  // Throws for m < 0, non-finite values or an invalid inertia.
  MassProperties(Real mass, const Vec3& p_BC, const Inertia& I_BO_B);
  // Convenience: inertia given about the centre of mass.
  static MassProperties fromCentral(Real mass, const Vec3& p_BC, const Inertia& I_BC_B);

  Real mass() const { return mass_; }
  const Vec3& massCenter() const { return com_; }
  const Inertia& inertiaAboutOrigin() const { return I_O_; }
  Inertia inertiaAboutMassCenter() const { return I_O_.shiftToMassCenter(com_, mass_); }
  // Spatial inertia matrix about Bo: [[I_O, m p x], [-m p x, m 1]] (expressed in B).
  Mat66 toSpatialMat() const;
  // Mass properties of the same body measured in frame A given X_AB.
  MassProperties transform(const Transform& X_AB) const;

 private:
  Real mass_;
  Vec3 com_;
  Inertia I_O_;
};

// Spatial inertia of a rigid body expressed in some frame, about a point O of that frame:
// mass, centre-of-mass offset p_OC and inertia about O. Cheap to rigid-shift and re-express.
struct SpatialInertia {
  Real m = 0;
  Vec3 p_OC = Vec3::Zero();
  Mat33 I_O = Mat33::Zero();

  Mat66 toMat66() const;
  // The same 6x6 [[I_O, m p x], [-m p x, m 1]] written into out, element by element (hot paths).
  void writeMat66(Mat66& out) const {
    const Vec3 mp = m * p_OC;
    out.topLeftCorner<3, 3>() = I_O;
    out.bottomRightCorner<3, 3>() = m * Mat33::Identity();
    // m p x = [[0, -m z, m y], [m z, 0, -m x], [-m y, m x, 0]] and its negative (= its transpose).
    out(0, 3) = 0, out(0, 4) = -mp.z(), out(0, 5) = mp.y();
    out(1, 3) = mp.z(), out(1, 4) = 0, out(1, 5) = -mp.x();
    out(2, 3) = -mp.y(), out(2, 4) = mp.x(), out(2, 5) = 0;
    out.bottomLeftCorner<3, 3>() = out.topRightCorner<3, 3>().transpose();
  }
  // Momentum or force from a motion vector: M * V, without forming the 6x6. Inline: it runs once
  // per body in the kinetic-energy, momentum and reaction-force sweeps. (The Newton-Euler sweep
  // writes the same product out in scalars on its storage: InverseDynamics.cpp.)
  // [[I_O, m p x], [-m p x, m 1]] [w; v] = [I_O w + m p x v; m (v - p x w)].
  SpatialVec operator*(const SpatialVec& V) const {
    const Vec3 w = V.head<3>(), v = V.tail<3>();
    return spatialVec(I_O * w + m * p_OC.cross(v), m * (v - p_OC.cross(w)));
  }
};

}  // namespace articula
