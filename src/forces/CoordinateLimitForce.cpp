#include "articula/forces/CoordinateLimitForce.h"

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {

constexpr const char* kType = "CoordinateLimitForce";

// One side of the limit at penetration d (> 0 beyond the limit): the step s(d/w), its derivative
// in d, and the spring's force magnitude K s d, its slope and its potential energy.
struct Side {
  Real step = 0, stepSlope = 0, spring = 0, springSlope = 0, energy = 0;
};
Side side(Real d, Real K, Real w) {
  Side r;
  if (!(d > 0)) return r;
  const Real x = d / w;
  if (x >= 1) {
    r.step = 1;
    r.spring = K * d;
    r.springSlope = K;
    r.energy = K * (0.5 * d * d - w * w / 7);
    return r;
  }
  const Real x2 = x * x, x3 = x2 * x;
  r.step = x3 * (10 - 15 * x + 6 * x2);
  r.stepSlope = 30 * x2 * (1 - x) * (1 - x) / w;
  r.spring = K * r.step * d;
  r.springSlope = K * (r.step + r.stepSlope * d);
  r.energy = K * w * w * x2 * x3 * (2 - 2.5 * x + (6.0 / 7.0) * x2);
  return r;
}

}  // namespace

CoordinateLimitForce::CoordinateLimitForce(const MobilizedBody& body, int whichQ, const Parameters& p, std::string name)
    : CoordinateLimitForce(body.getIndex(), whichQ, p, std::move(name)) {}

CoordinateLimitForce::CoordinateLimitForce(int body, int whichQ, const Parameters& p, std::string name)
    : ForceElement(name.empty() ? cat("coordinate limit (body ", body, ", q ", whichQ, ")") : std::move(name)),
      body_(body),
      whichQ_(whichQ),
      p_(p) {
  bounds(kType, getName(), "q", p.lower, p.upper, "rad (or m)");
  nonNegative(kType, getName(), "lowerStiffness", p.lowerStiffness, "N m/rad (or N/m)");
  nonNegative(kType, getName(), "upperStiffness", p.upperStiffness, "N m/rad (or N/m)");
  nonNegative(kType, getName(), "damping", p.damping, "N m s/rad (or N s/m)");
  finite(kType, getName(), "transition", p.transition, "rad (or m)");
  if (!(p.transition > 0)) fail(kType, getName(), "transition ", p.transition, " rad (or m) must be positive");
}

void CoordinateLimitForce::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  checkScalarCoordinate(kType, getName(), matter, body_, whichQ_);
  qIndex_ = matter.getInfo(body_).qStart + whichQ_;
}

CoordinateLimitForce::Law CoordinateLimitForce::evaluate(Real q, Real qdot) const {
  const Side up = side(q - p_.upper, p_.upperStiffness, p_.transition);
  const Side low = side(p_.lower - q, p_.lowerStiffness, p_.transition);
  Law law;
  const Real steps = up.step + low.step;
  law.force = -up.spring + low.spring - p_.damping * steps * qdot;
  // d/dq: d_up grows with q, d_low shrinks.
  law.dForceDq = -up.springSlope - low.springSlope - p_.damping * (up.stepSlope - low.stepSlope) * qdot;
  law.dForceDqdot = -p_.damping * steps;
  law.potentialEnergy = up.energy + low.energy;
  return law;
}

Real CoordinateLimitForce::calcCoordinateForce(const State& state, const MatterSubsystem& matter) const {
  const CoordinateRow row = coordinateRow(matter, state, body_, whichQ_);
  return evaluate(matter.getQ(state)[qIndex_], row.qdot(matter.getU(state).data())).force;
}

void CoordinateLimitForce::calcForce(const State& state, const MatterSubsystem& matter,
                                     std::vector<SpatialVec>& /*bodyForces_G*/, Vector& mobilityForces) const {
  const Real q = matter.getQ(state)[qIndex_];
  if (q > p_.lower && q < p_.upper) return;  // inside: no force, no need for N
  const CoordinateRow row = coordinateRow(matter, state, body_, whichQ_);
  row.addForce(evaluate(q, row.qdot(matter.getU(state).data())).force, mobilityForces);
}

Real CoordinateLimitForce::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  return evaluate(matter.getQ(state)[qIndex_], 0).potentialEnergy;
}

Real CoordinateLimitForce::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Real q = matter.getQ(state)[qIndex_];
  if (q > p_.lower && q < p_.upper) return 0;
  const Real qd = coordinateRow(matter, state, body_, whichQ_).qdot(matter.getU(state).data());
  return evaluate(q, qd).force * qd;
}

// P + dPE/dt: the spring's power cancels its energy rate, leaving the damping's −c (s_up + s_low) q̇².
Real CoordinateLimitForce::calcNonConservativePower(const State& state, const MatterSubsystem& matter) const {
  const Real q = matter.getQ(state)[qIndex_];
  if (q > p_.lower && q < p_.upper) return 0;
  const Real qd = coordinateRow(matter, state, body_, whichQ_).qdot(matter.getU(state).data());
  return evaluate(q, qd).dForceDqdot * qd * qd;
}

// D += ∂f/∂q̇ n nᵀ, K += ∂f/∂q n nᵀ (n: q_i's row of N; its own change with q is left out, as for
// the other coordinate elements).
void CoordinateLimitForce::addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D,
                                              Matrix& K) const {
  const Real q = matter.getQ(state)[qIndex_];
  if (q > p_.lower && q < p_.upper) return;
  const CoordinateRow row = coordinateRow(matter, state, body_, whichQ_);
  const Law law = evaluate(q, row.qdot(matter.getU(state).data()));
  for (int i = 0; i < row.nu; ++i)
    for (int j = 0; j < row.nu; ++j) {
      D(row.uStart + i, row.uStart + j) += law.dForceDqdot * row.n[i] * row.n[j];
      K(row.uStart + i, row.uStart + j) += law.dForceDq * row.n[i] * row.n[j];
    }
}

bool CoordinateLimitForce::addInTreeJacobian(const State& state, const MatterSubsystem& matter,
                                             TreeJacobianTerms& terms) const {
  const Real q = matter.getQ(state)[qIndex_];
  if (q > p_.lower && q < p_.upper) return true;
  const CoordinateRow row = coordinateRow(matter, state, body_, whichQ_);
  const Law law = evaluate(q, row.qdot(matter.getU(state).data()));
  for (int i = 0; i < row.nu; ++i)
    for (int j = 0; j < row.nu; ++j) {
      terms.jointDamping[body_](i, j) += law.dForceDqdot * row.n[i] * row.n[j];
      terms.jointStiffness[body_](i, j) += law.dForceDq * row.n[i] * row.n[j];
    }
  return true;
}

}  // namespace articula
