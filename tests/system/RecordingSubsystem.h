// A Subsystem for the system-layer tests: it allocates q/u/z, one discrete variable per stage it
// can invalidate, one cache entry per stage Time..Report plus a lazy Position entry, and records
// every realize call with the System stage seen at that moment.
#pragma once
#include <string>
#include <vector>

#include "articula/system/System.h"

namespace articula::testing {

struct RealizeCall {
  int subsystem;
  Stage stage;
  Stage systemStageSeen;
};

class RecordingSubsystem : public Subsystem {
 public:
  RecordingSubsystem(std::string name, int nq, int nu, int nz, std::vector<RealizeCall>* log = nullptr)
      : Subsystem(std::move(name)), nq_(nq), nu_(nu), nz_(nz), log_(log) {}

  // Indices into the State, valid after System::realizeTopology().
  int qStart = -1, uStart = -1, zStart = -1;
  int discrete[NumStages];     // discrete[s]: a Real that invalidates stage s (Model .. Report)
  int cache[NumStages];        // cache[s]: a Real computed when stage s is realized (Time .. Report)
  int lazyPositionEntry = -1;  // sum of q squared, computed on demand

  void realizeTopology(State& s) override {
    qStart = s.allocateQ(getIndex(), nq_);
    uStart = s.allocateU(getIndex(), nu_);
    zStart = s.allocateZ(getIndex(), nz_);
    for (int k = 0; k < NumStages; ++k) discrete[k] = cache[k] = -1;
    for (int k = static_cast<int>(Stage::Model); k < NumStages; ++k) {
      const Stage st = static_cast<Stage>(k);
      discrete[k] = s.allocateDiscreteVariable<Real>(getIndex(), st, 0.0, getName() + ".x_" + stageName(st));
    }
    for (int k = static_cast<int>(Stage::Time); k < NumStages; ++k) {
      const Stage st = static_cast<Stage>(k);
      cache[k] = s.allocateCacheEntry<Real>(getIndex(), st, -1.0, getName() + ".c_" + stageName(st));
    }
    lazyPositionEntry = s.allocateLazyCacheEntry<Real>(getIndex(), Stage::Position, -1.0, getName() + ".lazyQ2");
  }

  // Every cache entry is a function of the variables of its stage, so tests can tell stale from fresh.
  void realizeModel(State& s) const override { record(s, Stage::Model); }
  void realizeInstance(State& s) const override { record(s, Stage::Instance); }
  void realizeTime(State& s) const override {
    record(s, Stage::Time);
    entry(s, Stage::Time) = s.getTime();
  }
  void realizePosition(State& s) const override {
    record(s, Stage::Position);
    entry(s, Stage::Position) = q(s).sum() + s.getDiscreteVariable<Real>(discrete[int(Stage::Position)]);
  }
  void realizeVelocity(State& s) const override {
    record(s, Stage::Velocity);
    entry(s, Stage::Velocity) = u(s).sum();
  }
  void realizeDynamics(State& s) const override {
    record(s, Stage::Dynamics);
    entry(s, Stage::Dynamics) = z(s).sum();
  }
  void realizeAcceleration(State& s) const override {
    record(s, Stage::Acceleration);
    entry(s, Stage::Acceleration) = s.getCacheEntry<Real>(cache[int(Stage::Dynamics)]) + 1;
  }
  void realizeReport(State& s) const override {
    record(s, Stage::Report);
    entry(s, Stage::Report) = s.getCacheEntry<Real>(cache[int(Stage::Acceleration)]) + 1;
  }

  // Lazy evaluation as a client would write it.
  Real getQSquared(const State& s) const {
    if (!s.isCacheEntryRealized(lazyPositionEntry)) {
      s.updCacheEntry<Real>(lazyPositionEntry) = q(s).squaredNorm();
      s.markCacheEntryRealized(lazyPositionEntry);
      ++lazyEvaluations;
    }
    return s.getCacheEntry<Real>(lazyPositionEntry);
  }
  mutable int lazyEvaluations = 0;

  ConstVectorView q(const State& s) const { return ConstVectorView(s.getQ().data() + s.getQStart(getIndex()), nq_); }
  ConstVectorView u(const State& s) const { return ConstVectorView(s.getU().data() + s.getUStart(getIndex()), nu_); }
  ConstVectorView z(const State& s) const { return ConstVectorView(s.getZ().data() + s.getZStart(getIndex()), nz_); }

 private:
  Real& entry(const State& s, Stage st) const { return s.updCacheEntry<Real>(cache[static_cast<int>(st)]); }
  void record(const State& s, Stage st) const {
    if (log_) log_->push_back({getIndex(), st, s.getSystemStage()});
  }
  int nq_, nu_, nz_;
  std::vector<RealizeCall>* log_;
};

}  // namespace articula::testing
