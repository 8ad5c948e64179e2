// Integrator: the method-independent part — settings, the stepTo() report/limit logic, the three
// states (previous, advanced, reported), dense output by cubic Hermite, weighted norms.
#include "articula/integrators/Integrator.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace articula {

namespace {

bool allFinite(const Vector& v) { return v.allFinite(); }

}  // namespace

const char* stepOutcomeName(StepOutcome outcome) {
  switch (outcome) {
    case StepOutcome::ReachedReportTime: return "ReachedReportTime";
    case StepOutcome::ReachedEventTrigger: return "ReachedEventTrigger";
    case StepOutcome::ReachedScheduledEvent: return "ReachedScheduledEvent";
    case StepOutcome::TimeHasAdvanced: return "TimeHasAdvanced";
    case StepOutcome::ReachedStepLimit: return "ReachedStepLimit";
    case StepOutcome::EndOfSimulation: return "EndOfSimulation";
    case StepOutcome::StartOfContinuousInterval: return "StartOfContinuousInterval";
  }
  return "unknown";
}

Integrator::Integrator(const System& system) : system_(system) {}
Integrator::~Integrator() = default;

// ---- settings ----------------------------------------------------------------------------------

void Integrator::setSettings(const IntegratorSettings& s) {
  const std::string who = std::string("Integrator ") + getMethodName() + ": ";
  auto positive = [&](Real v, const char* field) {
    if (!(v > 0)) throw Error(who + field + " must be > 0, got " + formatValue(v));
  };
  auto nonNegative = [&](Real v, const char* field) {
    if (!(v >= 0)) throw Error(who + field + " must be >= 0, got " + formatValue(v));
  };
  positive(s.accuracy, "accuracy");
  if (s.accuracy >= 1) throw Error(who + "accuracy must be < 1 (it is relative), got " + formatValue(s.accuracy));
  nonNegative(s.constraintTolerance, "constraintTolerance");
  nonNegative(s.initialStepSize, "initialStepSize");
  nonNegative(s.minimumStepSize, "minimumStepSize");
  positive(s.maximumStepSize, "maximumStepSize");
  positive(s.lengthScale, "lengthScale");
  if (std::isnan(s.finalTime)) throw Error(who + "finalTime is NaN");
  if (s.reportStage < Stage::Time || s.reportStage > Stage::Report)
    throw Error(who + "reportStage must be Time .. Report, got " + stageName(s.reportStage));
  if (s.maxStepsPerCall < 1)
    throw Error(who + "maxStepsPerCall must be >= 1, got " + std::to_string(s.maxStepsPerCall));
  if (s.minimumStepSize > s.maximumStepSize)
    throw Error(who + "minimumStepSize " + formatValue(s.minimumStepSize) + " exceeds maximumStepSize " +
                formatValue(s.maximumStepSize));
  if (s.initialStepSize > 0 && s.initialStepSize < s.minimumStepSize)
    throw Error(who + "initialStepSize " + formatValue(s.initialStepSize) + " is below minimumStepSize " +
                formatValue(s.minimumStepSize));
  if (!(s.uWeights.size() == 0 || (s.uWeights.array() > 0).all()) ||
      !(s.zWeights.size() == 0 || (s.zWeights.array() > 0).all()))
    throw Error(who + "uWeights and zWeights must be > 0");
  settings_ = s;
}

void Integrator::setAccuracy(Real a) {
  auto s = settings_;
  s.accuracy = a;
  setSettings(s);
}
void Integrator::setConstraintTolerance(Real t) {
  auto s = settings_;
  s.constraintTolerance = t;
  setSettings(s);
}
void Integrator::setInitialStepSize(Real h) {
  auto s = settings_;
  s.initialStepSize = h;
  setSettings(s);
}
void Integrator::setMinimumStepSize(Real h) {
  auto s = settings_;
  s.minimumStepSize = h;
  setSettings(s);
}
void Integrator::setMaximumStepSize(Real h) {
  auto s = settings_;
  s.maximumStepSize = h;
  setSettings(s);
}
void Integrator::setFinalTime(Real t) {
  auto s = settings_;
  s.finalTime = t;
  setSettings(s);
}
void Integrator::setMaxStepsPerCall(int n) {
  auto s = settings_;
  s.maxStepsPerCall = n;
  setSettings(s);
}
void Integrator::setReturnEveryInternalStep(bool on) { settings_.returnEveryInternalStep = on; }
void Integrator::setLengthScale(Real m) {
  auto s = settings_;
  s.lengthScale = m;
  setSettings(s);
}
void Integrator::setReportStage(Stage stage) {
  auto s = settings_;
  s.reportStage = stage;
  setSettings(s);
}
void Integrator::setFixedStepSize(Real h) {
  if (!(h > 0))
    throw Error(std::string("Integrator ") + getMethodName() + ": fixed step size must be > 0, got " + formatValue(h));
  auto s = settings_;
  s.fixedStep = true;
  s.initialStepSize = s.maximumStepSize = h;
  s.minimumStepSize = std::min(s.minimumStepSize, h);
  setSettings(s);
}

