#include "articula/forces/GeneralForceSubsystem.h"
#include <cmath>

#include "articula/matter/MultibodySystem.h"

namespace articula {

void ForceElement::requireNotFrozen(const char* what) const {
  if (frozen_)
    throw Error("Force element '" + name_ + "': cannot change " + what + " after the System's topology was realized");
}

void ForceElement::checkBodyIndex(const MatterSubsystem& matter, int body, const char* field) const {
  if (body < 0 || body >= matter.getNumBodies())
    throw Error("Force element '" + name_ + "': " + field + " " + std::to_string(body) +
                " is not a body of the matter (valid 0.." + std::to_string(matter.getNumBodies() - 1) +
                ", Ground is 0)");
}

Real ForceElement::calcPower(const State& state, const MatterSubsystem& matter) const {
  std::vector<SpatialVec> F(matter.getNumBodies(), SpatialVec::Zero());
  Vector f = Vector::Zero(matter.getNU());
  calcForce(state, matter, F, f);
  Real power = f.dot(matter.getU(state));
  for (int b = 1; b < matter.getNumBodies(); ++b) power += F[b].dot(matter.getBodyVelocity(state, b));
  return power;
}

void GeneralForceSubsystem::adoptForce(std::unique_ptr<ForceElement> element) {
  if (!element) throw Error("GeneralForceSubsystem '" + getName() + "': addForce given a null element");
  requireNotFrozen("addForce");
  if (findForceByName(element->getName()) >= 0)
    throw Error("GeneralForceSubsystem '" + getName() + "': a force element named '" + element->getName() +
                "' already exists");
  elements_.push_back(std::move(element));
}

const ForceElement& GeneralForceSubsystem::getForce(int i) const {
  if (i < 0 || i >= getNumForces())
    throw Error("GeneralForceSubsystem '" + getName() + "': force index " + std::to_string(i) +
                " is out of range [0, " + std::to_string(getNumForces()) + ")");
  return *elements_[i];
}

int GeneralForceSubsystem::findForceByName(const std::string& name) const {
  for (int i = 0; i < getNumForces(); ++i)
    if (elements_[i]->getName() == name) return i;
  return -1;
}

const MatterSubsystem& GeneralForceSubsystem::matter() const {
  if (!matter_) throw Error("GeneralForceSubsystem '" + getName() + "': used before its System's realizeTopology()");
  return *matter_;
}

void GeneralForceSubsystem::realizeTopology(State& state) {
  // Elements need the tree; only a MultibodySystem has one (it hands it over in addForceSubsystem).
  matter_ = findMatter();
  if (!matter_) throw Error("GeneralForceSubsystem '" + getName() + "': must belong to a MultibodySystem");
  for (auto& e : elements_) {
    e->finalize(*matter_);
    e->allocateState(state, getIndex());
    e->frozen_ = true;
  }
  if (trackWork_) workZ_ = state.allocateZ(getIndex(), 1);
  for (int i : metered_) getForce(i);  // range check with a named error
  if (!metered_.empty()) meteredZ_ = state.allocateZ(getIndex(), 1);
  enabledIndex_ = state.allocateDiscreteVariable(getIndex(), Stage::Dynamics, std::vector<char>(elements_.size(), 1),
                                                 getName() + ".enabled");
}

void GeneralForceSubsystem::setForceEnabled(State& state, int i, bool enabled) const {
  getForce(i);  // range check with a named error
  auto& flags = state.updDiscreteVariable<std::vector<char>>(enabledIndex_);
  flags[i] = enabled ? 1 : 0;
}

bool GeneralForceSubsystem::isForceEnabled(const State& state, int i) const {
  getForce(i);
  return state.getDiscreteVariable<std::vector<char>>(enabledIndex_)[i] != 0;
}

void GeneralForceSubsystem::addInForces(const State& state, std::vector<SpatialVec>& bodyForces_G,
                                        Vector& mobilityForces) const {
  const MatterSubsystem& m = matter();
  const auto& flags = state.getDiscreteVariable<std::vector<char>>(enabledIndex_);
  for (size_t i = 0; i < elements_.size(); ++i)
    if (flags[i]) elements_[i]->calcForce(state, m, bodyForces_G, mobilityForces);
}

void GeneralForceSubsystem::addInForceJacobian(const State& state, Matrix& D, Matrix& K) const {
  const MatterSubsystem& m = matter();
  const auto& flags = state.getDiscreteVariable<std::vector<char>>(enabledIndex_);
  for (size_t i = 0; i < elements_.size(); ++i)
    if (flags[i]) elements_[i]->addInForceJacobian(state, m, D, K);
}

bool GeneralForceSubsystem::addInTreeJacobian(const State& state, TreeJacobianTerms& terms) const {
  const MatterSubsystem& m = matter();
  const auto& flags = state.getDiscreteVariable<std::vector<char>>(enabledIndex_);
  for (size_t i = 0; i < elements_.size(); ++i)
    if (flags[i] && !elements_[i]->addInTreeJacobian(state, m, terms)) return false;
  return true;
}

Real GeneralForceSubsystem::calcPotentialEnergy(const State& state) const {
  const MatterSubsystem& m = matter();
  const auto& flags = state.getDiscreteVariable<std::vector<char>>(enabledIndex_);
  Real pe = 0;
  for (size_t i = 0; i < elements_.size(); ++i)
    if (flags[i]) pe += elements_[i]->calcPotentialEnergy(state, m);
  return pe;
}

Real GeneralForceSubsystem::calcPower(const State& state) const {
  const MatterSubsystem& m = matter();
  const auto& flags = state.getDiscreteVariable<std::vector<char>>(enabledIndex_);
  Real power = 0;
  for (size_t i = 0; i < elements_.size(); ++i)
    if (flags[i]) power += elements_[i]->calcPower(state, m);
  return power;
}

Real GeneralForceSubsystem::calcNonConservativePower(const State& state) const {
  const MatterSubsystem& m = matter();
  const auto& flags = state.getDiscreteVariable<std::vector<char>>(enabledIndex_);
  Real power = 0;
  for (size_t i = 0; i < elements_.size(); ++i)
    if (flags[i]) power += elements_[i]->calcNonConservativePower(state, m);
  return power;
}

void GeneralForceSubsystem::setTrackNonConservativeWork(bool track) {
  requireNotFrozen("setTrackNonConservativeWork");
  trackWork_ = track;
}

int GeneralForceSubsystem::workIndex(const State& state) const {
  if (!trackWork_ || workZ_ < 0)
    throw Error("GeneralForceSubsystem '" + getName() +
                "': non-conservative work is not tracked; call setTrackNonConservativeWork(true) before "
                "realizeTopology()");
  return state.getZStart(getIndex()) + workZ_;
}

Real GeneralForceSubsystem::getNonConservativeWork(const State& state) const { return state.getZ()[workIndex(state)]; }

void GeneralForceSubsystem::setNonConservativeWork(State& state, Real work) const {
  const int i = workIndex(state);
  state.updZ()[i] = work;
}

// A unit change of the work is the kinetic energy of the whole model moving at the unit change of
// a linear speed (lengthScale per second): the energy the speeds' own tolerance stands for, so the
// work integral is held to the accuracy of the motion, not to 1 J whatever the model's size.
void GeneralForceSubsystem::calcZWeights(const State& state, Real lengthScale, Vector& zWeights) const {
  const Real unit = matter_->calcSystemMass() * lengthScale * lengthScale;
  if (!(unit > 0 && std::isfinite(unit))) return;
  if (trackWork_) zWeights[workIndex(state)] = 1 / unit;
  if (meteredZ_ >= 0) zWeights[state.getZStart(getIndex()) + meteredZ_] = 1 / unit;
}

void GeneralForceSubsystem::realizeDynamics(State& state) const {
  if (trackWork_) state.updZDot()[workIndex(state)] = calcNonConservativePower(state);
  if (meteredZ_ < 0) return;
  const auto& flags = state.getDiscreteVariable<std::vector<char>>(enabledIndex_);
  Real power = 0;
  for (int i : metered_)
    if (flags[i]) power += elements_[i]->calcNonConservativePower(state, matter());
  state.updZDot()[state.getZStart(getIndex()) + meteredZ_] = power;
}

void GeneralForceSubsystem::setMeteredElements(std::vector<int> elements) {
  requireNotFrozen("setMeteredElements");
  metered_ = std::move(elements);
}

Real GeneralForceSubsystem::getMeteredWork(const State& state) const {
  return meteredZ_ < 0 ? 0.0 : state.getZ()[state.getZStart(getIndex()) + meteredZ_];
}

void GeneralForceSubsystem::recordReferencePosture(State& state) const {
  for (const auto& e : elements_) e->recordReferencePosture(state, matter());
}

// Each enabled element alone, into zeroed accumulators. Diagnostics only: allocates.
std::string GeneralForceSubsystem::findNonFiniteForces(const State& s) const {
  const MatterSubsystem& m = matter();
  std::string found;
  std::vector<SpatialVec> F(m.getNumBodies());
  Vector f(m.getNU());
  for (int e = 0; e < getNumForces(); ++e) {
    if (!isForceEnabled(s, e)) continue;
    for (auto& Fb : F) Fb.setZero();
    f.setZero();
    try {
      getForce(e).calcForce(s, m, F, f);
    } catch (const std::exception& ex) {
      found += (found.empty() ? "" : ", ") + std::string("force element '") + getForce(e).getName() +
               "' threw: " + ex.what();
      continue;
    }
    bool finite = f.allFinite();
    for (const auto& Fb : F) finite = finite && Fb.allFinite();
    if (!finite) found += (found.empty() ? "" : ", ") + std::string("force element '") + getForce(e).getName() + "'";
  }
  return found;
}

}  // namespace articula
