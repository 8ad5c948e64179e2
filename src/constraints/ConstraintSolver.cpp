// Multipliers (Theory Manual §8.4; reference ch. 8-12 §1.4): W = G_f M_ff^-1 G_f^T, then
// W lambda = G udot0 - b. Where the matter has an accurate tree factor of M (shallow trees, nothing
// prescribed), W = Y^T D^-1 Y from G^T's columns (each row's force routine and J^T) eliminated
// with M = U D U^T: on the Stewart platform 17.5 -> 10 us per forward dynamics. Elsewhere W is
// built one column per row from the hybrid "minv" sweep and the acceleration errors of that
// motion (long chains: the factor's pivots cancel, and W from it lost three digits on loops10).
// W is solved by Cholesky when clearly positive definite, else by a complete orthogonal
// decomposition (minimum-norm lambda for redundant rows, least-residual for inconsistent ones).
// Prescribed (locked) mobilities add no columns: minv keeps their udot at zero and the final
// sweep reports the forces they need.
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

namespace {

// G^T of the active rows, column by column: J^T F + f of each row's unit multiplier.
void calcActiveGt(const ConstraintSet& set, const State& s, ConstraintWorkspace& ws) {
  const int m = static_cast<int>(ws.rowGlobal.size());
  ws.Gt.resize(set.getMatter().getNU(), m);
  for (int j = 0; j < m; ++j) {
    unitRowForces(set, s, j, ws);
    set.getMatter().multiplyBySystemJacobianTranspose(s, ws.F, ws.tau);
    ws.Gt.col(j) = ws.tau + ws.f;
  }
}

// W column by column from the "minv" sweep: the acceleration errors of M_ff^-1 G^T e_j minus
// those of zero udot (the accurate way on long chains, and the one that honours prescribed
// mobilities).
void calcWBySweeps(const ConstraintSet& set, const State& s, ConstraintWorkspace& ws) {
  const MatterSubsystem& matter = set.getMatter();
  const int m = static_cast<int>(ws.rowGlobal.size()), nb = matter.getNumBodies();
  matter.calcBiasForSystemJacobian(s, ws.bias);
  ws.udot.setZero(matter.getNU());
  calcActiveAccelerationErrors(set, s, ws.bias, ws.udot.data(), ws, ws.aerr0);
  ws.W.resize(m, m);
  for (int j = 0; j < m; ++j) {
    unitRowForces(set, s, j, ws);
    matter.calcHybridDynamics(s, ws.f, ws.F, false, ws.udot, ws.A, ws.tau);
    for (int b = 0; b < nb; ++b) ws.A[b] += ws.bias[b];
    calcActiveAccelerationErrors(set, s, ws.A, ws.udot.data(), ws, ws.aerr);
    ws.W.col(j) = ws.aerr - ws.aerr0;
  }
}

// lambda from W lambda = rhs. A Cholesky factor when W is clearly positive definite (the usual
// case, several times cheaper); else the complete orthogonal decomposition: redundant rows get
// the minimum-norm lambda, inconsistent ones the least-residual lambda. The Cholesky test keeps
// a 100x margin above the decomposition's rank threshold (1e-10 of the largest pivot), so a
// nearly redundant set still takes the decomposition's path.
void solveW(const ConstraintSet& set, int nu, ConstraintWorkspace& ws) {
  const int m = static_cast<int>(ws.W.rows());
  if (m <= nu) ws.W_fact.llt.compute(ws.W);  // more rows than mobilities: W is singular
  if (m <= nu && ws.W_fact.llt.info() == Eigen::Success) {
    const auto d = ws.W_fact.llt.matrixLLT().diagonal();
    const Real minPivot = d.minCoeff(), maxPivot = d.maxCoeff();
    if (minPivot * minPivot > 1e-8 * maxPivot * maxPivot) {
      ws.lambda = ws.rhs;
      ws.W_fact.llt.solveInPlace(ws.lambda);
      return;
    }
  }
  ws.W_fact.cod.setThreshold(1e-10);
  ws.W_fact.cod.compute(ws.W);
  solveMinimumNorm(ws.W_fact.cod, ws.rhs, ws.lambda, ws.W_fact.scratch);
  if (ws.W_fact.cod.rank() < m) set.counters().rankDeficientSolves.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

void solveMultipliers(const ConstraintSet& set, State& s, ConstraintWorkspace& ws) {
  const MatterSubsystem& matter = set.getMatter();
  const int nu = matter.getNU();
  collectActiveRows(set, s, ws);
  const int m = static_cast<int>(ws.rowGlobal.size());
  ws.f.resize(nu);
  ws.fc.setZero(nu);
  for (auto& F : ws.Fc) F.setZero();
  s.updMultipliers().setZero();
  if (m == 0) return;
  set.counters().accelerationSolves.fetch_add(1, std::memory_order_relaxed);

  // W = G M_ff^-1 G^T from G^T's columns and the tree factor of M where the matter has an
  // accurate one (m eliminations instead of m sweeps and m^2 acceleration errors), else by sweeps.
  if (matter.hasAccurateMInvFactor(s)) {
    calcActiveGt(set, s, ws);
    matter.calcMInvCongruence(s, ws.Gt, ws.W);
  } else {
    calcWBySweeps(set, s, ws);
  }

  // Right-hand side: the acceleration errors of the unconstrained (hybrid) motion.
  matter.calcHybridDynamics(s, matter.getAppliedMobilityForces(s), matter.getAppliedBodyForces(s), true, ws.udot, ws.A,
                            ws.tau);
  calcActiveAccelerationErrors(set, s, ws.A, ws.udot.data(), ws, ws.rhs);

  solveW(set, nu, ws);
  ws.aerr.noalias() = ws.W * ws.lambda;  // the residual W lambda - rhs, without a temporary
  ws.aerr -= ws.rhs;
  const Real residual = ws.aerr.norm();
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
