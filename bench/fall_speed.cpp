// The human_fall_contact scene (compare/contact_fall.h) with any integrator and accuracy:
//   articula_fall_speed [METHOD[,METHOD...]] [ACCURACY] [REPETITIONS]
// prints steps, evaluations, wall time per simulated second, the ratio to real time and the
// final pelvis position, for choosing the integrator of contact runs (docs/performance.md).
#include <cstdio>
#include <sstream>
#include <string>

#include "articula/integrators/integrators.h"
#include "articula/integrators/RosenbrockW.h"
#include "compare/contact_fall_scene.h"

using namespace articula;
using namespace articula::bench;

int main(int argc, char** argv) {
  const std::string methods = argc > 1 ? argv[1] : "RungeKuttaMerson,RosenbrockW2";
  const double accuracy = argc > 2 ? std::stod(argv[2]) : kFallAccuracy;
  const int reps = argc > 3 ? std::stoi(argv[3]) : 3;
  HumanFallScene scene;
  std::printf("human fall, %.1f s simulated, accuracy %.0e, best of %d\n", kFallDuration, accuracy, reps);
  std::printf("%-18s %8s %8s %8s %12s %10s  %s\n", "method", "steps", "evals", "rejects", "s per sim s", "x realtime",
              "pelvis (m)");
  std::stringstream list(methods);
  std::string name;
  while (std::getline(list, name, ',')) {
    auto integ = makeIntegrator(name, scene.system);
    integ->setAccuracy(accuracy);
    const SimulationResult r = simulateArticulaHumanFall(*integ, scene, reps);
    const double perSecond = r.seconds / kFallDuration;
    std::printf("%-18s %8lld %8lld %8lld %12.4f %10.1f  %.5f %.5f %.5f\n", name.c_str(), r.steps, r.evaluations,
                static_cast<long long>(integ->getStatistics().errorTestFailures), perSecond, 1 / perSecond, r.q[0],
                r.q[1], r.q[2]);
    std::fflush(stdout);
  }
}
