// Composite-rigid-body mass matrix (O(n^2)) and its inverse through n M^-1 products.
#include "MatterImpl.h"

namespace articula {

void MatterSubsystem::calcM(const State& s, Matrix& M) const {
  const PositionCache& pc = positionCache(*this, s);
  const int nb = getNumBodies();
  // Composite inertias about each body origin, in G.
  std::vector<Mat66> Ic(nb);
  for (int b = nb - 1; b >= 1; --b) {
    Ic[b] = pc.M_G[b].toMat66();
    for (int c : getInfo(b).children) Ic[b] += shiftInertiaMatrix(Ic[c], pc.p_PB_G[c]);
  }
  M.setZero(nu_, nu_);
  for (int b = 1; b < nb; ++b) {
    const MobilizedBodyInfo& info = getInfo(b);
    if (info.nu == 0) continue;
    // Forces needed to give B's subtree a unit acceleration along each of B's mobilities,
    // carried inward to every ancestor's mobilities.
    HMatrix F = Ic[b] * pc.H_G[b];
    M.block(info.uStart, info.uStart, info.nu, info.nu) = pc.H_G[b].transpose() * F;
    for (int j = b; getInfo(j).parent > 0; j = getInfo(j).parent) {
      const Vec3& p = pc.p_PB_G[j];
      for (int k = 0; k < F.cols(); ++k) F.col(k).head<3>() += p.cross(Vec3(F.col(k).tail<3>()));
      const MobilizedBodyInfo& a = getInfo(getInfo(j).parent);
      if (a.nu == 0) continue;
      const auto block = pc.H_G[a.index].transpose() * F;
      M.block(a.uStart, info.uStart, a.nu, info.nu) = block;
      M.block(info.uStart, a.uStart, info.nu, a.nu) = block.transpose();
    }
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
