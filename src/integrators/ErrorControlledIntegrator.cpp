// The shared error-controlled step: trial, projection of state and error estimate, weighted RMS
// error test, reject/shrink, accept/predict (Theory Manual §10.4, "Each step").
#include "articula/integrators/ErrorControlledIntegrator.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace articula {

void ErrorControlledIntegrator::setController(const Controller& c) {
  const std::string who = std::string("Integrator ") + getMethodName() + ": controller ";
  if (!(c.safety > 0 && c.safety <= 1)) throw Error(who + "safety must be in (0, 1], got " + formatValue(c.safety));
  if (!(c.maxGrowth > 1)) throw Error(who + "maxGrowth must be > 1, got " + formatValue(c.maxGrowth));
  if (!(c.maxShrink > 0 && c.maxShrink < 1))
    throw Error(who + "maxShrink must be in (0, 1), got " + formatValue(c.maxShrink));
  if (!(c.keepBand >= 1)) throw Error(who + "keepBand must be >= 1, got " + formatValue(c.keepBand));
  controller_ = c;
}

void ErrorControlledIntegrator::throwCollapse(Real t0, Real h, const std::string& why) {
  throw Error(std::string("Integrator ") + getMethodName() + ": step size collapsed at t = " + formatValue(t0) +
              " s: h = " + formatValue(h) + " s is below the minimum step " + formatValue(minimumStepAt(t0)) +
              " s; last failure: " + why + ". The last good state (t = " + formatValue(t0) +
              " s) is getAdvancedState()");
}

void ErrorControlledIntegrator::takeOneStep(Real tMax, Real hint) {
  const IntegratorSettings& set = getSettings();
  const bool fixed = set.fixedStep || !hasErrorControl();
  const Real t0 = getAdvancedTime();
  const Real remaining = tMax - t0;
  const Real hMin = minimumStepAt(t0);
  const Real exponent = -1.0 / (getErrorEstimatorOrder() + 1);
  const Controller& c = controller_;
  Real h = std::min(hint, set.maximumStepSize);
  bool failedBefore = false;
  // What made the last trial fail; the text is built only when we throw (no allocation while
  // retrying, which is part of normal stepping).
  enum class Failure { None, ErrorTest, Other } lastFailure = Failure::None;
  Real lastErr = 0;
  auto describeFailure = [&]() -> std::string {
    switch (lastFailure) {
      case Failure::None: return "none";
      case Failure::ErrorTest:
        return "error test (weighted error " + formatValue(lastErr) + " > accuracy " + formatValue(set.accuracy) +
               "; largest: " + describeLargestErrors(rejectedErr_) + ")";
      case Failure::Other:
        return lastNonFiniteReport_.empty() ? failureReason_ : "non-finite values: " + lastNonFiniteReport_;
    }
    return "";
  };
  yErr_.resize(ny());  // no-ops after the first step
  rejectedErr_.resize(ny());

  for (;;) {
    // Land exactly on tMax when close; avoid leaving a sliver for the next step.
    bool clipped = false;
    if (fixed ? h >= remaining * (1 - 1e-9) : h >= remaining / 1.1) {
      h = remaining;
      clipped = true;
    } else if (!fixed && h > remaining / 2) {
      h = remaining / 2;
    }
    if (!fixed && !clipped && h < hMin) throwCollapse(t0, h, describeFailure());
    const Real t1 = clipped ? tMax : t0 + h;

    ++updStatistics().stepsAttempted;
    failureReason_.clear();  // keeps capacity: no allocation
    lastNonFiniteReport_.clear();
    bool ok = attemptStep(t0, h, t1, yErr_);
    Real err = 0;  // weighted error / accuracy
    if (ok && !fixed) {
      try {
        projectCounted(scratch(), &yErr_);
      } catch (const ProjectionFailure& e) {
        ok = false;
        failureReason_ = std::string("projection failed: ") + e.what();
      }
      if (ok && !(scratch().getY().allFinite() && yErr_.allFinite())) {
        ok = false;
        lastNonFiniteReport_ = describeNonFinite(scratch(), scratch().getY(), yErr_);
      }
      if (ok) {
        err = calcErrorNorm(scratch().getY(), yErr_) / set.accuracy;
        if (!(err <= 1)) {
          ++updStatistics().errorTestFailures;
          lastFailure = Failure::ErrorTest;
          lastErr = err * set.accuracy;
          rejectedErr_ = yErr_;
          failedBefore = true;
          h *= std::clamp(c.safety * std::pow(err, exponent), c.maxShrink, Real(0.9));
          continue;
        }
      }
    }
    if (ok) ok = commitStep(h, !fixed);
    if (!ok) {
      ++updStatistics().convergenceFailures;
      lastFailure = Failure::Other;
      if (fixed)
        throw Error(std::string("Integrator ") + getMethodName() + ": step from t = " + formatValue(t0) +
                    " s with h = " + formatValue(h) + " s failed: " + describeFailure() +
                    ". The last good state (t = " + formatValue(t0) + " s) is getAdvancedState()");
      failedBefore = true;
      h *= 0.25;  // no error estimate to size the retry: back off hard
      continue;
    }

    // Accepted: predict the next step.
    if (fixed) {
      setPredictedStepSize(hint);
    } else {
      Real factor = err > 0 ? c.safety * std::pow(err, exponent) : c.maxGrowth;
      factor = std::clamp(factor, c.maxShrink, c.maxGrowth);
      if (failedBefore) factor = std::min<Real>(factor, 1);
      if (factor >= 1 && factor < c.keepBand) factor = 1;
      Real next = h * factor;
      if (clipped && !failedBefore) next = std::max(next, hint);  // h was cut to meet tMax, not by error
      setPredictedStepSize(std::min(next, set.maximumStepSize));
    }
    onStepAccepted(t0, h);
    return;
  }
}

}  // namespace articula
