// Small models and helpers shared by the integrator tests: a pendulum, a triple pendulum, a
// torque-free tumbling body (quaternions, gyroscopic coupling), a slider with a constant force
// (exact polynomial solution), a branched body bouncing on the floor, and fixed-step /
// error-controlled run helpers.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/MobilityConstantForce.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

namespace articula::testing {

constexpr Real kG = 9.81;

// Pendulums hanging along -y from pin joints about z; each link 1 m, mass 1 kg, with a small
// rotational inertia about its centre. Energy zero at q = 0, u = 0.
struct PendulumModel {
  MultibodySystem system;
  GeneralForceSubsystem* forces = nullptr;
  std::vector<MobilizedBody> links;
  State state;
  // extraForces may add elements before the System is built.
  explicit PendulumModel(int n = 1, Real q0 = 0.5,
                         const std::function<void(GeneralForceSubsystem&)>& extraForces = nullptr) {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody parent = MobilizedBody::Ground(matter);
    const Body link(MassProperties::fromCentral(1.0, Vec3(0, -0.5, 0), Inertia(0.02, 0.001, 0.02)));
    for (int i = 0; i < n; ++i) {
      const Transform X_PF = i == 0 ? Transform() : Transform(Vec3(0, -1, 0));
      links.push_back(
          MobilizedBody::Pin(parent, X_PF, link, Transform(), Direction::Forward, "link" + std::to_string(i)));
      parent = links.back();
    }
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    Real pe0 = 0;
    for (int i = 0; i < n; ++i) pe0 += kG * (i + 0.5);  // m g h at rest, h = -(i + 1/2)
    forces->addForce(std::make_unique<Gravity>(Vec3(0, -kG, 0))).setZeroHeightEnergy(pe0);
    if (extraForces) extraForces(*forces);
    state = system.realizeTopology();
    for (int i = 0; i < n; ++i) links[i].setOneQ(state, 0, i == 0 ? q0 : 0.3 * q0);
  }
  Real energy(const State& s) const {
    system.realize(const_cast<State&>(s), Stage::Velocity);
    return system.calcEnergy(s);
  }
};

// A torque-free asymmetric rigid body on a quaternion Ball joint, spinning about all three axes:
// nonlinear (gyroscopic) u dynamics and N(q) kinematics.
struct TumblerModel {
  MultibodySystem system;
  MobilizedBody body;
  State state;
  TumblerModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    const Body b(MassProperties::fromCentral(2.0, Vec3(0, 0, 0), Inertia(1.0, 2.0, 3.0)));
    body = MobilizedBody::Ball(ground, Transform(), b, Transform(), RotationCoordinates::Quaternion, Direction::Forward,
                               "tumbler");
    state = system.realizeTopology();
    SmallVector w(3);
    w << 0.3, 2.0, 0.4;  // near the unstable intermediate axis: interesting motion
    body.setU(state, w);
  }
};

// A branched body on the floor: a free torso with two pinned, damped legs, spheres at the feet and
// the hip, thrown sideways and spinning from 0.9 m. Contact is with Ground only.
struct WalkerModel {
  MultibodySystem system{"walker"};
  ContactForceSubsystem* contact = nullptr;
  State state;
  WalkerModel() {
    MatterSubsystem& matter = system.updMatter();
    const Body segment(MassProperties::fromCentral(2, Vec3(0, 0, -0.2), Inertia(0.03, 0.03, 0.005)));
    MobilizedBody torso = MobilizedBody::Free(MobilizedBody::Ground(matter), segment, "torso");
    auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -kG)));
    forces.addForce(std::make_unique<PassiveJointDamping>(2.0));
    contact = &system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    contact->addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
    contact->addSurface(torso.getIndex(), Transform(Vec3(0, 0, -0.4)), ContactShape::sphere(0.05),
                        ContactMaterial::rubber(), "hip");
    for (Real side : {1.0, -1.0}) {
      const Transform X_PF(Rotation::aboutAxis(M_PI / 2, Vec3::UnitX()), Vec3(0, 0.1 * side, -0.4));
      MobilizedBody leg = MobilizedBody::Pin(torso, X_PF, segment,
                                             Transform(Rotation::aboutAxis(-M_PI / 2, Vec3::UnitX())));
      contact->addSurface(leg.getIndex(), Transform(Vec3(0, 0, -0.4)), ContactShape::sphere(0.05),
                          ContactMaterial::rubber(), side > 0 ? "foot_l" : "foot_r");
    }
    state = system.realizeTopology();
    matter.updQ(state).segment<3>(4) = Vec3(0, 0, 0.9);
    matter.updU(state).head<6>() << 0.5, 1, 0, 0.3, 0, 0;
  }
};

// A block on a slider along x pushed by a constant force: x = v0 t + F t²/(2m).
struct SliderModel {
  MultibodySystem system;
  MobilizedBody block;
  State state;
  static constexpr Real kMass = 2.0, kForce = 3.0, kV0 = -1.0;
  SliderModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    block = MobilizedBody::Slider(ground, Transform(),
                                  Body(MassProperties::fromCentral(kMass, Vec3(0, 0, 0), Inertia(1, 1, 1))),
                                  Transform(), Direction::Forward, "block");
    auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    forces.addForce(std::make_unique<MobilityConstantForce>(block, 0, kForce, "push"));
    state = system.realizeTopology();
    block.setOneU(state, 0, kV0);
  }
  static Real x(Real t) { return kV0 * t + kForce / kMass * t * t / 2; }
  static Real v(Real t) { return kV0 + kForce / kMass * t; }
};

