// Composite-rigid-body mass matrix (O(n^2)) and its inverse through n M^-1 products.
#include "HingeKernels.h"
#include "MatterImpl.h"

namespace articula {

namespace {

// Forces needed to give B's subtree a unit acceleration along each of B's N mobilities, carried
// inward to every ancestor's mobilities: the columns of M for B and their transposes.
template <int N>
void fillColumnsOfM(const MatterSubsystem& m, const PositionCache& pc, const Mat66& Ic, int b, Matrix& M) {
  const MobilizedBodyInfo& info = m.getInfo(b);
  kernels::Mat6N<N> F = Ic * kernels::mapH<N>(pc.H_G[b]);
  M.block<N, N>(info.uStart, info.uStart) = kernels::mapH<N>(pc.H_G[b]).transpose() * F;
  for (int j = b; m.getInfo(j).parent > 0; j = m.getInfo(j).parent) {
    const Vec3& p = pc.p_PB_G[j];
    for (int k = 0; k < N; ++k) F.col(k).template head<3>() += p.cross(Vec3(F.col(k).template tail<3>()));
    const MobilizedBodyInfo& a = m.getInfo(m.getInfo(j).parent);
    kernels::dispatch(a.nu, [&](auto na) {
      constexpr int NA = decltype(na)::value;
      const Eigen::Matrix<double, NA, N> block = kernels::mapH<NA>(pc.H_G[a.index]).transpose() * F;
      M.block<NA, N>(a.uStart, info.uStart) = block;
      M.block<N, NA>(info.uStart, a.uStart) = block.transpose();
    });
  }
}

}  // namespace

void MatterSubsystem::calcM(const State& s, Matrix& M) const {
  const PositionCache& pc = positionCache(*this, s);
  const int nb = getNumBodies();
  // Composite inertias about each body origin, in G.
  std::vector<Mat66>& Ic = operatorScratch(*this, s).composite;
  for (int b = nb - 1; b >= 1; --b) {
    Ic[b] = pc.M_G[b].toMat66();
    for (int c : getInfo(b).children) kernels::addShiftedSymmetric(Ic[c], pc.p_PB_G[c], Ic[b]);
  }
  M.setZero(nu_, nu_);
  for (int b = 1; b < nb; ++b) {
    const int nub = getInfo(b).nu;
    kernels::dispatch(nub, [&](auto n) { fillColumnsOfM<decltype(n)::value>(*this, pc, Ic[b], b, M); });
  }
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
