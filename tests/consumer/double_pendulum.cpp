// A program outside Articula's tree (docs/install.md): a double pendulum through the public API,
// integrated for 2 s. Exits 0 when the energy is conserved to 1e-6 of the energy swing and the
// installed version header agrees with the version the build expected.
#include <articula/forces/GeneralForceSubsystem.h>
#include <articula/forces/Gravity.h>
#include <articula/integrators/integrators.h>
#include <articula/matter/MobilizedBody.h>
#include <articula/matter/MultibodySystem.h>
#include <articula/version.h>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace articula;

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], ARTICULA_VERSION_STRING) != 0) {
    std::fprintf(stderr, "version header says %s, expected %s\n", ARTICULA_VERSION_STRING, argv[1]);
    return 1;
  }
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  Body rod(MassProperties::fromCentral(1.0, Vec3(0, -0.25, 0), Inertia::cylinderAlongZ(1.0, 0.02, 0.25)));
  MobilizedBody::Pin upper(ground, Transform(), rod, Transform());
  MobilizedBody::Pin lower(upper, Transform(Vec3(0, -0.5, 0)), rod, Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  State state = system.realizeTopology();
  upper.setOneQ(state, 0, 1.2);  // released from 69 degrees, the lower rod straight

  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-8);
  integrator.setFinalTime(2);
  integrator.initialize(state);
  const Real e0 = system.calcEnergy(integrator.getState());
  Real drift = 0, keMax = 0;
  for (int k = 1; k <= 200; ++k) {
    integrator.stepTo(0.01 * k);
    const State& s = integrator.getState();
    drift = std::max(drift, std::abs(system.calcEnergy(s) - e0));
    keMax = std::max(keMax, system.calcKineticEnergy(s));
  }
  std::printf("Articula %s: double pendulum, 2 s, energy drift %.3g J of %.3g J kinetic\n", ARTICULA_VERSION_STRING,
              drift, keMax);
  return keMax > 1 && drift < 1e-6 * keMax ? 0 : 1;
}
