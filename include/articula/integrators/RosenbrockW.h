// Linearly implicit Rosenbrock-W integration for stiff multibody problems: steep dampers,
// friction below its Stribeck transition speed, stiff contact. Each stage solves
//     (I − hγJ) k_i = f(t0 + c_i h, y0 + h Σ_j a_ij k_j) + Σ_j C_ij k_j,
//     y1 = y0 + h Σ b_i k_i,   error estimate h Σ e_i k_i,
// with J an approximation of ∂f/∂y. A W-method keeps its order for any J, so J only needs the
// stiff part of the dynamics: for y = [q; u; z]
//     J = [ 0        N     0 ]      D = ∂τ/∂u, K = (∂τ/∂q) N from every force subsystem that is a
//         [ M⁻¹K N⁺  M⁻¹D  0 ]      ForceJacobianSource (matter/ForceJacobian.h): contact, joint
//         [ 0        0     0 ]      dampers; M the mass matrix; N the kinematic map qdot = N u.
// The stage system then reduces to one dense nu x nu solve,
//     (M − hγD − (hγ)² K) k_u = M r_u + hγ K N⁺ r_q,   k_q = r_q + hγ N k_u,   k_z = r_z,
// one LU factorization per trial step (J, M at the step's start; reused when a trial is rejected).
// When every force subsystem gives its linearization in the structured form of ForceJacobian.h
// (joint dampers and limits, contact with Ground, and a few contacts between moving bodies as
// low-rank pair terms), neither M nor D nor K is formed: the ImplicitTreeSolver factors the
// matrix in O(n) by an articulated-body recursion plus a Woodbury correction for the pairs, and
// the right-hand side is formed in O(n) too. Otherwise (or with more pair rank than mobilities)
// the dense matrices are formed; when D and K couple only mobilities on one root path each they
// keep the branch-induced sparsity of M and TreeLU factors them in O(n d²), else a pivoting LU.
// Constraints are handled like the explicit methods: projection of the end state and its error
// estimate. Without a MultibodySystem J = 0 and the method is explicit.
//
//   method        order  estimate  evaluations per step  stiffly accurate
//   RosenbrockW2    2       1          2                  L-stable, ROS2 of Verwer et al. (γ = 1 + 1/√2)
//   RosenbrockW3    3       2          4                  L-stable, stiffly accurate, ROS34PW2 of
//                                                         Rang & Angermann (2005)
#pragma once
#include <Eigen/LU>
#include <string>
#include <vector>

#include "articula/integrators/ErrorControlledIntegrator.h"
#include "articula/math/TreeLU.h"
#include "articula/matter/ImplicitTreeSolver.h"

namespace articula {

class MultibodySystem;

struct RosenbrockTableau {
  std::string name;
  int order = 0, estimatorOrder = 0;
  Real gamma = 0;
  std::vector<Real> c;                   // stage times
  std::vector<std::vector<Real>> a, C;   // strictly lower triangular: a[i] and C[i] have i entries
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

  // Jacobian evaluations (one per accepted step's start) and LU factorizations (one per trial).
  int64_t getNumJacobians() const { return jacobians_; }
  int64_t getNumFactorizations() const { return factorizations_; }
  // Of those, the ones TreeLU took (the rest went to the dense LU).
  int64_t getNumTreeFactorizations() const { return treeFactorizations_; }
  // TreeLU where the pattern allows (default); false: always the dense LU (for comparisons).
  void setUseTreeLU(bool on) { useTree_ = on; }
  // Factorizations done by the O(n) ImplicitTreeSolver (not counted as TreeLU or dense ones).
  int64_t getNumStructuredFactorizations() const { return structuredFactorizations_; }
  // The O(n) structured solve where every source allows it (default); false: dense matrices always.
  void setUseStructuredSolve(bool on) { useStructured_ = on; }

 protected:
  bool attemptStep(Real t0, Real h, Real t1, Vector& yErr) override;
  int getErrorEstimatorOrder() const override { return tableau_.estimatorOrder; }
  void onInitialize() override;
  void onStepAccepted(Real, Real) override { jacobianValid_ = false; }

 private:
  void buildMobilityTree();
  void formJacobian();
  void formDenseJacobian();
  void factor(Real h);
  void solveStage(const Vector& r, Vector& k);  // k = (I − hγJ)⁻¹ r

  RosenbrockTableau tableau_;
  const MultibodySystem* mbs_ = nullptr;  // null: J = 0
  Matrix M_, D_, K_, A_;
  Eigen::PartialPivLU<Matrix> lu_;
  TreeLU tree_;               // mobilities' tree; empty when the u are not tree-ordered
  bool useTree_ = true, jacobianFitsTree_ = false, factoredByTree_ = false;
  ImplicitTreeSolver solver_;
  bool useStructured_ = true, structuredEligible_ = false, structured_ = false;
  Vector rhs_, ku_, tmpU_, tmpQ_;
  std::vector<Vector> k_;
  Vector ytmp_, r_, y1_;
  bool jacobianValid_ = false;
  Real factoredHGamma_ = -1;
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
