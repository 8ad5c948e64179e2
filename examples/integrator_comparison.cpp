// integrator_comparison: the error-controlled integrators on the same pendulum.
//
//   integrator_comparison [duration]
//
// A double pendulum (two 1 kg, 0.5 m slender rods on pin joints, released horizontally) is
// integrated for `duration` seconds (default 2) by each error-controlled method of order >= 2
// (makeIntegrator names) at two accuracies, 1e-4 and 1e-8. Left out: ExplicitEuler and
// SemiExplicitEuler2, first-order methods with first-order error estimates whose global error
// goes as sqrt(α) (docs/api.md), and SemiExplicitEuler, which has no error control. For each run the program prints the accepted steps, rejected steps,
// derivative evaluations (realizations to Acceleration: the cost), the final-state error against
// a reference solution (Dormand-Prince at accuracy 1e-13; CVODE Adams at 1e-13 is printed as an
// independent check of the reference) and the energy drift (the model is conservative).
//
// Errors are the largest |q - q_ref| (rad) and |u - u_ref| (rad/s). The accuracy α bounds each
// step's local error; the global error of these methods is roughly proportional to α (Theory
// Manual §9), with a problem-dependent factor.
// Checks (exit code 1 on failure): every run's final error is below 1000 α, and tightening the
// accuracy from 1e-4 to 1e-8 makes every method's error smaller.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

namespace {

struct Result {
  Vector y;  // [q; u] at the final time
  IntegratorStatistics stats;
  Real energyDrift = 0;
  double wallMs = 0;
};

Result run(const std::string& method, Real accuracy, const MultibodySystem& system, const State& initial,
           Real duration) {
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Integrator> integrator = makeIntegrator(method, system);
  integrator->setAccuracy(accuracy);
  integrator->setFinalTime(duration);
  integrator->initialize(initial);
  const Real e0 = system.calcEnergy(integrator->getState());
  while (integrator->stepTo(duration) != StepOutcome::EndOfSimulation) {
  }
  const State& s = integrator->getState();
  Result r;
  r.y.resize(s.getNQ() + s.getNU());
  r.y << s.getQ(), s.getU();
  r.stats = integrator->getStatistics();
  r.energyDrift = system.calcEnergy(s) - e0;
  r.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

Real maxError(const Vector& y, const Vector& ref) { return (y - ref).cwiseAbs().maxCoeff(); }

}  // namespace

int main(int argc, char** argv) {
  const Real duration = argc > 1 ? std::atof(argv[1]) : 2.0;
  constexpr Real m = 1.0, L = 0.5;

  MultibodySystem system("double pendulum");
  MatterSubsystem& matter = system.updMatter();
  // Rods hanging along -z (z up); a pin turns about its frames' z axis, so both are turned to put it on y.
  const Body rod(MassProperties::fromCentral(m, Vec3(0, 0, -L / 2), Inertia(m * L * L / 12, m * L * L / 12, 1e-4)));
  const Transform aboutY(Rotation::fromOneAxis(CoordinateAxis::Z, Vec3(0, 1, 0)));
  const MobilizedBody::Pin upper(MobilizedBody::Ground(matter), aboutY, rod, aboutY, Direction::Forward, "upper");
  const MobilizedBody::Pin lower(upper, Transform(Vec3(0, 0, -L)) * aboutY, rod, aboutY, Direction::Forward, "lower");
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
      .addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));
  State state = system.realizeTopology();
  upper.setOneQ(state, 0, M_PI / 2);

  const Result ref = run("DormandPrince54", 1e-13, system, state, duration);
  const Result check = run("CvodeAdams", 1e-13, system, state, duration);
  std::printf("double pendulum released horizontally, %.2f s; reference DormandPrince54 at 1e-13 (%lld steps)\n",
              duration, static_cast<long long>(ref.stats.stepsTaken));
  std::printf(
      "reference final q = (%.10f, %.10f) rad, u = (%.10f, %.10f) rad/s; CVODE Adams at 1e-13 differs by %.1e\n\n",
      ref.y[0], ref.y[1], ref.y[2], ref.y[3], maxError(check.y, ref.y));

  const std::vector<std::string> methods = {"RungeKutta2",        "RungeKutta3",     "RungeKuttaMerson",
                                            "RungeKuttaFeldberg", "DormandPrince54", "VelocityVerlet",
                                            "CvodeBDF",           "CvodeAdams"};
  const Real accuracies[2] = {1e-4, 1e-8};
  std::printf("%-19s %8s %8s %8s %8s %11s %11s %11s %9s\n", "method", "accuracy", "steps", "rejected", "evals",
              "q error", "u error", "energy (J)", "wall (ms)");
  bool ok = true;
  for (const std::string& method : methods) {
    Real previous = 0;
    for (int i = 0; i < 2; ++i) {
      const Real a = accuracies[i];
      const Result r = run(method, a, system, state, duration);
      const Real qErr = maxError(r.y.head(2), ref.y.head(2)), uErr = maxError(r.y.tail(2), ref.y.tail(2));
      const Real err = std::max(qErr, uErr);
      const bool pass = err < 1000 * a && (i == 0 || err < previous);
      ok = ok && pass;
      previous = err;
      std::printf("%-19s %8.0e %8lld %8lld %8lld %11.2e %11.2e %11.2e %9.1f%s\n", method.c_str(), a,
                  static_cast<long long>(r.stats.stepsTaken), static_cast<long long>(r.stats.errorTestFailures),
                  static_cast<long long>(r.stats.derivativeEvaluations), qErr, uErr, r.energyDrift, r.wallMs,
                  pass ? "" : "  <- FAILED");
    }
  }
  std::printf("\n%s\n",
              ok ? "check passed: every error < 1000 accuracy and smaller at the tighter accuracy" : "CHECK FAILED");
  return ok ? 0 : 1;
}
