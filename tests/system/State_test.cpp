// State oracles (Theory Manual §11.2-11.3, §13 items 27-30): y = [q u z] layout, what each
// variable invalidates, cache-entry validity (plain and lazy), stage versions, deep copies.
#include "articula/system/State.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include "RecordingSubsystem.h"
#include "support/AllocationCounter.h"

namespace articula {
namespace {

using testing::RecordingSubsystem;

// Two subsystems: "a" with nq 2, nu 3, nz 1 and "b" with nq 1, nu 2, nz 2.
struct TwoSubsystems {
  System system{"sys"};
  RecordingSubsystem* a;
  RecordingSubsystem* b;
  TwoSubsystems() {
    auto pa = std::make_unique<RecordingSubsystem>("a", 2, 3, 1);
    auto pb = std::make_unique<RecordingSubsystem>("b", 1, 2, 2);
    a = pa.get();
    b = pb.get();
    system.adoptSubsystem(std::move(pa));
    system.adoptSubsystem(std::move(pb));
    system.realizeTopology();
  }
  State realized(Stage stage = Stage::Report) const {
    State s = system.getDefaultState();
    s.updY() = Vector::LinSpaced(s.getY().size(), 1.0, 2.0);
    system.realize(s, stage);
    return s;
  }
};

template <class F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no Error thrown>";
}

TEST(State, YIsContiguousQUZWithPerSubsystemStarts) {
  TwoSubsystems m;
  State s = m.system.getDefaultState();
  EXPECT_EQ(s.getNQ(), 3);
  EXPECT_EQ(s.getNU(), 5);
  EXPECT_EQ(s.getNZ(), 3);
  ASSERT_EQ(s.getY().size(), 11);
  EXPECT_EQ(s.getQStart(0), 0);
  EXPECT_EQ(s.getQStart(1), 2);
  EXPECT_EQ(s.getUStart(1), 3);
  EXPECT_EQ(s.getZStart(1), 1);
  s.updY() = Vector::LinSpaced(11, 0.0, 10.0);
  // Views alias y: q at 0, u at nq, z at nq + nu.
  EXPECT_EQ(s.getQ().data(), s.getY().data());
  EXPECT_EQ(s.getU().data(), s.getY().data() + 3);
  EXPECT_EQ(s.getZ().data(), s.getY().data() + 8);
  EXPECT_EQ(m.a->q(s)[1], 1.0);
  EXPECT_EQ(m.b->q(s)[0], 2.0);
  EXPECT_EQ(m.a->u(s)[0], 3.0);
  EXPECT_EQ(m.b->u(s)[1], 7.0);
  EXPECT_EQ(m.a->z(s)[0], 8.0);
  EXPECT_EQ(m.b->z(s)[1], 10.0);
  // Derivative pools match.
  s.updQDot();
  EXPECT_EQ(s.updQDot().size(), 3);
  EXPECT_EQ(s.updUDot().size(), 5);
  EXPECT_EQ(s.updZDot().size(), 3);
}

// |qerr| = mp, |uerr| = mp + mv, |udoterr| = |lambda| = m, summed over owners (oracle 19/30).
TEST(State, ConstraintPoolSizesAreSumsOverOwners) {
  State s;
  s.addSubsystem("c0");
  s.addSubsystem("c1");
  s.allocateConstraintEquations(0, 2, 1, 1);
  s.allocateConstraintEquations(1, 1, 0, 3);
  s.finalizeLayout();
  EXPECT_EQ(s.updQErr().size(), 3);
  EXPECT_EQ(s.updUErr().size(), 4);
  EXPECT_EQ(s.updUDotErr().size(), 8);
  EXPECT_EQ(s.updMultipliers().size(), 8);
}

// Each setter, the stage it invalidates (Theory Manual §11.2 eq. 7.1).
struct Change {
  const char* what;
  Stage invalidates;
  std::function<void(State&, const RecordingSubsystem&)> apply;
};

TEST(State, EachVariableInvalidatesExactlyItsStageAndLater) {
  TwoSubsystems m;
  std::vector<Change> changes = {
      {"setTime", Stage::Time, [](State& s, const RecordingSubsystem&) { s.setTime(0.5); }},
      {"updQ", Stage::Position, [](State& s, const RecordingSubsystem&) { s.updQ()[0] += 1; }},
      {"setQ", Stage::Position, [](State& s, const RecordingSubsystem&) { s.setQ(Vector::Ones(s.getNQ())); }},
      {"updY", Stage::Position, [](State& s, const RecordingSubsystem&) { s.updY()[9] += 1; }},
      {"updU", Stage::Velocity, [](State& s, const RecordingSubsystem&) { s.updU()[0] += 1; }},
      {"setU", Stage::Velocity, [](State& s, const RecordingSubsystem&) { s.setU(Vector::Ones(s.getNU())); }},
      {"updZ", Stage::Dynamics, [](State& s, const RecordingSubsystem&) { s.updZ()[0] += 1; }},
      {"setZ", Stage::Dynamics, [](State& s, const RecordingSubsystem&) { s.setZ(Vector::Ones(s.getNZ())); }},
  };
  for (int k = static_cast<int>(Stage::Model); k < NumStages; ++k)
    changes.push_back({"discrete", static_cast<Stage>(k), [k](State& s, const RecordingSubsystem& ss) {
                         s.updDiscreteVariable<Real>(ss.discrete[k]) += 1;
                       }});
  for (const Change& c : changes) {
    State s = m.realized();
    std::array<int64_t, NumStages> before;
    for (int k = 0; k < NumStages; ++k) before[k] = s.getStageVersion(static_cast<Stage>(k));
    c.apply(s, *m.b);
    const std::string label = std::string(c.what) + " (invalidates " + stageName(c.invalidates) + ")";
    EXPECT_EQ(s.getSystemStage(), prevStage(c.invalidates)) << label;
    for (int i = 0; i < 2; ++i)
      EXPECT_EQ(s.getSubsystemStage(i), prevStage(c.invalidates)) << label << ", subsystem " << i;
    for (int k = 0; k < NumStages; ++k) {
      const Stage st = static_cast<Stage>(k);
      if (st < c.invalidates)
        EXPECT_EQ(s.getStageVersion(st), before[k]) << label << ": version of " << stageName(st) << " must not change";
      else EXPECT_GT(s.getStageVersion(st), before[k]) << label << ": version of " << stageName(st) << " must increase";
    }
    // Entries below the invalidated stage stay readable; the rest throw.
    for (int k = static_cast<int>(Stage::Time); k < NumStages; ++k) {
      const Stage st = static_cast<Stage>(k);
      if (st < c.invalidates)
        EXPECT_NO_THROW(s.getCacheEntry<Real>(m.a->cache[k])) << label << ", entry " << stageName(st);
      else EXPECT_THROW(s.getCacheEntry<Real>(m.a->cache[k]), Error) << label << ", entry " << stageName(st);
    }
    m.system.realize(s, Stage::Report);
    EXPECT_EQ(s.getSystemStage(), Stage::Report) << label;
  }
}

TEST(State, StaleCacheEntryErrorNamesEntryAndStage) {
  TwoSubsystems m;
  State s = m.realized();
  s.updU()[0] = 3;
  const std::string msg = errorOf([&] { s.getCacheEntry<Real>(m.b->cache[int(Stage::Velocity)]); });
  EXPECT_NE(msg.find("b.c_Velocity"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Velocity"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'b'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Position"), std::string::npos) << "says how far the subsystem is realized: " << msg;
  // Realizing again gives a fresh value, never the stale one.
  m.system.realize(s, Stage::Velocity);
  EXPECT_EQ(s.getCacheEntry<Real>(m.b->cache[int(Stage::Velocity)]), m.b->u(s).sum());
}

TEST(State, CacheEntryOfNeverRealizedStageThrows) {
  TwoSubsystems m;
  State s = m.system.getDefaultState();  // realized to Model only
  const std::string msg = errorOf([&] { s.getCacheEntry<Real>(m.a->cache[int(Stage::Time)]); });
  EXPECT_NE(msg.find("a.c_Time"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Model"), std::string::npos) << msg;
}

TEST(State, DerivativesNeedTheirStage) {
  TwoSubsystems m;
  State s = m.realized(Stage::Position);
  std::string msg = errorOf([&] { s.getQDot(); });
  EXPECT_NE(msg.find("qdot"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Velocity"), std::string::npos) << msg;
  m.system.realize(s, Stage::Dynamics);
  EXPECT_NO_THROW(s.getQDot());
  msg = errorOf([&] { s.getUDot(); });
  EXPECT_NE(msg.find("udot"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Acceleration"), std::string::npos) << msg;
  EXPECT_THROW(s.getZDot(), Error);
  EXPECT_THROW(s.getMultipliers(), Error);
  m.system.realize(s, Stage::Acceleration);
  EXPECT_NO_THROW(s.getUDot());
}

TEST(State, LazyEntryIsComputedOnDemandAndOnlyWhenStale) {
  TwoSubsystems m;
  State s = m.realized(Stage::Position);
  const RecordingSubsystem& a = *m.a;
  EXPECT_FALSE(s.isCacheEntryRealized(a.lazyPositionEntry)) << "a lazy entry is not computed by realize";
  const std::string msg = errorOf([&] { s.getCacheEntry<Real>(a.lazyPositionEntry); });
  EXPECT_NE(msg.find("a.lazyQ2"), std::string::npos) << msg;
  EXPECT_EQ(a.getQSquared(s), a.q(s).squaredNorm());
  EXPECT_EQ(a.lazyEvaluations, 1);
  a.getQSquared(s);
  EXPECT_EQ(a.lazyEvaluations, 1) << "a valid lazy entry is not recomputed";
  // u and t changes leave a Position entry valid... only u: t is below Position.
  s.updU()[0] += 1;
  EXPECT_TRUE(s.isCacheEntryRealized(a.lazyPositionEntry));
  a.getQSquared(s);
  EXPECT_EQ(a.lazyEvaluations, 1);
  // A q change makes it stale until Position is realized and it is computed again.
  s.updQ()[0] += 1;
  EXPECT_FALSE(s.isCacheEntryRealized(a.lazyPositionEntry));
  m.system.realize(s, Stage::Position);
  EXPECT_FALSE(s.isCacheEntryRealized(a.lazyPositionEntry)) << "re-realizing Position does not compute lazy entries";
  EXPECT_EQ(a.getQSquared(s), a.q(s).squaredNorm());
  EXPECT_EQ(a.lazyEvaluations, 2);
}

TEST(State, LazyEntryMarkedBeforeItsStageIsStillUnreadable) {
  TwoSubsystems m;
  State s = m.realized(Stage::Time);
  s.markCacheEntryRealized(m.a->lazyPositionEntry);
  EXPECT_FALSE(s.isCacheEntryRealized(m.a->lazyPositionEntry));
  EXPECT_THROW(s.getCacheEntry<Real>(m.a->lazyPositionEntry), Error);
}

TEST(State, CopiesAreDeepAndIndependent) {
  TwoSubsystems m;
  State original = m.realized();
  const Real cachedPos = original.getCacheEntry<Real>(m.a->cache[int(Stage::Position)]);
  const Vector y0 = original.getY();

  State copy = original;
  EXPECT_EQ(copy.getSystemStage(), Stage::Report) << "the cache is copied with its validity";
  EXPECT_EQ(copy.getCacheEntry<Real>(m.a->cache[int(Stage::Position)]), cachedPos);
  EXPECT_EQ(copy.getY(), y0);
  for (int k = 0; k < NumStages; ++k) EXPECT_EQ(copy.getStageVersion(Stage(k)), original.getStageVersion(Stage(k)));

  copy.updQ()[0] = 42;
  copy.updDiscreteVariable<Real>(m.a->discrete[int(Stage::Position)]) = 7;
  copy.updCacheEntry<Real>(m.a->cache[int(Stage::Time)]) = -99;
  copy.setTime(3);
  EXPECT_EQ(original.getY(), y0);
  EXPECT_EQ(original.getTime(), 0);
  EXPECT_EQ(original.getDiscreteVariable<Real>(m.a->discrete[int(Stage::Position)]), 0);
  EXPECT_EQ(original.getCacheEntry<Real>(m.a->cache[int(Stage::Time)]), 0) << "cache values are not shared";
  EXPECT_EQ(original.getSystemStage(), Stage::Report);
  EXPECT_EQ(original.getCacheEntry<Real>(m.a->cache[int(Stage::Position)]), cachedPos);

  // The copy realizes independently and sees its own discrete value.
  m.system.realize(copy, Stage::Position);
  EXPECT_EQ(copy.getCacheEntry<Real>(m.a->cache[int(Stage::Position)]), m.a->q(copy).sum() + 7);
  EXPECT_EQ(original.getCacheEntry<Real>(m.a->cache[int(Stage::Position)]), cachedPos);

  // Assignment is deep too, and self-assignment is harmless.
  State assigned;
  assigned = original;
  assigned.updDiscreteVariable<Real>(m.b->discrete[int(Stage::Model)]) = 5;
  EXPECT_EQ(original.getDiscreteVariable<Real>(m.b->discrete[int(Stage::Model)]), 0);
  State& alias = assigned;
  assigned = alias;
  EXPECT_EQ(assigned.getDiscreteVariable<Real>(m.b->discrete[int(Stage::Model)]), 5);
}

// Assigning into a State of the same layout reuses its values' storage (no allocation once warm)
// and gives the same State as a fresh copy: values, validity and versions; the source's later
// changes stay out of it. Into a State of another layout it clones.
TEST(State, AssignmentIntoTheSameLayoutIsInPlaceAndDeep) {
  TwoSubsystems m;
  State source = m.realized();
  State target = m.realized(Stage::Position);
  target.updDiscreteVariable<Real>(m.a->discrete[int(Stage::Position)]) = 3;
  source.setTime(0.5);
  m.system.realize(source, Stage::Report);
  const long allocations = ::articula::testing::allocationsDuring([&] { target = source; });
  if (::articula::testing::kAllocationCountingAvailable) {
    EXPECT_EQ(allocations, 0);
  }
  EXPECT_EQ(target.getTime(), 0.5);
  EXPECT_EQ(target.getSystemStage(), Stage::Report);
  EXPECT_EQ(target.getY(), source.getY());
  EXPECT_EQ(target.getDiscreteVariable<Real>(m.a->discrete[int(Stage::Position)]), 0);
  for (int k = 0; k < NumStages; ++k) {
    EXPECT_EQ(target.getStageVersion(Stage(k)), source.getStageVersion(Stage(k)));
    if (k >= int(Stage::Time)) {
      EXPECT_EQ(target.getCacheEntry<Real>(m.a->cache[k]), source.getCacheEntry<Real>(m.a->cache[k])) << k;
    }
  }
  source.updCacheEntry<Real>(m.a->cache[int(Stage::Time)]) = -1;
  EXPECT_NE(target.getCacheEntry<Real>(m.a->cache[int(Stage::Time)]), -1) << "values are not shared";

  System one{"one"};  // another layout: cloned
  auto owned = std::make_unique<RecordingSubsystem>("c", 1, 1, 0);
  const RecordingSubsystem* c = owned.get();
  one.adoptSubsystem(std::move(owned));
  one.realizeTopology();
  State foreign = one.getDefaultState();
  one.realize(foreign, Stage::Position);
  target = foreign;
  EXPECT_EQ(target.getNumSubsystems(), 1);
  EXPECT_EQ(target.getY(), foreign.getY());
  EXPECT_EQ(target.getCacheEntry<Real>(c->cache[int(Stage::Position)]),
            foreign.getCacheEntry<Real>(c->cache[int(Stage::Position)]));
}

// A value the source has not realized is not copied (it is garbage there): the target reads it
// as unrealized, and realizing the target computes it afresh, equal to the source's own.
TEST(State, AssignmentSkipsValuesTheSourceHasNotRealized) {
  TwoSubsystems m;
  State target = m.realized(Stage::Report);
  const int pos = m.a->cache[int(Stage::Position)];
  target.updCacheEntry<Real>(pos) = 42;  // a value the target will keep
  State source = m.realized(Stage::Time);
  source.updQ()[0] += 0.25;
  m.system.realize(source, Stage::Time);
  target = source;
  EXPECT_EQ(target.getSystemStage(), Stage::Time);
  EXPECT_FALSE(target.isCacheEntryRealized(pos));
  EXPECT_EQ(target.updCacheEntry<Real>(pos), 42) << "the unrealized value was copied";
  EXPECT_EQ(target.getCacheEntry<Real>(m.a->cache[int(Stage::Time)]),
            source.getCacheEntry<Real>(m.a->cache[int(Stage::Time)]));
  m.system.realize(target, Stage::Report);
  m.system.realize(source, Stage::Report);
  for (int k = int(Stage::Time); k < NumStages; ++k)
    EXPECT_EQ(target.getCacheEntry<Real>(m.a->cache[k]), source.getCacheEntry<Real>(m.a->cache[k])) << k;
}

// Oracle 29: re-realizing, or realizing a copy, gives bit-identical results.
// A history id is new for every State made or copied into and travels with moves, so warm starts
// (ContactGeometry) stay with the integrator's rotating states and never leak into copies.
TEST(State, HistoryIdIsNewForCopiesAndKeptByMoves) {
  TwoSubsystems m;
  State a = m.realized();
  const uint64_t idA = a.getHistoryId();
  EXPECT_NE(idA, 0u);
  State copy = a;
  EXPECT_NE(copy.getHistoryId(), idA);
  State assigned = m.realized();
  const uint64_t before = assigned.getHistoryId();
  assigned = a;
  EXPECT_NE(assigned.getHistoryId(), before);
  EXPECT_NE(assigned.getHistoryId(), idA);
  EXPECT_NE(assigned.getHistoryId(), copy.getHistoryId());
  const uint64_t idCopy = copy.getHistoryId();
  std::swap(a, copy);
  EXPECT_EQ(a.getHistoryId(), idCopy);
  EXPECT_EQ(copy.getHistoryId(), idA);
  State moved = std::move(a);
  EXPECT_EQ(moved.getHistoryId(), idCopy);
  a = moved;  // a moved-from State is still an assignment target
  EXPECT_NE(a.getHistoryId(), idCopy);
}

TEST(State, RealizationIsDeterministic) {
  TwoSubsystems m;
  State s = m.realized();
  State fresh = m.system.getDefaultState();
  fresh.updY() = s.getY();
  State copyOfFresh = fresh;
  m.system.realize(fresh, Stage::Report);
  m.system.realize(copyOfFresh, Stage::Report);
  for (int k = static_cast<int>(Stage::Time); k < NumStages; ++k) {
    EXPECT_EQ(fresh.getCacheEntry<Real>(m.b->cache[k]), s.getCacheEntry<Real>(m.b->cache[k]));
    EXPECT_EQ(copyOfFresh.getCacheEntry<Real>(m.b->cache[k]), s.getCacheEntry<Real>(m.b->cache[k]));
  }
}

TEST(State, BadAccessErrorsNameTheVariable) {
  TwoSubsystems m;
  State s = m.realized();
  std::string msg = errorOf([&] { s.getDiscreteVariable<int>(m.a->discrete[int(Stage::Time)]); });
  EXPECT_NE(msg.find("a.x_Time"), std::string::npos) << msg;
  msg = errorOf([&] { s.setQ(Vector::Zero(7)); });
  EXPECT_NE(msg.find("setQ"), std::string::npos) << msg;
  EXPECT_NE(msg.find("7"), std::string::npos) << msg;
  EXPECT_THROW(s.setU(Vector::Zero(1)), Error);
  EXPECT_THROW(s.setZ(Vector::Zero(0)), Error);
}

// Oracle 28: nothing may be allocated once the layout is fixed (continuous variables) or after
// Instance (discrete variables and cache entries).
TEST(State, AllocatingAfterLayoutIsFixedFails) {
  State s;
  s.addSubsystem("late");
  s.allocateQ(0, 2);
  s.finalizeLayout();
  const std::string msg = errorOf([&] { s.allocateQ(0, 1); });
  EXPECT_NE(msg.find("late"), std::string::npos) << msg;
  EXPECT_THROW(s.allocateU(0, 1), Error);
  EXPECT_THROW(s.allocateZ(0, 1), Error);
  EXPECT_THROW(s.allocateConstraintEquations(0, 1, 0, 0), Error);
  EXPECT_EQ(s.getNQ(), 2);
}

TEST(State, AllocatingAfterInstanceFails) {
  State s;
  s.addSubsystem("late");
  s.finalizeLayout();
  s.advanceSubsystemToStage(0, Stage::Model);
  EXPECT_NO_THROW(s.allocateCacheEntry<Real>(0, Stage::Position, 0.0, "ok"));
  s.advanceSubsystemToStage(0, Stage::Instance);
  const std::string msg = errorOf([&] { s.allocateCacheEntry<Real>(0, Stage::Position, 0.0, "too-late"); });
  EXPECT_NE(msg.find("too-late"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Instance"), std::string::npos) << msg;
  EXPECT_THROW(s.allocateDiscreteVariable<Real>(0, Stage::Position, 0.0, "x"), Error);
  EXPECT_THROW(s.allocateLazyCacheEntry<Real>(0, Stage::Position, 0.0, "y"), Error);
}

}  // namespace
}  // namespace articula
