// Tree-ordered LU: leaves first, so every update stays on a root path (see TreeLU.h).
#include "articula/math/TreeLU.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "articula/Error.h"

namespace articula {

TreeLU::TreeLU(std::vector<int> parent) : parent_(std::move(parent)) {
  const int n = size();
  runStart_.assign(n + 1, 0);
  std::vector<char> inPattern(static_cast<size_t>(n) * n, 0);  // column-major like Matrix
  std::vector<int> ancestors;
  for (int k = 0; k < n; ++k) {
    const int p = parent_[k];
    if (p < -1 || p >= k)
      throw Error("TreeLU: parent[" + std::to_string(k) + "] = " + std::to_string(p) + " must be −1 or below " +
                  std::to_string(k));
    ancestors.clear();
    for (int a = p; a >= 0; a = parent_[a]) ancestors.push_back(a);
    std::sort(ancestors.begin(), ancestors.end());
    runStart_[k] = static_cast<int>(runs_.size());
    for (size_t m = 0; m < ancestors.size(); ++m) {
      if (m > 0 && ancestors[m] == ancestors[m - 1] + 1)
        ++runs_.back().length;
      else
        runs_.push_back(Run{ancestors[m], 1});
    }
    inPattern[static_cast<size_t>(k) * n + k] = 1;
    for (int a : ancestors) inPattern[static_cast<size_t>(a) * n + k] = inPattern[static_cast<size_t>(k) * n + a] = 1;
  }
  runStart_[n] = static_cast<int>(runs_.size());
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
  const Real floor = relativePivot * (n ? A.diagonal().cwiseAbs().maxCoeff() : 0);
  for (int k = n - 1; k >= 0; --k) {
    const Real pivot = f_(k, k);
    if (!std::isfinite(pivot) || !(std::abs(pivot) > floor)) return false;
    const Run* runs = runs_.data() + runStart_[k];
    const int nr = runStart_[k + 1] - runStart_[k];
    // The ancestors' rows lose their multiples of row k; the multipliers stay in column k.
    for (int r = 0; r < nr; ++r) f_.col(k).segment(runs[r].start, runs[r].length) /= pivot;
    for (int c = 0; c < nr; ++c)
      for (int r = 0; r < nr; ++r)
        f_.block(runs[r].start, runs[c].start, runs[r].length, runs[c].length).noalias() -=
            f_.col(k).segment(runs[r].start, runs[r].length) * f_.row(k).segment(runs[c].start, runs[c].length);
  }
  return true;
}

void TreeLU::solve(const Vector& b, Vector& x) const {
  const int n = size();
  if (&x != &b) x = b;
  // Forward: the same eliminations on the right-hand side, leaves first.
  for (int k = n - 1; k >= 0; --k) {
    const Real xk = x[k];
    if (xk == 0) continue;
    for (int m = runStart_[k]; m < runStart_[k + 1]; ++m)
      x.segment(runs_[m].start, runs_[m].length) -= xk * f_.col(k).segment(runs_[m].start, runs_[m].length);
  }
  // Back: row k now involves only k and its ancestors, which are solved first.
  for (int k = 0; k < n; ++k) {
    Real s = x[k];
    for (int m = runStart_[k]; m < runStart_[k + 1]; ++m)
      s -= f_.row(k).segment(runs_[m].start, runs_[m].length).dot(x.segment(runs_[m].start, runs_[m].length));
    x[k] = s / f_(k, k);
  }
}

}  // namespace articula
