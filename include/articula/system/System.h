// System and Subsystem (Theory Manual ch. 1, 7). A System is a flat list of subsystems; after
// realizeTopology() it is read-only and may be shared by threads, each with its own State.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "articula/system/State.h"

namespace articula {

class System;
class ImplicitSolve;

// What an entry of y belongs to, for messages (System::describeVariablePart).
struct VariablePart {
  std::string name;  // e.g. "body 'shank', Pin mobilizer"; empty: the System names no part
  int index = 0;     // the entry's index within that part
};

// Thrown by a projection that cannot reach its tolerance; integrators treat it as a failed step.
class ProjectionFailure : public Error {
 public:
  using Error::Error;
};

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

  // Integrator hooks (Theory Manual ch. 9-10). Vectors are system-wide; a subsystem touches only
  // the slice of the variables it allocated.
  // Makes this subsystem's variables satisfy its constraints to `tolerance` (the matter
  // subsystem normalizes quaternions); if yErrEst is given, removes from that error estimate the
  // components the projection would remove. Returns true if the State changed. Throws
  // ProjectionFailure if it cannot reach the tolerance.
  virtual bool project(State&, Real /*tolerance*/, Vector* /*yErrEst*/) const { return false; }
  // Unit weights 1/δu of this subsystem's u (the System fills 1 first). lengthScale (m) is the
  // model's characteristic length: a linear speed's unit change is lengthScale per second.
  virtual void calcUWeights(const State&, Real /*lengthScale*/, Vector& /*uWeights*/) const {}
  // Unit weights 1/δz of this subsystem's z (the System fills 1 first); lengthScale as above.
  virtual void calcZWeights(const State&, Real /*lengthScale*/, Vector& /*zWeights*/) const {}
  // uLike = N⁺ qLike for this subsystem's slice (needs only q). The default, for nq == nu, copies.
  virtual void multiplyByNInvSlice(const State&, const Vector& qLike, Vector& uLike) const;

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

  // ---- integrator support (each calls the subsystems' hooks) ----
  // Projects the state onto its constraint manifold (quaternions normalized); see
  // Subsystem::project. Returns true if anything changed.
  bool project(State& state, Real tolerance, Vector* yErrEst = nullptr) const;
  // Unit weights 1/δu (size nu) and 1/δz (size nz), default 1 per variable.
  void calcUWeights(const State& state, Real lengthScale, Vector& uWeights) const;
  void calcZWeights(const State& state, Real lengthScale, Vector& zWeights) const;
  // uLike = N⁺(q) qLike (qLike has size nq, uLike size nu): how q-space errors are weighted.
  void multiplyByNInv(const State& state, const Vector& qLike, Vector& uLike) const;
  // The linear algebra of implicit integrators (ImplicitSolve.h); null: J = 0.
  virtual const ImplicitSolve* getImplicitSolve() const { return nullptr; }

  // ---- diagnostics (messages only) ----
  // The part that entry `yIndex` of y = [q u z] belongs to, in `state`'s layout.
  virtual VariablePart describeVariablePart(const State& /*state*/, int /*yIndex*/) const { return {}; }
  // What produced non-finite values at `state` (e.g. "non-finite force from force element 'x'");
  // "" if nothing is found.
  virtual std::string describeNonFiniteSources(const State& /*state*/) const { return ""; }

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
