// Composite-rigid-body mass matrix (O(n^2)) and its inverse through n M^-1 products.
#include <algorithm>

#include "CompositeInertia.h"
#include "MatterImpl.h"
#include "articula/math/UpperVectorState.h"

namespace articula {

namespace {

using HingesAtOrigin = Eigen::Matrix<Real, 6, Eigen::Dynamic, Eigen::RowMajor>;

// col[i] = h_O(:, i) . F for i in [start, end). h_O is stored by rows, so the loop runs along
// six contiguous rows and vectorizes, where a 6-vector dot product per row would not.
void dotHingeRun(const HingesAtOrigin& h_O, const Real* F, int start, int end, Real* __restrict col) {
  const Real* h = h_O.data();
  const Eigen::Index n = h_O.cols();
  for (int i = start; i < end; ++i)
    col[i] = h[i] * F[0] + h[n + i] * F[1] + h[2 * n + i] * F[2] + h[3 * n + i] * F[3] + h[4 * n + i] * F[4] +
             h[5 * n + i] * F[5];
}

// Column i of h_O: the hinge column h (at the body origin, p from Ground's origin) moved to
// Ground's origin, [w; v + p x w], written by entries into h_O's rows (Eigen's strided column
// assignment cost 6 ns per pin). Out of line: inlined, it left arm7 as fast but chain100 12%
// slower (code layout of the loops around it).
[[gnu::noinline]] void setHingeAtOrigin(const Real* h, const Vec3& p, int i, HingesAtOrigin& h_O) {
  const Eigen::Index n = h_O.cols();
  Real* out = h_O.data() + i;
  out[0] = h[0], out[n] = h[1], out[2 * n] = h[2];
  out[3 * n] = h[3] + p.y() * h[2] - p.z() * h[1];
  out[4 * n] = h[4] + p.z() * h[0] - p.x() * h[2];
  out[5 * n] = h[5] + p.x() * h[1] - p.y() * h[0];
}

// Columns of M for body B's mobilities: F = Ic_B h_j, the force that gives B's subtree a unit
// acceleration along mobility j, formed at B's origin, moved once to Ground's origin and dotted
// there with the hinge columns h_O of B and of every ancestor (power does not depend on the
// point), so an entry costs one dot product and no shift along the path. Only entries on and
// above the diagonal are written (an ancestor's u indices are smaller), each column from top to
// bottom over the path's runs, zeroing the gaps between them (zeroing all of M cost more).
void fillColumnsOfM(const TreeNode& node, const PathRuns::Run* runs, const PathRuns::Run* runsEnd, const HMatrix& H,
                    const Vec3& p_GB, const HingesAtOrigin& h_O, const CompositeInertia& Ic, Matrix& M) {
  for (int k = 0; k < node.nu; ++k) {
    const int j = node.uStart + k;
    Real* col = M.col(j).data();
    Real F[6];
    Ic.multiply(H.data() + 6 * k, F);
    const Real* p = p_GB.data();
    F[0] += p[1] * F[5] - p[2] * F[4];
    F[1] += p[2] * F[3] - p[0] * F[5];
    F[2] += p[0] * F[4] - p[1] * F[3];
    int next = 0;
    for (const PathRuns::Run* r = runs; r != runsEnd; ++r) {
      if (r->start > next) std::fill(col + next, col + r->start, Real(0));
      next = std::min(r->end, j + 1);  // B's own run (the last) stops at the diagonal
      dotHingeRun(h_O, F, r->start, next, col);
    }
  }
}

// Mirrors the strict upper triangle into the lower one in cache-sized tiles: a plain transpose
// of a large M strides through memory on every write.
void copyUpperToLower(Matrix& M) {
  constexpr int tile = 32;
  const int n = static_cast<int>(M.rows());
  for (int j0 = 0; j0 < n; j0 += tile)
    for (int i0 = 0; i0 <= j0; i0 += tile) {
      const int jEnd = std::min(n, j0 + tile), iEnd = std::min(n, i0 + tile);
      for (int j = j0; j < jEnd; ++j)
        for (int i = i0; i < std::min(iEnd, j); ++i) M(j, i) = M(i, j);
    }
}

}  // namespace

PathRuns calcPathRuns(const std::vector<TreeNode>& tree) {
  PathRuns a;
  std::vector<PathRuns::Run> path;
  for (size_t b = 0; b < tree.size(); ++b) {
    a.first.push_back(static_cast<int>(a.runs.size()));
    path.clear();  // from the body up, so descending
    for (int p = static_cast<int>(b); p > 0; p = tree[p].parent) {
      if (tree[p].nu == 0) continue;
      const int start = tree[p].uStart, end = start + tree[p].nu;
      if (!path.empty() && path.back().start == end) path.back().start = start;
      else path.push_back({start, end});
    }
    a.runs.insert(a.runs.end(), path.rbegin(), path.rend());
  }
  a.first.push_back(static_cast<int>(a.runs.size()));
  return a;
}

void MatterSubsystem::calcM(const State& s, Matrix& M) const {
  clearUpperVectorState();
  const PositionCache& pc = positionCache(*this, s);
  const std::vector<TreeNode>& tree = impl_->tree;
  const int nb = getNumBodies();
  OperatorScratch& scratch = operatorScratch(*this, s);
  // Per body: its hinge columns moved to Ground's origin, and its own inertia to start its
  // composite inertia (about its origin, in G).
  HingesAtOrigin& h_O = scratch.hingeAtOrigin;
  std::vector<CompositeInertia>& Ic = scratch.composite;
  for (int b = 1; b < nb; ++b) {
    for (int k = 0; k < tree[b].nu; ++k)
      setHingeAtOrigin(pc.H_G[b].data() + 6 * k, pc.X_GB[b].p(), tree[b].uStart + k, h_O);
    Ic[b] = CompositeInertia::of(pc.M_G[b]);
  }
  // Children (higher indices) first: each body's columns are filled once its composite inertia
  // is complete, then that inertia is added into its parent's. Summed about Ground's origin
  // instead, the composites would need no shifts, but a body far from that origin then loses
  // (distance / size)^2 in relative accuracy (M^-1 v on arm7 5.6e-13 from Simbody's).
  M.resize(nu_, nu_);
  const PathRuns& ar = impl_->pathRuns;
  for (int b = nb - 1; b >= 1; --b) {
    fillColumnsOfM(tree[b], ar.runs.data() + ar.first[b], ar.runs.data() + ar.first[b + 1], pc.H_G[b], pc.X_GB[b].p(),
                   h_O, Ic[b], M);
    if (tree[b].parent > 0) Ic[tree[b].parent].addShifted(Ic[b], pc.p_PB_G[b]);
  }
  copyUpperToLower(M);
}

void MatterSubsystem::calcMInv(const State& s, Matrix& MInv) const {
  MInv.resize(nu_, nu_);
  Vector e = Vector::Zero(nu_), col(nu_);
  for (int i = 0; i < nu_; ++i) {
    e[i] = 1;
    multiplyByMInv(s, e, col);
    MInv.col(i) = col;
    e[i] = 0;
  }
}

}  // namespace articula
