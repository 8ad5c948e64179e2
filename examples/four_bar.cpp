// four_bar: a closed kinematic loop with constraints.
//
// A planar four-bar linkage (crank a = 0.3 m, coupler b = 1.0 m, rocker c = 0.8 m, ground link
// d = 0.9 m) is built as a tree of three pin joints, crank and rocker on Ground and the coupler on
// the crank, and closed with a Ball constraint between the coupler's end and the rocker's end.
// The linkage moves in the x-z plane (z up, as in every example): the pins turn about -y (a pin
// turns about its frames' z axis; both frames are turned by the same rotation, so q = 0 leaves the
// bodies aligned with Ground). The crank is driven at a constant 2 rad/s (prescribed motion),
// gravity acts along -z, and the
// linkage is integrated for 3 s with the error-controlled Runge-Kutta-Merson method, which
// projects the state back onto the constraint manifold after every step. The program prints:
//   - the crank and rocker angles next to the rocker angle from Freudenstein's equation
//     K1 cos(t4) - K2 cos(t2) + K3 = cos(t2 - t4), solved in closed form;
//   - the closure error, the crank torque the drive needs and the constraint force;
//   - the solver statistics (the planar closure has 3 equations of which 2 are independent,
//     so every solve is rank-deficient and takes the minimum-norm multipliers).
#include <cmath>
#include <cstdio>

#include "articula/constraints/constraints.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/Motion.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

namespace {

constexpr Real a = 0.3, b = 1.0, c = 0.8, d = 0.9;  // m
constexpr Real crankRate = 2.0;                     // rad/s

// A slender bar of the given length and mass lying along its body's x axis.
Body bar(Real length, Real mass) {
  const Real I = mass * length * length / 12;
  return Body(MassProperties::fromCentral(mass, Vec3(length / 2, 0, 0), Inertia(1e-6, I, I)));
}

// Rocker angle for crank angle t2 on the open branch, from |B - A| = b.
Real rockerAngle(Real t2) {
  const Real P = 2 * c * (d - a * std::cos(t2)), Q = -2 * a * c * std::sin(t2);
  const Real R = a * a + c * c + d * d - b * b - 2 * a * d * std::cos(t2);
  return std::atan2(Q, P) + std::acos(-R / std::hypot(P, Q));
}

}  // namespace

int main() {
  MultibodySystem system("four-bar");
  MatterSubsystem& matter = system.updMatter();
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));
  const Transform inXZ(Rotation::aboutX(M_PI / 2));  // F's and M's z along -y: body x turns towards +z
  const MobilizedBody ground = MobilizedBody::Ground(matter);
  const MobilizedBody crank = MobilizedBody::Pin(ground, inXZ, bar(a, 1.0), inXZ);
  const MobilizedBody coupler = MobilizedBody::Pin(crank, Transform(Vec3(a, 0, 0)) * inXZ, bar(b, 2.0), inXZ);
  const MobilizedBody rocker = MobilizedBody::Pin(ground, Transform(Vec3(d, 0, 0)) * inXZ, bar(c, 1.5), inXZ);
  const auto& closure = addConstraint<constraints::Ball>(matter, "closure", coupler.getIndex(), Vec3(b, 0, 0),
                                                         rocker.getIndex(), Vec3(c, 0, 0));
  system.realizeTopology();

  // Assemble at crank angle 0 from the closed-form loop solution, then drive the crank.
  State state = system.getDefaultState();
  const Real t2 = 0, t4 = rockerAngle(t2);
  const Vec3 A(a, 0, 0), B(d + c * std::cos(t4), 0, c * std::sin(t4));  // in the x-z plane
  crank.setOneQ(state, 0, t2);
  coupler.setOneQ(state, 0, std::atan2(B.z() - A.z(), B.x() - A.x()) - t2);
  rocker.setOneQ(state, 0, t4);
  prescribeMotion(matter, state, crank.getIndex(), MotionLevel::Position, {functions::linear({crankRate}, 0)});

  auto integrator = makeIntegrator("RungeKuttaMerson", system);
  integrator->setAccuracy(1e-7);
  integrator->initialize(state);

  std::printf("four-bar: crank %.2f m, coupler %.2f m, rocker %.2f m, ground %.2f m; crank driven at %.1f rad/s\n", a,
              b, c, d, crankRate);
  std::printf("%6s %10s %12s %14s %12s %13s %12s\n", "t (s)", "crank", "rocker", "Freudenstein", "closure (m)",
              "torque (N m)", "force (N)");
  Real worstAngle = 0, worstClosure = 0;
  for (int i = 0; i <= 12; ++i) {
    integrator->stepTo(0.25 * i);
    State s = integrator->getState();
    system.realize(s, Stage::Acceleration);
    const Real q2 = crank.getOneQ(s, 0), q4 = rocker.getOneQ(s, 0);
    const Real analytic = rockerAngle(q2);
    std::vector<SpatialVec> F;
    Vector f;
    closure.calcConstraintForces(s, F, f);
    std::printf("%6.2f %10.4f %12.6f %14.6f %12.2e %13.4f %12.4f\n", s.getTime(), std::remainder(q2, 2 * M_PI),
                std::remainder(q4, 2 * M_PI), std::remainder(analytic, 2 * M_PI), closure.getPositionErrors(s).norm(),
                matter.getLockForces(s)[crank.getInfo().uStart], Vec3(F[rocker.getIndex()].tail<3>()).norm());
    worstAngle = std::max(worstAngle, std::abs(std::remainder(q4 - analytic, 2 * M_PI)));
    worstClosure = std::max(worstClosure, closure.getPositionErrors(s).norm());
  }
  const ConstraintStatistics st = ConstraintSet::get(matter).getStatistics();
  std::printf("solves %ld (rank-deficient %ld, inconsistent %ld), projections %ld, Newton iterations %ld + %ld\n",
              st.accelerationSolves, st.rankDeficientSolves, st.inconsistentSolves, st.projections,
              st.positionIterations, st.velocityIterations);
  std::printf("integrator: %d steps\n", static_cast<int>(integrator->getStatistics().stepsTaken));
  // Check: the rocker follows Freudenstein's equation and the loop stays closed.
  const bool ok = worstAngle < 1e-6 && worstClosure < 1e-6;
  std::printf("largest rocker angle error %.1e rad, closure error %.1e m: %s\n", worstAngle, worstClosure,
              ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
