// The bouncing ball (issue 3 oracle): a ball dropped on a floor, witness = height (Falling),
// handler = reverse the speed and scale it by the restitution e. Each impact must be reported no
// earlier than the true crossing and at most one localization window after it; impacts follow
// the geometric series of the analytic solution; reporters see the analytic trajectory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "StudyModels.h"

namespace articula::testing {
namespace {

struct BounceRun {
  std::vector<Impact> impacts;
  TimeStepperStatistics stats;
  Real window = 0;
};

BounceRun runBounces(const std::string& method, Real accuracy, Real e, Real tEnd, Real fixedWindow = 0) {
  BallModel m(1.0);
  auto integ = makeIntegrator(method, m.system);
  integ->setAccuracy(accuracy);
  TimeStepper stepper(m.system, *integ);
  auto witness = m.heightWitness(EventDirection::Falling);
  if (fixedWindow > 0) witness->setLocalizationWindow(fixedWindow);
  BounceRun run;
  run.window = witness->calcLocalizationWindow(accuracy);
  stepper.addEvent(witness, bounceHandler(m, e, run.impacts));
  stepper.initialize(m.state);
  EXPECT_EQ(stepper.stepTo(tEnd), StepOutcome::ReachedReportTime);
  run.stats = stepper.getStatistics();
  return run;
}

// Each impact against the landing predicted exactly from the state the previous handler left
// (local oracle: 0 <= error <= window), and against the analytic geometric series (global: the
// isolation errors of earlier impacts add up, each shifting later ones by at most a few windows).
void checkImpacts(const BounceRun& run, Real e, int expected, const char* label) {
  ASSERT_GE(static_cast<int>(run.impacts.size()), expected) << label;
  const std::vector<Real> analytic = analyticImpacts(1.0, e, static_cast<int>(run.impacts.size()));
  Real t0 = 0, y0 = 1.0, v0 = 0, worstLocal = 0, worstGlobal = 0;
  for (size_t k = 0; k < run.impacts.size(); ++k) {
    const Impact& im = run.impacts[k];
    const Real predicted = nextLanding(t0, y0, v0);
    const Real local = im.time - predicted;
    EXPECT_GE(local, -1e-12) << label << " impact " << k << " reported before the crossing";
    EXPECT_LE(local, run.window + 1e-12) << label << " impact " << k << " outside the localization window";
    EXPECT_LE(im.heightBefore, 1e-12) << label << " the handler must see the ball at or below the floor";
    EXPECT_LT(im.speedBefore, 0) << label;
    EXPECT_NEAR(im.speedAfter, -e * im.speedBefore, 1e-15) << label;
    const Real global = std::abs(im.time - analytic[k]);
    EXPECT_LE(global, 4.0 * (k + 1) * run.window + 1e-12) << label << " impact " << k << " vs the geometric series";
    worstLocal = std::max(worstLocal, local);
    worstGlobal = std::max(worstGlobal, global);
    t0 = im.time;
    y0 = im.heightBefore;
    v0 = im.speedAfter;
  }
  std::printf(
      "[ bounce ] %-34s %2zu impacts, window %.1e s: isolation error max %.2e s (%.0f%% of window), "
      "vs analytic max %.2e s; %lld isolation iterations\n",
      label, run.impacts.size(), run.window, worstLocal, 100 * worstLocal / run.window, worstGlobal,
      static_cast<long long>(run.stats.isolationIterations));
}

TEST(BouncingBall, ImpactTimesWithinTheLocalizationWindow) {
  const Real e = 0.8;
  // The analytic impacts accumulate at t = 4.06 s (Zeno: infinitely many bounces). Near that
  // point a rebound lasts less than one integrator step, the step-end check cannot see the
  // ball rise and fall again, and the ball drops through the floor: the run must still end,
  // and every impact found must still be isolated correctly. Nine impacts happen before 3.5 s.
  for (Real accuracy : {1e-3, 1e-5, 1e-8}) {
    const BounceRun run = runBounces("RungeKuttaMerson", accuracy, e, 5.0);
    char label[64];
    std::snprintf(label, sizeof label, "Merson, accuracy %.0e", accuracy);
    checkImpacts(run, e, 9, label);
    EXPECT_EQ(run.stats.eventsTriggered, static_cast<int64_t>(run.impacts.size()));
    EXPECT_EQ(run.stats.eventsHandled, static_cast<int64_t>(run.impacts.size()));
    EXPECT_EQ(run.stats.restarts, static_cast<int64_t>(run.impacts.size()));
    EXPECT_GT(run.stats.isolationIterations, 0);
  }
}

TEST(BouncingBall, WindowScalesWithAccuracyAndCanBeSetAbsolutely) {
  const BounceRun coarse = runBounces("DormandPrince54", 1e-2, 0.9, 3.0);
  const BounceRun fine = runBounces("DormandPrince54", 1e-2, 0.9, 3.0, /*fixedWindow*/ 1e-10);
  EXPECT_DOUBLE_EQ(coarse.window, 1e-3);  // accuracy x 0.1 s
  checkImpacts(coarse, 0.9, 4, "DOPRI, accuracy 1e-2");
  checkImpacts(fine, 0.9, 4, "DOPRI, accuracy 1e-2, window 1e-10 s");
  EXPECT_GT(fine.stats.isolationIterations, coarse.stats.isolationIterations);
}

TEST(BouncingBall, LowOrderAndFixedStepMethods) {
  // RungeKutta2 is still exact on a quadratic; a fixed-step run takes much longer steps than the
  // window and must still isolate every impact.
  checkImpacts(runBounces("RungeKutta2", 1e-4, 0.7, 3.0), 0.7, 5, "RungeKutta2, accuracy 1e-4");
  BallModel m(1.0);
  RungeKutta3Integrator integ(m.system);
  integ.setFixedStepSize(0.05);
  TimeStepper stepper(m.system, integ);
  BounceRun run;
  run.window = 1e-4;
  stepper.addEvent(m.heightWitness(EventDirection::Falling), bounceHandler(m, 0.7, run.impacts));
  stepper.initialize(m.state);
  stepper.stepTo(3.0);
  run.stats = stepper.getStatistics();
  checkImpacts(run, 0.7, 5, "RungeKutta3, fixed step 0.05 s");
}

TEST(BouncingBall, ReportersFollowTheAnalyticTrajectoryAtExactTimes) {
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setAccuracy(1e-4);
  TimeStepper stepper(m.system, integ);
  std::vector<Impact> impacts;
  stepper.addEvent(m.heightWitness(EventDirection::Falling), bounceHandler(m, 0.8, impacts));
  struct Sample {
    Real t, y, v;
  };
  std::vector<Sample> samples;
  const MobilizedBody b = m.ball;
  stepper.addReporter(std::make_shared<PeriodicReporter>("sampler", 0.01, [&](const State& s) {
    samples.push_back({s.getTime(), b.getOneQ(s, 0), b.getOneU(s, 0)});
  }));
  stepper.initialize(m.state);
  ASSERT_EQ(stepper.stepTo(3.0), StepOutcome::ReachedReportTime);
  ASSERT_EQ(samples.size(), 301u);  // 0, 0.01, ..., 3.00 inclusive
  // Between impacts the trajectory is the free flight from the last handled state.
  Real worst = 0;
  size_t next = 0;
  Real t0 = 0, y0 = 1, v0 = 0;
  for (size_t k = 0; k < samples.size(); ++k) {
    EXPECT_EQ(samples[k].t, 0.01 * static_cast<Real>(k)) << "report " << k << " not at its exact time";
    while (next < impacts.size() && impacts[next].time < samples[k].t) {
      t0 = impacts[next].time;
      y0 = impacts[next].heightBefore;
      v0 = impacts[next].speedAfter;
      ++next;
    }
    const Real y = flightHeight(t0, y0, v0, samples[k].t), v = v0 - kGravity * (samples[k].t - t0);
    worst = std::max({worst, std::abs(samples[k].y - y), std::abs(samples[k].v - v)});
  }
  EXPECT_LT(worst, 1e-12);
  std::printf("[ bounce ] 301 reports at exact times, largest deviation from free flight %.1e\n", worst);
}

}  // namespace
}  // namespace articula::testing
