#include "articula/forces/MobilityLinearSpring.h"

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "MobilityLinearSpring";
}

MobilityLinearSpring::MobilityLinearSpring(const MobilizedBody& body, int whichQ, Real stiffness, Real q0,
                                           std::string name)
    : MobilityLinearSpring(body.getIndex(), whichQ, stiffness, q0, std::move(name)) {}

MobilityLinearSpring::MobilityLinearSpring(int body, int whichQ, Real stiffness, Real q0, std::string name)
    : ForceElement(name.empty() ? cat("mobility spring (body ", body, ", q ", whichQ, ")") : std::move(name)),
      body_(body),
      whichQ_(whichQ) {
  k_ = nonNegative(kType, getName(), "stiffness", stiffness, "N m/rad (or N/m)");
  q0_ = finite(kType, getName(), "rest value q0", q0, "rad (or m)");
}

void MobilityLinearSpring::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  checkScalarCoordinate(kType, getName(), matter, body_, whichQ_);
  qIndex_ = matter.getInfo(body_).qStart + whichQ_;
}

Real MobilityLinearSpring::q(const State& state, const MatterSubsystem& matter) const {
  return matter.getQ(state)[qIndex_];
}

void MobilityLinearSpring::calcForce(const State& state, const MatterSubsystem& matter,
                                     std::vector<SpatialVec>& /*bodyForces_G*/, Vector& mobilityForces) const {
  coordinateRow(matter, state, body_, whichQ_).addForce(-k_ * (q(state, matter) - q0_), mobilityForces);
}

Real MobilityLinearSpring::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  const Real x = q(state, matter) - q0_;
  return 0.5 * k_ * x * x;
}

Real MobilityLinearSpring::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Real qdot = coordinateRow(matter, state, body_, whichQ_).qdot(matter.getU(state).data());
  return -k_ * (q(state, matter) - q0_) * qdot;
}

}  // namespace articula
