// Sphere against brick: the box's closest point to the centre, or its nearest face from inside.
#include <cmath>

#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {

void collideSphereBrick(const PlacedShape& sphere, const PlacedShape& brick, Real margin,
                        std::vector<ContactPoint>& out) {
  const Real r = sphere.shape->radius();
  const Vec3& h = brick.shape->size();
  const Mat33& R_GB = brick.X_GS.R().matrix();
  const Vec3 c_B = R_GB.transpose() * (sphere.X_GS.p() - brick.X_GS.p());
  const Vec3 q_B = c_B.cwiseMax(-h).cwiseMin(h);
  Vec3 m_B;  // brick's outward normal at q, in B
  Real depth;
  Vec3 onBox_B = q_B;
  if (q_B != c_B) {  // centre outside the box
    const Vec3 gap = c_B - q_B;
    const Real dist = gap.norm();
    m_B = gap / dist;
    depth = r - dist;
  } else {  // inside: leave through the nearest face
    int axis = 0;
    (h - c_B.cwiseAbs()).minCoeff(&axis);
    const Real side = c_B[axis] >= 0 ? 1.0 : -1.0;
    m_B = side * Vec3::Unit(axis);
    depth = r + (h[axis] - std::abs(c_B[axis]));
    onBox_B[axis] = side * h[axis];
  }
  if (!(depth >= -margin)) return;
  ContactPoint c;
  c.shapeA = sphere.index;
  c.shapeB = brick.index;
  c.n_G = -(R_GB * m_B);  // from the sphere towards the brick
  c.depth = depth;
  c.pA_G = sphere.X_GS.p() + r * c.n_G;
  c.pB_G = brick.X_GS * onBox_B;
  c.p_G = 0.5 * (c.pA_G + c.pB_G);
  c.curvatureA = sphereCurvature(r, c.n_G);
  c.curvatureB = planeCurvature(-c.n_G);  // a face; edges and corners are reported flat as well
  out.push_back(c);
}

}  // namespace articula
