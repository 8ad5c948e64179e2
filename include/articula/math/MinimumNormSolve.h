// The minimum-norm least-squares solution from Eigen's complete orthogonal decomposition, without
// temporaries: Eigen's solve() copies the right-hand side and allocates a Householder workspace
// and the permuted result on every call, and the constraint solver and projection call it once
// per step where constraints are redundant (docs/design.md: no allocation after the first call).
#pragma once
#include <Eigen/QR>

#include "articula/math/Types.h"

namespace articula {

// x = A⁺ b for the factored A (the same steps as Eigen's solve: Qᵀ b, the triangular solve, Zᵀ,
// the column permutation). scratch holds a copy of b; x and scratch keep their storage when the
// size repeats. x must not alias b.
void solveMinimumNorm(const Eigen::CompleteOrthogonalDecomposition<Matrix>& cod, const Vector& b, Vector& x,
                      Vector& scratch);

}  // namespace articula
