// Models and oracles shared by the study tests: a ball on a vertical slider under gravity (the
// bouncing ball: its free flight is a quadratic in t, which Runge-Kutta methods of order >= 2 and
// cubic Hermite dense output reproduce to round-off, so the only error left in an event time is
// the isolation), and a pin pendulum (non-polynomial, for dense-output accuracy).
#pragma once
#include <cmath>
#include <memory>
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/study/TimeStepper.h"

namespace articula::testing {

constexpr Real kGravity = 9.81;

// A 0.5 kg ball whose q is its height above the floor (Ground's y) and u its vertical speed.
struct BallModel {
  MultibodySystem system{"ball"};
  MobilizedBody ball;
  GeneralForceSubsystem* forces = nullptr;  // gravity is element 0
  State state;
  BallModel(Real height = 1.0, Real speed = 0.0) {
    MatterSubsystem& matter = system.updMatter();
    // A Slider translates along its F frame's x axis; turning F (and M) by 90° about z puts that
    // axis along Ground's y.
    const Transform upright(Rotation::aboutZ(M_PI / 2));
    ball = MobilizedBody::Slider(MobilizedBody::Ground(matter), upright,
                                 Body(MassProperties::fromCentral(0.5, Vec3::Zero(), Inertia(1e-3, 1e-3, 1e-3))),
                                 upright, Direction::Forward, "ball");
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    forces->addForce(std::make_unique<Gravity>(Vec3(0, -kGravity, 0)));
    state = system.realizeTopology();
    ball.setOneQ(state, 0, height);
    ball.setOneU(state, 0, speed);
  }
  Real height(const State& s) const { return ball.getOneQ(s, 0); }
  Real speed(const State& s) const { return ball.getOneU(s, 0); }
  // The witness: height above the floor.
  std::shared_ptr<EventWitness> heightWitness(EventDirection direction, const std::string& name = "height") const {
    const MobilizedBody b = ball;
    return std::make_shared<EventWitness>(name, Stage::Position, direction,
                                          [b](const State& s) { return b.getOneQ(s, 0); });
  }
};

// Free flight from (y0, v0) at t0: the first time after t0 at which the height falls through 0.
inline Real nextLanding(Real t0, Real y0, Real v0) {
  return t0 + (v0 + std::sqrt(v0 * v0 + 2 * kGravity * y0)) / kGravity;
}
inline Real flightHeight(Real t0, Real y0, Real v0, Real t) {
  const Real dt = t - t0;
  return y0 + v0 * dt - kGravity * dt * dt / 2;
}

// Analytic impact times of a ball dropped from rest at height h with restitution e: the k-th
// flight lasts 2 e^k v1 / g, so t_k is a geometric series.
inline std::vector<Real> analyticImpacts(Real h, Real e, int n) {
  std::vector<Real> t;
  const Real t1 = std::sqrt(2 * h / kGravity), v1 = kGravity * t1;
  Real tk = t1, ek = 1;
  for (int k = 0; k < n; ++k) {
    t.push_back(tk);
    ek *= e;
    tk += 2 * ek * v1 / kGravity;
  }
  return t;
}

// What a bouncing-ball handler saw at each impact.
struct Impact {
  Real time, heightBefore, speedBefore, speedAfter;
};

// A handler that reverses and scales the ball's speed by e, recording each impact.
inline std::shared_ptr<EventHandler> bounceHandler(const BallModel& m, Real e, std::vector<Impact>& log,
                                                   const std::string& name = "bounce") {
  const MobilizedBody b = m.ball;
  return std::make_shared<EventHandler>(name, [b, e, &log](State& s, EventContext& ctx) {
    const Real v = b.getOneU(s, 0);
    b.setOneU(s, 0, -e * v);
    log.push_back({ctx.getTime(), b.getOneQ(s, 0), v, -e * v});
  });
}

// A pin pendulum (1 m, 1 kg) released from q0: smooth, non-polynomial motion.
struct PendulumModel {
  MultibodySystem system{"pendulum"};
  MobilizedBody link;
  State state;
  explicit PendulumModel(Real q0 = 1.0) {
    MatterSubsystem& matter = system.updMatter();
    link = MobilizedBody::Pin(MobilizedBody::Ground(matter), Transform(),
                              Body(MassProperties::fromCentral(1.0, Vec3(0, -1, 0), Inertia(0.01, 0.01, 0.01))),
                              Transform(), Direction::Forward, "link");
    auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    forces.addForce(std::make_unique<Gravity>(Vec3(0, -kGravity, 0)));
    state = system.realizeTopology();
    link.setOneQ(state, 0, q0);
  }
};

}  // namespace articula::testing
