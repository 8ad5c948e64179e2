// Rigid-body spatial inertia about a point O: its 6x6 form (the product is inline, Inertia.h).
#include "articula/math/Inertia.h"

namespace articula {

Mat66 SpatialInertia::toMat66() const {
  Mat66 M;
  writeMat66(M);
  return M;
}

}  // namespace articula
