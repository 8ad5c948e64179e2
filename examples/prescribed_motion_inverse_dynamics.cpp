// prescribed_motion_inverse_dynamics: driving a joint by Motion and reading the force it takes.
//
//   prescribed_motion_inverse_dynamics [duration]
//
// prescribeMotion (matter/Motion.h) makes a mobilizer follow functions of time; the mobility is
// then known in the dynamics, and MatterSubsystem::getLockForces reports the generalized force
// that produces the motion. Two cases, gravity along -z (z up), pin joints about y:
//  1. one uniform rod (m, L) whose angle follows q(t) = A sin(w t) at Position level. Nothing is
//     free, so no integration is needed: set the time, realize Acceleration, read the force. It
//     is compared with the analytic torque  tau = I_O qddot + m g (L/2) sin(q).
//  2. a two-link arm whose shoulder follows the same motion while the elbow swings freely. The
//     free elbow is integrated (RungeKuttaMerson); at each report the shoulder's driving torque is
//     printed next to inverse dynamics (Newton-Euler, calcResidualForceIgnoringConstraints) of the
//     accelerations that resulted, with the applied forces subtracted: the residual on the
//     shoulder must equal the driving torque and the residual on the free elbow must be zero.
// Checks (exit code 1 on failure): both agreements to 1e-9 N m.
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/Motion.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

namespace {

constexpr Real g = 9.81, m = 1.2, L = 0.6;
constexpr Real A = 0.8, w = 2 * M_PI * 1.1;  // rad, rad/s (well above the rod's natural frequency)

// A uniform rod hanging along -z from its origin (the joint).
Body rod() {
  return Body(MassProperties::fromCentral(m, Vec3(0, 0, -L / 2), Inertia(m * L * L / 12, m * L * L / 12, 1e-5)));
}

// A pin turns about its frames' z axis; both frames turned like this, it turns about Ground's y.
Transform aboutY() { return Transform(Rotation::fromOneAxis(CoordinateAxis::Z, Vec3(0, 1, 0))); }

Real singleRod(Real duration) {
  MultibodySystem system("driven rod");
  MatterSubsystem& matter = system.updMatter();
  const MobilizedBody::Pin link(MobilizedBody::Ground(matter), aboutY(), rod(), aboutY(), Direction::Forward, "link");
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
      .addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  State s = system.realizeTopology();
  prescribeMotion(matter, s, link.getIndex(), MotionLevel::Position, {functions::sinusoid(A, w, 0)});

  const Real IO = m * L * L / 3;
  std::printf("1. rod %.1f kg, %.1f m, angle prescribed q = %.1f sin(%.3f t)\n", m, L, A, w);
  std::printf("%7s %10s %12s %16s %16s\n", "t (s)", "q (rad)", "qddot", "drive (N m)", "analytic (N m)");
  Real worst = 0;
  for (int k = 0; k <= 10; ++k) {
    s.setTime(duration * k / 10);
    system.realize(s, Stage::Acceleration);  // q and u are written from the motion at Position
    const Real q = link.getOneQ(s, 0) + 0.0, qdd = link.getUDot(s)[0] + 0.0;  // + 0.0: no "-0"
    const Real drive = matter.getLockForces(s)[link.getInfo().uStart];
    const Real t = s.getTime();
    const Real analytic = IO * (-A * w * w * std::sin(w * t)) + m * g * (L / 2) * std::sin(A * std::sin(w * t));
    std::printf("%7.3f %10.6f %12.6f %16.10f %16.10f\n", t, q, qdd, drive, analytic);
    worst = std::max(worst, std::abs(drive - analytic));
  }
  return worst;
}

Real armWithFreeElbow(Real duration) {
  MultibodySystem system("arm with a driven shoulder");
  MatterSubsystem& matter = system.updMatter();
  const MobilizedBody::Pin shoulder(MobilizedBody::Ground(matter), aboutY(), rod(), aboutY(), Direction::Forward,
                                    "upper arm");
  const MobilizedBody::Pin elbow(shoulder, Transform(Vec3(0, 0, -L)) * aboutY(), rod(), aboutY(), Direction::Forward,
                                 "forearm");
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
      .addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  State state = system.realizeTopology();
  elbow.setOneQ(state, 0, 0.3);
  prescribeMotion(matter, state, shoulder.getIndex(), MotionLevel::Position, {functions::sinusoid(A, w, 0)});

  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-8);
  integrator.initialize(state);
  std::printf("\n2. two-link arm: shoulder prescribed as above, elbow free (starts at 0.3 rad)\n");
  std::printf("%7s %10s %10s %16s %16s %14s\n", "t (s)", "shoulder", "elbow", "drive (N m)", "inverse dyn.",
              "elbow resid.");
  const int us = shoulder.getInfo().uStart, ue = elbow.getInfo().uStart;
  Real worst = 0;
  Vector udot, residual;
  for (int k = 0; k <= 10; ++k) {
    integrator.stepTo(duration * k / 10);
    const State& s = integrator.getState();  // realized through Acceleration
    udot = matter.getUDot(s);
    // Newton-Euler: M udot + c - f_applied, with the applied (gravity) forces gathered at Dynamics.
    matter.calcResidualForceIgnoringConstraints(s, matter.getAppliedMobilityForces(s), matter.getAppliedBodyForces(s),
                                                udot, residual);
    const Real drive = matter.getLockForces(s)[us];
    std::printf("%7.3f %10.6f %10.6f %16.10f %16.10f %14.2e\n", s.getTime(), shoulder.getOneQ(s, 0),
                elbow.getOneQ(s, 0), drive, residual[us], residual[ue]);
    worst = std::max({worst, std::abs(drive - residual[us]), std::abs(residual[ue])});
  }
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  const Real duration = argc > 1 ? std::atof(argv[1]) : 2.0;
  const Real e1 = singleRod(duration), e2 = armWithFreeElbow(duration);
  std::printf("\nlargest difference: rod vs analytic %.2e N m, arm vs inverse dynamics %.2e N m\n", e1, e2);
  const bool ok = e1 < 1e-9 && e2 < 1e-9;
  std::printf("%s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
