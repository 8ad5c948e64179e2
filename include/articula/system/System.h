// System and Subsystem (Theory Manual ch. 1, 7). A System is a flat list of subsystems; after
// realizeTopology() it is read-only and may be shared by threads, each with its own State.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "articula/system/State.h"

namespace articula {

class System;

class Subsystem {
 public:
  explicit Subsystem(std::string name) : name_(std::move(name)) {}
  virtual ~Subsystem() = default;
  Subsystem(const Subsystem&) = delete;
  Subsystem& operator=(const Subsystem&) = delete;

  const std::string& getName() const { return name_; }
  int getIndex() const { return index_; }
  const System& getSystem() const { return *system_; }
  bool isInSystem() const { return system_ != nullptr; }

  // Realization hooks. Topology may finish the subsystem's own construction (it is the last
  // moment it can change) and allocates its state resources; later stages are const.
  virtual void realizeTopology(State&) {}
  // Called once after the layout is fixed: write default values of variables.
  virtual void initializeState(State&) const {}
  virtual void realizeModel(State&) const {}
  virtual void realizeInstance(State&) const {}
  virtual void realizeTime(State&) const {}
  virtual void realizePosition(State&) const {}
  virtual void realizeVelocity(State&) const {}
  virtual void realizeDynamics(State&) const {}
  virtual void realizeAcceleration(State&) const {}
  virtual void realizeReport(State&) const {}

 protected:
  // Throws if the owning System has realized its topology (construction is over).
  void requireNotFrozen(const char* what) const;

 private:
  friend class System;
  std::string name_;
  int index_ = -1;
  System* system_ = nullptr;
};

class System {
 public:
  explicit System(std::string name = "system") : name_(std::move(name)), id_(nextId()) {}
  virtual ~System() = default;
  System(const System&) = delete;
  System& operator=(const System&) = delete;

  const std::string& getName() const { return name_; }
  // Takes ownership; returns the subsystem's index.
  int adoptSubsystem(std::unique_ptr<Subsystem> subsystem);
  int getNumSubsystems() const { return static_cast<int>(subsystems_.size()); }
  const Subsystem& getSubsystem(int i) const { return *subsystems_.at(i); }
  Subsystem& updSubsystem(int i);

  // Freezes the System, lets subsystems allocate their resources and returns the default State.
  const State& realizeTopology();
  bool isTopologyRealized() const { return topologyRealized_; }
  const State& getDefaultState() const;
  // Realizes every subsystem stage by stage up to `stage` (Model .. Report).
  void realize(State& state, Stage stage = Stage::Report) const;
  void realizeModel(State& state) const { realize(state, Stage::Model); }

 private:
  void realizeOneStage(State& state, Stage s) const;
  static int64_t nextId();  // unique per System object, never 0, never reused

  std::string name_;
  int64_t id_;  // stamped on every State this System makes
  std::vector<std::unique_ptr<Subsystem>> subsystems_;
  bool topologyRealized_ = false;
  State defaultState_;
};

}  // namespace articula
