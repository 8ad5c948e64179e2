// CVODE adapter: one CVODE internal step per takeOneStep, the system's derivative, projection and
// error weights as CVODE callbacks, CVODE's interpolant as dense output (design notes in the
// header and docs/design.md).
#include "articula/integrators/CvodeIntegrator.h"

#include <cvode/cvode.h>
#include <cvode/cvode_ls.h>
#include <cvode/cvode_proj.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <type_traits>

#include <Eigen/Cholesky>

#include "articula/system/ImplicitSolve.h"

namespace articula {

static_assert(std::is_same_v<sunrealtype, Real>, "SUNDIALS must be built with double precision");

namespace {

std::string flagName(long flag) {
  char* name = CVodeGetReturnFlagName(flag);  // malloc'ed by CVODE
  std::string s = name ? name : "flag " + std::to_string(flag);
  std::free(name);
  return s;
}

Eigen::Map<Vector> view(N_Vector v) { return Eigen::Map<Vector>(N_VGetArrayPointer(v), N_VGetLength(v)); }

}  // namespace

// ---- SUNDIALS objects -------------------------------------------------------------------------

struct CvodeIntegrator::Solver {
  SUNContext ctx = nullptr;
  void* mem = nullptr;
  N_Vector y = nullptr, dky = nullptr;
  SUNMatrix A = nullptr;
  SUNLinearSolver ls = nullptr;
  SUNNonlinearSolver nls = nullptr;
  int n = -1;
  bool projecting = false;  // a projection function is attached (BDF)

  Solver() = default;
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;
  ~Solver() {
    // CVODE first: it holds references to the solvers and vectors.
    if (mem) CVodeFree(&mem);
    if (ls) SUNLinSolFree(ls);
    if (A) SUNMatDestroy(A);
    if (nls) SUNNonlinSolFree(nls);
    if (y) N_VDestroy(y);
    if (dky) N_VDestroy(dky);
    if (ctx) SUNContext_Free(&ctx);
  }
};

// C trampolines. Nothing may be thrown through CVODE: exceptions are parked in pending_ and the
// callback reports an unrecoverable failure, so CVode returns and takeOneStep rethrows.
struct CvodeCallbacks {
  static int rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* self) {
    auto& me = *static_cast<CvodeIntegrator*>(self);
    try {
      return me.calcYDot(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot));
    } catch (...) {
      me.pending_ = std::current_exception();
      return -1;
    }
  }
  static int project(sunrealtype t, N_Vector y, N_Vector corr, sunrealtype /*epsProj*/, N_Vector err, void* self) {
    auto& me = *static_cast<CvodeIntegrator*>(self);
    try {
      return me.calcProjection(t, N_VGetArrayPointer(y), N_VGetArrayPointer(corr),
                               err ? N_VGetArrayPointer(err) : nullptr);
    } catch (...) {
      me.pending_ = std::current_exception();
      return -1;
    }
  }
  static int jacobian(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix J, void* self, N_Vector, N_Vector, N_Vector) {
    auto& me = *static_cast<CvodeIntegrator*>(self);
    try {
      const sunindextype n = SUNDenseMatrix_Columns(J);
      for (sunindextype j = 0; j < n; ++j) me.jacColumns_[j] = SUNDenseMatrix_Column(J, j);
      return me.calcJacobian(t, N_VGetArrayPointer(y), N_VGetArrayPointer(fy));
    } catch (...) {
      me.pending_ = std::current_exception();
      return -1;
    }
  }
  static int weights(N_Vector y, N_Vector ewt, void* self) {
    auto& me = *static_cast<CvodeIntegrator*>(self);
    try {
      return me.calcErrorWeights(N_VGetArrayPointer(y), N_VGetArrayPointer(ewt));
    } catch (...) {
      me.pending_ = std::current_exception();
      return -1;
    }
  }
  static void message(int /*code*/, const char* /*module*/, const char* function, char* msg, void* self) {
    // Keep CVODE's text for our error message instead of printing it to stderr.
    static_cast<CvodeIntegrator*>(self)->noteCvodeMessage(function, msg);
  }
};

