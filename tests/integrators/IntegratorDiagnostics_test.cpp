// Failures end with an Error naming the time, the variables and the force element or body, leave
// the last good state available, and never hang.
#include <gtest/gtest.h>

#include <chrono>
#include <limits>
#include <string>

#include "IntegratorModels.h"

namespace articula {
namespace {

// A torque on body 1's first u that becomes NaN once t >= tBad.
class NaNAfter : public ForceElement {
 public:
  explicit NaNAfter(Real tBad) : ForceElement("broken torque"), tBad_(tBad) {}
  void calcForce(const State& s, const MatterSubsystem& matter, std::vector<SpatialVec>&, Vector& f) const override {
    f[matter.getInfo(1).uStart] += s.getTime() >= tBad_ ? std::numeric_limits<Real>::quiet_NaN() : 0.0;
  }

 private:
  Real tBad_;
};

struct BrokenPendulum : testing::PendulumModel {
  explicit BrokenPendulum(Real tBad)
      : testing::PendulumModel(2, 0.5,
                               [&](GeneralForceSubsystem& f) { f.addForce(std::make_unique<NaNAfter>(tBad)); }) {}
};

std::string failureOf(Integrator& integ, const State& s, Real T) {
  integ.initialize(s);
  try {
    while (integ.stepTo(T) != StepOutcome::EndOfSimulation) {
    }
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(IntegratorDiagnostics, NaNForceEndsErrorControlledRunNamingElementBodyAndTime) {
  BrokenPendulum m(0.5);
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setFinalTime(2);
  const auto start = std::chrono::steady_clock::now();
  const std::string what = failureOf(integ, m.state, 2);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  std::printf("[ message ] %s\n", what.c_str());
  EXPECT_NE(what.find("step size collapsed at t = 0.5"), std::string::npos) << what;
  EXPECT_NE(what.find("force element 'broken torque'"), std::string::npos) << what;
  EXPECT_NE(what.find("body 'link0'"), std::string::npos) << what;
  EXPECT_NE(what.find("nan"), std::string::npos) << what;
  // The last good state is kept: finite, just before the bad time.
  EXPECT_TRUE(integ.getAdvancedState().getY().allFinite());
  EXPECT_LT(integ.getAdvancedTime(), 0.5);
  EXPECT_GT(integ.getAdvancedTime(), 0.5 - 1e-6);
}

TEST(IntegratorDiagnostics, NaNForceEndsFixedStepRunAtOnce) {
  BrokenPendulum m(0.25);
  RungeKutta2Integrator integ(m.system);
  integ.setFixedStepSize(0.1);
  integ.setFinalTime(1);
  const std::string what = failureOf(integ, m.state, 1);
  EXPECT_NE(what.find("step from t = 0.2 s with h = 0.1 s failed"), std::string::npos) << what;
  EXPECT_NE(what.find("udot[0] (body 'link0', Pin mobilizer, u 0) = nan"), std::string::npos) << what;
  EXPECT_NE(what.find("force element 'broken torque'"), std::string::npos) << what;
  EXPECT_DOUBLE_EQ(integ.getAdvancedTime(), 0.2);
}

TEST(IntegratorDiagnostics, NonFiniteInitialStateIsRejectedByName) {
  testing::PendulumModel m(2, 0.5);
  State s = m.state;
  m.links[1].setOneQ(s, 0, std::numeric_limits<Real>::infinity());
  DormandPrince54Integrator integ(m.system);
  try {
    integ.initialize(s);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("q[1] (body 'link1', Pin mobilizer, q 0) = inf"), std::string::npos)
        << e.what();
  }
}

TEST(IntegratorDiagnostics, MinimumStepCollapseThrowsInsteadOfHanging) {
  // Accuracy 1e-10 needs steps far below 10 ms: error control cannot succeed.
  testing::PendulumModel m(2, 1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setAccuracy(1e-10);
  integ.setMinimumStepSize(1e-2);
  integ.setInitialStepSize(0.05);
  integ.setFinalTime(1);
  const std::string what = failureOf(integ, m.state, 1);
  EXPECT_NE(what.find("step size collapsed at t = 0 s"), std::string::npos) << what;
  EXPECT_NE(what.find("error test"), std::string::npos) << what;
  EXPECT_NE(what.find("body 'link"), std::string::npos) << what;  // the largest errors, by body
  EXPECT_EQ(integ.getAdvancedTime(), 0);
}

TEST(IntegratorDiagnostics, StepLimitBoundsEveryCall) {
  testing::PendulumModel m(2, 1.0);
  ExplicitEulerIntegrator integ(m.system);
  integ.setAccuracy(1e-9);
  integ.setMaxStepsPerCall(50);
  integ.initialize(m.state);
  integ.stepTo(10);
  EXPECT_EQ(integ.stepTo(10), StepOutcome::ReachedStepLimit);
  EXPECT_LT(integ.getAdvancedTime(), 10);
}

}  // namespace
}  // namespace articula