Real Integrator::getConstraintToleranceInUse() const {
  return settings_.constraintTolerance > 0 ? settings_.constraintTolerance : settings_.accuracy / 10;
}

Real Integrator::minimumStepAt(Real t) const {
  return settings_.minimumStepSize > 0 ? settings_.minimumStepSize : 1e-12 * std::max<Real>(1, std::abs(t));
}

// ---- starting --------------------------------------------------------------------------------

void Integrator::requireInitialized(const char* what) const {
  if (!initialized_)
    throw Error(std::string("Integrator ") + getMethodName() + ": call initialize(state) before " + what);
}

void Integrator::initialize(const State& state) {
  const bool fixed = settings_.fixedStep || !hasErrorControl();
  if (fixed && settings_.initialStepSize <= 0 && !std::isfinite(settings_.maximumStepSize))
    throw Error(std::string("Integrator ") + getMethodName() +
                ": fixed-step integration needs a step size (setFixedStepSize or initialStepSize)");
  stats_ = IntegratorStatistics();
  initialized_ = false;
  startInterval(state, false);
  initialized_ = true;
}

void Integrator::reinitialize(const State& state, bool keepStepSize) {
  requireInitialized("reinitialize()");
  startInterval(state, keepStepSize);
}

void Integrator::startInterval(const State& state, bool keepStepSize) {
  if (state.getSystemId() != system_.getDefaultState().getSystemId())
    throw Error(std::string("Integrator ") + getMethodName() + ": the State was not made by System '" +
                system_.getName() + "'");
  State start = state;  // nothing of ours changes until the new state is known to be good
  nq_ = start.getNQ();
  nu_ = start.getNU();
  nz_ = start.getNZ();
  projectCounted(start, nullptr);
  realizeCounted(start, Stage::Acceleration);
  Vector ydot;
  gatherYDot(start, ydot);
  if (!allFinite(start.getY()) || !allFinite(ydot))
    throw Error(std::string("Integrator ") + getMethodName() + ": the initial state at t = " +
                formatValue(start.getTime()) + " is not finite: " + describeNonFinite(start, start.getY(), ydot));
  advanced_ = std::move(start);
  previous_ = advanced_;
  scratch_ = advanced_;
  reported_ = advanced_;
  advancedYDot_ = ydot;
  previousYDot_ = ydot;
  updateWeights();
  qErr_.resize(nq_);
  qErrInU_.resize(nu_);
  yInterp_.resize(ny());
  startPending_ = true;
  reportIsInterpolated_ = false;
  stepValid_ = false;
  if (!keepStepSize) predictedStep_ = 0;
  onInitialize();
}

void Integrator::updateWeights() {
  const std::string who = std::string("Integrator ") + getMethodName() + ": ";
  if (settings_.uWeights.size()) {
    if (settings_.uWeights.size() != nu_)
      throw Error(who + "uWeights has " + std::to_string(settings_.uWeights.size()) + " entries, the System has " +
                  std::to_string(nu_) + " u");
    uWeights_ = settings_.uWeights;
  } else {
    system_.calcUWeights(advanced_, settings_.lengthScale, uWeights_);
  }
  if (settings_.zWeights.size()) {
    if (settings_.zWeights.size() != nz_)
      throw Error(who + "zWeights has " + std::to_string(settings_.zWeights.size()) + " entries, the System has " +
                  std::to_string(nz_) + " z");
    zWeights_ = settings_.zWeights;
  } else {
    system_.calcZWeights(advanced_, settings_.lengthScale, zWeights_);
  }
}

// ---- stepping --------------------------------------------------------------------------------

const State& Integrator::getState() const {
  requireInitialized("getState()");
  return reportIsInterpolated_ ? reported_ : advanced_;
}

void Integrator::setReportState(Real t) {
  if (t == advanced_.getTime()) {
    reportIsInterpolated_ = false;
    return;
  }
  interpolate(t, reported_);
  realizeCounted(reported_, settings_.reportStage);
  reportIsInterpolated_ = true;
}

