// FramePipeline: the consumer sees every state in order, threaded or not, and a consumer failure
// surfaces in push() or finish() exactly once, ahead of anything the producer does later.
#include "run/FramePipeline.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

namespace articula::run {
namespace {

State stateAt(Real t) {
  State s;
  s.setTime(t);
  return s;
}

class FramePipelineTest : public ::testing::TestWithParam<bool> {};

TEST_P(FramePipelineTest, ConsumesEveryStateInOrder) {
  std::vector<Real> seen;
  FramePipeline p([&](State& s) { seen.push_back(s.getTime()); }, GetParam(), 3);
  for (int k = 0; k < 1000; ++k) p.push(stateAt(k));
  p.finish();
  ASSERT_EQ(seen.size(), 1000u);
  for (int k = 0; k < 1000; ++k) EXPECT_EQ(seen[k], k);
}

TEST_P(FramePipelineTest, TheConsumersFirstErrorIsReportedAndLaterStatesAreDropped) {
  std::vector<Real> seen;
  FramePipeline p(
      [&](State& s) {
        if (s.getTime() >= 5) throw std::runtime_error("frame " + std::to_string(static_cast<int>(s.getTime())));
        seen.push_back(s.getTime());
      },
      GetParam(), 2);
  std::string error;
  try {
    for (int k = 0; k < 100; ++k) p.push(stateAt(k));
  } catch (const std::runtime_error& e) {
    error = e.what();
  }
  try {
    p.finish();  // what runSimulation does after a failure of its own
  } catch (const std::runtime_error& e) {
    error = e.what();
  }
  EXPECT_EQ(error, "frame 5");
  EXPECT_EQ(seen.size(), 5u);
}

TEST_P(FramePipelineTest, DestroyingWithoutFinishStopsTheWorker) {
  int consumed = 0;
  {
    FramePipeline p([&](State&) { ++consumed; }, GetParam(), 4);
    for (int k = 0; k < 10; ++k) p.push(stateAt(k));
  }
  EXPECT_LE(consumed, 10);
}

// The producer does the shareable work on its copy only when the worker is behind; threaded, a
// slow worker gets help, inline there is nobody to help. Either way every state arrives in order.
TEST_P(FramePipelineTest, TheProducerPreparesStatesOnlyWhileTheWorkerIsBehind) {
  std::vector<Real> seen;
  std::atomic<int> prepared{0};
  auto mark = [&](State& s) {
    ++prepared;
    s.setTime(s.getTime() + 0.5);  // a visible mark (a real preparation leaves nothing to see)
  };
  FramePipeline p(
      [&](State& s) {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        seen.push_back(s.getTime());
      },
      GetParam(), 8, mark, 2);
  for (int k = 0; k < 200; ++k) p.push(stateAt(k));
  p.finish();
  ASSERT_EQ(seen.size(), 200u);
  int marked = 0;
  for (int k = 0; k < 200; ++k) {
    EXPECT_TRUE(seen[k] == k || seen[k] == k + 0.5) << k;
    marked += seen[k] != k;
  }
  EXPECT_EQ(marked, prepared.load());
  if (GetParam()) {
    EXPECT_GT(prepared.load(), 100);  // a producer 200 us faster per state is behind nearly always
  } else {
    EXPECT_EQ(prepared.load(), 0);
  }
}

INSTANTIATE_TEST_SUITE_P(ThreadedAndInline, FramePipelineTest, ::testing::Bool());

}  // namespace
}  // namespace articula::run
