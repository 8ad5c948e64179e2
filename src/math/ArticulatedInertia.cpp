// General-size articulated shift (the O(n) kernels in src/matter use fixed-size versions of it).
#include "articula/math/ArticulatedInertia.h"

#include <Eigen/Cholesky>

#include "articula/Error.h"

namespace articula {

ArticulatedInertia ArticulatedInertia::articulatedShiftPart(const Eigen::Ref<const Matrix>& H, Matrix* DInv,
                                                            Matrix* G) const {
  if (H.rows() != 6 || H.cols() < 1 || H.cols() > 6)
    throw Error("ArticulatedInertia: hinge matrix must be 6 x n with 1 <= n <= 6, got " + std::to_string(H.rows()) +
                " x " + std::to_string(H.cols()));
  const Matrix PH = P_ * H;
  const Matrix D = H.transpose() * PH;
  const Eigen::LDLT<Matrix> ldlt(D);
  if (ldlt.info() != Eigen::Success || !ldlt.isPositive() || ldlt.vectorD().minCoeff() <= 1e-14 * D.norm())
    throw Error("ArticulatedInertia: D = H^T P H is singular (no inertia felt through the hinge)");
  const Matrix Di = ldlt.solve(Matrix::Identity(D.rows(), D.cols()));
  const Matrix Gm = PH * Di;
  if (DInv) *DInv = Di;
  if (G) *G = Gm;
  return ArticulatedInertia(Mat66(P_ - Gm * PH.transpose()));
}

}  // namespace articula
