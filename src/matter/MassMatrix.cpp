// Composite-rigid-body mass matrix (O(n^2)) and its inverse through n M^-1 products.
#include <algorithm>

#include "HingeKernels.h"
#include "MatterImpl.h"

namespace articula {

namespace {

// Column block of M for body B: the forces F = Ic_B H_B that give B's subtree a unit acceleration
// along each of B's N mobilities, dotted with every ancestor's hinge columns. Both sides are
// referred to Ground's origin (power does not depend on the point), so each ancestor costs one
// 6-vector dot product per column instead of a shift along the path. Only blocks above the
// diagonal are written (an ancestor's u indices are smaller): every write goes down a column.
template <int N>
void fillColumnsOfM(const MatterSubsystem& m, const PositionCache& pc, const std::vector<HMatrix>& H_O, const Mat66& Ic,
                    int b, Matrix& M) {
  const MobilizedBodyInfo& info = m.getInfo(b);
  const auto H = kernels::mapH<N>(pc.H_G[b]);
  // Rows above this block that no ancestor writes are zero; zeroing them here, not all of M,
  // halves the clearing (the lower triangle is mirrored afterwards).
  M.block(0, info.uStart, info.uStart, N).setZero();
  kernels::Mat6N<N> F = Ic * H;
  M.block<N, N>(info.uStart, info.uStart) = H.transpose() * F;
  const Vec3& p_GB = pc.X_GB[b].p();
  for (int k = 0; k < N; ++k) F.col(k).template head<3>() += p_GB.cross(Vec3(F.col(k).template tail<3>()));
  for (int a = info.parent; a > 0; a = m.getInfo(a).parent) {
    const MobilizedBodyInfo& ai = m.getInfo(a);
    if (ai.nu == 1) {  // the common case (pin and slider chains) without the dispatch
      const Vec6 h = H_O[a].col(0);
      for (int k = 0; k < N; ++k) M(ai.uStart, info.uStart + k) = h.dot(F.col(k));
      continue;
    }
    kernels::dispatch(ai.nu, [&](auto na) {
      constexpr int NA = decltype(na)::value;
      M.block<NA, N>(ai.uStart, info.uStart).noalias() = kernels::mapH<NA>(H_O[a]).transpose() * F;
    });
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

void MatterSubsystem::calcM(const State& s, Matrix& M) const {
  const PositionCache& pc = positionCache(*this, s);
  const int nb = getNumBodies();
  // Composite inertias about each body origin, in G.
  OperatorScratch& scratch = operatorScratch(*this, s);
  std::vector<Mat66>& Ic = scratch.composite;
  std::vector<HMatrix>& H_O = scratch.hingeAtOrigin;  // hinge columns moved to Ground's origin
  for (int b = 1; b < nb; ++b) {
    const Vec3 p_BO = -pc.X_GB[b].p();
    H_O[b].resize(6, getInfo(b).nu);
    for (int j = 0; j < getInfo(b).nu; ++j) H_O[b].col(j) = shiftMotion(pc.H_G[b].col(j), p_BO);
  }
  for (int b = nb - 1; b >= 1; --b) {
    pc.M_G[b].writeMat66(Ic[b]);
    for (int c : getInfo(b).children) kernels::addShiftedSymmetric(Ic[c], pc.p_PB_G[c], Ic[b]);
  }
  M.resize(nu_, nu_);
  for (int b = 1; b < nb; ++b) {
    const int nub = getInfo(b).nu;
    kernels::dispatch(nub, [&](auto n) { fillColumnsOfM<decltype(n)::value>(*this, pc, H_O, Ic[b], b, M); });
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
