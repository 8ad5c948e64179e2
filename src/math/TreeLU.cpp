// Tree-ordered LU: leaves first, so every update stays on a root path (see TreeLU.h).
#include "articula/math/TreeLU.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "articula/Error.h"

namespace articula {

namespace {

// Sorted indices as runs of consecutive ones, appended to runs.
template <class Run>
void appendRuns(const std::vector<int>& sorted, std::vector<Run>& runs) {
  for (size_t m = 0; m < sorted.size(); ++m) {
    if (m > 0 && sorted[m] == sorted[m - 1] + 1) ++runs.back().length;
    else runs.push_back(Run{sorted[m], 1});
  }
}

// y[i] −= alpha x[i] over the runs; y and x are different columns (restrict lets it vectorize).
template <class Run>
void subtractScaledOnRuns(Real* __restrict y, const Real* __restrict x, Real alpha, const Run* runs, int nr) {
  for (int r = 0; r < nr; ++r) {
    const int start = runs[r].start, length = runs[r].length;
    for (int i = 0; i < length; ++i) y[start + i] -= alpha * x[start + i];
  }
}

// x[i] −= a c[i] for i in [start, end): one run of an elimination or back substitution. Not
// vectorized, here and in the passes that inline it: runs are a root path's length or shorter,
// and the vector loop's alias checks, prologue and epilogue cost more than they saved (M^-1 v on
// a 7-pin arm 56 -> 47 ns, a 10-pin chain 81 -> 67 ns).
[[gnu::optimize("no-tree-vectorize")]] inline void subtractScaled(Real* __restrict x, const Real* __restrict c, Real a,
                                                                  int start, int end) {
  for (int i = start; i < end; ++i) x[i] -= c[i] * a;
}

}  // namespace

TreeLU::TreeLU(std::vector<int> parent) : parent_(std::move(parent)) {
  const int n = size();
  runStart_.assign(n + 1, 0);
  std::vector<char> inPattern(static_cast<size_t>(n) * n, 0);  // column-major like Matrix
  std::vector<int> ancestors;
  std::vector<std::vector<int>> descendants(n);  // filled in increasing order
  for (int k = 0; k < n; ++k) {
    const int p = parent_[k];
    if (p < -1 || p >= k)
      throw Error("TreeLU: parent[" + std::to_string(k) + "] = " + std::to_string(p) + " must be −1 or below " +
                  std::to_string(k));
    ancestors.clear();
    for (int a = p; a >= 0; a = parent_[a]) ancestors.push_back(a);
    std::sort(ancestors.begin(), ancestors.end());
    runStart_[k] = static_cast<int>(runs_.size());
    appendRuns(ancestors, runs_);
    for (int a : ancestors) descendants[a].push_back(k);
    inPattern[static_cast<size_t>(k) * n + k] = 1;
    for (int a : ancestors) inPattern[static_cast<size_t>(a) * n + k] = inPattern[static_cast<size_t>(k) * n + a] = 1;
  }
  runStart_[n] = static_cast<int>(runs_.size());
  descendantRunStart_.assign(n + 1, 0);
  for (int k = 0; k < n; ++k) {
    descendantRunStart_[k] = static_cast<int>(descendantRuns_.size());
    appendRuns(descendants[k], descendantRuns_);
  }
  descendantRunStart_[n] = static_cast<int>(descendantRuns_.size());
  chain_ = true;
  for (int k = 0; k < n; ++k) chain_ = chain_ && parent_[k] == k - 1;
  for (int i = 0; i < n * n; ++i)
    if (!inPattern[i]) offPattern_.push_back(i);
}

bool TreeLU::fitsPattern(const Matrix& A) const {
  const int n = size();
  if (A.rows() != n || A.cols() != n) return false;
  const Real* a = A.data();
  bool nonzero = false;  // no early exit: one pass with no branches
  for (int i : offPattern_) nonzero |= a[i] != 0;
  return !nonzero;
}

bool TreeLU::compute(const Matrix& A, Real relativePivot) {
  const int n = size();
  f_ = A;
  pivotInverse_.resize(n);
  Real* F = f_.data();  // column-major: (i, j) at F[j n + i]
  const Real floor = relativePivot * (n ? A.diagonal().cwiseAbs().maxCoeff() : 0);
  Real cancellation = 1;
  for (int k = n - 1; k >= 0; --k) {
    Real* colK = F + static_cast<size_t>(k) * n;
    const Real pivot = colK[k];
    if (!std::isfinite(pivot) || !(std::abs(pivot) > floor)) return false;
    const Run* runs = runs_.data() + runStart_[k];
    const int nr = runStart_[k + 1] - runStart_[k];
    // Multipliers l_i = A(i, k)/pivot for k's ancestors i, kept in column k; then each ancestor
    // column a loses l A(k, a): a rank-one update confined to the ancestors' rows and columns.
    // Row k keeps A(k, a)/pivot, so the back substitution needs no division on its critical path.
    const Real inv = pivotInverse_[k] = 1 / pivot;
    cancellation = std::max(cancellation, std::abs(A(k, k) * inv));
    for (int r = 0; r < nr; ++r)
      for (int i = runs[r].start, end = i + runs[r].length; i < end; ++i) colK[i] *= inv;
    for (int c = 0; c < nr; ++c)
      for (int a = runs[c].start, endA = a + runs[c].length; a < endA; ++a) {
        Real* colA = F + static_cast<size_t>(a) * n;
        const Real rowK = colA[k];
        if (rowK != 0) subtractScaledOnRuns(colA, colK, rowK, runs, nr);
        colA[k] = rowK * inv;  // no longer read here; the back substitution's multiplier
      }
  }
  cancellation_ = cancellation;
  return true;
}

[[gnu::optimize("no-tree-vectorize")]] void TreeLU::eliminate(Real* X) const {
  const Real* F = f_.data();
  const Run* runs = runs_.data();
  const int* runStart = runStart_.data();
  const int n = size();
  // The factorization's eliminations on the right-hand side, leaves first. Zeros are skipped: the
  // columns of G^T and the unit vectors of calcMInv are mostly zeros.
  for (int k = n - 1; k >= 0; --k) {
    const Real xk = X[k];
    if (xk == 0) continue;
    const Real* colK = F + static_cast<size_t>(k) * n;
    for (int m = runStart[k]; m < runStart[k + 1]; ++m)
      subtractScaled(X, colK, xk, runs[m].start, runs[m].start + runs[m].length);
  }
}

[[gnu::optimize("no-tree-vectorize")]] void TreeLU::solve(const Vector& b, Vector& x) const {
  const int n = size();
  if (&x != &b) x = b;
  Real* X = x.data();
  if (chain_) {
    solveChain(X);
    return;
  }
  const Real* F = f_.data();
  const Real* pinv = pivotInverse_.data();
  const Run* dRuns = descendantRuns_.data();
  const int* dRunStart = descendantRunStart_.data();
  eliminate(X);
  for (int k = 0; k < n; ++k) X[k] *= pinv[k];
  // Back, roots first: once x_j is known, its term leaves the rows of j's descendants (column j
  // below the diagonal holds them contiguously, already divided by their pivots).
  for (int j = 0; j < n; ++j) {
    const Real* colJ = F + static_cast<size_t>(j) * n;
    const Real xj = X[j];
    for (int m = dRunStart[j]; m < dRunStart[j + 1]; ++m)
      subtractScaled(X, colJ, xj, dRuns[m].start, dRuns[m].start + dRuns[m].length);
  }
}

// solve() on a chain: dense triangles without run tables, and the next unknown, which every
// step waits for, carried in a register rather than stored and reloaded (arm7 47 -> 34 ns,
// chain10 67 -> 57 ns). Each x_i gets the same subtractions in the same order as in solve().
[[gnu::optimize("no-tree-vectorize")]] void TreeLU::solveChain(Real* X) const {
  const int n = size();
  if (n == 0) return;
  const Real* F = f_.data();
  Real xk = X[n - 1];
  for (int k = n - 1; k > 0; --k) {
    const Real* colK = F + static_cast<size_t>(k) * n;
    const Real next = X[k - 1] - colK[k - 1] * xk;
    subtractScaled(X, colK, xk, 0, k - 1);
    X[k - 1] = xk = next;
  }
  const Real* pinv = pivotInverse_.data();
  for (int k = 0; k < n; ++k) X[k] *= pinv[k];
  Real xj = X[0];
  for (int j = 0; j + 1 < n; ++j) {
    const Real* colJ = F + static_cast<size_t>(j) * n;
    const Real next = X[j + 1] - colJ[j + 1] * xj;
    subtractScaled(X, colJ, xj, j + 2, n);
    X[j + 1] = xj = next;
  }
}

}  // namespace articula
