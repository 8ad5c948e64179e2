// Recursive Newton-Euler inverse dynamics and the O(n) product M v (the same sweeps without
// velocity terms or applied forces).
#include <algorithm>

#include "MatterImpl.h"
#include "articula/math/UpperVectorState.h"

namespace articula {

namespace {

// Outward: A_GB = phi^T A_GP + H udot (+ coriolis), and at once the body's own force
// F_B = M A (+ gyroscopic - applied) while A is in registers. Inward: each mobility's force is
// H^T F_B, where F_B by then includes its children's forces, and F_B shifted to the parent's
// origin is added into the parent's (so no child lists are walked).
//
// Written in scalars on the 6-vectors' storage: with Eigen's 3-vector halves the compiler
// staged temporaries on the stack and reloaded them across two 16-byte stores, and perf showed
// those stalled store forwards as half the sweep's time (inverse dynamics on chain100
// 2.75 -> 1.70 us, arm7 214 -> 125 ns).
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
    Real rel[6] = {0, 0, 0, 0, 0, 0};
    if (vc) std::copy_n(vc->coriolis[b].data(), 6, rel);
    const Real* H = pc.H_G[b].data();
    for (int k = 0; k < node.nu; ++k, H += 6) {
      const Real u = udot[node.uStart + k];
      for (int i = 0; i < 6; ++i) rel[i] += H[i] * u;
    }
    Real* a = A[b].data();
    shiftMotionInto(A[node.parent].data(), pc.p_PB_G[b].data(), a);
    for (int i = 0; i < 6; ++i) a[i] += rel[i];
    const Real w0 = a[0], w1 = a[1], w2 = a[2], v0 = a[3], v1 = a[4], v2 = a[5];
    // F = M a: [I_O w + m c x v; m (v - c x w)], c = p_OC.
    const SpatialInertia& M = pc.M_G[b];
    const Real* I = M.I_O.data();  // column-major: row i is I[i], I[3 + i], I[6 + i]
    const Real* c = M.p_OC.data();
    Real Fb[6] = {I[0] * w0 + I[3] * w1 + I[6] * w2 + M.m * (c[1] * v2 - c[2] * v1),
                  I[1] * w0 + I[4] * w1 + I[7] * w2 + M.m * (c[2] * v0 - c[0] * v2),
                  I[2] * w0 + I[5] * w1 + I[8] * w2 + M.m * (c[0] * v1 - c[1] * v0),
                  M.m * (v0 - (c[1] * w2 - c[2] * w1)),
                  M.m * (v1 - (c[2] * w0 - c[0] * w2)),
                  M.m * (v2 - (c[0] * w1 - c[1] * w0))};
    if (vc)
      for (int i = 0; i < 6; ++i) Fb[i] += vc->gyroscopic[b][i];
    if (bodyForces_G)
      for (int i = 0; i < 6; ++i) Fb[i] -= (*bodyForces_G)[b][i];
    std::copy_n(Fb, 6, F[b].data());
  }
  for (int b = nb - 1; b >= 1; --b) {
    const TreeNode& node = tree[b];
    const Real* Fb = F[b].data();
    const Real* H = pc.H_G[b].data();
    for (int k = 0; k < node.nu; ++k, H += 6)
      f[node.uStart + k] = H[0] * Fb[0] + H[1] * Fb[1] + H[2] * Fb[2] + H[3] * Fb[3] + H[4] * Fb[4] + H[5] * Fb[5];
    // F_B shifted to the parent's origin, added so that B's moment joins last: the moment's
    // chain towards the root is one addition per body, the cross product waits only on forces.
    addForceShiftedToParent(Fb, pc.p_PB_G[b].data(), F[node.parent].data());  // Ground's is never read
  }
}

}  // namespace

void MatterSubsystem::calcResidualForceIgnoringConstraints(const State& s, const Vector& mobilityForces,
                                                           const std::vector<SpatialVec>& bodyForces_G,
                                                           const Vector& knownUdot, Vector& residual) const {
  clearUpperVectorState();
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
  clearUpperVectorState();
  const PositionCache& pc = positionCache(*this, s);
  OperatorScratch& scratch = operatorScratch(*this, s);
  if (v.size() != nu_) throw Error("multiplyByM: expected a vector of " + std::to_string(nu_) + " values");
  Mv.resize(nu_);
  newtonEuler(*this, pc, nullptr, nullptr, v.data(), scratch.A, scratch.F, Mv.data());
}

}  // namespace articula
