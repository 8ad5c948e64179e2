// Private: a spatial inertia by its ten parameters, the form in which the composite-rigid-body
// method (MassMatrix.cpp) sums subtrees: mass m, first moment h = m p_OC and the symmetric
// rotational inertia I about a reference point O. Adding a child's inertia referred to its
// parent's origin costs about 40 flops here against 100 or more on the 6x6 matrix, and a product
// with a motion vector about 30 flops against 66. The first moment h is kept rather than
// p_OC so that a massless subtree needs no division.
//
// Stored as plain scalars, I by its six distinct entries: Eigen's 3-vectors here were copied
// through the stack with overlapping 16-byte moves, and the stalled store forwarding made the
// mass matrix of a 7-body arm 209 ns against 145 ns now; its 3x3 outer products were slower still.
#pragma once
#include "articula/math/Inertia.h"

namespace articula {

struct CompositeInertia {
  Real m = 0;
  Real h[3] = {0, 0, 0};
  Real Ixx = 0, Iyy = 0, Izz = 0, Ixy = 0, Ixz = 0, Iyz = 0;

  static CompositeInertia of(const SpatialInertia& M) {
    const Mat33& I = M.I_O;
    return {M.m,    {M.m * M.p_OC.x(), M.m * M.p_OC.y(), M.m * M.p_OC.z()}, I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2),
            I(1, 2)};
  }

  Vec3 firstMoment() const { return {h[0], h[1], h[2]}; }
  Mat33 rotational() const {
    Mat33 I;
    I << Ixx, Ixy, Ixz, Ixy, Iyy, Iyz, Ixz, Iyz, Izz;
    return I;
  }

  // Adds child, about its own point C, referred to this one's point O, where r = C - O: the
  // parallel-axis theorem for an off-centre reference point. With q = h_C + m r (the child's
  // first moment about O): I_O = I_C + (r.(h_C + q)) 1 - r q^T - h_C r^T, which is symmetric.
  void addShifted(const CompositeInertia& c, const Real* r) {
    const Real q0 = c.h[0] + c.m * r[0], q1 = c.h[1] + c.m * r[1], q2 = c.h[2] + c.m * r[2];
    const Real s = r[0] * (c.h[0] + q0) + r[1] * (c.h[1] + q1) + r[2] * (c.h[2] + q2);
    Ixx += c.Ixx + s - r[0] * q0 - c.h[0] * r[0];
    Iyy += c.Iyy + s - r[1] * q1 - c.h[1] * r[1];
    Izz += c.Izz + s - r[2] * q2 - c.h[2] * r[2];
    Ixy += c.Ixy - r[0] * q1 - c.h[0] * r[1];
    Ixz += c.Ixz - r[0] * q2 - c.h[0] * r[2];
    Iyz += c.Iyz - r[1] * q2 - c.h[1] * r[2];
    h[0] += q0, h[1] += q1, h[2] += q2;
    m += c.m;
  }
  void addShifted(const CompositeInertia& child, const Vec3& r) { addShifted(child, r.data()); }

  // [[I, h x], [-h x, m 1]] [w; v] = [I w + h x v; m v - h x w], from and into six scalars.
  void multiply(const Real* V, Real* out) const {
    const Real w0 = V[0], w1 = V[1], w2 = V[2], v0 = V[3], v1 = V[4], v2 = V[5];
    out[0] = Ixx * w0 + Ixy * w1 + Ixz * w2 + h[1] * v2 - h[2] * v1;
    out[1] = Ixy * w0 + Iyy * w1 + Iyz * w2 + h[2] * v0 - h[0] * v2;
    out[2] = Ixz * w0 + Iyz * w1 + Izz * w2 + h[0] * v1 - h[1] * v0;
    out[3] = m * v0 - (h[1] * w2 - h[2] * w1);
    out[4] = m * v1 - (h[2] * w0 - h[0] * w2);
    out[5] = m * v2 - (h[0] * w1 - h[1] * w0);
  }
  SpatialVec operator*(const SpatialVec& V) const {
    SpatialVec out;
    multiply(V.data(), out.data());
    return out;
  }
};

}  // namespace articula
