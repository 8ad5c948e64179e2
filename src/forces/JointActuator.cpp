#include "articula/forces/JointActuator.h"

#include <algorithm>

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "JointActuator";
}

JointActuator::JointActuator(const MobilizedBody& body, int whichU, FunctionPtr f, Real scale, Real limit,
                             std::string name)
    : JointActuator(body.getIndex(), whichU, std::move(f), scale, limit, std::move(name)) {}

JointActuator::JointActuator(int body, int whichU, FunctionPtr f, Real scale, Real limit, std::string name)
    : ForceElement(name.empty() ? cat("joint actuator (body ", body, ", u ", whichU, ")") : std::move(name)),
      body_(body),
      whichU_(whichU),
      f_(std::move(f)) {
  if (!f_) fail(kType, getName(), "needs a function of time");
  if (f_->argumentSize() != 1)
    fail(kType, getName(), "the function must take one argument (time), not ", f_->argumentSize());
  scale_ = finite(kType, getName(), "scale", scale, "");
  if (!(limit > 0)) fail(kType, getName(), "limit ", limit, " N m (or N) must be positive");
  limit_ = limit;
}

void JointActuator::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  if (body_ == 0) fail(kType, getName(), "body 0 is Ground, which has no joint to actuate");
  checkMobility(kType, getName(), matter, body_, whichU_);
  uIndex_ = matter.getInfo(body_).uStart + whichU_;
}

Real JointActuator::calcTorque(const State& state) const {
  return std::clamp(scale_ * f_->value(state.getTime()), -limit_, limit_);
}

void JointActuator::calcForce(const State& state, const MatterSubsystem& /*matter*/,
                              std::vector<SpatialVec>& /*bodyForces_G*/, Vector& mobilityForces) const {
  mobilityForces[uIndex_] += calcTorque(state);
}

Real JointActuator::calcPower(const State& state, const MatterSubsystem& matter) const {
  return calcTorque(state) * matter.getU(state)[uIndex_];
}

}  // namespace articula
