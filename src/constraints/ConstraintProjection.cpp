// Coordinate projection (Theory Manual §10.1-10.2; reference ch. 8-12 §4): the smallest change of
// the free q, then of the free u, in the weighted norm that puts the State back on the
// constraint manifold. Position: Newton iterations q <- q - N E_u^-1 (T_p P E_u^-1)^+ T_p p(q), with
// quaternions normalized after each iterate. Velocity: u <- u - E_u^-1 (T V E_u^-1)^+ T [pdot; v],
// iterated only for nonholonomic rows nonlinear in u. An integrator's error estimate loses the
// components these projections remove. E_u holds the speeds' unit weights (at the set's length scale),
// T the constraints' unit errors (velocity rows scaled by the characteristic time).
#include <cmath>
#include <sstream>

#include "ConstraintWorkspace.h"
#include "articula/matter/Motion.h"

namespace articula {

namespace {

constexpr int kMaxPositionIterations = 20;
constexpr int kMaxVelocityIterations = 8;

// Weighted RMS of ws.werr.
Real rms(const Vector& v) { return v.size() ? std::sqrt(v.squaredNorm() / v.size()) : 0; }

struct Projector {
  const ConstraintSet& set;
  State& s;
  Real tol;
  ConstraintWorkspace& ws;
  const MatterSubsystem& matter = set.getMatter();

  void prepareWeights() {
    const int nu = matter.getNU(), u0 = s.getUStart(matter.getIndex());
    ws.uWeightsAll.setOnes(s.getNU());
    matter.calcUWeights(s, set.getLengthScale(), ws.uWeightsAll);
    ws.wu = ws.uWeightsAll.segment(u0, nu);
    ws.freeMask.setOnes(nu);
    for (int b = 1; b < matter.getNumBodies(); ++b) {
      const MobilizedBodyInfo& info = matter.getInfo(b);
      if (info.nu && isPrescribed(matter, s, b)) ws.freeMask.segment(info.uStart, info.nu).setZero();
    }
  }

  // Rows whose local index is below the position (level 0) or position+velocity (level 1) count.
  void selectRows(int level) {
    ws.projRows.clear();
    for (size_t i = 0; i < ws.rowGlobal.size(); ++i) {
      const Constraint& c = set.getConstraint(ws.rowConstraint[i]);
      const int limit = c.getNumPositionEquations() + (level ? c.getNumVelocityEquations() : 0);
      if (ws.rowLocal[i] < limit) ws.projRows.push_back(static_cast<int>(i));
    }
  }

  Real rowWeight(int row, int level) const {
    const Constraint& c = set.getConstraint(ws.rowConstraint[row]);
    return (level ? set.getCharacteristicTime() : 1.0) / c.getUnitError();
  }

  // Weighted errors of the selected rows: T p (level 0) or T [pdot; v] (level 1).
  Real weightedErrors(int level) {
    const Vector& err = level ? s.getUErr() : s.getQErr();
    ws.werr.resize(static_cast<int>(ws.projRows.size()));
    for (size_t i = 0; i < ws.projRows.size(); ++i) {
      const int row = ws.projRows[i];
      ws.werr[static_cast<int>(i)] = err[ws.rowGlobal[row]] * rowWeight(row, level);
    }
    return rms(ws.werr);
  }

  // Pw = T G_rows E_u^-1 over free columns, factored into ws.Pw_fact.cod.
  void factorWeightedRows(int level) {
    const int nu = matter.getNU(), m = static_cast<int>(ws.projRows.size());
    ws.Pw.resize(m, nu);
    for (int i = 0; i < m; ++i) {
      const int row = ws.projRows[i];
      calcActiveRowOfG(set, s, row, ws, ws.row);
      ws.Pw.row(i) = (ws.row.array() * ws.freeMask.array() / ws.wu.array()).transpose() * rowWeight(row, level);
    }
    ws.Pw_fact.cod.setThreshold(1e-10);
    ws.Pw_fact.cod.compute(ws.Pw);
  }

  std::string worstConstraint(int level) const {
    const Vector& err = level ? s.getUErr() : s.getQErr();
    int worst = -1;
    Real worstValue = -1;
    for (int row : ws.projRows) {
      const Real e = std::abs(err[ws.rowGlobal[row]]) * rowWeight(row, level);
      if (e > worstValue) {
        worstValue = e;
        worst = row;
      }
    }
    if (worst < 0) return "";
    std::ostringstream os;
    os << "; largest: " << set.getConstraint(ws.rowConstraint[worst]).label() << " equation " << ws.rowLocal[worst]
       << " error " << err[ws.rowGlobal[worst]];
    return os.str();
  }

  [[noreturn]] void tooFar(Real err) {
    set.counters().projectionFailures.fetch_add(1, std::memory_order_relaxed);
    std::ostringstream os;
    os << "constraint projection of positions at t = " << s.getTime() << " s refused: weighted error " << err
       << " exceeds the largest correction allowed, " << set.getMaxProjectionError()
       << " (ConstraintSet::setMaxProjectionError); the step is too long or the state is not assembled"
       << worstConstraint(0);
    throw ProjectionFailure(os.str());
  }