// Runs `integ` from s to time T in fixed steps of h; returns the final y.
inline Vector runFixed(Integrator& integ, const State& s, Real h, Real T) {
  integ.setFixedStepSize(h);
  integ.initialize(s);
  integ.setFinalTime(T);
  while (integ.stepTo(T) != StepOutcome::EndOfSimulation) {
  }
  return integ.getState().getY();
}

// Runs with error control at accuracy a to time T; returns the final y.
inline Vector runControlled(Integrator& integ, const State& s, Real a, Real T) {
  integ.setAccuracy(a);
  integ.initialize(s);
  integ.setFinalTime(T);
  while (integ.stepTo(T) != StepOutcome::EndOfSimulation) {
  }
  return integ.getState().getY();
}

// A high-accuracy reference solution: Dormand-Prince at 1e-12 (checked against fixed-step
// Fehlberg in DormandPrince54_test).
inline Vector reference(const System& system, const State& s, Real T) {
  DormandPrince54Integrator integ(system);
  return runControlled(integ, s, 1e-12, T);
}

// Observed order from fixed-step runs at h, h/2, h/4 against a reference: least-squares slope of
// log(error) vs log(h).
template <class Method>
Real measuredOrder(const System& system, const State& s, Real h, Real T, const Vector& ref) {
  std::vector<Real> logh, loge;
  for (int k = 0; k < 3; ++k) {
    Method integ(system);
    integ.setAccuracy(1e-12);  // only iterations (Verlet) read it in fixed-step mode
    const Vector y = runFixed(integ, s, h / (1 << k), T);
    logh.push_back(std::log(h / (1 << k)));
    loge.push_back(std::log((y - ref).cwiseAbs().maxCoeff()));
  }
  const Real mh = (logh[0] + logh[1] + logh[2]) / 3, me = (loge[0] + loge[1] + loge[2]) / 3;
  Real num = 0, den = 0;
  for (int k = 0; k < 3; ++k) {
    num += (logh[k] - mh) * (loge[k] - me);
    den += (logh[k] - mh) * (logh[k] - mh);
  }
  return num / den;
}

// Expects the measured fixed-step order on the pendulum (N = I) and on the tumbler (quaternions,
// velocity-dependent udot) to be within ±0.3 of `expected`; returns the pendulum's.
template <class Method>
Real expectOrder(Real expected, Real hPendulum, Real hTumbler) {
  PendulumModel pendulum(2, 0.5);
  const Vector refP = reference(pendulum.system, pendulum.state, 2.0);
  const Real p = measuredOrder<Method>(pendulum.system, pendulum.state, hPendulum, 2.0, refP);
  EXPECT_NEAR(p, expected, 0.3) << "double pendulum";
  TumblerModel tumbler;
  const Vector refT = reference(tumbler.system, tumbler.state, 2.0);
  const Real pt = measuredOrder<Method>(tumbler.system, tumbler.state, hTumbler, 2.0, refT);
  EXPECT_NEAR(pt, expected, 0.3) << "tumbling body (quaternion)";
  std::printf("[ order ] %-20s pendulum %.2f, tumbler %.2f (expected %.0f)\n", Method(pendulum.system).getMethodName(),
              p, pt, expected);
  return p;
}

// Global error at T = 3 s of a double pendulum for accuracies 1e-3 .. 1e-7 vs the reference:
// returns the slope of log(error) vs log(accuracy), and checks the error decreases.
template <class Method>
Real accuracySlope() {
  PendulumModel m(2, 1.0);
  const Vector ref = reference(m.system, m.state, 3.0);
  std::vector<Real> la, le;
  for (Real a : {1e-3, 1e-4, 1e-5, 1e-6, 1e-7}) {
    Method integ(m.system);
    const Vector y = runControlled(integ, m.state, a, 3.0);
    la.push_back(std::log(a));
    le.push_back(std::log((y - ref).cwiseAbs().maxCoeff()));
  }
  for (size_t k = 1; k < le.size(); ++k) EXPECT_LT(le[k], le[k - 1] + 0.5) << "error grew as accuracy tightened";
  Real ma = 0, me = 0;
  for (size_t k = 0; k < la.size(); ++k) ma += la[k] / la.size(), me += le[k] / la.size();
  Real num = 0, den = 0;
  for (size_t k = 0; k < la.size(); ++k) num += (la[k] - ma) * (le[k] - me), den += (la[k] - ma) * (la[k] - ma);
  std::printf("[ accuracy ] %-20s error(1e-3) %.2e error(1e-7) %.2e slope %.2f\n", Method(m.system).getMethodName(),
              std::exp(le.front()), std::exp(le.back()), num / den);
  return num / den;
}

}  // namespace articula::testing
