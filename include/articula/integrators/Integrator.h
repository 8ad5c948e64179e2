// Integrator: advances a State of a System through time (Theory Manual §9-10, Simbody paper §3).
//
// One interface for every method (explicit Runge-Kutta family, semi-explicit Euler, Verlet, and
// later the CVODE adapter). The integrator owns three copies of the State:
//   - the *advanced* state: the end of the last internal step, projected and realized through
//     Acceleration; integration always continues from it;
//   - the *previous* state: the start of the last internal step (also realized);
//   - the *reported* state, getState(): the advanced state, or, when a step went past the report
//     time, the state interpolated back to that time with dense output and realized through
//     settings().reportStage (Acceleration unless the caller asks for less).
// Dense output interpolate(t) is valid anywhere in [getPreviousTime(), getAdvancedTime()]; an
// event layer (TimeStepper) uses it to isolate witness-function zero crossings inside the last
// step, then calls reinitialize() with the state its handler produced.
//
// Accuracy is one knob, α (Theory Manual §9): a step is accepted when the weighted RMS norm of
// its error estimate is ≤ α in each of q, u and z. q errors are weighted through N⁺ (so a
// quaternion's length direction has zero weight), u and z errors relatively, with an absolute
// floor given by unit weights (1/unit change) from System::calcUWeights / calcZWeights.
//
// Failures (step size collapse, NaN/Inf in y or ydot) throw articula::Error naming the time and
// the variables; the advanced state then still holds the last good state.
#pragma once
#include <cstdint>
#include <limits>
#include <string>

#include "articula/system/State.h"
#include "articula/system/System.h"

namespace articula {

// Why stepTo() returned (Simbody's outcomes).
enum class StepOutcome {
  ReachedReportTime,         // getState() is at the requested report time
  ReachedEventTrigger,       // reserved for event layers (TimeStepper) and integrators with root finding
  ReachedScheduledEvent,     // reached the advance limit passed to stepTo()
  TimeHasAdvanced,           // one internal step was taken (returnEveryInternalStep)
  ReachedStepLimit,          // took maxStepsPerCall internal steps without reaching anything else
  EndOfSimulation,           // reached the final time
  StartOfContinuousInterval  // first call after initialize()/reinitialize(): nothing advanced yet
};
const char* stepOutcomeName(StepOutcome outcome);

struct IntegratorStatistics {
  int64_t stepsAttempted = 0;         // trial steps, accepted or not
  int64_t stepsTaken = 0;             // accepted steps
  int64_t errorTestFailures = 0;      // trials rejected by the error test
  int64_t convergenceFailures = 0;    // trials rejected otherwise (non-finite values, projection failure)
  int64_t derivativeEvaluations = 0;  // realizations that reached Acceleration (computed ydot)
  int64_t projections = 0;            // calls to System::project
  int64_t realizations = 0;           // System::realize calls that had work to do (any stage)
};

struct IntegratorSettings {
  Real accuracy = 1e-3;          // α: relative accuracy, 1e-3 ≈ 0.1 %
  Real constraintTolerance = 0;  // projection tolerance; 0 means accuracy / 10
  Real initialStepSize = 0;      // 0: chosen from the derivative and α (error control),
                                 //    required in fixed-step mode unless maximumStepSize is set
  Real minimumStepSize = 0;      // 0: 1e-12 · max(1, |t|) s; error control shrinking below it throws
  Real maximumStepSize = std::numeric_limits<Real>::infinity();
  bool fixedStep = false;  // no error control: steps of initialStepSize (or maximumStepSize),
                           // shortened only to land exactly on report times and limits
  Real finalTime = std::numeric_limits<Real>::infinity();
  int maxStepsPerCall = 100000;          // internal steps per stepTo() before ReachedStepLimit
  bool returnEveryInternalStep = false;  // stepTo() returns TimeHasAdvanced after each step
  Real lengthScale = 1;                  // m: a unit change of a linear speed is lengthScale per second
  // The stage an interpolated getState() is realized through (Time .. Report). Below
  // Acceleration the caller realizes what it needs, e.g. on a thread of its own.
  Stage reportStage = Stage::Acceleration;
  // User overrides of the unit weights 1/δu and 1/δz (empty: from the System).
  Vector uWeights, zWeights;
};

class Integrator {
 public:
  explicit Integrator(const System& system);
  virtual ~Integrator();
  Integrator(const Integrator&) = delete;
  Integrator& operator=(const Integrator&) = delete;

