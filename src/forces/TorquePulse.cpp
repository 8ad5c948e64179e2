#include "articula/forces/TorquePulse.h"

#include <cmath>

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "TorquePulse";
}

TorquePulse::TorquePulse(Mode mode, const MobilizedBody& body, const SmallVector& peak, Real startTime, Real duration,
                         std::string name)
    : TorquePulse(mode, body.getIndex(), peak, startTime, duration, std::move(name)) {}

TorquePulse::TorquePulse(Mode mode, int body, const SmallVector& peak, Real startTime, Real duration, std::string name)
    : ForceElement(name.empty() ? cat("torque pulse (body ", body, ")") : std::move(name)),
      mode_(mode),
      body_(body),
      peak_(peak) {
  if (mode != Mode::Mobility && mode != Mode::BodyTorquePair) fail(kType, getName(), "unknown mode");
  for (int i = 0; i < peak.size(); ++i)
    if (!std::isfinite(peak[i])) fail(kType, getName(), "peak entry ", i, " = ", peak[i], " is not finite");
  if (mode == Mode::BodyTorquePair && peak.size() != 3)
    fail(kType, getName(), "peak has ", peak.size(), " entries; a body torque pair needs 3 (x, y, z in F)");
  t0_ = finite(kType, getName(), "start time", startTime, "s");
  T_ = finite(kType, getName(), "duration", duration, "s");
  if (!(T_ > 0))
    fail(kType, getName(), "duration ", duration,
         " s must be > 0 (a zero-length pulse would be an impulse that depends on the step size)");
}

void TorquePulse::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  if (body_ == 0) fail(kType, getName(), "body 0 is Ground, which has no joint to drive");
  const MobilizedBodyInfo& info = matter.getInfo(body_);
  if (mode_ == Mode::Mobility && peak_.size() != info.nu)
    fail(kType, getName(), "peak has ", peak_.size(), " entries but body ", body_, bodyName(info), " has ", info.nu,
         " generalized speeds");
  parent_ = info.parent;
  uStart_ = info.uStart;
  R_PF_ = info.X_PF.R();
}

Real TorquePulse::calcEnvelope(Real t) const {
  if (t < t0_ || t > t0_ + T_) return 0;
  return std::sin(M_PI * (t - t0_) / T_);
}

Vec3 TorquePulse::torqueInGround(const State& state, const MatterSubsystem& matter, Real envelope) const {
  const Rotation R_GF = matter.getBodyTransform(state, parent_).R() * R_PF_;
  return R_GF * Vec3(envelope * Vec3(peak_[0], peak_[1], peak_[2]));
}

void TorquePulse::calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                            Vector& mobilityForces) const {
  const Real s = calcEnvelope(state.getTime());
  if (s == 0) return;
  if (mode_ == Mode::Mobility) {
    mobilityForces.segment(uStart_, peak_.size()) += s * peak_;
  } else {
    const Vec3 T_G = torqueInGround(state, matter, s);
    bodyForces_G[body_].head<3>() += T_G;
    bodyForces_G[parent_].head<3>() -= T_G;
  }
}

Real TorquePulse::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Real s = calcEnvelope(state.getTime());
  if (s == 0) return 0;
  if (mode_ == Mode::Mobility) return s * peak_.dot(matter.getU(state).segment(uStart_, peak_.size()));
  const Vec3 w_FM_G = matter.getBodyVelocity(state, body_).head<3>() - matter.getBodyVelocity(state, parent_).head<3>();
  return torqueInGround(state, matter, s).dot(w_FM_G);
}

}  // namespace articula
