// PointInPlane: station S on B stays in the plane n.x = h fixed on A (one StationInPlanes row).
#include "articula/constraints/constraints.h"

namespace articula::constraints {

PointInPlane::PointInPlane(std::string name, int planeBody, const Vec3& normal_A, Real height, int followerBody,
                           const Vec3& p_BS)
    : StationInPlanes(std::move(name), 1, "plane body", planeBody, followerBody, p_BS) {
  if (!(normal_A.norm() > 0) || !normal_A.allFinite())
    throw Error(label() + ": plane normal must be non-zero and finite");
  n_A_[0] = normal_A.normalized();
  h_[0] = height;
}

}  // namespace articula::constraints