// ---- construction and settings ----------------------------------------------------------------

CvodeIntegrator::CvodeIntegrator(const System& system, Method method) : Integrator(system), method_(method) {}

CvodeIntegrator::~CvodeIntegrator() = default;

const char* CvodeIntegrator::getMethodName() const { return method_ == Method::BDF ? "CvodeBDF" : "CvodeAdams"; }

int CvodeIntegrator::getMethodOrder() const { return method_ == Method::BDF ? 5 : 12; }

void CvodeIntegrator::setProjectErrorEstimate(bool on) {
  projectErrorEstimate_ = on;
  if (solver_ && solver_->projecting)
    check(CVodeSetProjErrEst(solver_->mem, on ? SUNTRUE : SUNFALSE), "CVodeSetProjErrEst");
}

void CvodeIntegrator::check(int flag, const char* call) const {
  if (flag < 0)
    throw Error(std::string("Integrator ") + getMethodName() + ": " + call + " failed: " + flagName(flag) +
                (cvodeMessage_.empty() ? "" : " (" + cvodeMessage_ + ")"));
}

void CvodeIntegrator::noteCvodeMessage(const char* function, const char* message) {
  cvodeMessage_ = std::string(function ? function : "CVODE") + ": " + (message ? message : "");
  while (!cvodeMessage_.empty() && (cvodeMessage_.back() == '.' || cvodeMessage_.back() == ' '))
    cvodeMessage_.pop_back();
}

// ---- starting ---------------------------------------------------------------------------------

void CvodeIntegrator::onInitialize() {
  if (getSettings().fixedStep)
    throw Error(std::string("Integrator ") + getMethodName() +
                ": CVODE has no fixed-step mode; use an explicit method (e.g. RungeKutta3) for fixed steps");
  const int n = ny();
  ydot_.resize(n);
  err_.resize(n);
  diff_.resize(n);
  e_.setZero(nq());
  col_.resize(nu());
  rowNorm_.resize(nu());
  qWeights_.resize(nq());
  unitChange_.setOnes(n);
  yJac_.resize(n);
  jacColumns_.assign(n, nullptr);
  // initialize() zeroed the statistics; reinitialize() (an event) keeps them, and CVODE's too.
  const bool fresh = getStatistics().stepsAttempted == 0 && getStatistics().stepsTaken == 0;
  if (fresh) {
    cvodeStats_ = CvodeStatistics();
    baseRhs_ = baseJac_ = baseIters_ = baseProj_ = jacobianRhs_ = 0;
  }
  if (!solver_ || solver_->n != n) {
    createSolver();
  } else {
    restartSolver(getAdvancedTime(), getAdvancedState().getY(), !fresh);
    if (!fresh) ++cvodeStats_.restarts;
  }
  firstStep_ = true;
  canInterpolate_ = false;
}

