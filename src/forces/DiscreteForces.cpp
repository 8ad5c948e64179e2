#include "articula/forces/DiscreteForces.h"

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "DiscreteForces";
}

DiscreteForces::DiscreteForces(std::string name) : ForceElement(std::move(name)) {}

void DiscreteForces::finalize(const MatterSubsystem& matter) { matter_ = &matter; }

// Allocated with the subsystem's other discrete variables; Dynamics is the earliest stage the
// values affect.
void DiscreteForces::allocateState(State& state, int subsystem) {
  Values zero{std::vector<SpatialVec>(matter_->getNumBodies(), SpatialVec::Zero()), Vector::Zero(matter_->getNU())};
  index_ = state.allocateDiscreteVariable(subsystem, Stage::Dynamics, std::move(zero), getName() + ".forces");
}

const DiscreteForces::Values& DiscreteForces::values(const State& state) const {
  if (index_ < 0) fail(kType, getName(), "used before its System's realizeTopology()");
  return state.getDiscreteVariable<Values>(index_);
}

DiscreteForces::Values& DiscreteForces::updValues(State& state) const {
  if (index_ < 0) fail(kType, getName(), "used before its System's realizeTopology()");
  return state.updDiscreteVariable<Values>(index_);
}

void DiscreteForces::checkBody(int body) const {
  if (!matter_) fail(kType, getName(), "used before its System's realizeTopology()");
  if (body < 0 || body >= matter_->getNumBodies())
    fail(kType, getName(), "body ", body, " is not a body of the matter (valid 0..", matter_->getNumBodies() - 1, ")");
}

void DiscreteForces::setAllBodyForces(State& state, const std::vector<SpatialVec>& bodyForces_G) const {
  const size_t nb = values(state).body.size();
  if (bodyForces_G.size() != nb)
    fail(kType, getName(), "body forces have ", bodyForces_G.size(), " entries, expected ", nb,
         " (one per body, Ground included)");
  for (size_t b = 0; b < nb; ++b)
    if (!bodyForces_G[b].allFinite()) fail(kType, getName(), "body force ", b, " is not finite");
  updValues(state).body = bodyForces_G;
}

void DiscreteForces::setOneBodyForce(State& state, const MobilizedBody& body, const SpatialVec& F_G) const {
  setOneBodyForce(state, body.getIndex(), F_G);
}

void DiscreteForces::setOneBodyForce(State& state, int body, const SpatialVec& F_G) const {
  checkBody(body);
  if (!F_G.allFinite()) fail(kType, getName(), "force on body ", body, " is not finite");
  updValues(state).body[body] = F_G;
}

void DiscreteForces::addForceToBodyPoint(State& state, const MobilizedBody& body, const Vec3& p_BS,
                                         const Vec3& f_G) const {
  addForceToBodyPoint(state, body.getIndex(), p_BS, f_G);
}

void DiscreteForces::addForceToBodyPoint(State& state, int body, const Vec3& p_BS, const Vec3& f_G) const {
  checkBody(body);
  finite3(kType, getName(), "station", p_BS, "m");
  finite3(kType, getName(), "force", f_G, "N");
  const Vec3 p_BS_G = matter_->getBodyTransform(state, body).R() * p_BS;  // read before invalidating
  SpatialVec& F = updValues(state).body[body];
  F.head<3>() += p_BS_G.cross(f_G);
  F.tail<3>() += f_G;
}

void DiscreteForces::addTorqueToBody(State& state, int body, const Vec3& torque_G) const {
  checkBody(body);
  finite3(kType, getName(), "torque", torque_G, "N m");
  updValues(state).body[body].head<3>() += torque_G;
}

void DiscreteForces::setAllMobilityForces(State& state, const Vector& mobilityForces) const {
  const Eigen::Index nu = values(state).mobility.size();
  if (mobilityForces.size() != nu)
    fail(kType, getName(), "mobility forces have ", mobilityForces.size(), " entries, expected ", nu);
  if (!mobilityForces.allFinite()) fail(kType, getName(), "mobility forces are not finite");
  updValues(state).mobility = mobilityForces;
}

void DiscreteForces::setOneMobilityForce(State& state, const MobilizedBody& body, int whichU, Real f) const {
  setOneMobilityForce(state, body.getIndex(), whichU, f);
}

void DiscreteForces::setOneMobilityForce(State& state, int body, int whichU, Real f) const {
  checkBody(body);
  checkMobility(kType, getName(), *matter_, body, whichU);
  finite(kType, getName(), "mobility force", f, "N m (or N)");
  updValues(state).mobility[matter_->getInfo(body).uStart + whichU] = f;
}

void DiscreteForces::clearAllForces(State& state) const {
  Values& v = updValues(state);
  for (auto& F : v.body) F.setZero();
  v.mobility.setZero();
}

const std::vector<SpatialVec>& DiscreteForces::getAllBodyForces(const State& state) const { return values(state).body; }
const Vector& DiscreteForces::getAllMobilityForces(const State& state) const { return values(state).mobility; }

void DiscreteForces::calcForce(const State& state, const MatterSubsystem& /*matter*/,
                               std::vector<SpatialVec>& bodyForces_G, Vector& mobilityForces) const {
  const Values& v = values(state);
  for (size_t b = 0; b < v.body.size(); ++b) bodyForces_G[b] += v.body[b];
  mobilityForces += v.mobility;
}

Real DiscreteForces::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Values& v = values(state);
  Real power = v.mobility.dot(matter.getU(state));
  for (int b = 1; b < matter.getNumBodies(); ++b) power += v.body[b].dot(matter.getBodyVelocity(state, b));
  return power;
}

}  // namespace articula
