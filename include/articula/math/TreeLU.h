// LU factorization without fill-in for matrices with the branch-induced sparsity of a tree
// (Featherstone, "Efficient factorization of the joint-space inertia matrix for branched kinematic
// trees", IJRR 2005): unknowns form a forest through parent[i] < i (−1 for a root), and entry
// (i, j) may be nonzero only when i and j lie on one root path. A mass matrix has this pattern,
// and so does M − hγD − (hγ)²K when every force element couples only the mobilities on one body's
// path to Ground (joint dampers and limits, contact with Ground).
//
// Unknowns are eliminated from the leaves towards the roots: eliminating k only touches rows and
// columns of k's ancestors, so the factors keep the pattern and cost O(n d²) (d the depth in
// unknowns) rather than O(n³). No pivoting: compute() reports a pivot that is zero, not finite or
// tiny against its diagonal, and the caller falls back to a pivoting dense LU.
#pragma once
#include <vector>

#include "articula/math/Types.h"

namespace articula {

class TreeLU {
 public:
  TreeLU() = default;
  // parent[i] < i, or −1 for a root; throws Error otherwise.
  explicit TreeLU(std::vector<int> parent);

  int size() const { return static_cast<int>(parent_.size()); }
  // True when A is n x n and every entry off the pattern is exactly zero.
  bool fitsPattern(const Matrix& A) const;
  // Factors A (entries off the pattern are ignored). False when a pivot is not finite or below
  // relativePivot times the largest |diagonal| of A; the factors are then unusable.
  bool compute(const Matrix& A, Real relativePivot = 1e-12);
  // x = A⁻¹ b with the last successful factorization (x may alias b).
  void solve(const Vector& b, Vector& x) const;
  // For symmetric A the factors are A = U D Uᵀ, U unit upper triangular in the pattern (column
  // k holds k's multipliers on its ancestors): x ← U⁻¹ x, solve()'s first half. Then
  // Bᵀ A⁻¹ B = Yᵀ D⁻¹ Y with Y = U⁻¹ B, half the work of A⁻¹ B and symmetric by construction.
  // Zeros of x are skipped, so a column that is nonzero on one root path costs that path.
  void eliminate(Real* x) const;
  // 1 / D(k, k) of the last successful factorization.
  const Vector& pivotInverses() const { return pivotInverse_; }
  // Largest |A(k, k) / D(k, k)| of the last successful factorization: each pivot is its diagonal
  // entry minus what the descendants took, so this is how much the cancellation magnified the
  // entries' roundoff (a chain of 30 pins: large; a shallow tree: near 1).
  Real cancellation() const { return cancellation_; }

 private:
  void solveChain(Real* x) const;  // solve() when every parent[k] = k − 1

  // Ancestors of k as runs of consecutive indices (a body's mobilities are consecutive, and a
  // depth-first numbering makes whole paths consecutive), so the updates run over contiguous
  // stretches of a column: runs_[runStart_[k] .. runStart_[k+1]).
  struct Run {
    int start, length;
  };
  std::vector<int> parent_;
  std::vector<int> runStart_;
  std::vector<Run> runs_;
  std::vector<int> descendantRunStart_;  // the same for descendants (back substitution by columns)
  std::vector<Run> descendantRuns_;
  std::vector<int> offPattern_;  // linear (column-major) indices of the entries off the pattern
  Matrix f_;                     // the factors in A's storage
  Vector pivotInverse_;          // 1 / f_(k, k), for the back substitution
  Real cancellation_ = 1;
  bool chain_ = false;  // every parent[k] = k − 1: the factors are dense triangles
};

}  // namespace articula
