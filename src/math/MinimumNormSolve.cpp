// Eigen's CompleteOrthogonalDecomposition::_solve_impl, step by step into caller-owned storage.
#include "articula/math/MinimumNormSolve.h"

#include <utility>

namespace articula {

void solveMinimumNorm(const Eigen::CompleteOrthogonalDecomposition<Matrix>& cod, const Vector& b, Vector& x,
                      Vector& scratch) {
  using Eigen::Index;
  const Index n = cod.cols(), r = cod.rank();
  x.resize(n);
  if (r == 0) {
    x.setZero();
    return;
  }
  const Matrix& qtz = cod.matrixQTZ();
  const Index rows = qtz.rows();
  Real work;  // one column: applyHouseholderOnTheLeft needs one scalar of workspace
  // c = Qᵀ b with Q = H_0 ... H_{r-1}: H_0 first.
  scratch = b;
  for (Index k = 0; k < r; ++k)
    scratch.tail(rows - k).applyHouseholderOnTheLeft(qtz.col(k).tail(rows - k - 1), cod.hCoeffs()(k), &work);
  // T z = c(0:r).
  auto z = x.head(r);
  z = scratch.head(r);
  cod.matrixT().topLeftCorner(r, r).triangularView<Eigen::Upper>().solveInPlace(z);
  // y = Zᵀ [z; 0].
  if (r < n) {
    x.tail(n - r).setZero();
    for (Index k = 0; k < r; ++k) {
      if (k != r - 1) std::swap(x[k], x[r - 1]);
      x.segment(r - 1, n - r + 1)
          .applyHouseholderOnTheLeft(qtz.row(k).tail(n - r).transpose(), cod.zCoeffs()(k), &work);
      if (k != r - 1) std::swap(x[k], x[r - 1]);
    }
  }
  // x = P y.
  scratch = x;
  const auto& index = cod.colsPermutation().indices();
  for (Index i = 0; i < n; ++i) x[index[i]] = scratch[i];
}

}  // namespace articula