StepOutcome Integrator::stepTo(Real reportTime, Real advanceLimit) {
  requireInitialized("stepTo()");
  // Messages are built only on failure: stepTo is on the allocation-free hot path.
  auto who = [&] { return std::string("Integrator ") + getMethodName() + ": stepTo(" + formatValue(reportTime); };
  if (std::isnan(reportTime) || std::isnan(advanceLimit)) throw Error(who() + "): report time or advance limit is NaN");
  reportIsInterpolated_ = false;
  if (startPending_) {
    startPending_ = false;
    return StepOutcome::StartOfContinuousInterval;
  }
  if (advanceLimit < advanced_.getTime())
    throw Error(who() + "): advance limit " + formatValue(advanceLimit) + " is before the current time " +
                formatValue(advanced_.getTime()));
  const bool fixed = settings_.fixedStep || !hasErrorControl();
  const Real tFinal = settings_.finalTime;
  Real tMax = std::min(advanceLimit, tFinal);
  if (fixed) tMax = std::min(tMax, reportTime);  // without error control, land on report times exactly
  for (int steps = 0;; ++steps) {
    const Real t = advanced_.getTime();
    if (reportTime < t) {
      if (!stepValid_ || reportTime < previous_.getTime())
        throw Error(who() + "): report time is before the last step [" + formatValue(previous_.getTime()) + ", " +
                    formatValue(t) + "]; integration cannot go back");
      setReportState(reportTime);
      return StepOutcome::ReachedReportTime;
    }
    if (t >= tFinal) return StepOutcome::EndOfSimulation;
    if (reportTime == t) return StepOutcome::ReachedReportTime;
    if (t >= advanceLimit) return StepOutcome::ReachedScheduledEvent;
    if (steps > 0 && settings_.returnEveryInternalStep) return StepOutcome::TimeHasAdvanced;
    if (steps >= settings_.maxStepsPerCall) return StepOutcome::ReachedStepLimit;
    if (predictedStep_ <= 0) {
      predictedStep_ = chooseInitialStepSize(tMax);
      actualInitialStep_ = predictedStep_;
    }
    takeOneStep(tMax, predictedStep_);
  }
}

Real Integrator::chooseInitialStepSize(Real tMax) {
  const Real t = advanced_.getTime();
  Real h = settings_.initialStepSize;
  if (settings_.fixedStep || !hasErrorControl()) {
    if (h <= 0) h = settings_.maximumStepSize;
    return h;
  }
  if (h <= 0) {
    // Take a step whose first-order change is a fraction α^(1/(p+1)) of one unit: the error
    // controller corrects it within a step or two, without an extra derivative evaluation.
    const Real rate = calcRateNorm(advanced_.getY(), advancedYDot_);
    const Real fraction = 0.1 * std::pow(settings_.accuracy, 1.0 / (getMethodOrder() + 1));
    h = rate > 0 ? fraction / rate : (std::isfinite(tMax) ? tMax - t : 1.0);
  }
  h = std::min(h, settings_.maximumStepSize);
  return std::max(h, minimumStepAt(t));
}

// ---- helpers for methods ---------------------------------------------------------------------

void Integrator::gatherYDot(const State& s, Vector& ydot) const {
  ydot.resize(s.getNQ() + s.getNU() + s.getNZ());
  ydot.head(s.getNQ()) = s.getQDot();
  ydot.segment(s.getNQ(), s.getNU()) = s.getUDot();
  ydot.tail(s.getNZ()) = s.getZDot();
}

void Integrator::realizeCounted(State& s, Stage stage) {
  if (s.getSystemStage() >= stage) return;
  system_.realize(s, stage);
  ++stats_.realizations;
  if (stage >= Stage::Acceleration) ++stats_.derivativeEvaluations;
}

bool Integrator::evaluate(State& s, Real t, const Eigen::Ref<const Vector>& y, Vector& ydot) {
  s.setTime(t);
  s.updY() = y;
  if (!y.allFinite()) {
    lastNonFiniteReport_ = describeNonFinite(s, s.getY(), Vector());
    return false;
  }
  realizeCounted(s, Stage::Acceleration);
  gatherYDot(s, ydot);
  if (!ydot.allFinite()) {
    lastNonFiniteReport_ = describeNonFinite(s, s.getY(), ydot);
    return false;
  }
  return true;
}

