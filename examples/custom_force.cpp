// custom_force: a force element written as a callback (CustomForce).
//
// A 0.5 kg ball on a Free joint falls from rest through air. Quadratic aerodynamic drag
//     F = -1/2 rho Cd A |v| v
// is not a library element, so it is written here as a CustomForce: the callback reads the ball's
// velocity from the State (Velocity stage) and adds the force at its mass centre (the body
// origin) into the body-force accumulator, in Ground. Without a potential-energy callback the
// element's whole power counts as non-conservative, so the run also tracks the work the drag does.
//
// Falling from rest the speed approaches the terminal speed v_t = sqrt(2 m g / (rho Cd A)) as
//     v(t) = v_t tanh(g t / v_t),   fallen distance d(t) = (v_t^2 / g) ln cosh(g t / v_t).
// The program prints both next to the simulation and checks them (relative error < 1e-6), and
// checks the energy balance KE + PE - W_drag = const. Exit code 1 if a check fails.
#include <cmath>
#include <cstdio>
#include <memory>

#include "articula/forces/CustomForce.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

int main() {
  constexpr Real g = 9.81, m = 0.5, radius = 0.1;  // SI
  constexpr Real rho = 1.2, Cd = 0.47;             // air, sphere
  const Real area = M_PI * radius * radius;
  const Real dragFactor = 0.5 * rho * Cd * area;  // kg/m: F = -dragFactor |v| v
  const Real vTerminal = std::sqrt(m * g / dragFactor);

  MultibodySystem system("falling ball with drag");
  MatterSubsystem& matter = system.updMatter();
  const MobilizedBody::Free ball(MobilizedBody::Ground(matter),
                                 Body(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::sphere(m, radius))),
                                 "ball");
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));

  // The drag force: velocity of the body origin (= mass centre) in Ground, force added there.
  const int b = ball.getIndex();
  forces.addForce(std::make_unique<CustomForce>(
      [b, dragFactor](const State& s, const MatterSubsystem& mat, std::vector<SpatialVec>& bodyForces_G, Vector&) {
        const Vec3 v = mat.getBodyVelocity(s, b).tail<3>();
        bodyForces_G[b].tail<3>() += -dragFactor * v.norm() * v;
      },
      "air drag"));
  forces.setTrackNonConservativeWork(true);  // W_drag as an integrated state (before the topology)

  State state = system.realizeTopology();  // Free body at rest at the origin, identity orientation
  system.realize(state, Stage::Velocity);
  const Real e0 = system.calcEnergy(state);

  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-8);
  integrator.initialize(state);

  std::printf("custom_force: %.1f kg ball, radius %.2f m, drag 1/2 rho Cd A |v| v (rho %.1f, Cd %.2f)\n", m, radius,
              rho, Cd);
  std::printf("terminal speed sqrt(2 m g / (rho Cd A)) = %.6f m/s\n\n", vTerminal);
  std::printf("%6s %14s %14s %14s %14s %12s\n", "t (s)", "speed (m/s)", "analytic", "fallen (m)", "analytic",
              "E - W_drag");
  Real worst = 0, worstEnergy = 0, speed = 0;
  for (int k = 0; k <= 10; ++k) {
    const Real t = 0.5 * k;
    integrator.stepTo(t);
    const State& s = integrator.getState();
    speed = -ball.getBodyVelocity(s).tail<3>().z() + 0.0;  // + 0.0: no "-0"
    const Real fallen = -ball.getBodyTransform(s).p().z() + 0.0;
    const Real vA = vTerminal * std::tanh(g * t / vTerminal);
    const Real dA = vTerminal * vTerminal / g * std::log(std::cosh(g * t / vTerminal));
    const Real balance = system.calcEnergy(s) - forces.getNonConservativeWork(s) - e0;
    std::printf("%6.2f %14.8f %14.8f %14.8f %14.8f %12.2e\n", t, speed, vA, fallen, dA, balance);
    worst = std::max({worst, std::abs(speed - vA) / vTerminal, std::abs(fallen - dA) / std::max(1.0, dA)});
    worstEnergy = std::max(worstEnergy, std::abs(balance) / (m * g * std::max(1.0, fallen)));
  }
  std::printf("\nspeed after 5 s: %.6f m/s = %.4f %% of terminal; drag did %.3f J of work\n", speed,
              100 * speed / vTerminal, forces.getNonConservativeWork(integrator.getState()));
  std::printf("largest relative error vs analytic: %.2e; energy balance error / (m g d): %.2e\n", worst, worstEnergy);
  const bool ok = worst < 1e-6 && worstEnergy < 1e-6;
  std::printf("%s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