void CvodeIntegrator::createSolver() {
  solver_.reset();
  // Built aside and kept only when complete, so a failed setup never leaves a half-made solver.
  auto owned = std::make_unique<Solver>();
  Solver& sv = *owned;
  const std::string who = std::string("Integrator ") + getMethodName() + ": ";
  const int n = ny();
  sv.n = n;
  if (SUNContext_Create(nullptr, &sv.ctx) != 0) throw Error(who + "SUNContext_Create failed");
  if (n > 0) {
    sv.y = N_VNew_Serial(n, sv.ctx);
    sv.dky = N_VNew_Serial(n, sv.ctx);
    sv.mem = CVodeCreate(method_ == Method::BDF ? CV_BDF : CV_ADAMS, sv.ctx);
    if (!sv.y || !sv.dky || !sv.mem) throw Error(who + "out of memory creating CVODE");
    view(sv.y) = getAdvancedState().getY();
    check(CVodeSetErrHandlerFn(sv.mem, &CvodeCallbacks::message, this), "CVodeSetErrHandlerFn");
    check(CVodeInit(sv.mem, &CvodeCallbacks::rhs, getAdvancedTime(), sv.y), "CVodeInit");
    check(CVodeSetUserData(sv.mem, this), "CVodeSetUserData");
    check(CVodeWFtolerances(sv.mem, &CvodeCallbacks::weights), "CVodeWFtolerances");
    if (method_ == Method::BDF) {
      // Newton with a dense direct solve and a forward-difference Jacobian of our own (CVODE's
      // built-in one allocates a vector per evaluation; steps here allocate nothing).
      sv.A = SUNDenseMatrix(n, n, sv.ctx);
      sv.ls = sv.A ? SUNLinSol_Dense(sv.y, sv.A, sv.ctx) : nullptr;
      if (!sv.ls) throw Error(who + "out of memory creating the dense linear solver");
      check(CVodeSetLinearSolver(sv.mem, sv.ls, sv.A), "CVodeSetLinearSolver");
      check(CVodeSetJacFn(sv.mem, &CvodeCallbacks::jacobian), "CVodeSetJacFn");
      check(CVodeSetProjFn(sv.mem, &CvodeCallbacks::project), "CVodeSetProjFn");
      check(CVodeSetProjErrEst(sv.mem, projectErrorEstimate_ ? SUNTRUE : SUNFALSE), "CVodeSetProjErrEst");
      sv.projecting = true;
    } else {
      // Non-stiff: functional iteration, no Jacobian (CVODE's default would be Newton).
      sv.nls = SUNNonlinSol_FixedPoint(sv.y, 0, sv.ctx);
      if (!sv.nls) throw Error(who + "out of memory creating the fixed-point solver");
      check(CVodeSetNonlinearSolver(sv.mem, sv.nls), "CVodeSetNonlinearSolver");
    }
  }
  solver_ = std::move(owned);
  lastSteps_ = lastErrFails_ = lastSolveFails_ = lastProjFails_ = 0;
}

void CvodeIntegrator::restartSolver(Real t, const Vector& y, bool keepCounts) {
  if (!solver_->mem) return;
  // CVODE's counters restart from zero: bank them first (or drop them for a fresh start).
  if (keepCounts) collectStatistics(false);
  baseRhs_ = cvodeStats_.rhsEvaluations - jacobianRhs_;
  baseJac_ = cvodeStats_.jacobianEvaluations;
  baseIters_ = cvodeStats_.nonlinearIterations;
  baseProj_ = cvodeStats_.projectionEvaluations;
  view(solver_->y) = y;
  check(CVodeReInit(solver_->mem, t, solver_->y), "CVodeReInit");
  lastSteps_ = lastErrFails_ = lastSolveFails_ = lastProjFails_ = 0;
  firstStep_ = true;
  canInterpolate_ = false;
}

Real CvodeIntegrator::chooseInitialStepSize(Real tMax) {
  const IntegratorSettings& set = getSettings();
  const Real t = getAdvancedTime();
  Real h = set.initialStepSize;
  if (h <= 0) {
    // CVODE starts at order 1 (local error ~ h² ydd): a first-order change of 0.1 √α units.
    const Real rate = calcRateNorm(getAdvancedState().getY(), advancedYDot());
    h = rate > 0 ? 0.1 * std::sqrt(set.accuracy) / rate : (std::isfinite(tMax) ? tMax - t : 1.0);
  }
  h = std::min(h, set.maximumStepSize);
  return std::max(h, minimumStepAt(t));
}

// ---- callbacks --------------------------------------------------------------------------------

int CvodeIntegrator::calcYDot(Real t, const Real* y, Real* ydot) {
  const int n = ny();
  const Eigen::Map<const Vector> yv(y, n);
  Eigen::Map<Vector> out(ydot, n);
  // CVODE's first call after (re)initialization is at the start state, whose ydot we have.
  if (t == getAdvancedTime() && yv == getAdvancedState().getY()) {
    out = advancedYDot();
    return 0;
  }
  if (!evaluate(scratch(), t, yv, ydot_)) return 1;  // NaN/Inf: CVODE retries with a smaller h
  out = ydot_;
  return 0;
}