  [[noreturn]] void fail(int level, Real err, int iterations) {
    set.counters().projectionFailures.fetch_add(1, std::memory_order_relaxed);
    std::ostringstream os;
    os << "constraint projection of " << (level ? "velocities" : "positions") << " at t = " << s.getTime()
       << " s did not converge: weighted error " << err << " > tolerance " << tol << " after " << iterations
       << " iterations" << worstConstraint(level);
    throw ProjectionFailure(os.str());
  }

  bool projectPositions() {
    selectRows(0);
    if (ws.projRows.empty()) return false;
    const System& system = matter.getSystem();
    system.realize(s, Stage::Position);
    Real err = weightedErrors(0);
    if (err <= tol) return false;
    if (err > set.getMaxProjectionError()) tooFar(err);
    int it = 0;
    for (; it < kMaxPositionIterations && err > 0.1 * tol; ++it) {
      factorWeightedRows(0);
      solveMinimumNorm(ws.Pw_fact.cod, ws.werr, ws.du, ws.Pw_fact.scratch);
      ws.du = ws.du.cwiseProduct(ws.freeMask).cwiseQuotient(ws.wu);
      matter.multiplyByN(s, ws.du, ws.dq);
      matter.updQ(s) -= ws.dq;
      matter.normalizeQ(s);
      system.realize(s, Stage::Position);
      const Real next = weightedErrors(0);
      if (!std::isfinite(next) || next > 1e3 * std::max(err, tol)) {
        err = next;
        ++it;
        break;
      }
      err = next;
    }
    set.counters().positionIterations.fetch_add(it, std::memory_order_relaxed);
    if (!(err <= tol)) fail(0, err, it);
    return true;
  }

  bool projectVelocities() {
    selectRows(1);
    if (ws.projRows.empty()) return false;
    const System& system = matter.getSystem();
    system.realize(s, Stage::Velocity);
    Real err = weightedErrors(1);
    if (err <= tol) return false;
    int it = 0;
    for (; it < kMaxVelocityIterations && err > 0.1 * tol; ++it) {
      factorWeightedRows(1);
      solveMinimumNorm(ws.Pw_fact.cod, ws.werr, ws.du, ws.Pw_fact.scratch);
      ws.du = ws.du.cwiseProduct(ws.freeMask).cwiseQuotient(ws.wu);
      matter.updU(s) -= ws.du;
      system.realize(s, Stage::Velocity);
      err = weightedErrors(1);
    }
    set.counters().velocityIterations.fetch_add(it, std::memory_order_relaxed);
    if (!(err <= tol)) fail(1, err, it);
    return true;
  }

  // e <- e - E_u^-1 Pw^+ Pw E_u e for the matter's u-space part of an error estimate.
  void removeRowSpace(Vector& eu) {
    ws.Pweu.noalias() = ws.Pw * eu.cwiseProduct(ws.wu);
    solveMinimumNorm(ws.Pw_fact.cod, ws.Pweu, ws.corr, ws.Pw_fact.scratch);
    eu -= ws.corr.cwiseProduct(ws.freeMask).cwiseQuotient(ws.wu);
  }

  void projectErrorEstimate(Vector& yErr) {
    const int nq = matter.getNQ(), nu = matter.getNU();
    const int q0 = s.getQStart(matter.getIndex()), u0 = s.getNQ() + s.getUStart(matter.getIndex());
    selectRows(0);
    if (!ws.projRows.empty()) {
      factorWeightedRows(0);
      ws.eq = yErr.segment(q0, nq);
      matter.multiplyByNInv(s, ws.eq, ws.eu);
      ws.corr = ws.Pw_fact.cod.solve(ws.Pw * ws.eu.cwiseProduct(ws.wu));
      ws.du = ws.corr.cwiseProduct(ws.freeMask).cwiseQuotient(ws.wu);
      matter.multiplyByN(s, ws.du, ws.dq);
      yErr.segment(q0, nq) -= ws.dq;
    }
    selectRows(1);
    if (!ws.projRows.empty()) {
      matter.getSystem().realize(s, Stage::Velocity);
      factorWeightedRows(1);
      ws.eu = yErr.segment(u0, nu);
      removeRowSpace(ws.eu);
      yErr.segment(u0, nu) = ws.eu;
    }
  }
};

}  // namespace

bool projectOntoConstraints(const ConstraintSet& set, State& s, Real tolerance, Vector* yErrEst,
                            ConstraintWorkspace& ws) {
  set.counters().projections.fetch_add(1, std::memory_order_relaxed);
  collectActiveRows(set, s, ws);
  if (ws.rowGlobal.empty()) return false;
  Projector p{set, s, tolerance, ws};
  p.prepareWeights();
  bool changed = p.projectPositions();
  changed = p.projectVelocities() || changed;
  if (yErrEst) p.projectErrorEstimate(*yErrEst);
  return changed;
}

}  // namespace articula
