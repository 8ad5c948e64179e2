// Articulated-body forward dynamics (Featherstone; Theory Manual §12.5) in Ground, about body
// origins, with classical accelerations. Prescribed (locked) mobilities pass their inertia across
// rigidly and get their udot from the caller; their required force is returned.
#include "HingeKernels.h"
#include "MatterImpl.h"
#include "articula/math/UpperVectorState.h"

namespace articula {

void calcArticulatedInertias(const MatterSubsystem& m, const PositionCache& pc, const std::vector<char>* prescribed,
                             ArticulatedInertiaCache& abi) {
  const int nb = m.getNumBodies();
  for (int b = nb - 1; b >= 1; --b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    Mat66& P = abi.P[b];
    pc.M_G[b].writeMat66(P);
    for (int c : info.children) kernels::addShiftedSymmetric(abi.PPlus[c], pc.p_PB_G[c], P);

    const bool isPrescribed = prescribed && (*prescribed)[b];
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

// The tip-to-base and base-to-tip sweeps shared by forward dynamics and M^-1 products.
// bias[b] is the articulated bias force seed (gyroscopic minus applied) and coriolis[b] the
// velocity-dependent acceleration; either may be null (zero).
struct Sweep {
  const MatterSubsystem& m;
  const PositionCache& pc;
  const ArticulatedInertiaCache& abi;
  const std::vector<char>* prescribed;

  // Tip to base, each body's z complete once its children have pushed theirs into it (so no
  // child lists are walked); then base to tip. 6-vectors are handled as scalars and fixed-size
  // maps of their storage (MatterImpl.h, shiftMotionInto).
  void run(const std::vector<SpatialVec>* bias, const std::vector<SpatialVec>* coriolis, const Real* tau,
           const Real* knownUdot, std::vector<SpatialVec>& z, std::vector<SmallVector>& eps, Real* udot,
           std::vector<SpatialVec>& A) const {
    using Vec6Map = Eigen::Map<Vec6>;
    const std::vector<TreeNode>& tree = m.impl().tree;
    const int nb = static_cast<int>(tree.size());
    for (int b = 1; b < nb; ++b) {
      if (bias) z[b] = (*bias)[b];
      else z[b].setZero();
    }
    for (int b = nb - 1; b >= 1; --b) {
      const TreeNode& node = tree[b];
      const bool known = node.nu && isPrescribed(b);
      Real zPlus[6];
      std::copy_n(z[b].data(), 6, zPlus);
      // z+ = z + P+ a + G eps (free), or z + P (a + H udot) (prescribed / weld).
      Real a[6] = {0, 0, 0, 0, 0, 0};
      if (coriolis) std::copy_n((*coriolis)[b].data(), 6, a);
      if (known)
        Eigen::Map<Vec6>(a).noalias() += pc.H_G[b] * Eigen::Map<const Vector>(knownUdot + node.uStart, node.nu);
      if (coriolis || known) Vec6Map(zPlus).noalias() += abi.PPlus[b] * Vec6Map(a);
      if (node.nu && !known) {
        kernels::dispatch(node.nu, [&](auto n) {
          constexpr int N = decltype(n)::value;
          Eigen::Map<kernels::VecN<N>> e(eps[b].data());
          e.noalias() = -kernels::mapH<N>(pc.H_G[b]).transpose() * Vec6Map(z[b].data());
          if (tau) e += kernels::mapV<N>(tau + node.uStart);
          Vec6Map(zPlus).noalias() += kernels::mapH<N>(abi.G[b]) * e;
        });
      }
      if (node.parent > 0) addForceShiftedToParent(zPlus, pc.p_PB_G[b].data(), z[node.parent].data());
    }
    A[0].setZero();
    for (int b = 1; b < nb; ++b) {
      const TreeNode& node = tree[b];
      Real* Ab = A[b].data();
      shiftMotionInto(A[node.parent].data(), pc.p_PB_G[b].data(), Ab);
      if (coriolis)
        for (int i = 0; i < 6; ++i) Ab[i] += (*coriolis)[b][i];
      if (node.nu == 0) continue;
      const bool known = isPrescribed(b);
      kernels::dispatch(node.nu, [&](auto n) {
        constexpr int N = decltype(n)::value;
        Eigen::Map<kernels::VecN<N>> ud(udot + node.uStart);
        if (known) {
          ud = kernels::mapV<N>(knownUdot + node.uStart);
        } else {
          ud.noalias() = Eigen::Map<const kernels::MatNN<N>>(abi.DInv[b].data()) *
                         Eigen::Map<const kernels::VecN<N>>(eps[b].data());
          ud.noalias() -= kernels::mapH<N>(abi.G[b]).transpose() * Vec6Map(Ab);
        }
        Vec6Map(Ab).noalias() += kernels::mapH<N>(pc.H_G[b]) * ud;
      });
    }
  }

  bool isPrescribed(int b) const { return prescribed && (*prescribed)[b]; }
};

}  // namespace

void MatterSubsystem::calcAccelerationIgnoringConstraints(const State& s, const Vector& mobilityForces,
                                                          const std::vector<SpatialVec>& bodyForces_G, Vector& udot,
                                                          std::vector<SpatialVec>& A_GB) const {
  clearUpperVectorState();
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

namespace {

// The sweep below on a tree of bodies with one mobility or none, from packed records: the generic sweep's
// per-body data (6 x 6 capacity hinge matrices, dispatch on the mobility count) cost 31 ns per
// pin on chain100 against 20 ns here.
const std::vector<PinSweepRecord>& pinSweepRecords(const MatterSubsystem& m, const State& s) {
  const ArticulatedInertiaCache& abi = articulatedInertias(m, s, false);
  if (abi.pinsReady) return abi.pins;
  ArticulatedInertiaCache& upd = s.updCacheEntry<ArticulatedInertiaCache>(m.impl().abiFree);  // its lazy part
  const PositionCache& pc = positionCache(m, s);
  const int nb = m.getNumBodies();
  upd.pins.resize(nb);
  for (int b = 1; b < nb; ++b) {
    PinSweepRecord& r = upd.pins[b];
    for (int i = 0; i < 3; ++i) r.p[i] = pc.p_PB_G[b][i];
    if (m.impl().tree[b].nu == 0) continue;
    for (int i = 0; i < 6; ++i) r.H[i] = pc.H_G[b](i, 0), r.G[i] = abi.G[b](i, 0);
    r.dInv = abi.DInv[b](0, 0);
  }
  upd.pinsReady = true;
  return abi.pins;
}

inline Real dot6(const Real* a, const Real* b) {
  return ((a[0] * b[0] + a[1] * b[1]) + (a[2] * b[2] + a[3] * b[3])) + (a[4] * b[4] + a[5] * b[5]);
}

// Inward z+ = z + G eps with eps = tau - H^T z, pushed to the parent; outward
// udot = eps / D - G^T phi^T A_P and A = phi^T A_P + H udot.
void multiplyByMInvOnPins(const MatterSubsystem& m, const State& s, const Real* tau, Real* udot) {
  const std::vector<PinSweepRecord>& pins = pinSweepRecords(m, s);
  const std::vector<TreeNode>& tree = m.impl().tree;
  OperatorScratch& scratch = operatorScratch(m, s);
  const int nb = static_cast<int>(tree.size());
  Real* z = scratch.z[0].data();  // nb contiguous 6-vectors
  Real* A = scratch.A[0].data();
  Real* eps = scratch.pinEps.data();
  std::fill(z, z + 6 * nb, Real(0));
  for (int b = nb - 1; b >= 1; --b) {
    const PinSweepRecord& r = pins[b];
    const TreeNode& node = tree[b];
    const Real* zb = z + 6 * b;
    if (node.nu == 0) {  // a weld passes z across unchanged
      if (node.parent > 0) addForceShiftedToParent(zb, r.p, z + 6 * node.parent);
      continue;
    }
    const Real e = eps[b] = tau[node.uStart] - dot6(r.H, zb);
    if (node.parent == 0) continue;
    Real zPlus[6];
    for (int i = 0; i < 6; ++i) zPlus[i] = zb[i] + r.G[i] * e;
    addForceShiftedToParent(zPlus, r.p, z + 6 * node.parent);
  }
  std::fill(A, A + 6, Real(0));
  for (int b = 1; b < nb; ++b) {
    const PinSweepRecord& r = pins[b];
    Real* Ab = A + 6 * b;
    shiftMotionInto(A + 6 * tree[b].parent, r.p, Ab);
    if (tree[b].nu == 0) continue;
    const Real ud = udot[tree[b].uStart] = r.dInv * eps[b] - dot6(r.G, Ab);
    for (int i = 0; i < 6; ++i) Ab[i] += r.H[i] * ud;
  }
}

}  // namespace

void MatterSubsystem::multiplyByMInv(const State& s, const Vector& v, Vector& MinvV) const {
  clearUpperVectorState();
  if (v.size() != nu_) throw Error("multiplyByMInv: expected a vector of " + std::to_string(nu_) + " values");
  if (const MassMatrixFactorCache* f = massMatrixFactor(*this, s)) {
    f->lu.solve(v, MinvV);
    return;
  }
  if (impl_->singleMobilities) {
    MinvV.resize(nu_);
    multiplyByMInvOnPins(*this, s, v.data(), MinvV.data());
    return;
  }
  const PositionCache& pc = positionCache(*this, s);
  const ArticulatedInertiaCache& abi = articulatedInertias(*this, s, false);
  OperatorScratch& scratch = operatorScratch(*this, s);
  MinvV.resize(nu_);
  Sweep{*this, pc, abi, nullptr}.run(nullptr, nullptr, v.data(), nullptr, scratch.z, scratch.eps, MinvV.data(),
                                     scratch.A);
}

namespace {

// The tree factor's W loses about cancellation x epsilon relative (TreeLU::cancellation). On
// the Stewart platform it is 1.01; on loops10/30 (chains of 30 pins) 7.6e3-9.1e3, where W from
// the factor moved udot from 1.5e-14 to 2.1e-11 of Simbody's, so such trees keep the sweeps.
constexpr Real kMaxCancellation = 100;
// Cancellation grows along chains; above this many mobilities on one root path the factor is
// not even built for W (on loops10 building and refusing it cost 4 of 58 us).
constexpr int kMaxCongruenceDepth = 16;

// The factor calcMInvCongruence may use at this State, or null.
const MassMatrixFactorCache* accurateMassFactor(const MatterSubsystem& m, const State& s) {
  if (m.impl().mobilityDepth > kMaxCongruenceDepth || lockInfo(m, s).any) return nullptr;
  const MassMatrixFactorCache* f = massMatrixFactor(m, s);
  return f && f->lu.cancellation() <= kMaxCancellation ? f : nullptr;
}

}  // namespace

bool MatterSubsystem::hasAccurateMInvFactor(const State& s) const { return accurateMassFactor(*this, s) != nullptr; }

bool MatterSubsystem::calcMInvCongruence(const State& s, const Matrix& B, Matrix& W) const {
  if (B.rows() != nu_) throw Error("calcMInvCongruence: expected " + std::to_string(nu_) + " rows");
  const MassMatrixFactorCache* f = accurateMassFactor(*this, s);
  if (!f) return false;
  OperatorScratch& scratch = operatorScratch(*this, s);
  Matrix& Y = scratch.Y;
  Y = B;
  for (int j = 0; j < Y.cols(); ++j) f->lu.eliminate(Y.col(j).data());
  // D^-1 Y into its own matrix: a product with the diagonal inside would be a temporary.
  scratch.Z.noalias() = f->lu.pivotInverses().asDiagonal() * Y;
  // Eigen's blocked product costs more than it saves on small W (stewart's 18 x 18: 0.5 us).
  if (Y.cols() <= 32) W.noalias() = Y.transpose().lazyProduct(scratch.Z);
  else W.noalias() = Y.transpose() * scratch.Z;
  return true;
}

void MatterSubsystem::calcHybridDynamics(const State& s, const Vector& mobilityForces,
                                         const std::vector<SpatialVec>& bodyForces_G, bool withVelocityTerms,
                                         Vector& udot, std::vector<SpatialVec>& A_GB, Vector& tau) const {
  clearUpperVectorState();
  const PositionCache& pc = positionCache(*this, s);
  const VelocityCache* vc = withVelocityTerms ? &velocityCache(*this, s) : nullptr;
  const LockInfo& locks = lockInfo(*this, s);
  const ArticulatedInertiaCache& abi = articulatedInertias(*this, s, true);
  OperatorScratch& scratch = operatorScratch(*this, s);
  const int nb = getNumBodies();
  if (mobilityForces.size() != nu_ || static_cast<int>(bodyForces_G.size()) != nb)
    throw Error("calcHybridDynamics: expected " + std::to_string(nu_) + " mobility forces and " + std::to_string(nb) +
                " body forces");
  for (int b = 0; b < nb; ++b)
    scratch.F[b] = vc ? SpatialVec(vc->gyroscopic[b] - bodyForces_G[b]) : SpatialVec(-bodyForces_G[b]);
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
  Sweep{*this, pc, abi, prescribed}.run(&ac.zPlus, &vc.coriolis, tau->data(), ac.lockForces.data(), ac.z, ac.eps, udot,
                                        ac.A_GB);
  if (locks.any) {
    // Force each lock must supply: H^T (P A + z) minus what is already applied.
    for (int b = 1; b < nb; ++b) {
      const MobilizedBodyInfo& info = getInfo(b);
      if (!locks.locked[b] || info.nu == 0) continue;
      const SpatialVec F = abi.P[b] * ac.A_GB[b] + ac.z[b];
      ac.lockForces.segment(info.uStart, info.nu) = pc.H_G[b].transpose() * F - tau->segment(info.uStart, info.nu);
    }
  }
  if (constrained) constraintHooks_->finishAcceleration(s, ac.A_GB, udot);
}

}  // namespace articula