bool CvodeIntegrator::calcAnalyticJacobian(Real t, const Real* y) {
  const ImplicitSolve* implicit = getSystem().getImplicitSolve();
  if (!implicit || !implicit->coversQAndU(getAdvancedState())) return false;  // q or u outside the blocks
  const int n = ny(), nQ = nq(), nU = nu();
  State& s = scratch();
  s.setTime(t);
  s.updY() = Eigen::Map<const Vector>(y, n);
  realizeCounted(s, Stage::Velocity);
  implicit->calcJacobianBlocks(s, jM_, jD_, jK_);
  const Eigen::LLT<Matrix> llt(jM_);
  jMinvD_ = llt.solve(jD_);
  jMinvK_ = llt.solve(jK_);
  for (int j = 0; j < n; ++j) Eigen::Map<Vector>(jacColumns_[j], n).setZero();
  Vector e = Vector::Zero(nU), qcol(nQ), ucol(nU);
  for (int j = 0; j < nU; ++j) {  // u columns: N in the q rows, M⁻¹D in the u rows
    e[j] = 1;
    implicit->multiplyByN(s, e, qcol);
    e[j] = 0;
    Eigen::Map<Vector> col(jacColumns_[nQ + j], n);
    col.head(nQ) = qcol;
    col.segment(nQ, nU) = jMinvD_.col(j);
  }
  Vector eq = Vector::Zero(nQ);
  for (int j = 0; j < nQ; ++j) {  // q columns: M⁻¹K N⁺ in the u rows
    eq[j] = 1;
    implicit->multiplyByNInv(s, eq, ucol);
    eq[j] = 0;
    Eigen::Map<Vector>(jacColumns_[j], n).segment(nQ, nU) = jMinvK_ * ucol;
  }
  return true;
}

int CvodeIntegrator::calcJacobian(Real t, const Real* y, const Real* fy) {
  const int n = ny();
  if (analyticJacobian_ && calcAnalyticJacobian(t, y)) return 0;
  const Eigen::Map<const Vector> f0(fy, n);
  yJac_ = Eigen::Map<const Vector>(y, n);
  // Column j: (f(y + d e_j) - f(y)) / d, d = √ε max(|y_j|, unit change of y_j): about half the
  // digits of f, whatever the variable's size or units.
  const Real root = std::sqrt(std::numeric_limits<Real>::epsilon());
  for (int j = 0; j < n; ++j) {
    const Real yj = yJac_[j];
    Real d = root * std::max(std::abs(yj), unitChange_[j]);
    if (yj < 0) d = -d;
    yJac_[j] = yj + d;
    d = yJac_[j] - yj;  // the increment actually represented
    ++jacobianRhs_;
    if (!evaluate(scratch(), t, yJac_, ydot_)) return 1;  // recoverable: CVODE shrinks h
    Eigen::Map<Vector>(jacColumns_[j], n) = (ydot_ - f0) / d;
    yJac_[j] = yj;
  }
  return 0;
}

int CvodeIntegrator::calcProjection(Real t, const Real* y, Real* corr, Real* err) {
  const int n = ny();
  const Eigen::Map<const Vector> yv(y, n);
  State& s = scratch();
  s.setTime(t);
  s.updY() = yv;
  Vector* errEst = nullptr;
  if (err) {
    err_ = Eigen::Map<const Vector>(err, n);
    errEst = &err_;
  }
  try {
    projectCounted(s, errEst);
  } catch (const ProjectionFailure& f) {
    failureReason_ = std::string("projection failed: ") + f.what();
    return 1;  // recoverable: CVODE retries with a smaller step
  }
  Eigen::Map<Vector>(corr, n) = s.getY() - yv;
  if (err) Eigen::Map<Vector>(err, n) = err_;
  if (!s.getY().allFinite() || (err && !err_.allFinite())) {
    lastNonFiniteReport_ = describeNonFinite(s, s.getY(), err ? err_ : Vector());
    return 1;
  }
  return 0;
}

