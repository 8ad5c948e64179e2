// Articulated-body forward dynamics (Featherstone; Theory Manual §12.5) in Ground, about body
// origins, with classical accelerations. Prescribed (locked) mobilities pass their inertia across
// rigidly and get their udot from the caller; their required force is returned.
#include "HingeKernels.h"
#include "MatterImpl.h"

namespace articula {

namespace {

// X [r x] column by column: col0 = rz X1 - ry X2, col1 = rx X2 - rz X0, col2 = ry X0 - rx X1.
template <class In, class Out>
inline void rightCross(const In& X, const Vec3& r, Out&& out) {
  out.col(0) = r.z() * X.col(1) - r.y() * X.col(2);
  out.col(1) = r.x() * X.col(2) - r.z() * X.col(0);
  out.col(2) = r.y() * X.col(0) - r.x() * X.col(1);
}

// out += phi(r) [[0, 0], [0, S]] phi(r)^T: the part a Ball-like child passes across its joint,
// moved from the joint centre to the parent's origin (r: parent origin -> joint centre). The
// general shift with J = F = 0: F' = r x S, J' = -F' r x, which is symmetric (S is): six entries.
void addShiftedLinearBlock(const Mat33& S, const Vec3& r, Mat66& out) {
  Mat33 F;
  for (int k = 0; k < 3; ++k) F.col(k) = r.cross(Vec3(S.col(k)));
  const Real x = r.x(), y = r.y(), z = r.z();
  const Real t00 = F(0, 1) * z - F(0, 2) * y, t11 = F(1, 2) * x - F(1, 0) * z, t22 = F(2, 0) * y - F(2, 1) * x;
  const Real t01 = F(0, 2) * x - F(0, 0) * z, t02 = F(0, 0) * y - F(0, 1) * x, t12 = F(1, 0) * y - F(1, 1) * x;
  out(0, 0) -= t00; out(1, 1) -= t11; out(2, 2) -= t22;
  out(0, 1) -= t01; out(1, 0) -= t01;
  out(0, 2) -= t02; out(2, 0) -= t02;
  out(1, 2) -= t12; out(2, 1) -= t12;
  out.topRightCorner<3, 3>() += F;
  out.bottomLeftCorner<3, 3>() += F.transpose();
  out.bottomRightCorner<3, 3>() += S;
}

// Articulates P (about Bo) at the joint centre M of a Ball-like mobilizer (MatterImpl.h).
void articulateAtJoint(const Mat66& P, const Vec3& l, ArticulatedInertiaCache& abi, int b) {
  // Q = P phi's angular columns: [P_aa; P_la] - [P_al; P_ll] [l x] (six-row columns).
  Eigen::Matrix<Real, 6, 3>& Q = abi.Q[b];
  rightCross(P.rightCols<3>(), l, Q);
  Q = P.leftCols<3>() - Q;
  // P at M: J = Q_a + l x Q_l, F = P_al + l x P_ll (column by column).
  Mat33 J, F;
  for (int k = 0; k < 3; ++k) {
    J.col(k) = Q.col(k).head<3>() + l.cross(Vec3(Q.col(k).tail<3>()));
    F.col(k) = P.col(3 + k).head<3>() + l.cross(Vec3(P.col(3 + k).tail<3>()));
  }
  Mat33& W = abi.W[b];
  W = J.inverse();
  const Mat33 WF = W * F;
  // S = P_ll - F^T W F, symmetric: six dot products.
  Mat33& S = abi.S[b];
  for (int j = 0; j < 3; ++j)
    for (int i = j; i < 3; ++i) S(i, j) = S(j, i) = P(3 + i, 3 + j) - F.col(i).dot(WF.col(j));
}

}  // namespace

void calcArticulatedInertias(const MatterSubsystem& m, const PositionCache& pc, const std::vector<char>* prescribed,
                             ArticulatedInertiaCache& abi) {
  const int nb = m.getNumBodies();
  // Prescribed mobilities pass their inertia across rigidly whatever the hinge.
  auto hinge = [&](int b) { return prescribed && (*prescribed)[b] ? Hinge::General : pc.hinge[b]; };
  for (int b = nb - 1; b >= 1; --b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    Mat66& P = abi.P[b];
    pc.M_G[b].writeMat66(P);
    for (int c : info.children) {
      switch (hinge(c)) {
        case Hinge::BallAtJoint: addShiftedLinearBlock(abi.S[c], pc.p_PB_G[c] - pc.p_MB_G[c], P); break;
        case Hinge::Free: break;  // six mobilities pass nothing
        case Hinge::General: kernels::addShiftedSymmetric(abi.PPlus[c], pc.p_PB_G[c], P); break;
      }
    }

    const bool isPrescribed = prescribed && (*prescribed)[b];
    if (hinge(b) == Hinge::BallAtJoint) {
      articulateAtJoint(P, pc.p_MB_G[b], abi, b);
      continue;
    }
    if (hinge(b) == Hinge::Free) {
      abi.PChol[b].compute(P);
      continue;
    }
    if (info.nu == 0 || isPrescribed) {
      abi.PPlus[b] = P;
      abi.DInv[b].resize(0, 0);
      abi.G[b].resize(6, 0);
      continue;
    }
    kernels::dispatch(info.nu, [&](auto n) {
      kernels::articulate<decltype(n)::value>(P, pc.H_G[b], abi.DInv[b], abi.G[b], abi.PPlus[b], info.parent != 0);
    });
  }
}

namespace {

// For a free hinge, H = phi(l) diag(R, R) with phi(l) = [[1, 0], [-l x, 1]] (l = p_MB, R = R_GF):
// H^-T e = [R e_a - l x R e_l; R e_l] and H^-1 x = [R^T x_a; R^T (x_l + l x x_a)].
SpatialVec freeHingeInverseTranspose(const Mat33& R, const Vec3& l, const Real* e) {
  const Vec3 ea = R * Eigen::Map<const Vec3>(e), el = R * Eigen::Map<const Vec3>(e + 3);
  return spatialVec(ea - l.cross(el), el);
}
void freeHingeInverse(const Mat33& R, const Vec3& l, const SpatialVec& x, Real* out) {
  const Vec3 xa = x.head<3>();
  Eigen::Map<Vec3> angular(out), linear(out + 3);
  angular = R.transpose() * xa;
  linear = R.transpose() * (Vec3(x.tail<3>()) + l.cross(xa));
}

// The tip-to-base and base-to-tip sweeps shared by forward dynamics and M^-1 products.
// bias[b] is the articulated bias force seed (gyroscopic minus applied) and coriolis[b] the
// velocity-dependent acceleration; either may be null (zero).
struct Sweep {
  const MatterSubsystem& m;
  const PositionCache& pc;
  const ArticulatedInertiaCache& abi;
  const std::vector<char>* prescribed;