  const System& getSystem() const { return system_; }
  virtual const char* getMethodName() const = 0;
  virtual int getMethodOrder() const = 0;    // order of the propagated solution
  virtual bool hasErrorControl() const = 0;  // false for fixed-step-only methods

  // ---- settings (validated when set; take effect at the next initialize/stepTo) ----
  const IntegratorSettings& getSettings() const { return settings_; }
  void setSettings(const IntegratorSettings& settings);
  void setAccuracy(Real accuracy);
  void setConstraintTolerance(Real tolerance);
  void setInitialStepSize(Real h);
  void setMinimumStepSize(Real h);
  void setMaximumStepSize(Real h);
  void setFixedStepSize(Real h);  // fixedStep = true, initial = maximum = h
  void setFinalTime(Real t);
  void setMaxStepsPerCall(int n);
  void setReturnEveryInternalStep(bool on);
  void setLengthScale(Real meters);
  void setReportStage(Stage stage);
  Real getConstraintToleranceInUse() const;

  // ---- running ----
  // Copies the state, projects it, realizes it through Acceleration and resets the statistics.
  void initialize(const State& state);
  // Restarts from a state changed by an event handler (its time may lie inside the last step).
  // Statistics are kept; keepStepSize reuses the predicted step size.
  void reinitialize(const State& state, bool keepStepSize = true);
  bool isInitialized() const { return initialized_; }

  // Advances until the report time, the advance limit (a scheduled event), the final time, an
  // internal step (returnEveryInternalStep) or maxStepsPerCall steps, whichever comes first.
  // Error-controlled steps are never shortened for report times: a step may go past reportTime
  // and getState() is then interpolated back (the next call continues from the advanced state).
  // Steps never go past advanceLimit or the final time.
  StepOutcome stepTo(Real reportTime, Real advanceLimit = std::numeric_limits<Real>::infinity());

  const State& getState() const;  // the state stepTo() stopped at
  Real getTime() const { return getState().getTime(); }
  const State& getAdvancedState() const { return advanced_; }
  Real getAdvancedTime() const { return advanced_.getTime(); }
  const State& getPreviousState() const { return previous_; }
  Real getPreviousTime() const { return previous_.getTime(); }
  bool isStateInterpolated() const { return reportIsInterpolated_; }

  // Dense output: writes time t and y(t), projected, into `out` (left unrealized above Time).
  // Valid for t in [getPreviousTime(), getAdvancedTime()]; throws otherwise. `out` keeps its
  // discrete variables; if it is not a State of this System it is first made a copy of the
  // advanced state.
  void interpolate(Real t, State& out) const;

  // ---- step sizes and statistics ----
  Real getActualInitialStepSize() const { return actualInitialStep_; }
  Real getPreviousStepSize() const { return previousStep_; }  // size of the last accepted step
  Real getPredictedNextStepSize() const { return predictedStep_; }
  const IntegratorStatistics& getStatistics() const { return stats_; }
  void resetStatistics() { stats_ = IntegratorStatistics(); }
  // Linearly implicit methods (Rosenbrock-W): Jacobian evaluations and factorizations of the
  // iteration matrix, and of those the ones the O(n) structured solve and TreeLU took (the rest:
  // dense LU). -1 (and 0): the method factors no iteration matrix of its own.
  virtual int64_t getNumJacobians() const { return -1; }
  virtual int64_t getNumFactorizations() const { return -1; }
  virtual int64_t getNumStructuredFactorizations() const { return 0; }
  virtual int64_t getNumTreeFactorizations() const { return 0; }

 protected:
  // ===== Extension interface for methods (and the CVODE adapter) =====
  // Takes one accepted internal step from the advanced state, never beyond tMax (> advanced
  // time), and ends with commitStep(). hint is the step size to try first (> 0). Throws Error
  // on failure, leaving the advanced state untouched.
  virtual void takeOneStep(Real tMax, Real hint) = 0;
  // The step size to try first after initialize() when the user gave none.
  virtual Real chooseInitialStepSize(Real tMax);
  // Called at the end of initialize()/reinitialize(), after the advanced state is realized.
  virtual void onInitialize() {}
  // y(t) for t inside the last step. Default: cubic Hermite on (y, ydot) at both ends of the
  // step (order 3); methods with a better interpolant (DOPRI, CVODE) override.
  virtual void interpolateY(Real t, Vector& y) const;

