// The Constraint base: identity, settings, per-constraint State access, reaction forces and power.
#include "articula/constraints/Constraint.h"

#include <cmath>

#include "articula/Counted.h"
#include "articula/constraints/ConstraintSet.h"

namespace articula {

Constraint::Constraint(std::string name, int mp, int mv, int ma) : name_(std::move(name)), mp_(mp), mv_(mv), ma_(ma) {
  if (mp < 0 || mv < 0 || ma < 0 || mp + mv + ma == 0)
    throw Error("Constraint '" + name_ + "': equation counts (" + std::to_string(mp) + ", " + std::to_string(mv) +
                ", " + std::to_string(ma) + ") must be non-negative and not all zero");
}

std::string Constraint::label() const { return std::string("Constraint '") + name_ + "' (" + typeName() + ")"; }

void Constraint::setUnitError(Real unitError) {
  if (!(unitError > 0) || !std::isfinite(unitError))
    throw Error(label() + ": unit error " + std::to_string(unitError) + " must be positive");
  unitError_ = unitError;
}

void Constraint::setDefaultEnabled(bool enabled) {
  if (matter_ && matter_->isInSystem() && matter_->getSystem().isTopologyRealized())
    throw Error(label() + ": the default enabled flag cannot change after the System's topology was realized");
  defaultEnabled_ = enabled;
}

const MatterSubsystem& Constraint::getMatter() const {
  if (!matter_) throw Error(label() + ": is not part of a matter subsystem");
  return *matter_;
}

bool Constraint::isEnabled(const State& s) const {
  getMatter();
  return set_->isEnabled(s, index_);
}

void Constraint::setEnabled(State& s, bool enabled) const {
  getMatter();
  set_->setEnabled(s, index_, enabled);
}

Vector Constraint::getPositionErrors(const State& s) const {
  getMatter();
  return s.getQErr().segment(pStart_, mp_);
}

Vector Constraint::getVelocityErrors(const State& s) const {
  getMatter();
  const Vector& uerr = s.getUErr();
  Vector out(mp_ + mv_);
  for (int k = 0; k < mp_ + mv_; ++k) out[k] = uerr[set_->globalRow(*this, k)];
  return out;
}

Vector Constraint::getAccelerationErrors(const State& s) const {
  getMatter();
  const Vector& aerr = s.getUDotErr();
  Vector out(getNumEquations());
  for (int k = 0; k < getNumEquations(); ++k) out[k] = aerr[set_->globalRow(*this, k)];
  return out;
}

Vector Constraint::getMultipliers(const State& s) const {
  getMatter();
  const Vector& lambda = s.getMultipliers();
  Vector out(getNumEquations());
  for (int k = 0; k < getNumEquations(); ++k) out[k] = lambda[set_->globalRow(*this, k)];
  return out;
}

void Constraint::calcConstraintForces(const State& s, std::vector<SpatialVec>& bodyForces_G,
                                      Vector& mobilityForces) const {
  const MatterSubsystem& matter = getMatter();
  const Vector lambda = getMultipliers(s);
  bodyForces_G.assign(matter.getNumBodies(), SpatialVec::Zero());
  mobilityForces.setZero(matter.getNU());
  if (!isEnabled(s)) return;
  addInForces(ConstraintInput(matter, s), lambda.data(), bodyForces_G, mobilityForces.data());
  // G^T lambda enters the equations of motion with a minus sign (M udot + G^T lambda = f).
  for (auto& F : bodyForces_G) F = -F;
  mobilityForces = -mobilityForces;
}

Real Constraint::calcPower(const State& s) const {
  const MatterSubsystem& matter = getMatter();
  std::vector<SpatialVec> F;
  Vector f;
  calcConstraintForces(s, F, f);
  Real power = f.dot(matter.getU(s));
  for (int b = 1; b < matter.getNumBodies(); ++b) power += F[b].dot(matter.getBodyVelocity(s, b));
  return power;
}

void Constraint::requireBody(const MatterSubsystem& matter, int body, const char* field) const {
  if (body < 0 || body >= matter.getNumBodies())
    throw Error(label() + ": " + field + " " + std::to_string(body) + " does not exist (the tree has bodies 0.." +
                std::to_string(matter.getNumBodies() - 1) + ")");
}

void Constraint::requireDistinctBodies(int bodyA, int bodyB) const {
  if (bodyA == bodyB)
    throw Error(label() + ": both sides are body " + std::to_string(bodyA) +
                "; a constraint needs two distinct bodies");
}

void Constraint::requireCoordinate(const MatterSubsystem& matter, int body, int qIndex) const {
  requireBody(matter, body, "body");
  if (body == 0) throw Error(label() + ": Ground has no coordinates");
  const int nq = matter.getInfo(body).nq;
  if (qIndex < 0 || qIndex >= nq)
    throw Error(label() + ": coordinate index " + std::to_string(qIndex) + " of body " + std::to_string(body) +
                " does not exist (its mobilizer has " + counted(nq, "coordinate", "coordinates") + ")");
}

void Constraint::requireMobility(const MatterSubsystem& matter, int body, int uIndex) const {
  requireBody(matter, body, "body");
  if (body == 0) throw Error(label() + ": Ground has no mobilities");
  const int nu = matter.getInfo(body).nu;
  if (uIndex < 0 || uIndex >= nu)
    throw Error(label() + ": speed index " + std::to_string(uIndex) + " of body " + std::to_string(body) +
                " does not exist (its mobilizer has " + counted(nu, "speed", "speeds") + ")");
}

}  // namespace articula
