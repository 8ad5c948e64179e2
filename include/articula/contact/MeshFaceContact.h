// What mesh-versus-shape detection hands to the elastic foundation model: one entry per mesh face
// whose centroid lies inside (or within the margin of) the other shape.
#pragma once
#include "articula/math/Types.h"

namespace articula {

struct MeshFaceContact {
  int meshShape = -1, otherShape = -1;  // indices in the contact set
  int face = -1;                        // face index in the mesh
  Real area = 0;                        // face area, m^2
  Vec3 p_G = Vec3::Zero();              // the face centroid
  Vec3 q_G = Vec3::Zero();              // the other shape's surface point nearest to the centroid
  Vec3 n_G = Vec3::UnitZ();             // unit, the other shape's outward normal at q_G (pushes the mesh)
  Real depth = 0;                       // centroid's depth inside the other shape (< 0 outside)
};

}  // namespace articula