void CvodeIntegrator::updateQWeights(const Real* q) {
  const int nq = this->nq(), nu = this->nu();
  State& s = scratch();
  s.updQ() = Eigen::Map<const Vector>(q, nq);
  const Vector& wu = getUWeights();
  // Columns of W_u N⁺(q) one at a time (N⁺ is only available as an operator): first the row
  // norms, then for each q the largest norm among the rows it enters.
  rowNorm_.setZero();
  for (int i = 0; i < nq; ++i) {
    e_[i] = 1;
    getSystem().multiplyByNInv(s, e_, col_);
    e_[i] = 0;
    rowNorm_ += col_.cwiseProduct(wu).cwiseAbs2();
  }
  rowNorm_ = rowNorm_.cwiseSqrt();
  Real largest = 0;
  for (int i = 0; i < nq; ++i) {
    e_[i] = 1;
    getSystem().multiplyByNInv(s, e_, col_);
    e_[i] = 0;
    Real w = 0;
    for (int j = 0; j < nu; ++j)
      if (col_[j] != 0) w = std::max(w, rowNorm_[j]);
    qWeights_[i] = w;
    largest = std::max(largest, w);
  }
  // A q no u sees moves only along what projection removes (a quaternion's w at the identity).
  // CVODE needs positive weights: give it the strictest q weight, so it cannot drift unseen.
  if (!(largest > 0)) largest = 1;
  for (int i = 0; i < nq; ++i)
    if (!(qWeights_[i] > 0)) qWeights_[i] = largest;
}

int CvodeIntegrator::calcErrorWeights(const Real* y, Real* ewt) {
  const int nq = this->nq(), nu = this->nu(), nz = this->nz(), n = ny();
  const Real inv = 1 / getSettings().accuracy;
  // Group factors: with them CVODE's RMS over all n entries is the root-sum-square of the
  // per-group RMS norms (q's is taken over nu entries, as through N⁺).
  const Real gq = nu > 0 ? std::sqrt(Real(n) / nu) : (nq > 0 ? std::sqrt(Real(n) / nq) : 0);
  const Real gu = nu > 0 ? std::sqrt(Real(n) / nu) : 0;
  const Real gz = nz > 0 ? std::sqrt(Real(n) / nz) : 0;
  if (nq > 0) {
    if (nu > 0) {
      updateQWeights(y);
    } else {
      qWeights_.setOnes();
    }
    for (int i = 0; i < nq; ++i) ewt[i] = gq * qWeights_[i] * inv;
    unitChange_.head(nq) = qWeights_.cwiseInverse();
  }
  unitChange_.segment(nq, nu) = getUWeights().cwiseInverse();
  unitChange_.tail(nz) = getZWeights().cwiseInverse();
  // Relative, with the unit change as absolute floor: min(w, 1/|y|).
  auto relative = [&](int start, int count, const Vector& w, Real g) {
    for (int i = 0; i < count; ++i) {
      const Real size = std::abs(y[start + i]);
      ewt[start + i] = g * (size > 0 ? std::min(w[i], 1 / size) : w[i]) * inv;
    }
  };
  relative(nq, nu, getUWeights(), gu);
  relative(nq + nu, nz, getZWeights(), gz);
  for (int i = 0; i < n; ++i)
    if (!(ewt[i] > 0) || !std::isfinite(ewt[i])) return -1;
  return 0;
}

// ---- stepping ---------------------------------------------------------------------------------

