// constraint_reactions: forces a constraint applies, next to the analytic reaction.
//
// Two pendulums held by constraints instead of joints, swinging in the x-z plane (gravity -z, z up):
//  1. a point mass on a Translation joint (3 dof) kept at distance L from a pivot on Ground by a
//     Rod constraint. The rod's tension is the constraint force along the rod,
//         T = m (g cos(theta) + L thetadot^2),
//     theta the angle from the downward vertical;
//  2. a uniform bar on a Free joint (6 dof) whose end is pinned to Ground by a Ball constraint.
//     The pivot force on the bar has the radial part (towards the pivot)
//         F_r = m (g cos(theta) + l thetadot^2)       (l: pivot to mass centre)
//     and the tangential part F_t = m g sin(theta) (1 - m l^2 / I_O), I_O the bar's moment of
//     inertia about the pivot.
// Both are integrated with RungeKuttaMerson (projection onto the constraints after every step);
// theta and thetadot are read from the simulated motion, the forces from
// Constraint::calcConstraintForces. Exit code 1 if a force differs from the analytic one by more
// than 1e-6 of m g.
#include <cmath>
#include <cstdio>
#include <memory>

#include "articula/constraints/constraints.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

namespace {

constexpr Real g = 9.81;
constexpr Real theta0 = 1.2;  // rad, released from rest

// Angle from the downward vertical and its rate, for a point p (relative to the pivot) moving with v.
void angleAndRate(const Vec3& p, const Vec3& v, Real& theta, Real& thetaDot) {
  theta = std::atan2(p.x(), -p.z());
  thetaDot = -p.cross(v).y() / p.squaredNorm();  // theta grows turning -z towards +x: about -y
}

// 1. Point mass on a rod. Returns the largest |T - T_analytic| / (m g).
Real rodPendulum(Real duration) {
  constexpr Real m = 2.0, L = 0.8;
  MultibodySystem system("rod pendulum");
  MatterSubsystem& matter = system.updMatter();
  const MobilizedBody::Translation bob(MobilizedBody::Ground(matter),
                                       Body(MassProperties::fromCentral(m, Vec3::Zero(), Inertia(1e-6, 1e-6, 1e-6))),
                                       "bob");
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
      .addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  const auto& rod = addConstraint<constraints::Rod>(matter, "rod", 0, Vec3::Zero(), bob.getIndex(), Vec3::Zero(), L);
  State state = system.realizeTopology();
  bob.setQ(state, SmallVector(Vec3(L * std::sin(theta0), 0, -L * std::cos(theta0))));

  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-8);
  integrator.initialize(state);
  std::printf("1. point mass %.1f kg on a Rod constraint of %.2f m, released at %.2f rad\n", m, L, theta0);
  std::printf("%6s %10s %12s %14s %14s %10s %12s\n", "t (s)", "theta", "thetadot", "tension (N)", "analytic",
              "rod error", "multiplier");
  Real worst = 0;
  std::vector<SpatialVec> F;
  Vector f;
  for (int k = 0; k <= 8; ++k) {
    integrator.stepTo(duration * k / 8);
    const State& s = integrator.getState();  // realized through Acceleration
    const Vec3 p = bob.getBodyTransform(s).p(), v = bob.getBodyVelocity(s).tail<3>();
    Real theta, thetaDot;
    angleAndRate(p, v, theta, thetaDot);
    rod.calcConstraintForces(s, F, f);
    // The force on the bob points at the pivot; its size along -p/|p| is the tension.
    const Real tension = -Vec3(F[bob.getIndex()].tail<3>()).dot(p.normalized());
    const Real analytic = m * (g * std::cos(theta) + L * thetaDot * thetaDot);
    std::printf("%6.3f %10.5f %12.5f %14.8f %14.8f %10.1e %12.6f\n", s.getTime(), theta, thetaDot, tension, analytic,
                rod.getPositionErrors(s)[0], rod.getMultipliers(s)[0]);
    worst = std::max(worst, std::abs(tension - analytic) / (m * g));
  }
  return worst;
}

// 2. Uniform bar pinned at one end by a Ball constraint. Returns the largest force error / (m g).
Real ballPendulum(Real duration) {
  constexpr Real m = 1.5, len = 1.0, l = len / 2;
  const Real Ic = m * len * len / 12, IO = Ic + m * l * l;
  MultibodySystem system("ball-pinned bar");
  MatterSubsystem& matter = system.updMatter();
  // The bar lies along its body's -z from its origin (the pivot end) to the far end.
  const MobilizedBody::Free bar(MobilizedBody::Ground(matter),
                                Body(MassProperties::fromCentral(m, Vec3(0, 0, -l), Inertia(Ic, Ic, 1e-6))), "bar");
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
      .addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  const auto& pin = addConstraint<constraints::Ball>(matter, "pivot", 0, Vec3::Zero(), bar.getIndex(), Vec3::Zero());
  State state = system.realizeTopology();
  // q = [quaternion; p]: rotate the bar by theta0 about -y (-z towards +x), its origin on the pivot.
  SmallVector q(7);
  q << std::cos(theta0 / 2), 0, -std::sin(theta0 / 2), 0, 0, 0, 0;
  bar.setQ(state, q);

  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-8);
  integrator.initialize(state);
  std::printf("\n2. uniform bar %.1f kg, %.1f m, on a Free joint pinned at its end by a Ball constraint\n", m, len);
  std::printf("%6s %10s %12s %12s %12s %12s %12s\n", "t (s)", "theta", "thetadot", "radial (N)", "analytic",
              "tangent (N)", "analytic");
  Real worst = 0;
  std::vector<SpatialVec> F;
  Vector f;
  for (int k = 0; k <= 8; ++k) {
    integrator.stepTo(duration * k / 8);
    const State& s = integrator.getState();
    const Vec3 pc = bar.findStationLocationInGround(s, Vec3(0, 0, -l));
    const Vec3 vc = bar.findStationVelocityInGround(s, Vec3(0, 0, -l));
    Real theta, thetaDot;
    angleAndRate(pc, vc, theta, thetaDot);
    pin.calcConstraintForces(s, F, f);
    const Vec3 force = F[bar.getIndex()].tail<3>();
    const Vec3 inward = -pc.normalized();                        // towards the pivot
    const Vec3 along = (-Vec3::UnitY()).cross(pc).normalized();  // direction of increasing theta
    const Real radial = force.dot(inward), tangent = force.dot(along);
    const Real radialA = m * (g * std::cos(theta) + l * thetaDot * thetaDot);
    const Real tangentA = m * g * std::sin(theta) * (1 - m * l * l / IO);
    std::printf("%6.3f %10.5f %12.5f %12.6f %12.6f %12.6f %12.6f\n", s.getTime(), theta, thetaDot, radial, radialA,
                tangent, tangentA);
    worst = std::max({worst, std::abs(radial - radialA) / (m * g), std::abs(tangent - tangentA) / (m * g)});
  }
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  const Real duration = argc > 1 ? std::atof(argv[1]) : 2.0;
  const Real e1 = rodPendulum(duration), e2 = ballPendulum(duration);
  std::printf("\nlargest force error / (m g): rod %.2e, ball %.2e\n", e1, e2);
  const bool ok = e1 < 1e-6 && e2 < 1e-6;
  std::printf("%s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
