// The Articula side of human_fall_contact as a reusable scene, for benchmarks that try other
// integrators (bench/fall_speed.cpp). Kept out of contact_fall.h, which the C++17 Simbody adapter
// includes.
#pragma once
#include "articula/integrators/Integrator.h"
#include "articula/matter/MultibodySystem.h"
#include "contact_fall.h"

namespace articula {
class ContactForceSubsystem;
}

namespace articula::bench {
struct HumanFallScene {
  // transitionSpeed: the Stribeck transition speed (m/s; 0: the default, 0.01 as in Simbody).
  explicit HumanFallScene(double transitionSpeed = 0);
  MultibodySystem system;
  ContactForceSubsystem* contact = nullptr;
  int pelvis = 0;
  State initial;
};
// Best wall time of `repetitions` runs of kFallDuration with an initialized-per-run integrator.
SimulationResult simulateArticulaHumanFall(Integrator& integ, const HumanFallScene& scene, int repetitions);

}  // namespace articula::bench
