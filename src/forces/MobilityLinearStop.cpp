#include "articula/forces/MobilityLinearStop.h"

#include <algorithm>

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "MobilityLinearStop";
}

MobilityLinearStop::MobilityLinearStop(const MobilizedBody& body, int whichQ, Real lower, Real upper, Real stiffness,
                                       Real dissipation, std::string name)
    : MobilityLinearStop(body.getIndex(), whichQ, lower, upper, stiffness, dissipation, std::move(name)) {}

MobilityLinearStop::MobilityLinearStop(int body, int whichQ, Real lower, Real upper, Real stiffness, Real dissipation,
                                       std::string name)
    : ForceElement(name.empty() ? cat("stop (body ", body, ", q ", whichQ, ")") : std::move(name)),
      body_(body),
      whichQ_(whichQ),
      lower_(lower),
      upper_(upper) {
  bounds(kType, getName(), "q", lower, upper, "rad (or m)");
  k_ = nonNegative(kType, getName(), "stiffness", stiffness, "N m/rad (or N/m)");
  d_ = nonNegative(kType, getName(), "dissipation", dissipation, "s/rad (or s/m)");
}

void MobilityLinearStop::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  checkScalarCoordinate(kType, getName(), matter, body_, whichQ_);
  qIndex_ = matter.getInfo(body_).qStart + whichQ_;
}

Real MobilityLinearStop::penetration(Real q) const {
  if (q > upper_) return q - upper_;
  if (q < lower_) return lower_ - q;
  return 0;
}

Real MobilityLinearStop::qdot(const State& state, const MatterSubsystem& matter) const {
  return coordinateRow(matter, state, body_, whichQ_).qdot(matter.getU(state).data());
}

// sign is the direction in q of deeper penetration; the clamp keeps the force from pulling.
Real MobilityLinearStop::coordinateForce(Real q, Real qdot) const {
  const Real x = penetration(q);
  if (x == 0) return 0;
  const Real sign = q > upper_ ? 1 : -1;
  return -sign * std::max<Real>(0, k_ * x * (1 + d_ * sign * qdot));
}

Real MobilityLinearStop::calcCoordinateForce(const State& state, const MatterSubsystem& matter) const {
  const Real q = matter.getQ(state)[qIndex_];
  return penetration(q) == 0 ? 0 : coordinateForce(q, qdot(state, matter));
}

void MobilityLinearStop::calcForce(const State& state, const MatterSubsystem& matter,
                                   std::vector<SpatialVec>& /*bodyForces_G*/, Vector& mobilityForces) const {
  const Real q = matter.getQ(state)[qIndex_];
  if (penetration(q) == 0) return;  // inside: no need for N
  const CoordinateRow row = coordinateRow(matter, state, body_, whichQ_);
  row.addForce(coordinateForce(q, row.qdot(matter.getU(state).data())), mobilityForces);
}

Real MobilityLinearStop::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  const Real x = penetration(matter.getQ(state)[qIndex_]);
  return 0.5 * k_ * x * x;
}

Real MobilityLinearStop::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Real q = matter.getQ(state)[qIndex_];
  if (penetration(q) == 0) return 0;
  const Real qd = qdot(state, matter);
  return coordinateForce(q, qd) * qd;
}

// P + dPE/dt = f_q qdot + k x dx/dt, with dx/dt = +-qdot on the upper / lower side.
Real MobilityLinearStop::calcNonConservativePower(const State& state, const MatterSubsystem& matter) const {
  const Real q = matter.getQ(state)[qIndex_];
  const Real x = penetration(q);
  if (x == 0) return 0;
  const Real qd = qdot(state, matter);
  const Real xdot = q > upper_ ? qd : -qd;
  return coordinateForce(q, qd) * qd + k_ * x * xdot;
}

}  // namespace articula
