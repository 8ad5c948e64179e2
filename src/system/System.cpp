#include "articula/system/System.h"
#include "articula/math/UpperVectorState.h"

#include <atomic>
#include <string>

namespace articula {

int64_t System::nextId() {
  static std::atomic<int64_t> counter{0};
  return ++counter;
}

void Subsystem::requireNotFrozen(const char* what) const {
  if (system_ && system_->isTopologyRealized())
    throw Error("Subsystem '" + name_ + "': " + what + " is not allowed after the System's topology was realized");
}

int System::adoptSubsystem(std::unique_ptr<Subsystem> subsystem) {
  if (topologyRealized_)
    throw Error("System '" + name_ + "': cannot add subsystem '" + subsystem->getName() + "' after realizeTopology()");
  if (subsystem->system_) throw Error("Subsystem '" + subsystem->getName() + "' already belongs to a System");
  subsystem->system_ = this;
  subsystem->index_ = static_cast<int>(subsystems_.size());
  subsystems_.push_back(std::move(subsystem));
  return subsystems_.back()->index_;
}

Subsystem& System::updSubsystem(int i) {
  if (topologyRealized_) throw Error("System '" + name_ + "': subsystems are read-only after realizeTopology()");
  return *subsystems_.at(i);
}

const State& System::realizeTopology() {
  if (topologyRealized_) return defaultState_;
  State state;
  for (auto& ss : subsystems_) state.addSubsystem(ss->getName());
  // Subsystems finish their construction and allocate; the layout is fixed afterwards.
  for (auto& ss : subsystems_) ss->realizeTopology(state);
  state.finalizeLayout();
  state.setSystemId(id_);
  topologyRealized_ = true;
  for (int i = 0; i < getNumSubsystems(); ++i) state.advanceSubsystemToStage(i, Stage::Topology);
  // Subsystems write default values now that y and the cache exist.
  for (const auto& ss : subsystems_) ss->initializeState(state);
  realizeOneStage(state, Stage::Model);
  defaultState_ = state;
  return defaultState_;
}

const State& System::getDefaultState() const {
  if (!topologyRealized_) throw Error("System '" + name_ + "': call realizeTopology() before getDefaultState()");
  return defaultState_;
}

void System::realize(State& state, Stage stage) const {
  clearUpperVectorState();
  if (!topologyRealized_) throw Error("System '" + name_ + "': call realizeTopology() before realize()");
  // Same subsystem count is not enough: another System's cache indices would be out of bounds here.
  if (state.getSystemId() != id_ || state.getNumSubsystems() != getNumSubsystems())
    throw Error("System '" + name_ + "': the State was not made by this System");
  for (Stage s = nextStage(state.getSystemStage()); s <= stage; s = nextStage(s)) realizeOneStage(state, s);
}

void System::realizeOneStage(State& state, Stage s) const {
  for (const auto& ss : subsystems_) {
    const int i = ss->getIndex();
    if (state.getSubsystemStage(i) >= s) continue;
    switch (s) {
      case Stage::Model: ss->realizeModel(state); break;
      case Stage::Instance: ss->realizeInstance(state); break;
      case Stage::Time: ss->realizeTime(state); break;
      case Stage::Position: ss->realizePosition(state); break;
      case Stage::Velocity: ss->realizeVelocity(state); break;
      case Stage::Dynamics: ss->realizeDynamics(state); break;
      case Stage::Acceleration: ss->realizeAcceleration(state); break;
      case Stage::Report: ss->realizeReport(state); break;
      default: break;
    }
    state.advanceSubsystemToStage(i, s);
  }
}

// ---- integrator support ----

void Subsystem::multiplyByNInvSlice(const State& s, const Vector& qLike, Vector& uLike) const {
  const int i = getIndex();
  const int last = s.getNumSubsystems() - 1;
  const int q0 = s.getQStart(i), u0 = s.getUStart(i);
  const int nq = (i == last ? s.getNQ() : s.getQStart(i + 1)) - q0;
  const int nu = (i == last ? s.getNU() : s.getUStart(i + 1)) - u0;
  if (nq == 0 && nu == 0) return;
  if (nq != nu)
    throw Error("Subsystem '" + name_ + "': has " + std::to_string(nq) + " q but " + std::to_string(nu) +
                " u and does not override multiplyByNInvSlice");
  uLike.segment(u0, nu) = qLike.segment(q0, nq);
}

bool System::project(State& state, Real tolerance, Vector* yErrEst) const {
  if (!topologyRealized_) throw Error("System '" + name_ + "': call realizeTopology() before project()");
  if (!(tolerance > 0))
    throw Error("System '" + name_ + "': projection tolerance must be > 0, got " + std::to_string(tolerance));
  if (yErrEst && yErrEst->size() != state.getY().size())
    throw Error("System '" + name_ + "': project() error estimate has size " + std::to_string(yErrEst->size()) +
                ", expected " + std::to_string(state.getY().size()));
  bool changed = false;
  for (const auto& ss : subsystems_) changed = ss->project(state, tolerance, yErrEst) || changed;
  return changed;
}

void System::calcUWeights(const State& state, Real lengthScale, Vector& uWeights) const {
  if (!(lengthScale > 0))
    throw Error("System '" + name_ + "': length scale must be > 0 m, got " + std::to_string(lengthScale));
  uWeights.setOnes(state.getNU());
  for (const auto& ss : subsystems_) ss->calcUWeights(state, lengthScale, uWeights);
}

void System::calcZWeights(const State& state, Real lengthScale, Vector& zWeights) const {
  if (!(lengthScale > 0))
    throw Error("System '" + name_ + "': length scale must be > 0 m, got " + std::to_string(lengthScale));
  zWeights.setOnes(state.getNZ());
  for (const auto& ss : subsystems_) ss->calcZWeights(state, lengthScale, zWeights);
}

void System::multiplyByNInv(const State& state, const Vector& qLike, Vector& uLike) const {
  if (qLike.size() != state.getNQ())
    throw Error("System '" + name_ + "': multiplyByNInv expected " + std::to_string(state.getNQ()) + " q values, got " +
                std::to_string(qLike.size()));
  uLike.resize(state.getNU());
  for (const auto& ss : subsystems_) ss->multiplyByNInvSlice(state, qLike, uLike);
}

}  // namespace articula
