// Recursive Newton-Euler inverse dynamics and the O(n) product M v (the same sweeps without
// velocity terms or applied forces).
#include "HingeKernels.h"
#include "MatterImpl.h"

namespace articula {

namespace {

// Outward: A_GB = phi^T A_GP + H udot (+ coriolis). Inward: F_B = M A + bias + sum of children's
// F shifted to Bo; each mobility's force is H^T F_B.
void newtonEuler(const MatterSubsystem& m, const PositionCache& pc, const VelocityCache* vc,
                 const std::vector<SpatialVec>* bodyForces_G, const Real* udot, std::vector<SpatialVec>& A,
                 std::vector<SpatialVec>& F, Real* f) {
  const int nb = m.getNumBodies();
  A[0].setZero();
  for (int b = 1; b < nb; ++b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    A[b] = shiftMotion(A[info.parent], pc.p_PB_G[b]);
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      A[b].noalias() += kernels::mapH<N>(pc.H_G[b]) * kernels::mapV<N>(udot + info.uStart);
    });
    if (vc) A[b] += vc->coriolis[b];
  }
  for (int b = nb - 1; b >= 1; --b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    F[b] = pc.M_G[b] * A[b];
    if (vc) F[b] += vc->gyroscopic[b];
    if (bodyForces_G) F[b] -= (*bodyForces_G)[b];
    for (int c : info.children) F[b] += shiftForceToParent(F[c], pc.p_PB_G[c]);
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      Eigen::Map<kernels::VecN<N>>(f + info.uStart).noalias() = kernels::mapH<N>(pc.H_G[b]).transpose() * F[b];
    });
  }
}

}  // namespace

void MatterSubsystem::calcResidualForceIgnoringConstraints(const State& s, const Vector& mobilityForces,
                                                           const std::vector<SpatialVec>& bodyForces_G,
                                                           const Vector& knownUdot, Vector& residual) const {
  const PositionCache& pc = positionCache(*this, s);
  const VelocityCache& vc = velocityCache(*this, s);
  OperatorScratch& scratch = operatorScratch(*this, s);
  if (knownUdot.size() != nu_ || mobilityForces.size() != nu_ ||
      static_cast<int>(bodyForces_G.size()) != getNumBodies())
    throw Error("calcResidualForceIgnoringConstraints: expected " + std::to_string(nu_) +
                " udots and mobility forces and " + std::to_string(getNumBodies()) + " body forces");
  residual.resize(nu_);
  newtonEuler(*this, pc, &vc, &bodyForces_G, knownUdot.data(), scratch.A, scratch.F, residual.data());
  residual -= mobilityForces;
}

void MatterSubsystem::multiplyByM(const State& s, const Vector& v, Vector& Mv) const {
  const PositionCache& pc = positionCache(*this, s);
  OperatorScratch& scratch = operatorScratch(*this, s);
  if (v.size() != nu_) throw Error("multiplyByM: expected a vector of " + std::to_string(nu_) + " values");
  Mv.resize(nu_);
  newtonEuler(*this, pc, nullptr, nullptr, v.data(), scratch.A, scratch.F, Mv.data());
}

}  // namespace articula
