// bouncing_ball: events with the TimeStepper.
//
// A ball on a vertical slider falls from 1 m under gravity. A witness (its height, Falling)
// triggers an event at each impact; the handler reverses the speed and scales it by the
// coefficient of restitution e. The analytic impact times form a geometric series,
//     t_1 = sqrt(2 h / g),   t_{k+1} = t_k + 2 e^k v_1 / g   (v_1 = g t_1),
// which accumulates at t_inf = t_1 (1 + 2e / (1 - e)): infinitely many bounces in finite time.
// The handler therefore stops the run once a rebound would be slower than 5 cm/s.
//
// The program prints each impact time found by the stepper next to the analytic one; the
// difference is the isolation error, at most one localization window (accuracy x 0.1 s) per
// impact, accumulated over the earlier impacts. A periodic reporter samples the height.
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/study/TimeStepper.h"

using namespace articula;

int main() {
  constexpr Real g = 9.81, h0 = 1.0, e = 0.7, accuracy = 1e-6, restSpeed = 0.05;

  // ---- model: a Slider (axis x) turned so that its axis is Ground's z, up; q is the height ----
  MultibodySystem system("bouncing ball");
  MatterSubsystem& matter = system.updMatter();
  const Transform upright(Rotation::aboutY(-M_PI / 2));
  MobilizedBody::Slider ball(MobilizedBody::Ground(matter), upright,
                             Body(MassProperties::fromCentral(0.1, Vec3::Zero(), Inertia(1e-5, 1e-5, 1e-5))), upright,
                             Direction::Forward, "ball");
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  State state = system.realizeTopology();
  ball.setOneQ(state, 0, h0);

  // ---- events and reporters ----
  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(accuracy);
  TimeStepper stepper(system, integrator);
  auto height = std::make_shared<EventWitness>("height", Stage::Position, EventDirection::Falling,
                                               [&](const State& s) { return ball.getOneQ(s, 0); });
  std::vector<Real> impacts;
  auto bounce = std::make_shared<EventHandler>("bounce", [&](State& s, EventContext& ctx) {
    impacts.push_back(ctx.getTime());
    const Real rebound = -e * ball.getOneU(s, 0);
    if (rebound < restSpeed) {
      ball.setOneU(s, 0, 0);
      ctx.requestTermination("the ball is at rest");
    } else {
      ball.setOneU(s, 0, rebound);
    }
  });
  stepper.addEvent(height, bounce);
  std::vector<std::pair<Real, Real>> samples;
  stepper.addReporter(std::make_shared<PeriodicReporter>(
      "sampler", 0.25, [&](const State& s) { samples.emplace_back(s.getTime(), ball.getOneQ(s, 0)); }));

  // ---- run ----
  stepper.initialize(state);
  const StepOutcome outcome = stepper.stepTo(10.0);

  // ---- report ----
  const Real window = height->calcLocalizationWindow(accuracy);
  const Real t1 = std::sqrt(2 * h0 / g), v1 = g * t1;
  std::printf("Articula bouncing ball: dropped from %.1f m, restitution %.1f, %s at accuracy %.0e\n", h0, e,
              integrator.getMethodName(), accuracy);
  std::printf("  localization window %.1e s; analytic impacts accumulate at t = %.6f s\n\n", window,
              t1 * (1 + 2 * e / (1 - e)));
  std::printf("  %3s  %14s  %14s  %10s\n", "k", "t found (s)", "t analytic (s)", "difference");
  Real analytic = t1, ek = 1, worst = 0;
  for (size_t k = 0; k < impacts.size(); ++k) {
    std::printf("  %3zu  %14.9f  %14.9f  %10.2e\n", k + 1, impacts[k], analytic, impacts[k] - analytic);
    worst = std::max(worst, std::abs(impacts[k] - analytic));
    ek *= e;
    analytic += 2 * ek * v1 / g;
  }
  std::printf("\n  height samples (every 0.25 s):");
  for (const auto& [t, y] : samples) std::printf(" %.2f:%.3f", t, std::abs(y) < 5e-4 ? 0.0 : y);
  const TimeStepperStatistics& st = stepper.getStatistics();
  std::printf("\n\n  run ended at t = %.6f s (%s: %s)\n", stepper.getTime(), stepOutcomeName(outcome),
              stepper.getTerminationReason().c_str());
  std::printf("  %lld integrator steps, %lld events, %lld isolation evaluations (%.1f per event), %lld reports\n",
              static_cast<long long>(integrator.getStatistics().stepsTaken), static_cast<long long>(st.eventsTriggered),
              static_cast<long long>(st.isolationIterations),
              st.eventsTriggered ? static_cast<double>(st.isolationIterations) / st.eventsTriggered : 0.0,
              static_cast<long long>(st.reports));
  // Check: every impact within 1e-5 s of the analytic series, and the run stopped by the handler.
  const bool ok = impacts.size() >= 10 && worst < 1e-5 && stepper.isTerminated();
  std::printf("  largest impact-time difference %.2e s: %s\n", worst, ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