  void run(const std::vector<SpatialVec>* bias, const std::vector<SpatialVec>* coriolis, const Real* tau,
           const Real* knownUdot, std::vector<SpatialVec>& z, std::vector<SmallVector>& eps, Real* udot,
           std::vector<SpatialVec>& A) const {
    const int nb = m.getNumBodies();
    for (int b = nb - 1; b >= 1; --b) {
      const MobilizedBodyInfo& info = m.getInfo(b);
      SpatialVec& zb = z[b];
      if (bias) zb = (*bias)[b]; else zb.setZero();
      for (int c : info.children) {
        const SpatialVec zPlus = childBiasAcross(c, z[c], coriolis, eps, knownUdot);
        zb += shiftForceToParent(zPlus, pc.p_PB_G[c]);
      }
      if (info.nu == 0 || isPrescribed(b)) continue;
      if (pc.hinge[b] == Hinge::BallAtJoint) {
        // H^T z = R_GF^T (moment of z about M).
        const Vec3 moment = Vec3(zb.head<3>()) + pc.p_MB_G[b].cross(Vec3(zb.tail<3>()));
        Eigen::Map<Vec3> e(eps[b].data());
        e = -(pc.R_GF[b].matrix().transpose() * moment);
        if (tau) e += Eigen::Map<const Vec3>(tau + info.uStart);
        continue;
      }
      kernels::dispatch(info.nu, [&](auto n) {
        constexpr int N = decltype(n)::value;
        Eigen::Map<kernels::VecN<N>> e(eps[b].data());
        e.noalias() = -kernels::mapH<N>(pc.H_G[b]).transpose() * zb;
        if (tau) e += kernels::mapV<N>(tau + info.uStart);
      });
    }
    A[0].setZero();
    for (int b = 1; b < nb; ++b) {
      const MobilizedBodyInfo& info = m.getInfo(b);
      SpatialVec APre = shiftMotion(A[info.parent], pc.p_PB_G[b]);
      if (coriolis) APre += (*coriolis)[b];
      if (info.nu == 0) { A[b] = APre; continue; }
      const bool known = isPrescribed(b);
      if (!known && pc.hinge[b] == Hinge::BallAtJoint) {
        // udot = R_GF^T w, w = W (R_GF eps - Q^T APre): the angular acceleration across the joint in G.
        const Mat33& R = pc.R_GF[b].matrix();
        const Vec3 w = abi.W[b] * (R * Eigen::Map<const Vec3>(eps[b].data()) - abi.Q[b].transpose() * APre);
        Eigen::Map<Vec3>(udot + info.uStart) = R.transpose() * w;
        A[b] = APre;
        A[b].head<3>() += w;
        A[b].tail<3>() += w.cross(pc.p_MB_G[b]);
        continue;
      }
      if (!known && pc.hinge[b] == Hinge::Free) {
        // A = P^-1 H^-T eps, udot = H^-1 (A - APre).
        const Mat33& R = pc.R_GF[b].matrix();
        A[b] = abi.PChol[b].solve(freeHingeInverseTranspose(R, pc.p_MB_G[b], eps[b].data()));
        freeHingeInverse(R, pc.p_MB_G[b], A[b] - APre, udot + info.uStart);
        continue;
      }
      kernels::dispatch(info.nu, [&](auto n) {
        constexpr int N = decltype(n)::value;
        Eigen::Map<kernels::VecN<N>> ud(udot + info.uStart);
        if (known) {
          ud = kernels::mapV<N>(knownUdot + info.uStart);
        } else {
          ud.noalias() = Eigen::Map<const kernels::MatNN<N>>(abi.DInv[b].data()) * Eigen::Map<const kernels::VecN<N>>(eps[b].data());
          ud.noalias() -= kernels::mapH<N>(abi.G[b]).transpose() * APre;
        }
        A[b] = APre;
        A[b].noalias() += kernels::mapH<N>(pc.H_G[b]) * ud;
      });
    }
  }

