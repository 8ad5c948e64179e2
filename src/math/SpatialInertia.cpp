// Rigid-body spatial inertia about a point O: 6x6 form and matrix-free product.
#include "articula/math/Inertia.h"

namespace articula {

Mat66 SpatialInertia::toMat66() const {
  Mat66 M;
  writeMat66(M);
  return M;
}

// [[I_O, m p x], [-m p x, m 1]] [w; v] = [I_O w + m p x v; m (v - p x w)].
SpatialVec SpatialInertia::operator*(const SpatialVec& V) const {
  const Vec3 w = V.head<3>(), v = V.tail<3>();
  return spatialVec(I_O * w + m * p_OC.cross(v), m * (v - p_OC.cross(w)));
}

}  // namespace articula
