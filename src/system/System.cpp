#include "articula/system/System.h"

#include <atomic>

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
  if (topologyRealized_) throw Error("System '" + name_ + "': cannot add subsystem '" + subsystem->getName() +
                                     "' after realizeTopology()");
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

}  // namespace articula
