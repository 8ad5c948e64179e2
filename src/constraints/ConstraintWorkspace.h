// Private: per-State scratch of the constraint set, and the solver / projection entry points.
#pragma once
#include <Eigen/Cholesky>
#include <Eigen/QR>
#include <vector>

#include "articula/constraints/ConstraintSet.h"
#include "articula/math/MinimumNormSolve.h"

namespace articula {

// Enabled flags live in an Instance-stage discrete variable of the matter subsystem.
struct ConstraintEnabled {
  std::vector<char> enabled;
  int numEnabled = 0;
};

// A factorization is scratch: copying a State starts it afresh (Eigen's default-constructed
// decomposition has uninitialized members that must not be copied).
struct Factorization {
  Eigen::CompleteOrthogonalDecomposition<Matrix> cod;
  Eigen::LLT<Matrix> llt;
  Vector scratch;  // solveMinimumNorm's copy of the right-hand side
  Factorization() = default;
  Factorization(const Factorization&) {}
  Factorization& operator=(const Factorization&) { return *this; }
};

struct ConstraintWorkspace {
  // Active rows: enabled constraints' equations, constraint-major ([p; v; a] per constraint).
  std::vector<int> rowConstraint, rowLocal, rowGlobal;
  std::vector<int> activeConstraints, activeOffset;
  std::vector<SpatialVec> F, A, bias, Fc, V;
  Vector f, udot, tau, fc, lambdaLocal, errLocal;
  Vector aerr0, aerr, rhs, lambda;
  Matrix W, Gt;
  Factorization W_fact;
  // Projection: weighted rows, speeds' unit weights, free-mobility mask, corrections.
  std::vector<int> projRows;
  Vector wu, freeMask, werr, du, dq, row, eq, eu, corr, uWeightsAll, Pweu;
  Matrix Pw;
  Factorization Pw_fact;
};

// Fills the active-row tables of ws from the enabled flags.
void collectActiveRows(const ConstraintSet& set, const State& s, ConstraintWorkspace& ws);
// Acceleration errors of all active rows (compact order) for body accelerations A and udot.
void calcActiveAccelerationErrors(const ConstraintSet& set, const State& s, const std::vector<SpatialVec>& A,
                                  const Real* udot, ConstraintWorkspace& ws, Vector& out);
// Row `row` (compact order) of G: J^T F + f from the row's force routine with a unit multiplier.
void calcActiveRowOfG(const ConstraintSet& set, const State& s, int row, ConstraintWorkspace& ws, Vector& out);
// Solves G M^-1 G^T lambda = G udot0 - b; writes the State's multipliers and ws.Fc / ws.fc = G^T lambda.
void solveMultipliers(const ConstraintSet& set, State& s, ConstraintWorkspace& ws);
// Projection of q then u (and of an error estimate) onto the constraint manifold.
bool projectOntoConstraints(const ConstraintSet& set, State& s, Real tolerance, Vector* yErrEst,
                            ConstraintWorkspace& ws);

}  // namespace articula
