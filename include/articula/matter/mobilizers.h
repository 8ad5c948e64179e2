// Factories for every mobilizer type. Conventions (q = 0 and identity quaternions give X_FM = I;
// quaternions are scalar first; angular velocities u of Ball/Free/Ellipsoid are w_FM expressed in
// F, linear speeds of Free are v_FM in F):
//   weld            nq 0 nu 0
//   pin             nq 1 nu 1  rotation q about the common z axis
//   slider          nq 1 nu 1  translation q along the common x axis
//   screw(pitch)    nq 1 nu 1  rotation q about z and translation pitch*q along z
//   universal       nq 2 nu 2  rotation q0 about x, then q1 about the new y; u = qdot
//   cylinder        nq 2 nu 2  rotation q0 about z, translation q1 along z
//   bendStretch     nq 2 nu 2  rotation q0 about z, then translation q1 along the rotated x (M's x)
//   planar          nq 3 nu 3  rotation q0 about z, translations q1, q2 along F's x and y
//   gimbal          nq 3 nu 3  body-fixed x-y-z angles; u = qdot (singular at q1 = +-pi/2)
//   ball            nq 4 nu 3  quaternion; u = w_FM in F.  Euler option: nq 3 body-fixed x-y-z
//                              angles with the same u (N maps w to angle rates)
//   sphericalCoords nq 3 nu 3  azimuth q0 about F's z, zenith q1 about the new y, then translation
//                              q2 along the resulting z (M's z); u = qdot
//   ellipsoid(a)    nq 4 nu 3  quaternion orientation as ball; M's origin lies on the ellipsoid of
//                              semi-axes a fixed in F, at the point whose outward normal is M's z
//   translation     nq 3 nu 3  p_FM = q in F; u = qdot
//   free            nq 7 nu 6  q = [quaternion, p_FM in F], u = [w_FM in F, v_FM in F].
//                              Euler option: nq 6 (x-y-z angles, p) with the same u
//   lineOrientation nq 4 nu 2  quaternion; u = (w_x, w_y) of w_FM expressed in M (no spin about z)
//   freeLine        nq 7 nu 5  lineOrientation plus translation: u = [w_x^M, w_y^M, v_FM in F]
//   bushing         nq 6 nu 6  body-fixed x-y-z angles then p_FM in F; u = qdot
//   functionBased   nq = nu = n (1..6): each of the 6 spatial coordinates of X_FM is a Function
//                   of some of the n coordinates (see SpatialFunctions)
// Ellipsoid note: X_FM(q=0) has the identity rotation and p_FM = (0, 0, a_z), so this type does
// not satisfy X_FM(0) = I (M sits on the surface). Simbody places M's origin at diag(a) * Mz
// instead; the two agree only at q = 0. Ours keeps M's z along the surface normal, which is what
// a contact-like rolling joint needs.
#pragma once
#include <array>
#include <vector>

#include "articula/math/Function.h"
#include "articula/matter/Mobilizer.h"

namespace articula {

enum class RotationCoordinates { Quaternion, EulerXYZ };

namespace mobilizers {

std::unique_ptr<Mobilizer> weld();
std::unique_ptr<Mobilizer> pin();
std::unique_ptr<Mobilizer> slider();
std::unique_ptr<Mobilizer> screw(Real pitch);
std::unique_ptr<Mobilizer> universal();
std::unique_ptr<Mobilizer> cylinder();
std::unique_ptr<Mobilizer> bendStretch();
std::unique_ptr<Mobilizer> planar();
std::unique_ptr<Mobilizer> gimbal();
std::unique_ptr<Mobilizer> ball(RotationCoordinates coords = RotationCoordinates::Quaternion);
std::unique_ptr<Mobilizer> sphericalCoords();
std::unique_ptr<Mobilizer> ellipsoid(const Vec3& semiAxes);
std::unique_ptr<Mobilizer> translation();
std::unique_ptr<Mobilizer> free(RotationCoordinates coords = RotationCoordinates::Quaternion);
std::unique_ptr<Mobilizer> lineOrientation();
std::unique_ptr<Mobilizer> freeLine();
std::unique_ptr<Mobilizer> bushing();

// One spatial coordinate of a function-based mobilizer: value = function(q[args[0]], q[args[1]], ...).
// A null function means the coordinate is identically zero.
struct SpatialCoordinate {
  FunctionPtr function;
  std::vector<int> args;
};

// X_FM of a function-based mobilizer: R_FM = R(axis0, r0) R(axis1, r1) R(axis2, r2) (body-fixed,
// each axis expressed in the frame produced by the previous rotations; axes are unit vectors and
// must not be parallel when both rotations are used) and p_FM = sum_k t_k translationAxes[k] with
// translation axes expressed in F. This is OpenSim's CustomJoint / Simbody's FunctionBased form.
struct SpatialFunctions {
  int numCoordinates = 1;
  std::array<Vec3, 3> rotationAxes{Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()};
  std::array<SpatialCoordinate, 3> rotations;
  std::array<Vec3, 3> translationAxes{Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()};
  std::array<SpatialCoordinate, 3> translations;
};
// Validates: every arg index < numCoordinates, each function's argumentSize == args.size(),
// unit axes; throws Error naming the coordinate otherwise.
std::unique_ptr<Mobilizer> functionBased(SpatialFunctions spec);

}  // namespace mobilizers
}  // namespace articula
