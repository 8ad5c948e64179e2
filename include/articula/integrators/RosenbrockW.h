// Linearly implicit Rosenbrock-W integration for stiff multibody problems: steep dampers,
// friction below its Stribeck transition speed, stiff contact. Each stage solves
//     (I − hγJ) k_i = f(t0 + c_i h, y0 + h Σ_j a_ij k_j) + Σ_j C_ij k_j,
//     y1 = y0 + h Σ b_i k_i,   error estimate h Σ e_i k_i,
// with J an approximation of ∂f/∂y. A W-method keeps its order for any J, so J only needs the
// stiff part of the dynamics: for y = [q; u; z]
//     J = [ 0        N     0 ]      D = ∂τ/∂u, K = (∂τ/∂q) N, M the mass matrix and N the
//         [ M⁻¹K N⁺  M⁻¹D  0 ]      kinematic map qdot = N u, all from the System's ImplicitSolve
//         [ 0        0     0 ]      (system/ImplicitSolve.h; the multibody system's takes D and K
//                                   from every force subsystem that is a ForceJacobianSource).
// One factorization of I − hγJ per trial step (J at the step's start; reused when a trial is
// rejected); the multibody system reduces it to a nu x nu solve, O(n) where the linearization
// has the tree's structure (matter/MultibodyImplicitSolve.h, docs/design.md). Constraints are
// handled like the explicit methods: projection of the end state and its error estimate. Without
// an ImplicitSolve J = 0 and the method is explicit.
//
//   method        order  estimate  evaluations per step  stiffly accurate
//   RosenbrockW2    2       1          2                  L-stable, ROS2 of Verwer et al. (γ = 1 + 1/√2)
//   RosenbrockW3    3       2          4                  L-stable, stiffly accurate, ROS34PW2 of
//                                                         Rang & Angermann (2005)
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "articula/integrators/ErrorControlledIntegrator.h"
#include "articula/system/ImplicitSolve.h"

namespace articula {

struct RosenbrockTableau {
  std::string name;
  int order = 0, estimatorOrder = 0;
  Real gamma = 0;
  std::vector<Real> c;                  // stage times
  std::vector<std::vector<Real>> a, C;  // strictly lower triangular: a[i] and C[i] have i entries
  std::vector<Real> b, e;
  int stages() const { return static_cast<int>(c.size()); }
  // From the standard form (Hairer & Wanner IV.7): (I − hγJ) k_i = f(y0 + h Σ α_ij k_j) +
  // hJ Σ_{j<i} γ_ij k_j, y1 = y0 + h Σ b_i k_i, embedded b̂. alpha and gammaOff are strictly lower
  // triangular s x s (row-major lists of rows); converted through Γ⁻¹ to the form above.
  static RosenbrockTableau fromStandard(std::string name, int order, int estimatorOrder, Real gamma,
                                        const std::vector<std::vector<Real>>& alpha,
                                        const std::vector<std::vector<Real>>& gammaOff, const std::vector<Real>& b,
                                        const std::vector<Real>& bHat);
};

class RosenbrockWIntegrator : public ErrorControlledIntegrator {
 public:
  RosenbrockWIntegrator(const System& system, RosenbrockTableau tableau);

  const char* getMethodName() const override { return tableau_.name.c_str(); }
  int getMethodOrder() const override { return tableau_.order; }
  bool hasErrorControl() const override { return true; }
  const RosenbrockTableau& getTableau() const { return tableau_; }

  // Jacobian evaluations (one per accepted step's start) and factorizations (one per trial).
  int64_t getNumJacobians() const override { return jacobians_; }
  int64_t getNumFactorizations() const override { return factorizations_; }
  // Of those, the ones TreeLU took and the ones the O(n) structured solve took (the rest went to
  // the dense LU).
  int64_t getNumTreeFactorizations() const override { return treeFactorizations_; }
  int64_t getNumStructuredFactorizations() const override { return structuredFactorizations_; }
  // TreeLU where the pattern allows (default); false: always the dense LU (for comparisons).
  void setUseTreeLU(bool on) { options_.treeLU = on; }
  // The O(n) structured solve where every source allows it (default); false: dense matrices always.
  void setUseStructuredSolve(bool on) { options_.structured = on; }

 protected:
  bool attemptStep(Real t0, Real h, Real t1, Vector& yErr) override;
  int getErrorEstimatorOrder() const override { return tableau_.estimatorOrder; }
  void onInitialize() override;
  void onStepAccepted(Real, Real) override { jacobianValid_ = false; }

 private:
  void formJacobian();
  void factor(Real h);
  void solveStage(const Vector& r, Vector& k);  // k = (I − hγJ)⁻¹ r

  RosenbrockTableau tableau_;
  const ImplicitSolve* implicit_ = nullptr;  // null: J = 0
  std::unique_ptr<IterationMatrix> matrix_;  // null: J = 0
  IterationMatrixOptions options_;
  std::vector<Vector> k_;
  Vector ytmp_, r_, y1_;
  bool jacobianValid_ = false;
  int64_t jacobians_ = 0, factorizations_ = 0, treeFactorizations_ = 0, structuredFactorizations_ = 0;
};

// ROS2 (Verwer, Spee, Blom, Hundsdorfer 1999): order 2 for any J, L-stable, error estimate from
// the embedded linearly implicit Euler solution.
class RosenbrockW2Integrator final : public RosenbrockWIntegrator {
 public:
  explicit RosenbrockW2Integrator(const System& system);
};

// ROS34PW2 (Rang & Angermann, BIT 45, 2005): 4 stages, order 3 for any J, L-stable and stiffly
// accurate (the last stage is the solution), embedded order 2.
class RosenbrockW3Integrator final : public RosenbrockWIntegrator {
 public:
  explicit RosenbrockW3Integrator(const System& system);
};

}  // namespace articula
