// System oracles (Theory Manual §11.1, §13 item 27): stage-by-stage realization across
// subsystems, laziness, construction freezing, and rejection of foreign States.
#include "articula/system/System.h"

#include <gtest/gtest.h>

#include <memory>

#include "RecordingSubsystem.h"

namespace articula {
namespace {

using testing::RealizeCall;
using testing::RecordingSubsystem;

struct Logged {
  std::vector<RealizeCall> log;
  System system{"logged"};
  RecordingSubsystem* a;
  RecordingSubsystem* b;
  Logged() {
    auto pa = std::make_unique<RecordingSubsystem>("a", 1, 1, 1, &log);
    auto pb = std::make_unique<RecordingSubsystem>("b", 2, 0, 1, &log);
    a = pa.get();
    b = pb.get();
    system.adoptSubsystem(std::move(pa));
    system.adoptSubsystem(std::move(pb));
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

// Expects exactly stages [from, to], each realized by a then b, while every subsystem had finished
// the previous stage (so the System stage seen is the one before).
void expectStagesInOrder(const std::vector<RealizeCall>& log, Stage from, Stage to) {
  std::vector<RealizeCall> expected;
  for (Stage s = from; s <= to; s = nextStage(s))
    for (int i = 0; i < 2; ++i) expected.push_back({i, s, prevStage(s)});
  ASSERT_EQ(log.size(), expected.size());
  for (size_t k = 0; k < log.size(); ++k) {
    EXPECT_EQ(log[k].subsystem, expected[k].subsystem) << "call " << k;
    EXPECT_EQ(log[k].stage, expected[k].stage) << "call " << k;
    EXPECT_EQ(log[k].systemStageSeen, expected[k].systemStageSeen)
        << "call " << k << ": " << stageName(log[k].stage)
        << " started before every subsystem finished the previous stage";
  }
}

TEST(System, TopologyRealizesModelAndGivesTheDefaultState) {
  Logged m;
  EXPECT_FALSE(m.system.isTopologyRealized());
  const State& def = m.system.realizeTopology();
  EXPECT_TRUE(m.system.isTopologyRealized());
  expectStagesInOrder(m.log, Stage::Model, Stage::Model);
  EXPECT_EQ(def.getSystemStage(), Stage::Model);
  EXPECT_EQ(&def, &m.system.getDefaultState());
  EXPECT_EQ(def.getNumSubsystems(), 2);
  EXPECT_EQ(m.a->getIndex(), 0);
  EXPECT_EQ(m.b->getIndex(), 1);
  EXPECT_EQ(&m.system.getSubsystem(1), m.b);
  // A second call is a no-op returning the same default State.
  m.log.clear();
  EXPECT_EQ(&m.system.realizeTopology(), &def);
  EXPECT_TRUE(m.log.empty());
}

TEST(System, RealizeFillsEveryLowerStageInOrder) {
  Logged m;
  m.system.realizeTopology();
  State s = m.system.getDefaultState();
  m.log.clear();
  m.system.realize(s, Stage::Dynamics);
  expectStagesInOrder(m.log, Stage::Instance, Stage::Dynamics);
  EXPECT_EQ(s.getSystemStage(), Stage::Dynamics);

  // Already realized: nothing runs, also for a lower request.
  m.log.clear();
  m.system.realize(s, Stage::Dynamics);
  m.system.realize(s, Stage::Position);
  EXPECT_TRUE(m.log.empty());

  // Default target is Report.
  m.system.realize(s);
  expectStagesInOrder(m.log, Stage::Acceleration, Stage::Report);
}

TEST(System, AChangedVariableReRealizesOnlyItsStageAndLater) {
  Logged m;
  m.system.realizeTopology();
  State s = m.system.getDefaultState();
  m.system.realize(s, Stage::Report);
  m.log.clear();
  s.updU()[0] = 2;
  m.system.realize(s, Stage::Acceleration);
  expectStagesInOrder(m.log, Stage::Velocity, Stage::Acceleration);
  m.log.clear();
  s.setTime(1);
  m.system.realize(s, Stage::Time);
  expectStagesInOrder(m.log, Stage::Time, Stage::Time);
}

// System stage <= min(subsystem stages), whatever the subsystems' individual stages.
TEST(System, SystemStageIsTheLowestSubsystemStage) {
  Logged m;
  m.system.realizeTopology();
  State s = m.system.getDefaultState();
  m.system.realize(s, Stage::Velocity);
  s.advanceSubsystemToStage(0, Stage::Report);
  EXPECT_EQ(s.getSystemStage(), Stage::Velocity);
  s.advanceSubsystemToStage(1, Stage::Position);
  EXPECT_EQ(s.getSystemStage(), Stage::Position);
  // Realizing brings the lagging subsystem up without re-running the one ahead.
  m.log.clear();
  m.system.realize(s, Stage::Dynamics);
  ASSERT_EQ(m.log.size(), 2u);
  EXPECT_EQ(m.log[0].subsystem, 1);
  EXPECT_EQ(m.log[0].stage, Stage::Velocity);
  EXPECT_EQ(m.log[1].subsystem, 1);
  EXPECT_EQ(m.log[1].stage, Stage::Dynamics);
  for (int i = 0; i < 2; ++i) EXPECT_GE(s.getSubsystemStage(i), s.getSystemStage());
}

TEST(System, IsFrozenAfterTopology) {
  Logged m;
  m.system.realizeTopology();
  const std::string msg = errorOf(
      [&] { m.system.adoptSubsystem(std::make_unique<RecordingSubsystem>("latecomer", 1, 1, 1)); });
  EXPECT_NE(msg.find("latecomer"), std::string::npos) << msg;
  EXPECT_NE(msg.find("logged"), std::string::npos) << msg;
  EXPECT_THROW(m.system.updSubsystem(0), Error);
  EXPECT_EQ(m.system.getNumSubsystems(), 2);
}

TEST(System, SubsystemBelongsToOneSystem) {
  System first("first");
  auto owned = std::make_unique<RecordingSubsystem>("shared", 0, 0, 0);
  RecordingSubsystem* raw = owned.get();
  EXPECT_FALSE(raw->isInSystem());
  first.adoptSubsystem(std::move(owned));
  EXPECT_TRUE(raw->isInSystem());
  EXPECT_EQ(&raw->getSystem(), &first);
}

TEST(System, RealizeBeforeTopologyThrows) {
  Logged m;
  State s;
  std::string msg = errorOf([&] { m.system.realize(s, Stage::Position); });
  EXPECT_NE(msg.find("logged"), std::string::npos) << msg;
  EXPECT_NE(msg.find("realizeTopology"), std::string::npos) << msg;
  EXPECT_THROW(m.system.getDefaultState(), Error);
  EXPECT_TRUE(m.log.empty());
}

TEST(System, StateFromAnotherSystemIsRejected) {
  Logged m;
  m.system.realizeTopology();
  // A different number of subsystems.
  System small("small");
  small.adoptSubsystem(std::make_unique<RecordingSubsystem>("only", 1, 1, 1));
  State foreign = small.realizeTopology();
  std::string msg = errorOf([&] { m.system.realize(foreign, Stage::Position); });
  EXPECT_NE(msg.find("logged"), std::string::npos) << msg;
  // The same shape is still another System: its States must not be mixed with this one's.
  Logged twin;
  State twinState = twin.system.realizeTopology();
  msg = errorOf([&] { m.system.realize(twinState, Stage::Position); });
  EXPECT_NE(msg.find("logged"), std::string::npos) << msg;
  // A default-constructed State is not this System's either.
  State empty;
  EXPECT_THROW(m.system.realize(empty, Stage::Position), Error);
  // Copies of this System's States are accepted.
  State mine = m.system.getDefaultState();
  State copy = mine;
  EXPECT_NO_THROW(m.system.realize(copy, Stage::Report));
}

}  // namespace
}  // namespace articula
