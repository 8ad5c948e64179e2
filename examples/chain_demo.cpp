// chain_demo: the System / State / realize pattern underneath every integrator, by hand.
//
// A 5-link pendulum chain of steel rods hangs from Ground by pin joints (all axes along Ground's
// y, gravity along -z: z up, as in every example). It is released from rest stretched out horizontally (q1 = 90 degrees,
// the other joints straight), and is simulated for 5 s with a classic fixed-step 4th-order
// Runge-Kutta loop written right here (the library's integrators, integrators/integrators.h, do
// the same with error control, dense output and projection: see integrator_comparison). The
// program prints:
//   - the model: bodies, degrees of freedom, link size and mass;
//   - the chain tip's position at a few times;
//   - total energy at start and end and its relative drift (the model is conservative, so the
//     drift measures integration error). Potential energy is zero for the chain hanging at rest,
//     so the drift is relative to the energy the release puts in;
//   - wall time and real-time factor (simulated seconds per wall-clock second).
// Each RK4 stage writes (t, q, u) into one State, realizes Velocity to read qdot = N(q) u and
// Acceleration to read udot: the same pattern any integrator uses.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "articula/forces/Gravity.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

namespace {

constexpr int kLinks = 5;
constexpr Real kLength = 0.5;    // m
constexpr Real kRadius = 0.01;   // m, solid rod
constexpr Real kDensity = 7850;  // kg/m^3, steel
constexpr Real kGravity = 9.81;  // m/s^2
constexpr Real kDuration = 5.0;  // s
constexpr Real kStep = 1e-3;     // s
constexpr int kReports = 5;      // tip positions printed, evenly spaced in time

// A solid rod of the chain: it hangs along -z from its origin (the joint to its parent).
Body rodBody() {
  const Real m = kDensity * M_PI * kRadius * kRadius * kLength;
  const Real transverse = m * (3 * kRadius * kRadius + kLength * kLength) / 12;  // about the centre
  const Real axial = m * kRadius * kRadius / 2;
  return Body(MassProperties::fromCentral(m, Vec3(0, 0, -kLength / 2), Inertia(transverse, transverse, axial)));
}

// ydot = [qdot; udot] at (t, y); y = [q; u] of the whole system.
void derivative(const MultibodySystem& system, State& state, Real t, const Vector& y, Vector& ydot) {
  const int nq = state.getNQ(), nu = state.getNU();
  state.setTime(t);
  state.updQ() = y.head(nq);
  state.updU() = y.tail(nu);
  system.realize(state, Stage::Velocity);
  ydot.head(nq) = state.getQDot();
  system.realize(state, Stage::Acceleration);
  ydot.tail(nu) = state.getUDot();
}

}  // namespace

int main() {
  // ---- model ----
  MultibodySystem system("chain");
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody parent = MobilizedBody::Ground(matter);
  std::vector<MobilizedBody> links;
  for (int i = 0; i < kLinks; ++i) {
    // The first joint is at Ground's origin; each next one at the previous rod's far end. A pin
    // turns about its frames' z axis: both frames turned so that it is Ground's y.
    const Transform aboutY(Rotation::fromOneAxis(CoordinateAxis::Z, Vec3(0, 1, 0)));
    const Transform X_PF = i == 0 ? aboutY : Transform(Vec3(0, 0, -kLength)) * aboutY;
    links.push_back(MobilizedBody::Pin(parent, X_PF, rodBody(), aboutY));
    parent = links.back();
  }
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  // Hanging at rest, rod i's centre is at z = -(i + 1/2) L; shift the potential to zero there.
  const Real linkMass = rodBody().getMassProperties().mass();
  const Real hangingEnergy = -linkMass * kGravity * kLength * (kLinks * kLinks / 2.0);  // sum of (i + 1/2)
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -kGravity))).setZeroHeightEnergy(-hangingEnergy);

  State state = system.realizeTopology();
  links[0].setOneQ(state, 0, M_PI / 2);  // the whole chain horizontal (the other joints are straight)
  system.realize(state, Stage::Velocity);
  const Vec3 tipStation(0, 0, -kLength);
  const MobilizedBody& tip = links.back();

  std::printf("Articula chain demo: %d-link pendulum (pin joints, gravity %.2f m/s^2)\n", kLinks, kGravity);
  std::printf("  bodies %d (including Ground), degrees of freedom %d (nq %d, nu %d)\n", matter.getNumBodies(),
              matter.getNU(), state.getNQ(), state.getNU());
  std::printf("  links: steel rods %.2f m x %.0f mm diameter, %.3f kg each\n", kLength, 2000 * kRadius, linkMass);
  std::printf("  integrator: classic RK4, fixed step %.0e s, %.1f s simulated\n\n", kStep, kDuration);

  // ---- simulation ----
  const int nq = state.getNQ(), nu = state.getNU(), ny = nq + nu;
  Vector y(ny), k1(ny), k2(ny), k3(ny), k4(ny), tmp(ny);
  y << state.getQ(), state.getU();
  const Real energy0 = system.calcEnergy(state);
  const int steps = static_cast<int>(std::lround(kDuration / kStep));
  const int reportEvery = steps / (kReports - 1);

  std::printf("  %8s  %10s  %10s\n", "t (s)", "tip x (m)", "tip z (m)");
  const auto wallStart = std::chrono::steady_clock::now();
  Real t = 0;
  for (int n = 0; n <= steps; ++n) {
    if (n % reportEvery == 0) {
      // The state holds the last RK4 stage; put the step's result back before reading it.
      state.setTime(t);
      state.updQ() = y.head(nq);
      state.updU() = y.tail(nu);
      system.realize(state, Stage::Position);
      const Vec3 p = tip.findStationLocationInGround(state, tipStation);
      auto shown = [](Real v) { return std::abs(v) < 5e-6 ? 0.0 : v; };  // no "-0.00000"
      std::printf("  %8.3f  %10.5f  %10.5f\n", t, shown(p.x()), shown(p.z()));
    }
    if (n == steps) break;
    derivative(system, state, t, y, k1);
    tmp = y + 0.5 * kStep * k1;
    derivative(system, state, t + 0.5 * kStep, tmp, k2);
    tmp = y + 0.5 * kStep * k2;
    derivative(system, state, t + 0.5 * kStep, tmp, k3);
    tmp = y + kStep * k3;
    derivative(system, state, t + kStep, tmp, k4);
    y += (kStep / 6) * (k1 + 2 * k2 + 2 * k3 + k4);
    t = (n + 1) * kStep;  // no accumulated round-off in t
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();

  // ---- report ----
  state.setTime(t);
  state.updQ() = y.head(nq);
  state.updU() = y.tail(nu);
  system.realize(state, Stage::Velocity);
  const Real energy1 = system.calcEnergy(state);
  std::printf("\n  total energy: start %.9f J, end %.9f J, relative drift %.2e\n", energy0, energy1,
              std::abs(energy1 - energy0) / std::abs(energy0));
  std::printf("  wall time %.3f s for %d steps (%d derivative evaluations), real-time factor %.0fx\n", wall, steps,
              4 * steps, kDuration / wall);
  // Check: RK4 with a 1 ms step keeps the energy of this conservative model to 1e-6.
  const bool ok = std::abs(energy1 - energy0) < 1e-6 * std::abs(energy0);
  std::printf("  %s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