void CvodeIntegrator::collectStatistics(bool stepAccepted) {
  void* mem = solver_->mem;
  long steps = 0, netf = 0, ncfn = 0, npf = 0, nfe = 0, nje = 0, nni = 0, nproj = 0;
  CVodeGetNumSteps(mem, &steps);
  CVodeGetNumErrTestFails(mem, &netf);
  CVodeGetNumStepSolveFails(mem, &ncfn);
  CVodeGetNumRhsEvals(mem, &nfe);
  CVodeGetNumNonlinSolvIters(mem, &nni);
  if (method_ == Method::BDF) CVodeGetNumJacEvals(mem, &nje);
  if (solver_->projecting) {
    CVodeGetNumProjEvals(mem, &nproj);
    CVodeGetNumProjFails(mem, &npf);
  }
  IntegratorStatistics& st = updStatistics();
  const int64_t failedErr = netf - lastErrFails_, failedSolve = ncfn - lastSolveFails_,
                failedProj = npf - lastProjFails_;
  st.errorTestFailures += failedErr;
  st.convergenceFailures += failedSolve + failedProj;
  st.stepsAttempted += failedErr + failedSolve + failedProj + (stepAccepted ? 1 : 0);
  cvodeStats_.steps += steps - lastSteps_;
  lastSteps_ = steps;
  lastErrFails_ = netf;
  lastSolveFails_ = ncfn;
  lastProjFails_ = npf;
  cvodeStats_.rhsEvaluations = baseRhs_ + nfe + jacobianRhs_;
  cvodeStats_.jacobianEvaluations = baseJac_ + nje;
  cvodeStats_.nonlinearIterations = baseIters_ + nni;
  cvodeStats_.projectionEvaluations = baseProj_ + nproj;
  if (stepAccepted) {
    int q = 0;
    CVodeGetLastOrder(mem, &q);
    cvodeStats_.lastOrder = q;
    cvodeStats_.maxOrderUsed = std::max(cvodeStats_.maxOrderUsed, q);
  }
}

void CvodeIntegrator::advanceWithoutIntegrating(Real tMax) {
  // Nothing to integrate (no variables), or a gap below CVODE's time resolution.
  ++updStatistics().stepsAttempted;
  State& s = scratch();
  s.setTime(tMax);
  s.updY() = getAdvancedState().getY();
  if (!commitStep(tMax - getAdvancedTime(), false))
    throw Error(std::string("Integrator ") + getMethodName() + ": state at t = " + formatValue(tMax) +
                " s is not finite: " + lastNonFiniteReport_);
  restartSolver(tMax, getAdvancedState().getY(), true);
}

[[noreturn]] void CvodeIntegrator::throwFailure(int flag, Real t0) {
  Real tcur = t0, h = 0;
  CVodeGetCurrentTime(solver_->mem, &tcur);
  CVodeGetCurrentStep(solver_->mem, &h);
  std::string why;
  if (!lastNonFiniteReport_.empty()) why = "non-finite values: " + lastNonFiniteReport_;
  else if (!failureReason_.empty()) why = failureReason_;
  if (!cvodeMessage_.empty()) why += (why.empty() ? "" : "; ") + std::string("CVODE: ") + cvodeMessage_;
  std::string what;
  switch (flag) {
    case CV_ERR_FAILURE: what = "error test failed repeatedly (or with |h| at the minimum step)"; break;
    case CV_CONV_FAILURE:
      what = "corrector iteration failed to converge repeatedly (or with |h| at the minimum step)";
      break;
    case CV_REPTD_RHSFUNC_ERR: what = "derivative evaluation failed repeatedly"; break;
    case CV_REPTD_PROJFUNC_ERR: what = "projection failed repeatedly"; break;
    case CV_TOO_CLOSE: what = "step limit too close to the current time"; break;
    default: what = "CVODE failed"; break;
  }
  throw Error(std::string("Integrator ") + getMethodName() + ": step from t = " + formatValue(t0) +
              " s failed at t = " + formatValue(tcur) + " s with h = " + formatValue(h) + " s (minimum step " +
              formatValue(minimumStepAt(t0)) + " s): " + what + " [" + flagName(flag) + "]" +
              (why.empty() ? "" : "; last failure: " + why) + ". The last good state (t = " + formatValue(t0) +
              " s) is getAdvancedState()");
}

