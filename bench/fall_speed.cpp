// The human_fall_contact scene (compare/contact_fall.h) with any integrator and accuracy:
//   articula_fall_speed [METHOD[,METHOD...]] [ACCURACY] [REPETITIONS] [TRANSITION_SPEED]
// prints steps, evaluations, wall time per simulated second, the ratio to real time, the peak
// total normal contact force over the accepted steps (an untimed extra run) and the final pelvis
// position, for choosing the integrator of contact runs (docs/performance.md).
#include <cstdio>
#include <sstream>
#include <string>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/integrators/CvodeIntegrator.h"
#include "articula/integrators/RosenbrockW.h"
#include "articula/integrators/integrators.h"
#include "compare/contact_fall_scene.h"

using namespace articula;
using namespace articula::bench;

namespace {

// Largest total normal contact force over the accepted steps (N): an untimed extra run.
// makeIntegrator names, plus CvodeBDFAnalytic: CVODE BDF with the force subsystems' Jacobian, and
// RosenbrockW3Dense: RosenbrockW3 with dense M, D, K (TreeLU) instead of the O(n) structured solve.
std::unique_ptr<Integrator> make(const std::string& method, const System& system) {
  if (method == "RosenbrockW3Dense") {
    auto w = std::make_unique<RosenbrockW3Integrator>(system);
    w->setUseStructuredSolve(false);
    return w;
  }
  if (method != "CvodeBDFAnalytic") return makeIntegrator(method, system);
  auto cvode = std::make_unique<CvodeIntegrator>(system, CvodeIntegrator::Method::BDF);
  cvode->setAnalyticJacobian(true);
  return cvode;
}

double peakNormalForce(const std::string& method, double accuracy, const HumanFallScene& scene) {
  auto integ = make(method, scene.system);
  integ->setAccuracy(accuracy);
  integ->setReturnEveryInternalStep(true);
  integ->initialize(scene.initial);
  double peak = 0;
  while (integ->getTime() < kFallDuration) {
    integ->stepTo(kFallDuration);
    double total = 0;
    for (const ContactRecord& c : scene.contact->getReport(integ->getAdvancedState()).contacts) total += c.normalForce;
    peak = std::max(peak, total);
  }
  return peak;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string methods = argc > 1 ? argv[1] : "RungeKuttaMerson,RosenbrockW2";
  const double accuracy = argc > 2 ? std::stod(argv[2]) : kFallAccuracy;
  const int reps = argc > 3 ? std::stoi(argv[3]) : 3;
  const double vt = argc > 4 ? std::stod(argv[4]) : 0;
  HumanFallScene scene(vt);
  std::printf("human fall, %.1f s simulated, accuracy %.0e, best of %d, Stribeck transition %s m/s\n", kFallDuration,
              accuracy, reps, vt > 0 ? std::to_string(vt).c_str() : "0.01 (default)");
  std::printf("%-18s %8s %8s %8s %12s %10s %10s  %s\n", "method", "steps", "evals", "rejects", "s per sim s",
              "x realtime", "peak Fn (N)", "pelvis (m)");
  std::stringstream list(methods);
  std::string name;
  while (std::getline(list, name, ',')) {
    auto integ = make(name, scene.system);
    integ->setAccuracy(accuracy);
    const SimulationResult r = simulateArticulaHumanFall(*integ, scene, reps);
    const double perSecond = r.seconds / kFallDuration;
    if (auto* w = dynamic_cast<RosenbrockWIntegrator*>(integ.get()))
      std::printf("  (%s: of %lld factorizations, %lld structured O(n), %lld TreeLU)\n", name.c_str(),
                  static_cast<long long>(w->getNumFactorizations()),
                  static_cast<long long>(w->getNumStructuredFactorizations()),
                  static_cast<long long>(w->getNumTreeFactorizations()));
    std::printf("%-18s %8lld %8lld %8lld %12.4f %10.1f %10.1f  %.5f %.5f %.5f\n", name.c_str(), r.steps, r.evaluations,
                static_cast<long long>(integ->getStatistics().errorTestFailures), perSecond, 1 / perSecond,
                peakNormalForce(name, accuracy, scene), r.q[0], r.q[1], r.q[2]);
    std::fflush(stdout);
  }
}
