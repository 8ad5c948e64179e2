// Joint-space loads of a frame (JointLoads.h).
#include "articula/run/JointLoads.h"

#include <stdexcept>

#include "articula/constraints/ConstraintSet.h"

namespace articula::run {

namespace {
int idx(model::ForceClass c) { return static_cast<int>(c); }
}  // namespace

JointLoadSampler::JointLoadSampler(const model::ModelSpec& m, const model::BuiltModel& b) : model_(m), built_(b) {
  if (b.classOfForce.size() != static_cast<size_t>(b.forces->getNumForces()))
    throw std::logic_error("BuiltModel::classOfForce does not match its force elements");
  for (const model::ForceClass c : b.classOfForce) present_[idx(c)] = true;
  present_[idx(model::ForceClass::Contact)] = b.contact != nullptr;
  for (const model::BodySpec& body : m.bodies) motion_ = motion_ || !body.joint.motion.empty();
  for (size_t c = 0; c < m.constraints.size(); ++c)
    for (const auto& [role, name] : m.constraints[c].bodies) {
      const int body = m.findBody(name);
      if (body >= 0) constraintBodies_.push_back({static_cast<int>(c), body});
    }
  const MatterSubsystem& matter = b.system->getMatter();
  F_.assign(matter.getNumBodies(), SpatialVec::Zero());
  reactionG_.assign(matter.getNumBodies(), SpatialVec::Zero());
  f_ = Vector::Zero(matter.getNU());
  tau_ = Vector::Zero(matter.getNU());
}

void JointLoadSampler::addGeneralizedForce(const State& s, Vector& tau) {
  built_.system->getMatter().multiplyBySystemJacobianTranspose(s, F_, tau_);
  tau += tau_ + f_;
}

void JointLoadSampler::sample(const State& s, JointLoads& out) {
  const MatterSubsystem& matter = built_.system->getMatter();
  const int nu = matter.getNU();
  out.applied.setZero(nu);
  for (int c = 0; c < model::kForceClassCount; ++c) {
    if (present_[c]) out.byClass[c].setZero(nu);
    else out.byClass[c].resize(0);
  }
  const GeneralForceSubsystem& forces = *built_.forces;
  for (int e = 0; e < forces.getNumForces(); ++e) {
    if (!forces.isForceEnabled(s, e)) continue;
    for (SpatialVec& F : F_) F.setZero();
    f_.setZero();
    forces.getForce(e).calcForce(s, matter, F_, f_);
    addGeneralizedForce(s, out.byClass[idx(built_.classOfForce[e])]);
  }
  if (built_.contact) {
    const std::vector<SpatialVec>& F = built_.contact->getReport(s).bodyForces_G;
    for (size_t k = 0; k < F_.size(); ++k) F_[k] = k < F.size() ? F[k] : SpatialVec::Zero();
    f_.setZero();
    addGeneralizedForce(s, out.byClass[idx(model::ForceClass::Contact)]);
  }
  for (int c = 0; c < model::kForceClassCount; ++c)
    if (present_[c]) out.applied += out.byClass[c];
  if (motion_) out.motion = matter.getLockForces(s);
  else out.motion.resize(0);
  sampleConstraints(s, out);
  sampleReactions(s, out);
}

void JointLoadSampler::sampleConstraints(const State& s, JointLoads& out) {
  out.constraintForce.clear();
  if (model_.constraints.empty()) {
    out.constraint.resize(0);
    return;
  }
  const MatterSubsystem& matter = built_.system->getMatter();
  const ConstraintSet& set = ConstraintSet::get(matter);
  out.constraint.setZero(matter.getNU());
  size_t next = 0;  // constraintBodies_ is in constraint order
  for (int c = 0; c < set.getNumConstraints(); ++c) {
    for (SpatialVec& F : F_) F.setZero();
    f_.setZero();
    set.getConstraint(c).calcConstraintForces(s, F_, f_);
    addGeneralizedForce(s, out.constraint);
    for (; next < constraintBodies_.size() && constraintBodies_[next].constraint == c; ++next) {
      const int body = constraintBodies_[next].body;
      const SpatialVec& F = F_[built_.mobodOfBody[body]];
      const Transform& X_GB = matter.getBodyTransform(s, built_.mobodOfBody[body]);
      const Vec3 r = X_GB.R().matrix() * model_.bodies[body].massCenter;  // from Bo to the mass centre
      SpatialVec about;
      about << F.head<3>() - r.cross(F.tail<3>()), F.tail<3>();
      out.constraintForce.push_back(about);
    }
  }
}

void JointLoadSampler::sampleReactions(const State& s, JointLoads& out) {
  const MatterSubsystem& matter = built_.system->getMatter();
  matter.calcMobilizerReactionForces(s, reactionG_);
  out.reaction.resize(model_.bodies.size());
  for (size_t i = 0; i < model_.bodies.size(); ++i) {
    const int mobod = built_.mobodOfBody[i];
    const int parent = matter.getInfo(mobod).parent;
    const Mat33 R_PG = parent > 0 ? Mat33(matter.getBodyTransform(s, parent).R().matrix().transpose())
                                  : Mat33(Mat33::Identity());
    const SpatialVec& F = reactionG_[mobod];
    out.reaction[i] << R_PG * F.head<3>(), R_PG * F.tail<3>();
  }
}

}  // namespace articula::run
