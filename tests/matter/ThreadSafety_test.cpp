// A realized System is read-only: threads sharing one System, each with its own State, must get
// exactly the results a single thread gets (no hidden shared scratch, no data races; run under
// the sanitizer build too).
#include <gtest/gtest.h>

#include <thread>

#include "support/RandomTree.h"

namespace articula {
namespace {

struct Result {
  Vector udot;
  Matrix M;
  Vector minv;
};

Result compute(const testing::RandomTree& tree, State& state) {
  const MatterSubsystem& matter = tree.matter();
  tree.system().realize(state, Stage::Acceleration);
  Result r;
  r.udot = state.getUDot();
  matter.calcM(state, r.M);
  matter.multiplyByMInv(state, Vector::Ones(matter.getNU()), r.minv);
  return r;
}

TEST(ThreadSafety, SharedSystemSeparateStatesGiveSerialResults) {
  testing::RandomTreeOptions options;
  options.numBodies = 25;
  testing::RandomTree tree(7, options);
  constexpr int numThreads = 4, perThread = 6;
  std::mt19937 rng(11);
  std::vector<State> states;
  for (int i = 0; i < numThreads * perThread; ++i) states.push_back(tree.randomState(rng));

  std::vector<Result> serial;
  for (const State& s : states) {
    State copy = s;
    serial.push_back(compute(tree, copy));
  }

  std::vector<Result> parallel(states.size());
  std::vector<std::thread> threads;
  for (int t = 0; t < numThreads; ++t)
    threads.emplace_back([&, t] {
      for (int k = 0; k < perThread; ++k) {
        const int i = t * perThread + k;
        State copy = states[i];
        parallel[i] = compute(tree, copy);
      }
    });
  for (auto& th : threads) th.join();

  for (size_t i = 0; i < states.size(); ++i) {
    EXPECT_EQ(serial[i].udot, parallel[i].udot) << "state " << i;
    EXPECT_EQ(serial[i].M, parallel[i].M) << "state " << i;
    EXPECT_EQ(serial[i].minv, parallel[i].minv) << "state " << i;
  }
}

}  // namespace
}  // namespace articula
