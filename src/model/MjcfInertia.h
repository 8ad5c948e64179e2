// Mass properties of MJCF geoms as MuJoCo 2.2.2 computes them for inertiafromgeom (docs/mjcf.md,
// "Mass and inertia"): solid shapes of uniform density, a capsule as a cylinder and two
// hemispheres, a closed triangle mesh by its exact volume integrals; summed about the combined
// mass centre (parallel axis theorem).
#pragma once
#include <optional>

#include "articula/contact/TriangleMesh.h"
#include "articula/math/Transform.h"
#include "articula/model/GeometryType.h"

namespace articula::model::mjcf {

struct MassBody {
  Real mass = 0;
  Vec3 com = Vec3::Zero();        // in the frame it is expressed in
  Mat33 inertia = Mat33::Zero();  // about com, in that frame's axes
};

// Volume of a primitive (Articula sizes: sphere [r], capsule/cylinder [r, half-length], box
// half-lengths, ellipsoid semi-axes); Mesh is not a primitive (0).
Real shapeVolume(GeometryType type, const Vec3& size);
// A primitive of the given mass, centred at its frame's origin, in its frame.
MassBody shapeMass(GeometryType type, const Vec3& size, Real mass);

// A closed mesh of uniform density: mass, centroid and inertia in the mesh's own coordinates
// (std::nullopt if its signed volume is not positive: open or inside-out).
std::optional<MassBody> meshMass(const TriangleMesh& mesh, Real density);
// MuJoCo re-expresses a mesh in its inertial frame: the centroid and principal axes (ascending
// moments, right-handed). X_file: that frame in the file's coordinates.
Transform meshInertialFrame(const MassBody& m);

// `m` (in frame G) seen from frame B, X_BG given.
MassBody placed(const MassBody& m, const Transform& X_BG);
// Two bodies in the same frame as one: mass centre and inertia about it.
MassBody combined(const MassBody& a, const MassBody& b);

}  // namespace articula::model::mjcf
