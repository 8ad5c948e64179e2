// Ownership, State layout, enabled flags and realization hooks of a matter subsystem's constraints.
#include "articula/constraints/ConstraintSet.h"

#include <algorithm>
#include <cmath>

#include "ConstraintWorkspace.h"

namespace articula {

ConstraintSet& ConstraintSet::upd(MatterSubsystem& matter) {
  if (ConstraintHooks* hooks = matter.updConstraintHooks()) {
    ConstraintSet* set = hooks->updConstraintSet();
    if (!set) throw Error("MatterSubsystem: its constraint hooks are not a ConstraintSet");
    return *set;
  }
  auto owned = std::make_unique<ConstraintSet>(matter);
  ConstraintSet& set = *owned;
  matter.adoptConstraintHooks(std::move(owned));
  return set;
}

const ConstraintSet* ConstraintSet::find(const MatterSubsystem& matter) {
  const ConstraintHooks* hooks = matter.getConstraintHooks();
  return hooks ? hooks->getConstraintSet() : nullptr;
}

const ConstraintSet& ConstraintSet::get(const MatterSubsystem& matter) {
  const ConstraintSet* set = find(matter);
  if (!set) throw Error("MatterSubsystem: it has no constraints");
  return *set;
}

ConstraintSet::ConstraintSet(MatterSubsystem& matter) : matter_(matter) {}
ConstraintSet::~ConstraintSet() = default;

int ConstraintSet::adopt(std::unique_ptr<Constraint> c) {
  if (!c) throw Error("ConstraintSet: adopt was given a null constraint");
  if (matter_.isInSystem() && matter_.getSystem().isTopologyRealized())
    throw Error(c->label() + ": cannot be added after the System's topology was realized");
  if (c->matter_) throw Error(c->label() + ": already belongs to a matter subsystem");
  c->validate(matter_);
  c->matter_ = &matter_;
  c->set_ = this;
  c->index_ = getNumConstraints();
  c->pStart_ = mp_;
  c->vStart_ = mv_;
  c->aStart_ = ma_;
  mp_ += c->mp_;
  mv_ += c->mv_;
  ma_ += c->ma_;
  constraints_.push_back(std::move(c));
  return constraints_.back()->index_;
}

const Constraint& ConstraintSet::getConstraint(int index) const {
  if (index < 0 || index >= getNumConstraints())
    throw Error("ConstraintSet: constraint index " + std::to_string(index) + " does not exist (there are " +
                std::to_string(getNumConstraints()) + ")");
  return *constraints_[index];
}

void ConstraintSet::setCharacteristicTime(Real tc) {
  if (!(tc > 0) || !std::isfinite(tc))
    throw Error("ConstraintSet: characteristic time " + std::to_string(tc) + " s must be positive");
  tc_ = tc;
}

void ConstraintSet::setLengthScale(Real meters) {
  if (!(meters >= 0) || !std::isfinite(meters))
    throw Error("ConstraintSet: length scale " + std::to_string(meters) + " m must be positive (or 0: from the model)");
  lengthScale_ = meters;
}

namespace {
// Median of the nonzero joint offsets |p_PF|, |p_BM| (a link's length, roughly); 1 m if none.
Real modelLengthScale(const MatterSubsystem& matter) {
  std::vector<Real> lengths;
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    for (const Real l : {info.X_PF.p().norm(), info.X_BM.p().norm()})
      if (l > 0 && std::isfinite(l)) lengths.push_back(l);
  }
  if (lengths.empty()) return 1;
  std::nth_element(lengths.begin(), lengths.begin() + lengths.size() / 2, lengths.end());
  return lengths[lengths.size() / 2];
}
}  // namespace

void ConstraintSet::setMaxProjectionError(Real err) {
  if (!(err > 0)) throw Error("ConstraintSet: maximum projection error " + std::to_string(err) + " must be positive");
  maxProjectionError_ = err;
}

