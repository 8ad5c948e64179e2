// CvodeIntegrator: SUNDIALS CVODE (variable-order, variable-step linear multistep methods) behind
// the Integrator interface, with coordinate projection (the CVODES coordinate-projection
// specification, seed 003; Theory Manual §10.1-10.2).
//
//   method  orders  nonlinear solver                              use
//   BDF     1-5     Newton, dense direct solve, forward-difference   stiff problems
//                   Jacobian (ours: CVODE's built-in one allocates)
//   Adams   1-12    fixed-point iteration (no Jacobian)            smooth non-stiff problems
//
// Every takeOneStep() is exactly one internal CVODE step (CV_ONE_STEP with the step limit as
// CVODE's stop time), so getPreviousTime()..getAdvancedTime() is CVODE's last step and dense
// output is CVODE's own interpolating polynomial (CVodeGetDky, of the order in use).
//
// Projection (BDF): CVODE calls back after each converged corrector, before its error test. The
// callback puts the candidate y in a State, calls System::project (quaternion normalization
// today, constraint projection when it exists) and returns the correction; CVODE's error
// estimate is projected by the same call (the component along a quaternion's own direction is
// removed), so the error test sees only errors the projection cannot remove. CVODE supports
// projection only with BDF: with Adams the accepted state is projected after the step, and CVODE
// is restarted from it when the projection moved y by more than the constraint tolerance in the
// error norm (a quaternion's length has zero weight there, so normalization alone never restarts).
//
// Accuracy: CVODE's test is one weighted RMS norm over all of y with diagonal weights. The weights
// are chosen so that it equals sqrt(E_q² + E_u² + E_z²) / α, where E_q, E_u, E_z are the explicit
// methods' group norms (Integrator::calcErrorNorm): the step passes only if each group would.
//   u, z: relative to |y_i| with the unit weight as floor, min(w_i, 1/|y_i|);
//   q: absolute, through N⁺: q_i gets the largest row norm of W_u N⁺(q) among the rows it enters,
//      which is exact for N = I and, for a quaternion's projected error, exact as well (the rows
//      of its N⁺ all have norm 2).
//
// Failures (CVODE flags, non-finite derivatives, exceptions thrown while realizing) throw
// articula::Error naming the method, the CVODE flag, the time and the last failure's cause; the
// advanced state is then the last good state. Fixed-step mode is refused (CVODE has none).
#pragma once
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "articula/integrators/Integrator.h"

namespace articula {

class CvodeIntegrator final : public Integrator {
 public:
  enum class Method { BDF, Adams };

  explicit CvodeIntegrator(const System& system, Method method = Method::BDF);
  ~CvodeIntegrator() override;

  Method getMethod() const { return method_; }
  const char* getMethodName() const override;  // "CvodeBDF" or "CvodeAdams"
  int getMethodOrder() const override;         // the highest order: 5 (BDF) or 12 (Adams)
  bool hasErrorControl() const override { return true; }

  // Project CVODE's error estimate along with the state (BDF only; default on). Off, the error
  // test also measures error components the projection removes (more, smaller steps).
  void setProjectErrorEstimate(bool on);
  bool getProjectErrorEstimate() const { return projectErrorEstimate_; }

  // BDF's Newton Jacobian from the System's ImplicitSolve (system/ImplicitSolve.h, as the
  // Rosenbrock-W methods use) instead of difference quotients (one evaluation per y):
  //   ∂f/∂y ≈ [0, N; M⁻¹K N⁺, M⁻¹D] (z rows and columns zero). Off by default: it leaves out the
  // inertial and geometric terms, which Newton then corrects with more iterations.
  void setAnalyticJacobian(bool on) { analyticJacobian_ = on; }
  bool getAnalyticJacobian() const { return analyticJacobian_; }

  // CVODE's own counters, since the last initialize() (restarts included).
  struct CvodeStatistics {
    int64_t steps = 0;                  // internal steps taken
    int64_t rhsEvaluations = 0;         // f(t, y) calls, Jacobian difference quotients included
    int64_t jacobianEvaluations = 0;    // Newton matrix rebuilds (BDF)
    int64_t nonlinearIterations = 0;    // corrector iterations
    int64_t projectionEvaluations = 0;  // calls of the projection callback (BDF)
    int64_t restarts = 0;               // CVodeReInit after initialize(): reinitialize(), Adams drift
    int lastOrder = 0;                  // order used in the last step
    int maxOrderUsed = 0;               // highest order used so far
  };
  const CvodeStatistics& getCvodeStatistics() const { return cvodeStats_; }

 protected:
  void takeOneStep(Real tMax, Real hint) override;
  Real chooseInitialStepSize(Real tMax) override;
  void onInitialize() override;
  void interpolateY(Real t, Vector& y) const override;

 private:
  struct Solver;  // SUNDIALS objects (kept out of this header)
  friend struct CvodeCallbacks;

  // Callback bodies, with raw arrays of length ny(). Return 0, > 0 (recoverable) or < 0.
  int calcYDot(Real t, const Real* y, Real* ydot);
  int calcJacobian(Real t, const Real* y, const Real* fy);  // into jacColumns_
  bool calcAnalyticJacobian(Real t, const Real* y);         // into jacColumns_; false: not available
  int calcProjection(Real t, const Real* y, Real* corr, Real* err);
  int calcErrorWeights(const Real* y, Real* ewt);
  void noteCvodeMessage(const char* function, const char* message);

  void createSolver();
  void restartSolver(Real t, const Vector& y, bool keepCounts);
  void updateQWeights(const Real* q);
  void collectStatistics(bool stepAccepted);
  void advanceWithoutIntegrating(Real tMax);
  [[noreturn]] void throwFailure(int flag, Real t0);
  void check(int flag, const char* call) const;

  Method method_;
  bool projectErrorEstimate_ = true;
  bool analyticJacobian_ = false;
  Matrix jM_, jD_, jK_, jMinvD_, jMinvK_;  // analytic Jacobian scratch
  std::unique_ptr<Solver> solver_;
  CvodeStatistics cvodeStats_;
  // CVODE's counters at the last collection (they restart from zero at CVodeReInit).
  int64_t lastSteps_ = 0, lastErrFails_ = 0, lastSolveFails_ = 0, lastProjFails_ = 0;
  int64_t baseRhs_ = 0, baseJac_ = 0, baseIters_ = 0, baseProj_ = 0;
  int64_t jacobianRhs_ = 0;      // f calls of our difference-quotient Jacobian
  bool firstStep_ = true;        // next CVode call is the first after (re)initialization
  bool canInterpolate_ = false;  // CVODE holds the polynomial of the last committed step
  std::exception_ptr pending_;   // thrown inside a callback; rethrown after CVode returns
  std::string failureReason_, cvodeMessage_;
  Vector ydot_, err_, e_, col_, rowNorm_, qWeights_, diff_, yJac_;
  Vector unitChange_;              // 1 / unit weight of each y: the difference-quotient scale
  std::vector<Real*> jacColumns_;  // columns of CVODE's dense Jacobian, during calcJacobian
};

}  // namespace articula
