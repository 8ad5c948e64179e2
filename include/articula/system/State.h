// State: every variable of a simulation plus its realization cache (Theory Manual ch. 7).
// Continuous variables are one contiguous y = [q u z]; discrete variables and cache entries are
// typed values owned by a subsystem. Writing a variable invalidates its stage and all later ones;
// reading a cache entry whose stage is not realized throws StageError (StageError.h).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "articula/Error.h"
#include "articula/math/Types.h"
#include "articula/system/Stage.h"

namespace articula {

// A per-type address: comparing tags checks a value's type without the cost of dynamic_cast,
// which matters because cache entries are read many times per realization.
template <class T>
const void* typeTag() {
  static const char tag = 0;
  return &tag;
}

class AbstractValue {
 public:
  explicit AbstractValue(const void* tag) : tag_(tag) {}
  virtual ~AbstractValue() = default;
  virtual std::unique_ptr<AbstractValue> clone() const = 0;
  // Copies other's value into this one (same type: equal tags), reusing this value's storage;
  // false if the type cannot be assigned (then the caller clones).
  virtual bool assignFrom(const AbstractValue& other) = 0;
  const void* tag() const { return tag_; }

 private:
  const void* tag_;
};

template <class T>
class Value final : public AbstractValue {
 public:
  explicit Value(T v) : AbstractValue(typeTag<T>()), value(std::move(v)) {}
  std::unique_ptr<AbstractValue> clone() const override { return std::make_unique<Value<T>>(value); }
  bool assignFrom(const AbstractValue& other) override {
    if constexpr (std::is_copy_assignable_v<T>) {
      value = static_cast<const Value<T>&>(other).value;
      return true;
    } else {
      return false;
    }
  }
  T value;
};

using VectorView = Eigen::Map<Vector>;
using ConstVectorView = Eigen::Map<const Vector>;

class State {
 public:
  State();
  State(const State& other);
  State& operator=(const State& other);
  State(State&&) noexcept = default;
  State& operator=(State&&) noexcept = default;

  // Names this State's own history of realizations: new for every State made or copied into,
  // carried along by moves (so an integrator's rotating states keep theirs). A subsystem may warm
  // start an iterative computation from its last result only while the id is the one it last saw:
  // a copy then always starts cold, and what it computes depends on its variables alone, not on
  // what the object it was copied into had computed before.
  uint64_t getHistoryId() const { return historyId_; }

  // ---- layout (called by subsystems while the System realizes Topology) ----
  int addSubsystem(const std::string& name);
  int getNumSubsystems() const { return static_cast<int>(subsystems_.size()); }
  // Identifies the System that made this State (0: none), so a System can reject foreign States.
  void setSystemId(int64_t id) { systemId_ = id; }
  int64_t getSystemId() const { return systemId_; }
  // Allocate n continuous variables for subsystem ss; returns the start within that subsystem's block.
  int allocateQ(int ss, int n);
  int allocateU(int ss, int n);
  int allocateZ(int ss, int n);
  // Allocate constraint-equation slots (position, velocity, acceleration levels).
  void allocateConstraintEquations(int ss, int mp, int mv, int ma);
  // Fixes the global layout y = [q u z]; called once after all allocations.
  void finalizeLayout();
  int getQStart(int ss) const { return subsystems_[ss].qStart; }
  int getUStart(int ss) const { return subsystems_[ss].uStart; }
  int getZStart(int ss) const { return subsystems_[ss].zStart; }

  // Discrete variables and cache entries may be allocated until the owner has realized Instance.
  template <class T>
  int allocateDiscreteVariable(int ss, Stage invalidates, T initial, std::string name) {
    requireCanAllocate(ss, name, invalidates);
    discrete_.push_back({ss, invalidates, std::make_unique<Value<T>>(std::move(initial)), std::move(name)});
    return static_cast<int>(discrete_.size()) - 1;
  }
  template <class T>
  int allocateCacheEntry(int ss, Stage dependsOn, T initial, std::string name) {
    requireCanAllocate(ss, name);
    cache_.push_back({ss, dependsOn, false, std::make_unique<Value<T>>(std::move(initial)), std::move(name), -1});
    return static_cast<int>(cache_.size()) - 1;
  }
  // A lazy entry is computed on demand: it is valid only after markCacheEntryRealized() and until
  // its dependsOn stage next changes.
  template <class T>
  int allocateLazyCacheEntry(int ss, Stage dependsOn, T initial, std::string name) {
    requireCanAllocate(ss, name);
    cache_.push_back({ss, dependsOn, true, std::make_unique<Value<T>>(std::move(initial)), std::move(name), -1});
    return static_cast<int>(cache_.size()) - 1;
  }

  // ---- stages ----
  Stage getSystemStage() const;
  Stage getSubsystemStage(int ss) const { return subsystems_[ss].stage; }
  void advanceSubsystemToStage(int ss, Stage s) { subsystems_[ss].stage = s; }
  // Marks stage s and every later stage as not realized, and bumps their version counters.
  void invalidateAll(Stage s);
  int64_t getStageVersion(Stage s) const { return stageVersion_[static_cast<int>(s)]; }
  // Throws a clear Error unless the system has realized stage s; `what` names the request.
  void requireStage(Stage s, const char* what) const;