void ConstraintSet::setInconsistencyTolerance(Real tol) {
  if (!(tol > 0) || !std::isfinite(tol))
    throw Error("ConstraintSet: inconsistency tolerance " + std::to_string(tol) + " must be positive");
  inconsistencyTol_ = tol;
}

ConstraintStatistics ConstraintSet::getStatistics() const {
  ConstraintStatistics st;
  st.accelerationSolves = counters_.accelerationSolves.load();
  st.rankDeficientSolves = counters_.rankDeficientSolves.load();
  st.inconsistentSolves = counters_.inconsistentSolves.load();
  st.projections = counters_.projections.load();
  st.positionIterations = counters_.positionIterations.load();
  st.velocityIterations = counters_.velocityIterations.load();
  st.projectionFailures = counters_.projectionFailures.load();
  return st;
}

int ConstraintSet::globalRow(const Constraint& c, int k) const {
  if (k < c.mp_) return c.pStart_ + k;
  k -= c.mp_;
  if (k < c.mv_) return mp_ + c.vStart_ + k;
  return mp_ + mv_ + c.aStart_ + (k - c.mv_);
}

// ---- enabled flags ----------------------------------------------------------------------------

bool ConstraintSet::isEnabled(const State& s, int index) const {
  if (enabledVar_ < 0) throw Error("ConstraintSet: the System's topology is not realized yet");
  return s.getDiscreteVariable<ConstraintEnabled>(enabledVar_).enabled.at(index) != 0;
}

void ConstraintSet::setEnabled(State& s, int index, bool enabled) const {
  if (enabledVar_ < 0) throw Error(getConstraint(index).label() + ": the System's topology is not realized yet");
  if (s.getSystemId() != matter_.getSystem().getDefaultState().getSystemId())
    throw Error(getConstraint(index).label() + ": the State was not made by this constraint's System");
  if (isEnabled(s, index) == enabled) return;
  ConstraintEnabled& e = s.updDiscreteVariable<ConstraintEnabled>(enabledVar_);
  e.enabled.at(index) = enabled ? 1 : 0;
  e.numEnabled += enabled ? 1 : -1;
}

bool ConstraintSet::isActive(const State& s) const {
  return s.getDiscreteVariable<ConstraintEnabled>(enabledVar_).numEnabled > 0;
}

// ---- realization --------------------------------------------------------------------------------

void ConstraintSet::realizeTopology(State& s, int ss) {
  modelLengthScale_ = modelLengthScale(matter_);
  s.allocateConstraintEquations(ss, mp_, mv_, ma_);
  ConstraintEnabled e;
  for (const auto& c : constraints_) {
    e.enabled.push_back(c->isDefaultEnabled() ? 1 : 0);
    e.numEnabled += c->isDefaultEnabled() ? 1 : 0;
  }
  enabledVar_ = s.allocateDiscreteVariable(ss, Stage::Instance, std::move(e), "constraint enabled flags");
  ConstraintWorkspace ws;
  const int nb = matter_.getNumBodies();
  ws.F.assign(nb, SpatialVec::Zero());
  ws.A = ws.bias = ws.Fc = ws.V = ws.F;
  // Scratch only: depends on Topology so it is always readable.
  workspaceEntry_ = s.allocateCacheEntry(ss, Stage::Topology, std::move(ws), "constraint workspace");
}

ConstraintWorkspace& ConstraintSet::workspace(const State& s) const {
  return s.updCacheEntry<ConstraintWorkspace>(workspaceEntry_);
}

