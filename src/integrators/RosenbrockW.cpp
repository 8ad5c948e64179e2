// Rosenbrock-W step: J from the System's ImplicitSolve, one factorization per trial step.
#include "articula/integrators/RosenbrockW.h"

#include <Eigen/Dense>
#include <cmath>
#include <utility>

namespace articula {

RosenbrockTableau RosenbrockTableau::fromStandard(std::string name, int order, int estimatorOrder, Real gamma,
                                                  const std::vector<std::vector<Real>>& alpha,
                                                  const std::vector<std::vector<Real>>& gammaOff,
                                                  const std::vector<Real>& b, const std::vector<Real>& bHat) {
  const int s = static_cast<int>(b.size());
  if (static_cast<int>(alpha.size()) != s || static_cast<int>(gammaOff.size()) != s ||
      static_cast<int>(bHat.size()) != s)
    throw Error("RosenbrockTableau '" + name + "': alpha, gamma and b̂ must have " + std::to_string(s) + " rows");
  Matrix A = Matrix::Zero(s, s), G = Matrix::Zero(s, s);
  for (int i = 0; i < s; ++i) {
    G(i, i) = gamma;
    for (int j = 0; j < i; ++j) {
      A(i, j) = alpha.at(i).at(j);
      G(i, j) = gammaOff.at(i).at(j);
    }
  }
  // With U = hΓk and k-form variables K_i = U_i/(hγ): a = γ A Γ⁻¹, C = −γ Γ⁻¹ (off-diagonal),
  // b = γ bᵀΓ⁻¹ (Hairer & Wanner's transformation, rescaled so K_i has units of f).
  const Matrix Gi = G.triangularView<Eigen::Lower>().solve(Matrix::Identity(s, s));
  const Matrix a = gamma * A * Gi;
  Eigen::RowVectorXd bw(s), bh(s);
  for (int i = 0; i < s; ++i) bw[i] = b[i], bh[i] = bHat[i];
  const Eigen::RowVectorXd bk = gamma * bw * Gi, bhk = gamma * bh * Gi;
  RosenbrockTableau t;
  t.name = std::move(name);
  t.order = order;
  t.estimatorOrder = estimatorOrder;
  t.gamma = gamma;
  t.c.resize(s);
  t.a.resize(s);
  t.C.resize(s);
  for (int i = 0; i < s; ++i) {
    t.c[i] = A.row(i).sum();
    for (int j = 0; j < i; ++j) {
      t.a[i].push_back(a(i, j));
      t.C[i].push_back(-gamma * Gi(i, j));
    }
    t.b.push_back(bk[i]);
    t.e.push_back(bk[i] - bhk[i]);
  }
  return t;
}

RosenbrockWIntegrator::RosenbrockWIntegrator(const System& system, RosenbrockTableau tableau)
    : ErrorControlledIntegrator(system), tableau_(std::move(tableau)) {
  implicit_ = system.getImplicitSolve();
  const int s = tableau_.stages();
  const std::string who = "RosenbrockTableau '" + tableau_.name + "': ";
  if (s < 1 || static_cast<int>(tableau_.a.size()) != s || static_cast<int>(tableau_.C.size()) != s ||
      static_cast<int>(tableau_.b.size()) != s || static_cast<int>(tableau_.e.size()) != s)
    throw Error(who + "c, a, C, b and e must all have one entry per stage");
  for (int i = 0; i < s; ++i)
    if (static_cast<int>(tableau_.a[i].size()) != i || static_cast<int>(tableau_.C[i].size()) != i)
      throw Error(who + "a[" + std::to_string(i) + "] and C[" + std::to_string(i) + "] must have " + std::to_string(i) +
                  " entries");
  if (!(tableau_.gamma > 0)) throw Error(who + "gamma must be > 0, got " + formatValue(tableau_.gamma));
}

void RosenbrockWIntegrator::onInitialize() {
  k_.assign(tableau_.stages(), Vector::Zero(ny()));
  ytmp_.resize(ny());
  r_.resize(ny());
  y1_.resize(ny());
  jacobianValid_ = false;
  matrix_ = implicit_ ? implicit_->makeIterationMatrix(getAdvancedState()) : nullptr;
}

// The linearization at the advanced state (realized through Acceleration by the base class).
void RosenbrockWIntegrator::formJacobian() {
  jacobianValid_ = true;
  if (!matrix_) return;
  matrix_->linearize(getAdvancedState(), options_);
  ++jacobians_;
}

void RosenbrockWIntegrator::factor(Real h) {
  if (!matrix_) return;
  const Factorization kind = matrix_->factor(h * tableau_.gamma);
  if (kind == Factorization::Reused) return;
  ++factorizations_;
  if (kind == Factorization::Structured) ++structuredFactorizations_;
  if (kind == Factorization::Tree) ++treeFactorizations_;
}

void RosenbrockWIntegrator::solveStage(const Vector& r, Vector& k) {
  if (matrix_) matrix_->solve(getAdvancedState(), r, k);
  else k = r;
}

bool RosenbrockWIntegrator::attemptStep(Real t0, Real h, Real t1, Vector& yErr) {
  if (!jacobianValid_) formJacobian();
  factor(h);
  const Vector& y0 = getAdvancedState().getY();
  const int s = tableau_.stages();
  for (int i = 0; i < s; ++i) {
    if (i == 0) {
      r_ = advancedYDot();
    } else {
      ytmp_ = y0;
      for (int j = 0; j < i; ++j)
        if (tableau_.a[i][j] != 0) ytmp_ += (h * tableau_.a[i][j]) * k_[j];
      const Real ti = tableau_.c[i] == 1 ? t1 : t0 + tableau_.c[i] * h;
      if (!evaluate(scratch(), ti, ytmp_, r_)) return false;
    }
    for (int j = 0; j < i; ++j)
      if (tableau_.C[i][j] != 0) r_ += tableau_.C[i][j] * k_[j];
    solveStage(r_, k_[i]);
    if (!k_[i].allFinite()) {
      failureReason_ = "the linear stage solve gave non-finite values (singular iteration matrix)";
      return false;
    }
  }
  y1_ = y0;
  yErr.setZero();
  for (int j = 0; j < s; ++j) {
    if (tableau_.b[j] != 0) y1_ += (h * tableau_.b[j]) * k_[j];
    if (tableau_.e[j] != 0) yErr += (h * tableau_.e[j]) * k_[j];
  }
  State& end = scratch();
  end.setTime(t1);
  end.updY() = y1_;
  return true;
}

RosenbrockW2Integrator::RosenbrockW2Integrator(const System& system)
    : RosenbrockWIntegrator(system, RosenbrockTableau{"RosenbrockW2", 2, 1, 1 + 1 / std::sqrt(2.0),
                                                      /*c*/ {0, 1},
                                                      /*a*/ {{}, {1}},
                                                      /*C*/ {{}, {-2}},
                                                      /*b*/ {1.5, 0.5},
                                                      /*e = b − (1, 0)*/ {0.5, 0.5}}) {}

RosenbrockW3Integrator::RosenbrockW3Integrator(const System& system)
    : RosenbrockWIntegrator(
          system,
          RosenbrockTableau::fromStandard(
              "RosenbrockW3", 3, 2, 4.3586652150845900e-01,
              /*alpha*/
              {{}, {8.7173304301691801e-01}, {8.4457060015369423e-01, -1.1299064236484185e-01}, {0, 0, 1}},
              /*gamma_ij*/
              {{},
               {-8.7173304301691801e-01},
               {-9.0338057013044082e-01, 5.4180672388095326e-02},
               {2.4212380706095346e-01, -1.2232505839045147e+00, 5.4526025533510214e-01}},
              /*b*/ {2.4212380706095346e-01, -1.2232505839045147e+00, 1.5452602553351020e+00, 4.3586652150845900e-01},
              /*b̂*/ {3.7810903145819369e-01, -9.6042292212423178e-02, 0.5, 2.1793326075422950e-01})) {}

}  // namespace articula