void CvodeIntegrator::takeOneStep(Real tMax, Real hint) {
  const IntegratorSettings& set = getSettings();
  const Real t0 = getAdvancedTime();
  if (!solver_->mem ||
      (firstStep_ && tMax - t0 <= 100 * std::numeric_limits<Real>::epsilon() * std::max<Real>(1, std::abs(t0)))) {
    advanceWithoutIntegrating(tMax);
    return;
  }
  void* mem = solver_->mem;
  const Real hMax = set.maximumStepSize;
  // hmin is cleared first: CVODE refuses any hmax below the hmin in place.
  check(CVodeSetMinStep(mem, 0), "CVodeSetMinStep");
  check(CVodeSetMaxStep(mem, std::isfinite(hMax) ? hMax : 0), "CVodeSetMaxStep");  // 0: no limit
  check(CVodeSetMinStep(mem, std::min(minimumStepAt(t0), hMax)), "CVodeSetMinStep");
  // Never step past tMax; an infinite limit must still replace an earlier, finite one.
  check(CVodeSetStopTime(mem, std::isfinite(tMax) ? tMax : std::numeric_limits<Real>::max()), "CVodeSetStopTime");
  if (firstStep_)
    check(CVodeSetInitStep(mem, std::min(hint, std::isfinite(tMax) ? tMax - t0 : hint)), "CVodeSetInitStep");

  pending_ = nullptr;
  failureReason_.clear();  // keep capacity: no allocation on the stepping path
  lastNonFiniteReport_.clear();
  cvodeMessage_.clear();
  // tout matters only on the first call (direction and scale of the initial step estimate).
  const Real tout = std::isfinite(tMax) ? tMax : t0 + std::max(hint, 1.0);
  sunrealtype tret = t0;
  const int flag = CVode(mem, tout, solver_->y, &tret, CV_ONE_STEP);
  collectStatistics(flag >= 0);
  if (pending_) {
    std::exception_ptr p = pending_;
    pending_ = nullptr;
    try {
      std::rethrow_exception(p);
    } catch (const Error& e) {
      throw Error(std::string("Integrator ") + getMethodName() + ": step from t = " + formatValue(t0) + " s failed: " +
                  e.what() + ". The last good state (t = " + formatValue(t0) + " s) is getAdvancedState()");
    }
  }
  if (flag < 0) throwFailure(flag, t0);
  if (!(tret > t0))
    throw Error(std::string("Integrator ") + getMethodName() + ": CVODE returned t = " + formatValue(tret) +
                " s, not after the current time " + formatValue(t0) + " s");

  // Accept: CVODE's y, projected by our callback unless it was interpolated to the stop time.
  const bool projected = solver_->projecting && flag == CV_SUCCESS;
  const Eigen::Map<Vector> y = view(solver_->y);
  State& s = scratch();
  s.setTime(tret);
  s.updY() = y;
  if (!commitStep(tret - t0, projected))
    throw Error(std::string("Integrator ") + getMethodName() +
                ": the state CVODE accepted at t = " + formatValue(tret) + " s is not finite: " + lastNonFiniteReport_ +
                ". The last good state (t = " + formatValue(t0) + " s) is getPreviousState()");
  firstStep_ = false;
  canInterpolate_ = true;
  Real hNext = 0;
  CVodeGetCurrentStep(mem, &hNext);
  setPredictedStepSize(std::min(std::abs(hNext), hMax));

  // Without CVODE-side projection (Adams), CVODE continues from its own, unprojected y. Restart
  // it from ours once they differ by more than the constraint tolerance in the error norm
  // (quaternion length has zero weight there, so normalization alone never restarts).
  if (!projected) {
    diff_ = getAdvancedState().getY() - y;
    if (calcErrorNorm(getAdvancedState().getY(), diff_) > getConstraintToleranceInUse()) {
      restartSolver(tret, getAdvancedState().getY(), true);
      ++cvodeStats_.restarts;
      canInterpolate_ = false;  // this step's polynomial is gone: Hermite on the step's ends
    }
  }
}

// ---- dense output -----------------------------------------------------------------------------

void CvodeIntegrator::interpolateY(Real t, Vector& y) const {
  if (canInterpolate_ && CVodeGetDky(solver_->mem, t, 0, solver_->dky) == CV_SUCCESS) {
    y = view(solver_->dky);
    return;
  }
  Integrator::interpolateY(t, y);  // after a restart: cubic Hermite on the step's end points
}

}  // namespace articula