const Vector& Integrator::evaluateQDot(State& s, Real t, const Eigen::Ref<const Vector>& q,
                                       const Eigen::Ref<const Vector>& u) {
  s.setTime(t);
  s.updQ() = q;
  s.updU() = u;
  realizeCounted(s, Stage::Velocity);
  return s.getQDot();
}

bool Integrator::projectCounted(State& s, Vector* yErrEst) {
  ++stats_.projections;
  return system_.project(s, getConstraintToleranceInUse(), yErrEst);
}

bool Integrator::commitStep(Real h, bool alreadyProjected) {
  if (!alreadyProjected) projectCounted(scratch_, nullptr);
  if (!scratch_.getY().allFinite()) {
    lastNonFiniteReport_ = describeNonFinite(scratch_, scratch_.getY(), Vector());
    return false;
  }
  realizeCounted(scratch_, Stage::Acceleration);
  gatherYDot(scratch_, previousYDot_);  // previousYDot_ is overwritten below by the swap
  if (!previousYDot_.allFinite()) {
    lastNonFiniteReport_ = describeNonFinite(scratch_, scratch_.getY(), previousYDot_);
    previousYDot_ = advancedYDot_;  // restore the invariant: previous ydot is never garbage
    return false;
  }
  // Rotate: previous <- advanced <- scratch (<- old previous, a spare copy). Moves, no copies.
  std::swap(previous_, advanced_);
  std::swap(advanced_, scratch_);
  std::swap(previousYDot_, advancedYDot_);
  ++stats_.stepsTaken;
  previousStep_ = h;
  stepValid_ = true;
  return true;
}

// ---- norms -----------------------------------------------------------------------------------

Real Integrator::calcErrorNorm(const Vector& y1, const Vector& yErr) {
  const Vector& y0 = advanced_.getY();
  Real worst = 0;
  if (nq_ > 0 && nu_ > 0) {
    // q errors are absolute and weighted through N⁺ at the step's start (Theory Manual §9.2).
    qErr_ = yErr.head(nq_);
    system_.multiplyByNInv(advanced_, qErr_, qErrInU_);
    worst = std::max(worst, std::sqrt((qErrInU_.array() * uWeights_.array()).square().sum() / nu_));
  }
  auto relative = [&](int start, int n, const Vector& w) {
    if (n == 0) return Real(0);
    Real sum = 0;
    for (int i = 0; i < n; ++i) {
      // Relative to the speed, with the unit change as absolute floor: scale = min(w, 1/|y|).
      const Real size = std::max(std::abs(y0[start + i]), std::abs(y1[start + i]));
      const Real scale = size > 0 ? std::min(w[i], 1 / size) : w[i];
      const Real e = yErr[start + i] * scale;
      sum += e * e;
    }
    return std::sqrt(sum / n);
  };
  worst = std::max(worst, relative(nq_, nu_, uWeights_));
  worst = std::max(worst, relative(nq_ + nu_, nz_, zWeights_));
  return worst;
}

Real Integrator::calcRateNorm(const Vector& y, const Vector& ydot) {
  // The same weighting as errors, applied to a rate; q rates through N⁺ are just u.
  return calcErrorNorm(y, ydot);
}

// ---- dense output ----------------------------------------------------------------------------

void Integrator::interpolateY(Real t, Vector& y) const {
  const Real t0 = previous_.getTime(), h = advanced_.getTime() - t0;
  const Real s = (t - t0) / h;
  const Real s2 = s * s, s3 = s2 * s;
  const Real h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
  y = h00 * previous_.getY() + (h10 * h) * previousYDot_ + h01 * advanced_.getY() + (h11 * h) * advancedYDot_;
}

void Integrator::interpolate(Real t, State& out) const {
  requireInitialized("interpolate()");
  const Real t0 = previous_.getTime(), t1 = advanced_.getTime();
  const bool inside = t == t1 || (stepValid_ && t >= t0 && t <= t1);
  if (!inside)
    throw Error(std::string("Integrator ") + getMethodName() + ": interpolate(" + formatValue(t) +
                ") is outside the last step [" + formatValue(stepValid_ ? t0 : t1) + ", " + formatValue(t1) + "]");
  if (out.getSystemId() != advanced_.getSystemId() || out.getY().size() != advanced_.getY().size()) out = advanced_;
  out.setTime(t);
  if (t == t1) {
    out.updY() = advanced_.getY();
    return;
  }
  interpolateY(t, yInterp_);
  out.updY() = yInterp_;
  system_.project(out, getConstraintToleranceInUse());
}

}  // namespace articula
