// Generalized stiffness and damping of a body wrench on the tree; see the header for the terms.
#include "articula/matter/TreeForceLinearization.h"

#include <algorithm>

#include "MatterImpl.h"

namespace articula {

namespace {

// Ground-origin form of a motion vector known at the point p: v_O = v_p + p × ω.
SpatialVec atOrigin(const SpatialVec& V_p, const Vec3& p) {
  return spatialVec(V_p.head<3>(), Vec3(V_p.tail<3>()) + p.cross(Vec3(V_p.head<3>())));
}

}  // namespace

// Column j of a body's convective Jacobian: its velocity's change when u j's axis moves at fixed u,
// with dV the body's velocity relative to the mobilizer of u j.
static SpatialVec convectiveColumn(const SpatialVec& ownConvective, const SpatialVec& dV, const SpatialVec& S) {
  return ownConvective - crossMotion(dV, S);
}

Eigen::Matrix<Real, 3, 6> pointMap(const Vec3& r) {
  Eigen::Matrix<Real, 3, 6> P;
  P << -skew(r), Mat33::Identity();
  return P;
}

void TreeForceLinearization::prepare(const MatterSubsystem& matter, const State& state, const Vec3& origin) {
  matter_ = &matter;
  origin_ = origin;
  u0_ = state.getUStart(matter.getIndex());
  const PositionCache& pc = positionCache(matter, state);
  const VelocityCache& vc = velocityCache(matter, state);
  const int nb = matter.getNumBodies(), nu = matter.getNU();
  const Real* q = matter.getQ(state).data();
  const Real* u = matter.getU(state).data();
  S_.resize(6, nu);
  V_.assign(nb, SpatialVec::Zero());
  bodyOfU_.resize(nu);
  ownStart_.resize(nu);
  ownConvective_.resize(nu);
  int ownColumns = 0;
  for (int b = 1; b < nb; ++b) ownColumns += matter.getInfo(b).nu * matter.getInfo(b).nu;
  ownDS_.resize(6, ownColumns);
  int next = 0;
  for (int b = 1; b < nb; ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    const Vec3 p = pc.X_GB[b].p() - origin;
    V_[b] = atOrigin(vc.V_GB[b], p);
    const int n = info.nu;
    for (int j = 0; j < n; ++j) {
      S_.col(info.uStart + j) = atOrigin(pc.H_G[b].col(j), p);
      bodyOfU_[info.uStart + j] = b;
    }
    if (n == 0) continue;
    // The mobilizer's own q moves its axes: the M origin translates (the shift of each axis to the
    // Ground origin changes), and a q-dependent H_FM changes too (HDot_FM along N e_j).
    const Rotation& R_GF = pc.R_GF[b];
    const Vec3 p_GMo = p - R_GF * pc.p_MB_F[b];
    HMatrix HDot;
    SmallVector e = SmallVector::Zero(n);
    for (int j = 0; j < n; ++j) {
      const int uj = info.uStart + j;
      ownStart_[uj] = next;
      const Vec3 wj = pc.H_G[b].col(j).head<3>();
      const Vec3 vMo = Vec3(pc.H_G[b].col(j).tail<3>()) + wj.cross(p_GMo - p);
      if (!info.constantH) {
        e[j] = 1;
        info.mobilizer->calcHDot_FM(q + info.qStart, e.data(), HDot);
        e[j] = 0;
      }
      // Written in place, column halves separately: building the 6-vectors through the stack
      // stalled on store forwarding (a third of this function's time).
      Vec3 convW = Vec3::Zero(), convV = Vec3::Zero();
      for (int k = 0; k < n; ++k) {
        const Vec3 wk = pc.H_G[b].col(k).head<3>();
        Vec3 dw = Vec3::Zero(), dv = vMo.cross(wk);
        if (!info.constantH) {
          dw = R_GF * Vec3(HDot.col(k).head<3>());
          dv += R_GF * Vec3(HDot.col(k).tail<3>()) + p_GMo.cross(dw);
        }
        ownDS_.col(next + k).head<3>() = dw;
        ownDS_.col(next + k).tail<3>() = dv;
        const Real uk = u[info.uStart + k];
        convW += uk * dw;
        convV += uk * dv;
      }
      ownConvective_[uj] << convW, convV;
      next += n;
    }
  }
}

void TreeForceLinearization::gatherColumns(int bodyB, int bodyA) {
  const int nu = matter_->getNU();
  used_.assign(nu, 0);
  columns_.clear();
  for (int start : {bodyB, bodyA})
    for (int a = start; a > 0; a = matter_->getInfo(a).parent) {
      const MobilizedBodyInfo& info = matter_->getInfo(a);
      for (int j = 0; j < info.nu; ++j)
        if (!used_[info.uStart + j]) {
          used_[info.uStart + j] = 1;
          columns_.push_back(info.uStart + j);
        }
    }
  std::sort(columns_.begin(), columns_.end());
}

// J (the body's ground-origin Jacobian) and C (∂V/∂δ at fixed u) over columns_.
void TreeForceLinearization::fillJacobian(int body, Eigen::Matrix<Real, 6, Eigen::Dynamic>& J,
                                          Eigen::Matrix<Real, 6, Eigen::Dynamic>& C) const {
  const int m = static_cast<int>(columns_.size());
  J.setZero(6, m);
  C.setZero(6, m);
  int c = m - 1;  // columns_ ascend and each path's u ascend towards the body: walk both down
  for (int a = body; a > 0; a = matter_->getInfo(a).parent) {
    const MobilizedBodyInfo& info = matter_->getInfo(a);
    const SpatialVec dV = V_[body] - V_[a];
    for (int j = info.nu - 1; j >= 0; --j) {
      const int uj = info.uStart + j;
      while (columns_[c] != uj) --c;
      J.col(c) = S_.col(uj);
      C.col(c) = convectiveColumn(ownConvective_[uj], dV, S_.col(uj));
    }
  }
}

void TreeForceLinearization::calcBodyJacobians(int body, std::vector<int>& us,
                                               Eigen::Matrix<Real, 6, Eigen::Dynamic>& J,
                                               Eigen::Matrix<Real, 6, Eigen::Dynamic>& C) const {
  us.clear();
  for (int a = body; a > 0; a = matter_->getInfo(a).parent)
    for (int j = 0; j < matter_->getInfo(a).nu; ++j) us.push_back(matter_->getInfo(a).uStart + j);
  const int n = static_cast<int>(us.size());
  J.resize(6, n);
  C.resize(6, n);
  for (int k = 0, a = body; a > 0; a = matter_->getInfo(a).parent) {
    const SpatialVec dV = V_[body] - V_[a];
    for (int j = 0; j < matter_->getInfo(a).nu; ++j, ++k) {
      const int uj = us[k];
      J.col(k) = S_.col(uj);
      C.col(k) = convectiveColumn(ownConvective_[uj], dV, S_.col(uj));
    }
  }
}

// K(k, j) += (δ_j S_k)ᵀ W along the body's path: W̄ S_j for j above k, the own term within a mobilizer.
void TreeForceLinearization::addGeometric(int body, const SpatialVec& W, Matrix& K) const {
  const Vec3 m = W.head<3>(), f = W.tail<3>();
  Mat66 Wbar;
  Wbar << skew(m), skew(f), skew(f), Mat33::Zero();
  for (int a = body; a > 0; a = matter_->getInfo(a).parent) {
    const MobilizedBodyInfo& ia = matter_->getInfo(a);
    if (ia.nu == 0) continue;
    for (int up = ia.parent; up > 0; up = matter_->getInfo(up).parent) {
      const MobilizedBodyInfo& iu = matter_->getInfo(up);
      for (int j = 0; j < iu.nu; ++j) {
        const SpatialVec Y = Wbar * S_.col(iu.uStart + j);
        for (int k = 0; k < ia.nu; ++k) K(u0_ + ia.uStart + k, u0_ + iu.uStart + j) += S_.col(ia.uStart + k).dot(Y);
      }
    }
    for (int j = 0; j < ia.nu; ++j)
      for (int k = 0; k < ia.nu; ++k)
        K(u0_ + ia.uStart + k, u0_ + ia.uStart + j) += ownDS_.col(ownStart_[ia.uStart + j] + k).dot(W);
  }
}

void TreeForceLinearization::addWrench(int bodyB, int bodyA, const SpatialVec& W_B, const WrenchSlopes& slopes,
                                       Matrix& D, Matrix& K) {
  gatherColumns(bodyB, bodyA);
  const int m = static_cast<int>(columns_.size());
  if (m == 0) return;
  G_.setZero(6, m);
  H_.setZero(6, m);
  if (bodyB > 0) {
    fillJacobian(bodyB, JB_, CB_);
    G_.noalias() += slopes.K_B * JB_ + slopes.D_B * CB_;
    H_.noalias() += slopes.D_B * JB_;
  } else {
    JB_.setZero(6, m);
  }
  if (bodyA > 0) {
    fillJacobian(bodyA, JA_, CA_);
    G_.noalias() += slopes.K_A * JA_ + slopes.D_A * CA_;
    H_.noalias() += slopes.D_A * JA_;
    JB_ -= JA_;  // J_B − J_A from here on
  }
  for (int j = 0; j < m; ++j) {
    const int cj = u0_ + columns_[j];
    for (int i = 0; i < m; ++i) {
      const int ci = u0_ + columns_[i];
      K(ci, cj) += JB_.col(i).dot(G_.col(j));
      D(ci, cj) += JB_.col(i).dot(H_.col(j));
    }
  }
  if (bodyB > 0) addGeometric(bodyB, W_B, K);
  if (bodyA > 0) addGeometric(bodyA, -W_B, K);
}

}  // namespace articula
