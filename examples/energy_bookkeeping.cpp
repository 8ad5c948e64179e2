// energy_bookkeeping: KE + PE - W_nc is constant for a damped, driven system.
//
//   energy_bookkeeping [duration]
//
// A double pendulum (pin joints about y, gravity -z: z up) with
//   - a spring from a point on Ground to the lower link's tip (conservative: potential energy),
//   - a linear damper on the elbow (dissipative),
//   - a half-sine torque pulse on the shoulder (driving: puts energy in),
//   - a global damper on every speed (dissipative).
// GeneralForceSubsystem::setTrackNonConservativeWork(true), called before the System is built,
// adds one auxiliary state z whose derivative is the elements' non-conservative power, so the
// integrator computes W_nc = ∫ P_nc dt at the accuracy of the motion. Then
//     KE + PE - W_nc = const,
// whatever mix of conservative, dissipative and driving elements the model has.
// As an independent check, each element's non-conservative power (ForceElement::
// calcNonConservativePower) is also integrated by the trapezoid rule over 1 ms samples, giving
// the energy each element put in or took out; their sum must match W_nc.
// Checks (exit code 1 on failure): |KE + PE - W_nc - E0| < 1e-5 J throughout; the trapezoid sum
// matches W_nc to 1e-4 J.
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "articula/forces/GlobalDamper.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/MobilityLinearDamper.h"
#include "articula/forces/TorquePulse.h"
#include "articula/forces/TwoPointLinearSpring.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

int main(int argc, char** argv) {
  const Real duration = argc > 1 ? std::atof(argv[1]) : 4.0;
  constexpr Real m = 1.0, L = 0.5;

  MultibodySystem system("damped, driven double pendulum");
  MatterSubsystem& matter = system.updMatter();
  // Rods hanging along -z; a pin turns about its frames' z axis, so both frames are turned to put it on y.
  const Body rod(MassProperties::fromCentral(m, Vec3(0, 0, -L / 2), Inertia(m * L * L / 12, m * L * L / 12, 1e-4)));
  const Transform aboutY(Rotation::fromOneAxis(CoordinateAxis::Z, Vec3(0, 1, 0)));
  const MobilizedBody ground = MobilizedBody::Ground(matter);
  const MobilizedBody::Pin upper(ground, aboutY, rod, aboutY, Direction::Forward, "upper");
  const MobilizedBody::Pin lower(upper, Transform(Vec3(0, 0, -L)) * aboutY, rod, aboutY, Direction::Forward, "lower");

  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));
  forces.addForce(
      std::make_unique<TwoPointLinearSpring>(ground, Vec3(-0.6, 0, -0.6), lower, Vec3(0, 0, -L), 40.0, 0.3, "spring"));
  forces.addForce(std::make_unique<MobilityLinearDamper>(lower, 0, 0.2, "elbow damper"));
  forces.addForce(std::make_unique<TorquePulse>(TorquePulse::Mode::Mobility, upper, SmallVector::Constant(1, 15.0),
                                                /*t0*/ 0.5, /*T*/ 0.4, "shoulder pulse"));
  forces.addForce(std::make_unique<GlobalDamper>(0.05, "air"));
  forces.setTrackNonConservativeWork(true);  // before realizeTopology(): W_nc becomes a state z

  State state = system.realizeTopology();
  upper.setOneQ(state, 0, 1.0);
  lower.setOneQ(state, 0, -0.5);

  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-8);
  integrator.initialize(state);
  const State& s0 = integrator.getState();
  const Real e0 = system.calcEnergy(s0);

  // Per-element non-conservative power, integrated by the trapezoid rule on a 1 ms grid.
  const int n = forces.getNumForces();
  std::vector<Real> work(n, 0), lastPower(n, 0);
  auto powers = [&](const State& s, std::vector<Real>& p) {
    for (int i = 0; i < n; ++i) p[i] = forces.getForce(i).calcNonConservativePower(s, matter);
  };
  powers(s0, lastPower);

  std::printf("energy_bookkeeping: %s, %d force elements, RungeKuttaMerson at 1e-8\n", system.getName().c_str(), n);
  std::printf("%7s %11s %11s %11s %15s %11s\n", "t (s)", "KE (J)", "PE (J)", "W_nc (J)", "KE+PE-W_nc (J)",
              "change (J)");
  const Real dt = 1e-3;
  const int steps = static_cast<int>(std::lround(duration / dt));
  Real worstBalance = 0;
  std::vector<Real> p(n);
  for (int k = 0; k <= steps; ++k) {
    integrator.stepTo(k * dt);
    const State& s = integrator.getState();
    if (k > 0) {
      powers(s, p);
      for (int i = 0; i < n; ++i) work[i] += 0.5 * dt * (p[i] + lastPower[i]);
      lastPower = p;
    }
    const Real ke = system.calcKineticEnergy(s), pe = system.calcPotentialEnergy(s);
    const Real w = forces.getNonConservativeWork(s);
    const Real balance = ke + pe - w;
    worstBalance = std::max(worstBalance, std::abs(balance - e0));
    if (k % (steps / 16 > 0 ? steps / 16 : 1) == 0 || k == steps)
      std::printf("%7.3f %11.6f %11.6f %11.6f %15.9f %11.2e\n", s.getTime(), ke, pe, w, balance, balance - e0);
  }
  const State& end = integrator.getState();
  std::printf("\nwork of each element (trapezoid rule over 1 ms samples of its non-conservative power):\n");
  Real sum = 0;
  for (int i = 0; i < n; ++i) {
    std::printf("  %-16s %12.6f J\n", forces.getForce(i).getName().c_str(), work[i]);
    sum += work[i];
  }
  const Real wnc = forces.getNonConservativeWork(end);
  std::printf("  %-16s %12.6f J   (integrated state W_nc: %.6f J)\n", "sum", sum, wnc);
  std::printf("largest |KE + PE - W_nc - E0| = %.2e J; %lld steps\n", worstBalance,
              static_cast<long long>(integrator.getStatistics().stepsTaken));
  const bool ok = worstBalance < 1e-5 && std::abs(sum - wnc) < 1e-4 && std::abs(wnc) > 0.1;
  std::printf("%s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
