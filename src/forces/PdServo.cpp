#include "articula/forces/PdServo.h"

#include <algorithm>
#include <cmath>

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "PdServo";
}

PdServo::PdServo(const MobilizedBody& body, int whichQ, Real kp, Real kd, FunctionPtr target, Real limit,
                 std::string name)
    : PdServo(body.getIndex(), whichQ, kp, kd, std::move(target), limit, std::move(name)) {}

PdServo::PdServo(int body, int whichQ, Real kp, Real kd, FunctionPtr target, Real limit, std::string name)
    : ForceElement(name.empty() ? cat("PD servo (body ", body, ", q ", whichQ, ")") : std::move(name)),
      body_(body),
      whichQ_(whichQ),
      target_(std::move(target)) {
  kp_ = nonNegative(kType, getName(), "kp", kp, "N m/rad (or N/m)");
  kd_ = nonNegative(kType, getName(), "kd", kd, "N m s/rad (or N s/m)");
  if (target_ && target_->argumentSize() != 1)
    fail(kType, getName(), "the target must be a function of one argument (time), not ", target_->argumentSize());
  if (!(limit > 0)) fail(kType, getName(), "limit ", limit, " N m (or N) must be positive");
  limit_ = limit;
}

void PdServo::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  if (body_ == 0) fail(kType, getName(), "body 0 is Ground, which has no joint to drive");
  checkScalarCoordinate(kType, getName(), matter, body_, whichQ_);
  const MobilizedBodyInfo& info = matter.getInfo(body_);
  qIndex_ = info.qStart + whichQ_;
  defaultQ_ = info.defaultQ.size() > whichQ_ ? info.defaultQ[whichQ_] : 0;
}

void PdServo::allocateState(State& state, int subsystem) {
  if (!target_)
    referenceIndex_ = state.allocateDiscreteVariable(subsystem, Stage::Dynamics, defaultQ_, getName() + ".reference");
}

void PdServo::recordReferencePosture(State& state, const MatterSubsystem& matter) const {
  if (!target_) setReference(state, matter.getQ(state)[qIndex_]);
}

Real PdServo::getReference(const State& state) const {
  if (target_) fail(kType, getName(), "follows a target function; it holds no reference value");
  return state.getDiscreteVariable<Real>(referenceIndex_);
}

void PdServo::setReference(State& state, Real q) const {
  if (target_) fail(kType, getName(), "follows a target function; it holds no reference value");
  state.updDiscreteVariable<Real>(referenceIndex_) = finite(kType, getName(), "reference", q, "rad (or m)");
}

Real PdServo::calcTarget(const State& state) const {
  return target_ ? target_->value(state.getTime()) : getReference(state);
}

Real PdServo::calcTargetRate(const State& state) const { return target_ ? target_->derivative(state.getTime()) : 0; }

Real PdServo::calcTorque(const State& state, const MatterSubsystem& matter) const {
  const Real qdot = coordinateRow(matter, state, body_, whichQ_).qdot(matter.getU(state).data());
  const Real tau = kp_ * (calcTarget(state) - matter.getQ(state)[qIndex_]) + kd_ * (calcTargetRate(state) - qdot);
  return std::clamp(tau, -limit_, limit_);
}

bool PdServo::clamped(const State& state, const MatterSubsystem& matter) const {
  return std::isfinite(limit_) && std::abs(calcTorque(state, matter)) >= limit_;
}

void PdServo::calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& /*bodyForces_G*/,
                        Vector& mobilityForces) const {
  coordinateRow(matter, state, body_, whichQ_).addForce(calcTorque(state, matter), mobilityForces);
}

Real PdServo::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Real qdot = coordinateRow(matter, state, body_, whichQ_).qdot(matter.getU(state).data());
  return calcTorque(state, matter) * qdot;
}

void PdServo::addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D, Matrix& K) const {
  if (clamped(state, matter)) return;
  const CoordinateRow row = coordinateRow(matter, state, body_, whichQ_);
  for (int i = 0; i < row.nu; ++i)
    for (int j = 0; j < row.nu; ++j) {
      D(row.uStart + i, row.uStart + j) -= kd_ * row.n[i] * row.n[j];
      K(row.uStart + i, row.uStart + j) -= kp_ * row.n[i] * row.n[j];
    }
}

bool PdServo::addInTreeJacobian(const State& state, const MatterSubsystem& matter, TreeJacobianTerms& terms) const {
  if (clamped(state, matter)) return true;
  const CoordinateRow row = coordinateRow(matter, state, body_, whichQ_);
  for (int i = 0; i < row.nu; ++i)
    for (int j = 0; j < row.nu; ++j) {
      terms.jointDamping[body_](i, j) -= kd_ * row.n[i] * row.n[j];
      terms.jointStiffness[body_](i, j) -= kp_ * row.n[i] * row.n[j];
    }
  return true;
}

}  // namespace articula
