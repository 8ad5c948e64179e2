// PointOnLine: station S on B stays on the line through p_AL along l fixed on A: two
// StationInPlanes rows whose normals are perpendicular to l and to each other (fixed in A).
#include "articula/constraints/constraints.h"

namespace articula::constraints {

PointOnLine::PointOnLine(std::string name, int lineBody, const Vec3& direction_A, const Vec3& p_AL, int followerBody,
                         const Vec3& p_BS)
    : StationInPlanes(std::move(name), 2, "line body", lineBody, followerBody, p_BS) {
  if (!(direction_A.norm() > 0) || !direction_A.allFinite())
    throw Error(label() + ": line direction must be non-zero and finite");
  const Rotation R = Rotation::fromOneAxis(CoordinateAxis::Z, direction_A);
  n_A_[0] = R.x();
  n_A_[1] = R.y();
  for (int i = 0; i < 2; ++i) h_[i] = n_A_[i].dot(p_AL);
}

}  // namespace articula::constraints
