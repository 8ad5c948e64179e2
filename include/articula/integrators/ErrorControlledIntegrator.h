// ErrorControlledIntegrator: the one-step loop shared by every method that produces a trial
// step and an error estimate (Theory Manual §10.4): try h, project the trial state and its error
// estimate, accept if the weighted RMS error is within accuracy, otherwise shrink and retry;
// after acceptance predict the next h. In fixed-step mode (or for methods without an estimate)
// every finite trial is accepted.
#pragma once
#include <string>

#include "articula/integrators/Integrator.h"

namespace articula {

class ErrorControlledIntegrator : public Integrator {
 public:
  using Integrator::Integrator;

  // Step size controller constants (rarely changed; public for experiments and tests).
  struct Controller {
    Real safety = 0.9;     // aim a little below the tolerance
    Real maxGrowth = 5;    // per accepted step
    Real maxShrink = 0.1;  // per rejected step (the largest reduction)
    Real keepBand = 1.2;   // growth factors in [1, keepBand) keep h (fewer changes, steadier steps)
  };
  const Controller& getController() const { return controller_; }
  void setController(const Controller& c);
  // The local error estimate of the last accepted step (after projection when error control is
  // on): what the error test weighed. Tests check each method's estimate against its published pair.
  const Vector& getLastErrorEstimate() const { return yErr_; }

 protected:
  // One trial step of size h from the advanced state (time t0) to time t1 (t0 + h, but exactly
  // the limit when the step was clipped to one). On true, scratch() holds time t1 and the trial
  // y1 (realized or not), and yErr its local error estimate. Returns false
  // when the trial cannot be used (non-finite value: set lastNonFiniteReport_, or an iteration
  // that did not converge: set failureReason_).
  virtual bool attemptStep(Real t0, Real h, Real t1, Vector& yErr) = 0;
  // p such that the error estimate behaves like h^(p+1).
  virtual int getErrorEstimatorOrder() const = 0;
  // Called after a step is committed (dense-output coefficients, statistics of the method).
  virtual void onStepAccepted(Real /*t0*/, Real /*h*/) {}

  void takeOneStep(Real tMax, Real hint) final;

  std::string failureReason_;

 private:
  [[noreturn]] void throwCollapse(Real t0, Real h, const std::string& why);
  Controller controller_;
  Vector yErr_;
  Vector rejectedErr_;  // error estimate of the last rejected trial, described only if we throw
};

}  // namespace articula
