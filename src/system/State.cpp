#include "articula/system/State.h"
#include "articula/system/StageError.h"

#include <algorithm>
#include <atomic>

namespace articula {

uint64_t State::newHistoryId() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

State::State() : historyId_(newHistoryId()) {}

State::State(const State& other) { *this = other; }

// Into a State of the same layout (a copy made earlier, as the frame pipeline and integrators
// reuse theirs) the values are assigned in place, so vectors and caches keep their storage and
// nothing is allocated; otherwise every value is cloned.
State& State::operator=(const State& other) {
  if (this == &other) return *this;
  historyId_ = newHistoryId();
  subsystems_ = other.subsystems_;
  systemId_ = other.systemId_;
  layoutFixed_ = other.layoutFixed_;
  stageVersion_ = other.stageVersion_;
  t_ = other.t_;
  nq_ = other.nq_;
  nu_ = other.nu_;
  nz_ = other.nz_;
  y_ = other.y_;
  qdot_ = other.qdot_;
  udot_ = other.udot_;
  zdot_ = other.zdot_;
  qerr_ = other.qerr_;
  uerr_ = other.uerr_;
  udoterr_ = other.udoterr_;
  lambda_ = other.lambda_;
  if (!assignValuesInPlace(other)) {
    discrete_.clear();
    discrete_.reserve(other.discrete_.size());
    for (const auto& d : other.discrete_) discrete_.push_back({d.owner, d.invalidates, d.value->clone(), d.name});
    cache_.clear();
    cache_.reserve(other.cache_.size());
    for (const auto& c : other.cache_)
      cache_.push_back({c.owner, c.dependsOn, c.lazy, c.value->clone(), c.name, c.versionWhenMarked});
  }
  return *this;
}

// Same entries of the same types (by tag): assign each value, keep names and flags in step.
bool State::assignValuesInPlace(const State& other) {
  if (discrete_.size() != other.discrete_.size() || cache_.size() != other.cache_.size()) return false;
  for (size_t i = 0; i < discrete_.size(); ++i)
    if (discrete_[i].value->tag() != other.discrete_[i].value->tag()) return false;
  for (size_t i = 0; i < cache_.size(); ++i)
    if (cache_[i].value->tag() != other.cache_[i].value->tag()) return false;
  for (size_t i = 0; i < discrete_.size(); ++i) {
    Discrete& d = discrete_[i];
    const Discrete& o = other.discrete_[i];
    d.owner = o.owner;
    d.invalidates = o.invalidates;
    if (d.name != o.name) d.name = o.name;
    if (!d.value->assignFrom(*o.value)) d.value = o.value->clone();
  }
  for (size_t i = 0; i < cache_.size(); ++i) {
    CacheEntry& c = cache_[i];
    const CacheEntry& o = other.cache_[i];
    c.owner = o.owner;
    c.dependsOn = o.dependsOn;
    c.lazy = o.lazy;
    c.versionWhenMarked = o.versionWhenMarked;
    if (c.name != o.name) c.name = o.name;
    // A value the source has not realized is garbage there and will read as unrealized here
    // (stages and versions are copied too): keep ours rather than copy it.
    if (!other.isCacheEntryRealized(static_cast<int>(i))) continue;
    if (!c.value->assignFrom(*o.value)) c.value = o.value->clone();
  }
  return true;
}

int State::addSubsystem(const std::string& name) {
  subsystems_.push_back(SubsystemInfo{name});
  return static_cast<int>(subsystems_.size()) - 1;
}

void State::requireLayoutOpen(int ss, const char* what) const {
  const SubsystemInfo& info = subsystems_.at(ss);
  // Growing a block after finalizeLayout() would make it overrun y and the pools.
  if (layoutFixed_)
    throw Error("Subsystem '" + info.name + "': cannot allocate " + what + " after the State layout was fixed");
}

void State::requireCanAllocate(int ss, const std::string& name, Stage invalidates) const {
  const SubsystemInfo& info = subsystems_.at(ss);
  if (info.stage >= Stage::Instance)
    throw Error("Subsystem '" + info.name + "': cannot allocate '" + name +
                "' after stage Instance (it is realized to " + stageName(info.stage) + ")");
  if (invalidates < Stage::Model || invalidates > Stage::Report)
    throw Error("Subsystem '" + info.name + "': '" + name + "' cannot invalidate stage " + stageName(invalidates));
}

int State::allocateQ(int ss, int n) {
  requireLayoutOpen(ss, "q");
  int s = subsystems_.at(ss).nq;
  subsystems_[ss].nq += n;
  return s;
}
int State::allocateU(int ss, int n) {
  requireLayoutOpen(ss, "u");
  int s = subsystems_.at(ss).nu;
  subsystems_[ss].nu += n;
  return s;
}
int State::allocateZ(int ss, int n) {
  requireLayoutOpen(ss, "z");
  int s = subsystems_.at(ss).nz;
  subsystems_[ss].nz += n;
  return s;
}

void State::allocateConstraintEquations(int ss, int mp, int mv, int ma) {
  requireLayoutOpen(ss, "constraint equations");
  auto& info = subsystems_.at(ss);
  info.mp += mp;
  info.mv += mv;
  info.ma += ma;
}

void State::finalizeLayout() {
  nq_ = nu_ = nz_ = 0;
  int mp = 0, mv = 0, ma = 0;
  for (auto& s : subsystems_) {
    s.qStart = nq_;
    nq_ += s.nq;
    s.uStart = nu_;
    nu_ += s.nu;
    s.zStart = nz_;
    nz_ += s.nz;
    mp += s.mp;
    mv += s.mv;
    ma += s.ma;
  }
  y_ = Vector::Zero(nq_ + nu_ + nz_);
  qdot_ = Vector::Zero(nq_);
  udot_ = Vector::Zero(nu_);
  zdot_ = Vector::Zero(nz_);
  qerr_ = Vector::Zero(mp);
  uerr_ = Vector::Zero(mp + mv);
  udoterr_ = Vector::Zero(mp + mv + ma);
  lambda_ = Vector::Zero(mp + mv + ma);
  layoutFixed_ = true;
}

Stage State::getSystemStage() const {
  if (subsystems_.empty()) return Stage::Empty;
  Stage lowest = Stage::Report;
  for (const auto& s : subsystems_) lowest = std::min(lowest, s.stage);
  return lowest;
}

void State::invalidateAll(Stage s) {
  const Stage keep = prevStage(s);
  for (auto& info : subsystems_) info.stage = std::min(info.stage, keep);
  for (int i = static_cast<int>(s); i < NumStages; ++i) ++stageVersion_[i];
}

void State::requireStage(Stage s, const char* what) const {
  const Stage have = getSystemStage();
  if (have < s)
    throw StageError(std::string("State: '") + what + "' needs stage " + stageName(s) +
                     " but the state is realized only to " + stageName(have));
}

void State::setQ(const Eigen::Ref<const Vector>& q) {
  if (q.size() != nq_)
    throw Error("State::setQ: expected " + std::to_string(nq_) + " values, got " + std::to_string(q.size()));
  updQ() = q;
}
void State::setU(const Eigen::Ref<const Vector>& u) {
  if (u.size() != nu_)
    throw Error("State::setU: expected " + std::to_string(nu_) + " values, got " + std::to_string(u.size()));
  updU() = u;
}
void State::setZ(const Eigen::Ref<const Vector>& z) {
  if (z.size() != nz_)
    throw Error("State::setZ: expected " + std::to_string(nz_) + " values, got " + std::to_string(z.size()));
  updZ() = z;
}

bool State::isCacheEntryRealized(int index) const {
  const CacheEntry& c = cache_.at(index);
  const Stage have = subsystems_.at(c.owner).stage;
  if (!c.lazy) return have >= c.dependsOn;
  return have >= c.dependsOn && c.versionWhenMarked == stageVersion_[static_cast<int>(c.dependsOn)];
}

void State::markCacheEntryRealized(int index) const {
  CacheEntry& c = cache_.at(index);
  c.versionWhenMarked = stageVersion_[static_cast<int>(c.dependsOn)];
}

void State::throwStaleCache(const CacheEntry& c) const {
  const SubsystemInfo& owner = subsystems_.at(c.owner);
  throw StageError("Cache entry '" + c.name + "' of subsystem '" + owner.name + "' needs stage " +
                   stageName(c.dependsOn) + (c.lazy ? " (computed on demand)" : "") +
                   " but the subsystem is realized only to " + stageName(owner.stage));
}

}  // namespace articula
