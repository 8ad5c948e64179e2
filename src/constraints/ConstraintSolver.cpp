// Multipliers (Theory Manual §8.4; reference ch. 8-12 §1.4): W = G_f M_ff^-1 G_f^T is built one
// column per active constraint equation from three O(n) passes (the row's force routine gives a
// column of G^T, the hybrid "minv" sweep gives M_ff^-1 G^T e_i, the acceleration errors of that
// motion minus those of zero udot give G M^-1 G^T e_i). W lambda = G udot0 - b is then solved with
// a complete orthogonal decomposition: redundant rows get the minimum-norm lambda, inconsistent
// ones the least-residual lambda. Prescribed (locked) mobilities add no columns: minv keeps their
// udot at zero and the final sweep reports the forces they need.
#include <cmath>

#include "ConstraintWorkspace.h"

namespace articula {

void collectActiveRows(const ConstraintSet& set, const State& s, ConstraintWorkspace& ws) {
  ws.rowConstraint.clear();
  ws.rowLocal.clear();
  ws.rowGlobal.clear();
  ws.activeConstraints.clear();
  ws.activeOffset.clear();
  for (int i = 0; i < set.getNumConstraints(); ++i) {
    if (!set.isEnabled(s, i)) continue;
    const Constraint& c = set.getConstraint(i);
    ws.activeConstraints.push_back(i);
    ws.activeOffset.push_back(static_cast<int>(ws.rowGlobal.size()));
    for (int k = 0; k < c.getNumEquations(); ++k) {
      ws.rowConstraint.push_back(i);
      ws.rowLocal.push_back(k);
      ws.rowGlobal.push_back(set.globalRow(c, k));
    }
  }
}

void calcActiveAccelerationErrors(const ConstraintSet& set, const State& s, const std::vector<SpatialVec>& A,
                                  const Real* udot, ConstraintWorkspace& ws, Vector& out) {
  const ConstraintInput in(set.getMatter(), s);
  out.resize(static_cast<int>(ws.rowGlobal.size()));
  for (size_t a = 0; a < ws.activeConstraints.size(); ++a) {
    const Constraint& c = set.getConstraint(ws.activeConstraints[a]);
    c.calcAccelerationErrors(in, A, udot, out.data() + ws.activeOffset[a]);
  }
}

namespace {

// G^T lambda for one active row (unit multiplier) into ws.F / ws.f.
void unitRowForces(const ConstraintSet& set, const State& s, int row, ConstraintWorkspace& ws) {
  const Constraint& c = set.getConstraint(ws.rowConstraint[row]);
  for (auto& F : ws.F) F.setZero();
  ws.f.setZero();
  ws.lambdaLocal.setZero(c.getNumEquations());
  ws.lambdaLocal[ws.rowLocal[row]] = 1;
  c.addInForces(ConstraintInput(set.getMatter(), s), ws.lambdaLocal.data(), ws.F, ws.f.data());
}

}  // namespace

void calcActiveRowOfG(const ConstraintSet& set, const State& s, int row, ConstraintWorkspace& ws, Vector& out) {
  ws.f.resize(set.getMatter().getNU());
  unitRowForces(set, s, row, ws);
  set.getMatter().multiplyBySystemJacobianTranspose(s, ws.F, out);
  out += ws.f;
}

void solveMultipliers(const ConstraintSet& set, State& s, ConstraintWorkspace& ws) {
  const MatterSubsystem& matter = set.getMatter();
  const int nb = matter.getNumBodies(), nu = matter.getNU();
  collectActiveRows(set, s, ws);
  const int m = static_cast<int>(ws.rowGlobal.size());
  ws.f.resize(nu);
  ws.fc.setZero(nu);
  for (auto& F : ws.Fc) F.setZero();
  s.updMultipliers().setZero();
  if (m == 0) return;
  set.counters().accelerationSolves.fetch_add(1, std::memory_order_relaxed);

  // -b = aerr(udot = 0): the velocity-dependent part of every acceleration error.
  matter.calcBiasForSystemJacobian(s, ws.bias);
  ws.udot.setZero(nu);
  calcActiveAccelerationErrors(set, s, ws.bias, ws.udot.data(), ws, ws.aerr0);

  ws.W.resize(m, m);
  for (int j = 0; j < m; ++j) {
    unitRowForces(set, s, j, ws);
    matter.calcHybridDynamics(s, ws.f, ws.F, false, ws.udot, ws.A, ws.tau);
    for (int b = 0; b < nb; ++b) ws.A[b] += ws.bias[b];
    calcActiveAccelerationErrors(set, s, ws.A, ws.udot.data(), ws, ws.aerr);
    ws.W.col(j) = ws.aerr - ws.aerr0;
  }

  // Right-hand side: the acceleration errors of the unconstrained (hybrid) motion.
  matter.calcHybridDynamics(s, matter.getAppliedMobilityForces(s), matter.getAppliedBodyForces(s), true, ws.udot, ws.A,
                            ws.tau);
  calcActiveAccelerationErrors(set, s, ws.A, ws.udot.data(), ws, ws.rhs);

  ws.W_fact.cod.setThreshold(1e-10);
  ws.W_fact.cod.compute(ws.W);
  ws.lambda = ws.W_fact.cod.solve(ws.rhs);
  if (ws.W_fact.cod.rank() < m) set.counters().rankDeficientSolves.fetch_add(1, std::memory_order_relaxed);
  const Real residual = (ws.W * ws.lambda - ws.rhs).norm();
  if (residual > set.inconsistencyTolerance() * std::max<Real>(1, ws.rhs.norm()))
    set.counters().inconsistentSolves.fetch_add(1, std::memory_order_relaxed);

  Vector& lambdaPool = s.updMultipliers();
  for (int i = 0; i < m; ++i) lambdaPool[ws.rowGlobal[i]] = ws.lambda[i];
  // G^T lambda of all constraints, applied by each constraint's force routine.
  const ConstraintInput in(matter, s);
  for (size_t a = 0; a < ws.activeConstraints.size(); ++a) {
    const Constraint& c = set.getConstraint(ws.activeConstraints[a]);
    c.addInForces(in, ws.lambda.data() + ws.activeOffset[a], ws.Fc, ws.fc.data());
  }
}

}  // namespace articula