  // Helpers for takeOneStep. The scratch state is a spare copy of the advanced state for trial
  // evaluations; commitStep() makes it the new advanced state.
  State& scratch() { return scratch_; }
  // ydot at the advanced state (start of the next step) and the previous state, as [qdot udot zdot].
  const Vector& advancedYDot() const { return advancedYDot_; }
  const Vector& previousYDot() const { return previousYDot_; }
  // Sets t and y of s and realizes Acceleration; ydot = [qdot udot zdot]. Counts statistics.
  // Returns false (leaving diagnostics for failureMessage) if y or ydot has a NaN/Inf.
  bool evaluate(State& s, Real t, const Eigen::Ref<const Vector>& y, Vector& ydot);
  // Sets t, q, u of s and realizes Velocity; returns s's qdot = N(q) u (no force evaluation).
  const Vector& evaluateQDot(State& s, Real t, const Eigen::Ref<const Vector>& q, const Eigen::Ref<const Vector>& u);
  // Realizes s to `stage` if it is not there yet, counting statistics.
  void realizeCounted(State& s, Stage stage);
  // System::project with the constraint tolerance in use; optionally projects an error estimate.
  // Returns true if the state changed. Throws ProjectionFailure (System.h) if it cannot.
  bool projectCounted(State& s, Vector* yErrEst);
  // Accepts the scratch state (t1, y1) as the end of a step of size h: projects it (unless the
  // method already did), realizes Acceleration, checks it is finite, and makes it the advanced
  // state. Returns false if the projected state or its derivative is not finite (rejected step).
  bool commitStep(Real h, bool alreadyProjected);

  // Weighted norms (Theory Manual §9.2). yErr is an error estimate of a step from the advanced
  // state y0 to y1; returns max over q, u, z of the RMS of the weighted components.
  Real calcErrorNorm(const Vector& y1, const Vector& yErr);
  // RMS norm of ydot in the same weights (1/s): a rate of change in "units per second".
  Real calcRateNorm(const Vector& y, const Vector& ydot);
  const Vector& getUWeights() const { return uWeights_; }
  const Vector& getZWeights() const { return zWeights_; }

  // Error text for a failed step: time, method and the variables that were not finite or had
  // the largest weighted error, with body/mobilizer and force element names where known.
  std::string describeNonFinite(const State& s, const Vector& y, const Vector& ydot) const;
  std::string describeLargestErrors(const Vector& yErr) const;
  // Names y[yIndex] ("u[2] (body 'shin', Pin mobilizer, u 0)") using the layout of s (default:
  // the advanced state).
  std::string describeVariable(int yIndex, const State* s = nullptr) const;
  Real minimumStepAt(Real t) const;
  IntegratorStatistics& updStatistics() { return stats_; }
  void setPredictedStepSize(Real h) { predictedStep_ = h; }
  int nq() const { return nq_; }
  int nu() const { return nu_; }
  int nz() const { return nz_; }
  int ny() const { return nq_ + nu_ + nz_; }

  // Set by evaluate() when it returns false; used in failure messages.
  std::string lastNonFiniteReport_;

 private:
  void requireInitialized(const char* what) const;
  void startInterval(const State& state, bool keepStepSize);
  void gatherYDot(const State& s, Vector& ydot) const;
  void updateWeights();
  void setReportState(Real t);

  const System& system_;
  IntegratorSettings settings_;
  IntegratorStatistics stats_;
  State previous_, advanced_, scratch_, reported_;
  Vector previousYDot_, advancedYDot_;
  Vector uWeights_, zWeights_, qErr_, qErrInU_;
  mutable Vector yInterp_;  // dense-output scratch
  int nq_ = 0, nu_ = 0, nz_ = 0;
  bool initialized_ = false;
  bool startPending_ = false;  // next stepTo returns StartOfContinuousInterval
  bool reportIsInterpolated_ = false;
  bool stepValid_ = false;  // previous_..advanced_ is a real step (dense output usable)
  Real actualInitialStep_ = 0, previousStep_ = 0, predictedStep_ = 0;
};

}  // namespace articula
