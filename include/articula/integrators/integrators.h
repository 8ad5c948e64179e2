// The integration methods. Each is an Integrator (include/articula/integrators/Integrator.h);
// the default choice is RungeKuttaMersonIntegrator.
//
//   method                      order  error estimate           evaluations per step   dense output
//   ExplicitEuler                 1    Heun, FSAL               1                      Hermite cubic
//   RungeKutta2 (Heun)            2    Euler, FSAL              2                      Hermite cubic
//   RungeKutta3 (Bogacki-Shampine)3    2nd order, FSAL          3                      Hermite quintic*
//   RungeKuttaMerson              4    Merson's 3rd order       5                      Hermite quintic*
//   RungeKuttaFeldberg            5    Fehlberg's 4th order     6                      Hermite quintic*
//   DormandPrince54               5    4th order, FSAL          6                      DOPRI5, order 4
//   SemiExplicitEuler             1    none (fixed step only)   1                      Hermite cubic
//   SemiExplicitEuler2            1    step doubling            2                      Hermite cubic
//   VelocityVerlet                2    Euler predictor          2+ (fixed point in u)  Hermite cubic
// "Evaluations" counts realizations to Acceleration of an accepted step, including the one at
// its end; FSAL methods need one more when projection (quaternion normalization) moved y.
// * through a midpoint from a half step, computed only for steps that are interpolated.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "articula/integrators/ExplicitRungeKutta.h"
#include "articula/integrators/IntegratorMethod.h"

namespace articula {

class ExplicitEulerIntegrator final : public ExplicitRungeKuttaIntegrator {
 public:
  explicit ExplicitEulerIntegrator(const System& system);
};

class RungeKutta2Integrator final : public ExplicitRungeKuttaIntegrator {
 public:
  explicit RungeKutta2Integrator(const System& system);
};

class RungeKutta3Integrator final : public ExplicitRungeKuttaIntegrator {
 public:
  explicit RungeKutta3Integrator(const System& system);
};

class RungeKuttaMersonIntegrator final : public ExplicitRungeKuttaIntegrator {
 public:
  explicit RungeKuttaMersonIntegrator(const System& system);
};

class RungeKuttaFeldbergIntegrator final : public ExplicitRungeKuttaIntegrator {
 public:
  explicit RungeKuttaFeldbergIntegrator(const System& system);
};

// Dormand-Prince 5(4) with its own continuous extension (order 4) as dense output.
class DormandPrince54Integrator final : public ExplicitRungeKuttaIntegrator {
 public:
  explicit DormandPrince54Integrator(const System& system);

 protected:
  void onStepAccepted(Real t0, Real h) override;
  void interpolateY(Real t, Vector& y) const override;

 private:
  Vector r1_, r2_, r3_, r4_, r5_;  // y(θ) = r1 + θ(r2 + (1-θ)(r3 + θ(r4 + (1-θ) r5)))
  Real t0_ = 0, h_ = 0;
};

// Symplectic Euler: u1 = u0 + h udot(t0, q0, u0), then q1 = q0 + h N(q0) u1. Fixed step only.
class SemiExplicitEulerIntegrator final : public ErrorControlledIntegrator {
 public:
  explicit SemiExplicitEulerIntegrator(const System& system) : ErrorControlledIntegrator(system) {}
  const char* getMethodName() const override { return "SemiExplicitEuler"; }
  int getMethodOrder() const override { return 1; }
  bool hasErrorControl() const override { return false; }

 protected:
  bool attemptStep(Real t0, Real h, Real t1, Vector& yErr) override;
  int getErrorEstimatorOrder() const override { return 1; }

 private:
  Vector qdot_, y1_;
};

// Semi-explicit Euler with error control by step doubling: the two half steps are propagated,
// their difference from one full step is the error estimate.
class SemiExplicitEuler2Integrator final : public ErrorControlledIntegrator {
 public:
  explicit SemiExplicitEuler2Integrator(const System& system) : ErrorControlledIntegrator(system) {}
  const char* getMethodName() const override { return "SemiExplicitEuler2"; }
  int getMethodOrder() const override { return 1; }
  bool hasErrorControl() const override { return true; }

 protected:
  bool attemptStep(Real t0, Real h, Real t1, Vector& yErr) override;
  int getErrorEstimatorOrder() const override { return 1; }

 private:
  Vector qdot_, yFull_, yHalf_, yEnd_, ydotHalf_;
};

// Velocity Verlet (Theory Manual §10.4): drift q with the half-step speed, then solve
// u1 = u0 + h/2 (udot0 + udot(q1, u1)) by fixed-point iteration from the Euler predictor.
// Error estimate: u1 minus the Euler predictor, q1 minus the trapezoid rule.
class VelocityVerletIntegrator final : public ErrorControlledIntegrator {
 public:
  explicit VelocityVerletIntegrator(const System& system) : ErrorControlledIntegrator(system) {}
  const char* getMethodName() const override { return "VelocityVerlet"; }
  int getMethodOrder() const override { return 2; }
  bool hasErrorControl() const override { return true; }
  // Fixed-point iterations allowed per step before the step is rejected (error control) or
  // accepted as is (fixed step).
  void setMaxIterations(int n);

 protected:
  bool attemptStep(Real t0, Real h, Real t1, Vector& yErr) override;
  int getErrorEstimatorOrder() const override { return 1; }

 private:
  int maxIterations_ = 6;
  Vector qdot_, uHalf_, q1_, uk_, unext_, zk_, znext_, y_, ydot_;
};

// The method of a value (IntegratorMethod.h: the registry of the methods and their names).
std::unique_ptr<Integrator> makeIntegrator(IntegratorMethod method, const System& system);

// By name: "ExplicitEuler", "RungeKutta2", "RungeKutta3", "RungeKuttaMerson",
// "RungeKuttaFeldberg", "DormandPrince54", "SemiExplicitEuler", "SemiExplicitEuler2",
// "VelocityVerlet", "RosenbrockW2", "RosenbrockW3" (RosenbrockW.h), and "CvodeBDF", "CvodeAdams"
// (CvodeIntegrator.h). Throws Error listing the names for anything else.
std::unique_ptr<Integrator> makeIntegrator(const std::string& method, const System& system);

}  // namespace articula
