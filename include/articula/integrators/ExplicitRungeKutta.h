// Explicit Runge-Kutta methods driven by a Butcher tableau with an embedded error estimate. One
// implementation serves ExplicitEuler, RungeKutta2/3, Merson, Fehlberg and Dormand-Prince; a
// method is its tableau (one file each). The first stage reuses ydot of the advanced state, and
// a "first same as last" (FSAL) tableau's last stage is the derivative at the step's end, so the
// advanced state needs no extra evaluation unless projection moved it.
#pragma once
#include <string>
#include <vector>

#include "articula/integrators/ErrorControlledIntegrator.h"

namespace articula {

struct ButcherTableau {
  std::string name;
  int order = 0;                     // order of the propagated solution y1 = y0 + h Σ b_i k_i
  int estimatorOrder = 0;            // p: the error estimate h Σ e_i k_i behaves like h^(p+1)
  std::vector<Real> c;               // stage times (c[0] = 0)
  std::vector<std::vector<Real>> a;  // a[i] has i entries (strictly lower triangular)
  std::vector<Real> b;               // solution weights
  std::vector<Real> e;               // error weights (b - b̂, possibly scaled)

  int stages() const { return static_cast<int>(c.size()); }
  // Last stage evaluated at (t0 + h, y1): c = 1, its a row equals b and b's last weight is 0.
  bool isFSAL() const;
  // Throws Error naming the tableau and the entry unless sizes agree, c[0] = 0,
  // Σ_j a[i][j] = c[i] and Σ b = 1.
  void validate() const;
};

// Dense output: methods of order >= 3 without their own continuous extension interpolate with a
// quintic Hermite polynomial through (y, ydot) at the step's start, middle and end. The middle
// point comes from a half step of the same method, computed on the first interpolation request
// in a step (cost: one step's evaluations, only for steps that are interpolated).
class ExplicitRungeKuttaIntegrator : public ErrorControlledIntegrator {
 public:
  ExplicitRungeKuttaIntegrator(const System& system, ButcherTableau tableau);

  const char* getMethodName() const override { return tableau_.name.c_str(); }
  int getMethodOrder() const override { return tableau_.order; }
  bool hasErrorControl() const override { return true; }
  const ButcherTableau& getTableau() const { return tableau_; }

 protected:
  bool attemptStep(Real t0, Real h, Real t1, Vector& yErr) override;
  int getErrorEstimatorOrder() const override { return tableau_.estimatorOrder; }
  void onInitialize() override;
  // Stage derivatives k_i of the last attempt (of the accepted step inside onStepAccepted).
  const std::vector<Vector>& stageDerivatives() const { return k_; }
  void onStepAccepted(Real t0, Real h) override;
  void interpolateY(Real t, Vector& y) const override;

 private:
  // Runs the tableau in `work` from (t0, y0, f0) with step h; the end value goes to y1.
  bool runStages(State& work, Real t0, Real h, Real t1, const Vector& y0, const Vector& f0, Vector& y1, Vector* yErr);
  void computeMidpoint();

  ButcherTableau tableau_;
  bool fsal_ = false;
  std::vector<Vector> k_;
  Vector ytmp_, y1_;
  // Dense-output midpoint of the last step (valid while midValid_).
  State midState_;
  Vector yMid_, fMid_;
  bool midValid_ = false;
};

}  // namespace articula