  // ---- time and continuous variables ----
  Real getTime() const { return t_; }
  void setTime(Real t) {
    t_ = t;
    invalidateAll(Stage::Time);
  }
  int getNQ() const { return nq_; }
  int getNU() const { return nu_; }
  int getNZ() const { return nz_; }
  const Vector& getY() const { return y_; }
  ConstVectorView getQ() const { return ConstVectorView(y_.data(), nq_); }
  ConstVectorView getU() const { return ConstVectorView(y_.data() + nq_, nu_); }
  ConstVectorView getZ() const { return ConstVectorView(y_.data() + nq_ + nu_, nz_); }
  VectorView updY() {
    invalidateAll(Stage::Position);
    return VectorView(y_.data(), y_.size());
  }
  VectorView updQ() {
    invalidateAll(Stage::Position);
    return VectorView(y_.data(), nq_);
  }
  VectorView updU() {
    invalidateAll(Stage::Velocity);
    return VectorView(y_.data() + nq_, nu_);
  }
  VectorView updZ() {
    invalidateAll(Stage::Dynamics);
    return VectorView(y_.data() + nq_ + nu_, nz_);
  }
  void setQ(const Eigen::Ref<const Vector>& q);
  void setU(const Eigen::Ref<const Vector>& u);
  void setZ(const Eigen::Ref<const Vector>& z);

  // Derivatives, written by realization: qdot valid at Velocity, udot and zdot at Acceleration.
  const Vector& getQDot() const {
    requireStage(Stage::Velocity, "qdot");
    return qdot_;
  }
  const Vector& getUDot() const {
    requireStage(Stage::Acceleration, "udot");
    return udot_;
  }
  const Vector& getZDot() const {
    requireStage(Stage::Acceleration, "zdot");
    return zdot_;
  }
  Vector& updQDot() { return qdot_; }
  Vector& updUDot() { return udot_; }
  Vector& updZDot() { return zdot_; }

  // Constraint errors and multipliers: |qerr| = mp, |uerr| = mp + mv, |udoterr| = |lambda| = m.
  const Vector& getQErr() const {
    requireStage(Stage::Position, "qerr");
    return qerr_;
  }
  const Vector& getUErr() const {
    requireStage(Stage::Velocity, "uerr");
    return uerr_;
  }
  const Vector& getUDotErr() const {
    requireStage(Stage::Acceleration, "udoterr");
    return udoterr_;
  }
  const Vector& getMultipliers() const {
    requireStage(Stage::Acceleration, "multipliers");
    return lambda_;
  }
  Vector& updQErr() { return qerr_; }
  Vector& updUErr() { return uerr_; }
  Vector& updUDotErr() { return udoterr_; }
  Vector& updMultipliers() { return lambda_; }

  // ---- discrete variables ----
  template <class T>
  const T& getDiscreteVariable(int index) const {
    return valueOf<T>(discrete_.at(index).value, discrete_.at(index).name);
  }
  template <class T>
  T& updDiscreteVariable(int index) {
    auto& d = discrete_.at(index);
    invalidateAll(d.invalidates);
    return valueOf<T>(d.value, d.name);
  }

  // ---- cache entries ----
  // Read access: the owning subsystem must have realized the entry's stage, or the entry must have
  // been marked realized (lazy entries) since that stage last changed.
  template <class T>
  const T& getCacheEntry(int index) const {
    const CacheEntry& c = cache_.at(index);
    if (!isCacheEntryRealized(index)) throwStaleCache(c);
    return valueOf<T>(c.value, c.name);
  }
  // Write access for realization code and lazy evaluation; no stage check.
  template <class T>
  T& updCacheEntry(int index) const {
    return valueOf<T>(cache_.at(index).value, cache_.at(index).name);
  }
  bool isCacheEntryRealized(int index) const;
  void markCacheEntryRealized(int index) const;

 private:
  struct SubsystemInfo {
    std::string name;
    Stage stage = Stage::Empty;
    int nq = 0, nu = 0, nz = 0, mp = 0, mv = 0, ma = 0;
    int qStart = 0, uStart = 0, zStart = 0;
  };
  struct Discrete {
    int owner;
    Stage invalidates;
    std::unique_ptr<AbstractValue> value;
    std::string name;
  };
  struct CacheEntry {
    int owner;
    Stage dependsOn;
    bool lazy;
    std::unique_ptr<AbstractValue> value;
    std::string name;
    int64_t versionWhenMarked;  // stage version at the last markCacheEntryRealized, -1 if never
  };

  bool assignValuesInPlace(const State& other);
  template <class T>
  static T& valueOf(const std::unique_ptr<AbstractValue>& v, const std::string& name) {
    if (v->tag() != typeTag<T>())
      throw Error("State entry '" + name + "': requested type " + typeid(T).name() + " does not match");
    return static_cast<Value<T>*>(v.get())->value;
  }
  [[noreturn]] void throwStaleCache(const CacheEntry& c) const;
  // Throws unless subsystem ss may still allocate (it has not realized Instance) and, for a
  // discrete variable, its invalidated stage is one a State variable can belong to (>= Model).
  void requireCanAllocate(int ss, const std::string& name, Stage invalidates = Stage::Model) const;
  void requireLayoutOpen(int ss, const char* what) const;

  static uint64_t newHistoryId();

  std::vector<SubsystemInfo> subsystems_;
  uint64_t historyId_ = 0;
  int64_t systemId_ = 0;
  bool layoutFixed_ = false;  // y = [q u z] and the constraint pools are sized: no more q/u/z/m
  std::array<int64_t, NumStages> stageVersion_{};
  Real t_ = 0;
  int nq_ = 0, nu_ = 0, nz_ = 0;
  Vector y_, qdot_, udot_, zdot_;
  Vector qerr_, uerr_, udoterr_, lambda_;
  std::vector<Discrete> discrete_;
  mutable std::vector<CacheEntry> cache_;
};

}  // namespace articula
