// Private: a spatial inertia by its ten parameters, the form in which the composite-rigid-body
// method (MassMatrix.cpp) sums subtrees: mass m, first moment h = m p_OC and the symmetric
// rotational inertia I about a reference point O. Adding a child's inertia referred to its
// parent's origin costs about 50 flops here against 100 or more on the 6x6 matrix, and a product
// with a motion vector about 30 flops against 66. The first moment h is kept rather than
// p_OC so that a massless subtree needs no division.
#pragma once
#include "articula/math/Inertia.h"

namespace articula {

struct CompositeInertia {
  Real m = 0;
  Vec3 h = Vec3::Zero();
  Mat33 I = Mat33::Zero();

  static CompositeInertia of(const SpatialInertia& M) { return {M.m, M.m * M.p_OC, M.I_O}; }

  // Adds child, about its own point C, referred to this one's point O, where r = C - O: the
  // parallel-axis theorem for an off-centre reference point. With q = h_C + m r (the child's
  // first moment about O): I_O = I_C + (r.(h_C + q)) 1 - r q^T - h_C r^T. Written out by entries:
  // Eigen's 3x3 outer products here made the mass matrix of a 7-body arm 20% slower.
  void addShifted(const CompositeInertia& child, const Vec3& r) {
    const Vec3 q = child.h + child.m * r;
    const Real s = r.dot(child.h + q);
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) I(i, j) += child.I(i, j) - r[i] * q[j] - child.h[i] * r[j] + (i == j ? s : 0);
    h += q;
    m += child.m;
  }

  // [[I, h x], [-h x, m 1]] [w; v] = [I w + h x v; m v - h x w].
  SpatialVec operator*(const SpatialVec& V) const {
    const Vec3 w = V.head<3>(), v = V.tail<3>();
    return spatialVec(I * w + h.cross(v), m * v - h.cross(w));
  }
};

}  // namespace articula
