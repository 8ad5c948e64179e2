// Small models for the mobility-level constraint tests.
#pragma once
#include "ConstraintChecks.h"

namespace articula::testing {

// Two independent pins on Ground (rotors) with polar inertias I1, I2 about z.
struct TwoRotors {
  static constexpr Real I1 = 0.3, I2 = 1.7;
  MultibodySystem sys;
  TestForces* forces = nullptr;
  MobilizedBody r1, r2;
  TwoRotors() {
    MatterSubsystem& m = sys.updMatter();
    forces = &addTestForces(sys);
    r1 = MobilizedBody::Pin(MobilizedBody::Ground(m), Transform(),
                            Body(MassProperties(1, Vec3::Zero(), Inertia(1, 1, I1))), Transform());
    r2 = MobilizedBody::Pin(MobilizedBody::Ground(m), Transform(Vec3(1, 0, 0)),
                            Body(MassProperties(2, Vec3::Zero(), Inertia(1, 1, I2))), Transform());
  }
};

// A 3-link pendulum chain of pins under gravity (links of length 0.5 along -y).
struct Chain {
  MultibodySystem sys;
  TestForces* forces = nullptr;
  std::vector<MobilizedBody> links;
  Chain() {
    MatterSubsystem& m = sys.updMatter();
    forces = &addTestForces(sys);
    forces->gravity = Vec3(0, -9.81, 0);
    MobilizedBody parent = MobilizedBody::Ground(m);
    for (int i = 0; i < 3; ++i) {
      const Body link(MassProperties::fromCentral(1 + 0.5 * i, Vec3(0, -0.25, 0), Inertia(0.02, 0.002, 0.02)));
      parent = MobilizedBody::Pin(parent, Transform(Vec3(0, i ? -0.5 : 0.0, 0)), link, Transform());
      links.push_back(parent);
    }
  }
  // q = (0.3, -0.4, 0.8), u = (0.5, 2, -1), realized to Acceleration.
  State movingState() const {
    const MatterSubsystem& m = sys.getMatter();
    State s = sys.getDefaultState();
    m.updQ(s) = Eigen::Vector3d(0.3, -0.4, 0.8);
    m.updU(s) = Eigen::Vector3d(0.5, 2.0, -1.0);
    sys.realize(s, Stage::Acceleration);
    return s;
  }
};

// Inverse dynamics of the motion in s (realized to Acceleration) minus the generalized forces
// constraint c applies: zero when c is the only constraint and acts on mobilities only, i.e. its
// multiplier is the force that produces the computed motion.
inline Vector inverseDynamicsMinusConstraintForce(const MatterSubsystem& m, const State& s, const Constraint& c) {
  Vector residual;
  m.calcResidualForceIgnoringConstraints(s, m.getAppliedMobilityForces(s), m.getAppliedBodyForces(s),
                                         Vector(m.getUDot(s)), residual);
  std::vector<SpatialVec> F;
  Vector f;
  c.calcConstraintForces(s, F, f);
  return residual - f;
}

}  // namespace articula::testing
