// Recursive Newton-Euler inverse dynamics and the O(n) product M v (the same sweeps without
// velocity terms or applied forces).
#include "HingeKernels.h"
#include "MatterImpl.h"

namespace articula {

namespace {

// Outward: A_GB = phi^T A_GP + H udot (+ coriolis), and at once the body's own force
// F_B = M A (+ gyroscopic - applied) while A is in registers. Inward: each mobility's force is
// H^T F_B, where F_B by then includes its children's forces, and F_B shifted to the parent's
// origin is added into the parent's (so no child lists are walked).
void newtonEuler(const MatterSubsystem& m, const PositionCache& pc, const VelocityCache* vc,
                 const std::vector<SpatialVec>* bodyForces_G, const Real* udot, std::vector<SpatialVec>& A,
                 std::vector<SpatialVec>& F, Real* f) {
  const std::vector<TreeNode>& tree = m.impl().tree;
  const int nb = static_cast<int>(tree.size());
  A[0].setZero();
  for (int b = 1; b < nb; ++b) {
    const TreeNode& node = tree[b];
    // The body's own terms first, the parent's acceleration last: the sweep's chain of dependent
    // operations from parent to child is then the shift and one addition.
    SpatialVec rel = vc ? vc->coriolis[b] : SpatialVec::Zero();
    kernels::dispatch(node.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      rel.noalias() += kernels::mapH<N>(pc.H_G[b]) * kernels::mapV<N>(udot + node.uStart);
    });
    const SpatialVec a = shiftMotion(A[node.parent], pc.p_PB_G[b]) + rel;
    A[b] = a;
    SpatialVec Fb = pc.M_G[b] * a;
    if (vc) Fb += vc->gyroscopic[b];
    if (bodyForces_G) Fb -= (*bodyForces_G)[b];
    F[b] = Fb;
  }
  for (int b = nb - 1; b >= 1; --b) {
    const TreeNode& node = tree[b];
    const SpatialVec& Fb = F[b];
    kernels::dispatch(node.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      Eigen::Map<kernels::VecN<N>>(f + node.uStart).noalias() = kernels::mapH<N>(pc.H_G[b]).transpose() * Fb;
    });
    // F_B shifted to the parent's origin, added so that B's moment joins last: the moment's
    // chain towards the root is one addition per body, the cross product waits only on forces.
    const Vec3 fB = Fb.tail<3>();
    SpatialVec& Fp = F[node.parent];  // Ground's entry is never read
    Fp.head<3>() = (Vec3(Fp.head<3>()) + pc.p_PB_G[b].cross(fB)) + Vec3(Fb.head<3>());
    Fp.tail<3>() += fB;
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
