#include "articula/forces/MobilityLinearDamper.h"

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "MobilityLinearDamper";
}

MobilityLinearDamper::MobilityLinearDamper(const MobilizedBody& body, int whichU, Real damping, std::string name)
    : MobilityLinearDamper(body.getIndex(), whichU, damping, std::move(name)) {}

MobilityLinearDamper::MobilityLinearDamper(int body, int whichU, Real damping, std::string name)
    : ForceElement(name.empty() ? cat("mobility damper (body ", body, ", u ", whichU, ")") : std::move(name)),
      body_(body),
      whichU_(whichU) {
  c_ = nonNegative(kType, getName(), "damping", damping, "N m s/rad (or N s/m)");
}

void MobilityLinearDamper::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  checkMobility(kType, getName(), matter, body_, whichU_);
  uIndex_ = matter.getInfo(body_).uStart + whichU_;
}

void MobilityLinearDamper::calcForce(const State& state, const MatterSubsystem& matter,
                                     std::vector<SpatialVec>& /*bodyForces_G*/, Vector& mobilityForces) const {
  mobilityForces[uIndex_] -= c_ * matter.getU(state)[uIndex_];
}

Real MobilityLinearDamper::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Real u = matter.getU(state)[uIndex_];
  return -c_ * u * u;
}

}  // namespace articula
