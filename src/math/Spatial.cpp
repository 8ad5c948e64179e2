// Rigid shift of 6x6 inertia-like matrices (articulated-body inertias included).
#include "articula/math/Spatial.h"

namespace articula {

// With P = [[A, B], [C, D]] and L = skew(l), phi = [[1, L], [0, 1]] and phi^T = [[1, 0], [-L, 1]]:
//   phi P phi^T = [[A + L C - (B + L D) L,  B + L D], [C - D L,  D]].
// Done blockwise so the zero and identity blocks of phi cost nothing; valid for any P.
Mat66 shiftInertiaMatrix(const Mat66& P, const Vec3& l) {
  const Mat33 L = skew(l);
  const Mat33 A = P.topLeftCorner<3, 3>(), B = P.topRightCorner<3, 3>();
  const Mat33 C = P.bottomLeftCorner<3, 3>(), D = P.bottomRightCorner<3, 3>();
  const Mat33 BLD = B + L * D;
  Mat66 out;
  out.topLeftCorner<3, 3>() = A + L * C - BLD * L;
  out.topRightCorner<3, 3>() = BLD;
  out.bottomLeftCorner<3, 3>() = C - D * L;
  out.bottomRightCorner<3, 3>() = D;
  return out;
}

}  // namespace articula