void ConstraintSet::realizePosition(State& s) const {
  Vector& qerr = s.updQErr();
  qerr.setZero();
  if (!isActive(s)) {
    // Nothing is solved at Acceleration then: the later pools must not keep old values.
    s.updUErr().setZero();
    s.updUDotErr().setZero();
    s.updMultipliers().setZero();
    return;
  }
  if (mp_ == 0) return;
  ConstraintWorkspace& ws = workspace(s);
  const ConstraintInput in(matter_, s);
  for (const auto& c : constraints_) {
    if (c->mp_ == 0 || !isEnabled(s, c->index_)) continue;
    ws.errLocal.resize(c->mp_);
    c->calcPositionErrors(in, ws.errLocal.data());
    qerr.segment(c->pStart_, c->mp_) = ws.errLocal;
  }
}

void ConstraintSet::realizeVelocity(State& s) const {
  Vector& uerr = s.updUErr();
  uerr.setZero();
  if (mp_ + mv_ == 0 || !isActive(s)) return;
  ConstraintWorkspace& ws = workspace(s);
  const ConstraintInput in(matter_, s);
  for (int b = 0; b < matter_.getNumBodies(); ++b) ws.V[b] = matter_.getBodyVelocity(s, b);
  const Real* u = matter_.getU(s).data();
  for (const auto& c : constraints_) {
    const int n = c->mp_ + c->mv_;
    if (n == 0 || !isEnabled(s, c->index_)) continue;
    ws.errLocal.resize(n);
    c->calcVelocityErrors(in, ws.V, u, ws.errLocal.data());
    for (int k = 0; k < n; ++k) uerr[globalRow(*c, k)] = ws.errLocal[k];
  }
}

void ConstraintSet::calcConstraintForces(State& s, const std::vector<SpatialVec>*& F_G, const Vector*& f) const {
  ConstraintWorkspace& ws = workspace(s);
  solveMultipliers(*this, s, ws);
  F_G = &ws.Fc;
  f = &ws.fc;
}

void ConstraintSet::finishAcceleration(State& s, const std::vector<SpatialVec>& A_GB, const Real* udot) const {
  ConstraintWorkspace& ws = workspace(s);
  calcActiveAccelerationErrors(*this, s, A_GB, udot, ws, ws.aerr);
  Vector& udoterr = s.updUDotErr();
  udoterr.setZero();
  for (size_t i = 0; i < ws.rowGlobal.size(); ++i) udoterr[ws.rowGlobal[i]] = ws.aerr[static_cast<int>(i)];
}

bool ConstraintSet::project(State& s, Real tolerance, Vector* yErrEst) const {
  return projectOntoConstraints(*this, s, tolerance, yErrEst, workspace(s));
}

void ConstraintSet::addInAllForces(const State& s, const Real* lambda, std::vector<SpatialVec>& F_G, Vector& f) const {
  ConstraintWorkspace& ws = workspace(s);
  const ConstraintInput in(matter_, s);
  for (const auto& c : constraints_) {
    if (!isEnabled(s, c->index_)) continue;
    const int m = c->getNumEquations();
    ws.lambdaLocal.resize(m);
    for (int k = 0; k < m; ++k) ws.lambdaLocal[k] = lambda[globalRow(*c, k)];
    c->addInForces(in, ws.lambdaLocal.data(), F_G, f.data());
  }
}

void ConstraintSet::calcG(const State& s, Matrix& G) const {
  const int m = mp_ + mv_ + ma_, nu = matter_.getNU(), nb = matter_.getNumBodies();
  G.setZero(m, nu);
  const ConstraintInput in(matter_, s);
  std::vector<SpatialVec> F(nb);
  Vector f(nu), col(nu), lam;
  for (const auto& c : constraints_) {
    if (!isEnabled(s, c->index_)) continue;
    const int mc = c->getNumEquations();
    lam.setZero(mc);
    for (int k = 0; k < mc; ++k) {
      for (auto& Fb : F) Fb.setZero();
      f.setZero();
      lam[k] = 1;
      c->addInForces(in, lam.data(), F, f.data());
      lam[k] = 0;
      matter_.multiplyBySystemJacobianTranspose(s, F, col);
      G.row(globalRow(*c, k)) = (col + f).transpose();
    }
  }
}

}  // namespace articula