  bool isPrescribed(int b) const { return prescribed && (*prescribed)[b]; }

  // z+ = z + P+ a + G eps (free), or z + P (a + H udot) (prescribed / weld).
  SpatialVec childBiasAcross(int c, const SpatialVec& zc, const std::vector<SpatialVec>* coriolis,
                             const std::vector<SmallVector>& eps, const Real* knownUdot) const {
    const MobilizedBodyInfo& info = m.getInfo(c);
    SpatialVec zPlus = zc;
    SpatialVec a = coriolis ? (*coriolis)[c] : SpatialVec::Zero();
    const bool known = info.nu && isPrescribed(c);
    if (!known && pc.hinge[c] == Hinge::BallAtJoint) {
      // P+ a = [-l x f; f] with f = S (a's linear part at M); G eps = Q W R_GF eps.
      const Vec3& l = pc.p_MB_G[c];
      if (coriolis) {
        const Vec3 f = abi.S[c] * (Vec3(a.tail<3>()) + l.cross(Vec3(a.head<3>())));
        zPlus.head<3>() -= l.cross(f);
        zPlus.tail<3>() += f;
      }
      zPlus.noalias() += abi.Q[c] * (abi.W[c] * (pc.R_GF[c].matrix() * Eigen::Map<const Vec3>(eps[c].data())));
      return zPlus;
    }
    if (!known && pc.hinge[c] == Hinge::Free)  // P+ = 0, G = H^-T
      return zPlus + freeHingeInverseTranspose(pc.R_GF[c].matrix(), pc.p_MB_G[c], eps[c].data());
    if (known) a += pc.H_G[c] * Eigen::Map<const Eigen::VectorXd>(knownUdot + info.uStart, info.nu);
    if (coriolis || known) zPlus.noalias() += abi.PPlus[c] * a;
    if (info.nu && !known)
      kernels::dispatch(info.nu, [&](auto n) {
        constexpr int N = decltype(n)::value;
        zPlus.noalias() += kernels::mapH<N>(abi.G[c]) * Eigen::Map<const kernels::VecN<N>>(eps[c].data());
      });
    return zPlus;
  }
};

}  // namespace

void MatterSubsystem::calcAccelerationIgnoringConstraints(const State& s, const Vector& mobilityForces,
                                                          const std::vector<SpatialVec>& bodyForces_G, Vector& udot,
                                                          std::vector<SpatialVec>& A_GB) const {
  const PositionCache& pc = positionCache(*this, s);
  const VelocityCache& vc = velocityCache(*this, s);
  const ArticulatedInertiaCache& abi = articulatedInertias(*this, s, false);
  OperatorScratch& scratch = operatorScratch(*this, s);
  const int nb = getNumBodies();
  if (mobilityForces.size() != nu_ || static_cast<int>(bodyForces_G.size()) != nb)
    throw Error("calcAccelerationIgnoringConstraints: expected " + std::to_string(nu_) + " mobility forces and " +
                std::to_string(nb) + " body forces");
  for (int b = 0; b < nb; ++b) scratch.F[b] = vc.gyroscopic[b] - bodyForces_G[b];
  udot.resize(nu_);
  A_GB.resize(nb);
  Sweep{*this, pc, abi, nullptr}.run(&scratch.F, &vc.coriolis, mobilityForces.data(), nullptr, scratch.z, scratch.eps,
                                      udot.data(), A_GB);
}

void MatterSubsystem::multiplyByMInv(const State& s, const Vector& v, Vector& MinvV) const {
  const PositionCache& pc = positionCache(*this, s);
  const ArticulatedInertiaCache& abi = articulatedInertias(*this, s, false);
  OperatorScratch& scratch = operatorScratch(*this, s);
  if (v.size() != nu_) throw Error("multiplyByMInv: expected a vector of " + std::to_string(nu_) + " values");
  MinvV.resize(nu_);
  Sweep{*this, pc, abi, nullptr}.run(nullptr, nullptr, v.data(), nullptr, scratch.z, scratch.eps, MinvV.data(),
                                      scratch.A);
}

void MatterSubsystem::calcHybridDynamics(const State& s, const Vector& mobilityForces,
                                         const std::vector<SpatialVec>& bodyForces_G, bool withVelocityTerms,
                                         Vector& udot, std::vector<SpatialVec>& A_GB, Vector& tau) const {
  const PositionCache& pc = positionCache(*this, s);
  const VelocityCache* vc = withVelocityTerms ? &velocityCache(*this, s) : nullptr;
  const LockInfo& locks = lockInfo(*this, s);
  const ArticulatedInertiaCache& abi = articulatedInertias(*this, s, true);
  OperatorScratch& scratch = operatorScratch(*this, s);
  const int nb = getNumBodies();
  if (mobilityForces.size() != nu_ || static_cast<int>(bodyForces_G.size()) != nb)
    throw Error("calcHybridDynamics: expected " + std::to_string(nu_) + " mobility forces and " + std::to_string(nb) +
                " body forces");
  for (int b = 0; b < nb; ++b) scratch.F[b] = vc ? SpatialVec(vc->gyroscopic[b] - bodyForces_G[b]) : SpatialVec(-bodyForces_G[b]);
  udot.resize(nu_);
  A_GB.resize(nb);
  // tau doubles as the known udot of prescribed mobilities until it is filled below.
  tau.setZero(nu_);
  if (withVelocityTerms && locks.anyMotion) calcPrescribedUDot(*this, s, tau.data());
  const std::vector<char>* prescribed = locks.any ? &locks.locked : nullptr;
  Sweep{*this, pc, abi, prescribed}.run(&scratch.F, vc ? &vc->coriolis : nullptr, mobilityForces.data(), tau.data(),
                                         scratch.z, scratch.eps, udot.data(), A_GB);
  if (!locks.any) return;
  for (int b = 1; b < nb; ++b) {
    const MobilizedBodyInfo& info = getInfo(b);
    if (!locks.locked[b] || info.nu == 0) continue;
    const SpatialVec F = abi.P[b] * A_GB[b] + scratch.z[b];
    tau.segment(info.uStart, info.nu) = pc.H_G[b].transpose() * F - mobilityForces.segment(info.uStart, info.nu);
  }
}

void MatterSubsystem::realizeAcceleration(State& s) const {
  const PositionCache& pc = s.updCacheEntry<PositionCache>(impl_->positionCache);
  const VelocityCache& vc = s.updCacheEntry<VelocityCache>(impl_->velocityCache);
  const DynamicsCache& dc = s.updCacheEntry<DynamicsCache>(impl_->dynamicsCache);
  AccelerationCache& ac = s.updCacheEntry<AccelerationCache>(impl_->accelerationCache);
  const LockInfo& locks = lockInfo(*this, s);
  const ArticulatedInertiaCache& abi = articulatedInertias(*this, s, true);
  const std::vector<char>* prescribed = locks.any ? &locks.locked : nullptr;

  // Constraints: the multipliers' forces G^T lambda are subtracted from the applied forces
  // (M udot + G^T lambda = f - bias), then the same sweep runs as without constraints.
  const bool constrained = constraintHooks_ && constraintHooks_->isActive(s);
  const std::vector<SpatialVec>* Fc = nullptr;
  const Vector* fc = nullptr;
  if (constrained) constraintHooks_->calcConstraintForces(s, Fc, fc);
  const Vector* tau = &dc.mobilityForces;
  if (constrained) {
    ac.netMobilityForces = dc.mobilityForces - *fc;
    tau = &ac.netMobilityForces;
  }

  const int nb = getNumBodies();
  for (int b = 0; b < nb; ++b) ac.zPlus[b] = vc.gyroscopic[b] - dc.bodyForces_G[b];
  if (constrained)
    for (int b = 0; b < nb; ++b) ac.zPlus[b] += (*Fc)[b];
  Real* udot = s.updUDot().data() + s.getUStart(getIndex());
  // The lock-force vector doubles as the known udot of prescribed mobilities (0 for locks).
  ac.lockForces.setZero();
  if (locks.anyMotion) calcPrescribedUDot(*this, s, ac.lockForces.data());
  Sweep{*this, pc, abi, prescribed}.run(&ac.zPlus, &vc.coriolis, tau->data(), ac.lockForces.data(),
                                         ac.z, ac.eps, udot, ac.A_GB);
  if (locks.any) {
    // Force each lock must supply: H^T (P A + z) minus what is already applied.
    for (int b = 1; b < nb; ++b) {
      const MobilizedBodyInfo& info = getInfo(b);
      if (!locks.locked[b] || info.nu == 0) continue;
      const SpatialVec F = abi.P[b] * ac.A_GB[b] + ac.z[b];
      ac.lockForces.segment(info.uStart, info.nu) =
          pc.H_G[b].transpose() * F - tau->segment(info.uStart, info.nu);
    }
  }
  if (constrained) constraintHooks_->finishAcceleration(s, ac.A_GB, udot);
}

}  // namespace articula
