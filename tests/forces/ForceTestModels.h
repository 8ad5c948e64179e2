// Small models shared by the force-element tests: a planar pendulum and a mixed chain whose
// mobilizers all have N = I (so dPE/dq is the generalized force), a chain of orientation joints
// (N != I), plus helpers that evaluate one element's forces in isolation, its power computed from
// the definition, derivatives of its potential energy along the motion, and a fixed-step RK4 loop
// that checks the energy bookkeeping KE + PE - integral(P_nc) dt = const.
#pragma once
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/matter/ImplicitTreeSolver.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "support/DenseDynamics.h"

namespace articula::testing {

// Body with mass centre p_BC and the given central inertia diagonal.
inline Body massBody(Real m, const Vec3& p_BC, const Vec3& centralMoments) {
  return Body(
      MassProperties::fromCentral(m, p_BC, Inertia(centralMoments.x(), centralMoments.y(), centralMoments.z())));
}

// Ground -> Pin -> Slider -> Universal -> Pin, with offsets so that every coordinate moves mass.
struct ChainModel {
  MultibodySystem system;
  GeneralForceSubsystem* forces = nullptr;
  std::vector<MobilizedBody> bodies;  // bodies[0] is Ground
  ChainModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    bodies.push_back(ground);
    const Transform X_PF(Rotation::aboutX(0.3), Vec3(0.1, 0.2, -0.1));
    const Transform X_BM(Rotation::aboutY(-0.2), Vec3(0.0, 0.3, 0.05));
    bodies.push_back(
        MobilizedBody::Pin(ground, X_PF, massBody(2.0, Vec3(0.1, -0.4, 0.05), Vec3(0.05, 0.02, 0.06)), X_BM));
    bodies.push_back(
        MobilizedBody::Slider(bodies.back(), X_PF, massBody(1.5, Vec3(-0.2, 0.1, 0.3), Vec3(0.01, 0.03, 0.02)), X_BM));
    bodies.push_back(MobilizedBody::Universal(bodies.back(), X_PF,
                                              massBody(0.7, Vec3(0.05, -0.3, 0.1), Vec3(0.02, 0.02, 0.01)), X_BM));
    bodies.push_back(
        MobilizedBody::Pin(bodies.back(), X_PF, massBody(1.1, Vec3(0.3, 0.0, -0.2), Vec3(0.03, 0.01, 0.03)), X_BM));
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

// The forces of one element alone, at the state's current Position-stage results.
struct ElementForces {
  std::vector<SpatialVec> body;
  Vector mobility;
};
inline ElementForces evalElement(const ForceElement& e, const State& s, const MatterSubsystem& matter) {
  ElementForces out{std::vector<SpatialVec>(matter.getNumBodies(), SpatialVec::Zero()), Vector::Zero(matter.getNU())};
  e.calcForce(s, matter, out.body, out.mobility);
  return out;
}

// Generalized force of one element: mobility forces plus J^T of its body forces.
inline Vector generalizedForce(const ForceElement& e, const State& s, const MatterSubsystem& matter) {
  ElementForces f = evalElement(e, s, matter);
  Vector jtf(matter.getNU());
  matter.multiplyBySystemJacobianTranspose(s, f.body, jtf);
  return f.mobility + jtf;
}

// Central differences of the element's potential energy along each q (valid for N = I).
inline Vector potentialGradient(const ForceElement& e, const MultibodySystem& system, const State& s0, Real h = 1e-6) {
  const MatterSubsystem& matter = system.getMatter();
  Vector grad(matter.getNQ());
  State s = s0;
  for (int i = 0; i < matter.getNQ(); ++i) {
    const Real qi = matter.getQ(s0)[i];
    matter.updQ(s)[i] = qi + h;
    system.realize(s, Stage::Position);
    const Real plus = e.calcPotentialEnergy(s, matter);
    matter.updQ(s)[i] = qi - h;
    system.realize(s, Stage::Position);
    const Real minus = e.calcPotentialEnergy(s, matter);
    matter.updQ(s)[i] = qi;
    grad[i] = (plus - minus) / (2 * h);
  }
  return grad;
}

// Ground -> Ball (quaternion) -> Ball (Euler x-y-z) -> Gimbal -> reversed Ball -> Free: joints
// whose u are angular velocities, so N is not the identity. Offsets make every u move mass.
// An element's structured linearization (ForceJacobian.h) as dense D and K; `accepted` is what
// addInTreeJacobian returned, `bodyTerms` the size of its per-body slopes (the joint elements
// add none).
struct DenseTreeJacobian {
  bool accepted = false;
  Real bodyTerms = 0;
  Matrix D, K;
};
inline DenseTreeJacobian densifyTreeJacobian(const ForceElement& element, const MatterSubsystem& matter,
                                             const State& s) {
  ImplicitTreeSolver solver;
  DenseTreeJacobian out;
  const int nu = matter.getNU();
  out.D = Matrix::Zero(nu, nu);
  out.K = Matrix::Zero(nu, nu);
  if (!solver.prepare(matter, s)) return out;
  TreeJacobianTerms& t = solver.terms();
  out.accepted = element.addInTreeJacobian(s, matter, t);
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    out.D.block(info.uStart, info.uStart, info.nu, info.nu) = t.jointDamping[b];
    out.K.block(info.uStart, info.uStart, info.nu, info.nu) = t.jointStiffness[b];
    out.bodyTerms += t.stiffness[b].norm() + t.damping[b].norm();
  }
  return out;
}

struct OrientationModel {
  MultibodySystem system;
  GeneralForceSubsystem* forces = nullptr;
  std::vector<MobilizedBody> bodies;  // bodies[0] is Ground
  OrientationModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    bodies.push_back(ground);
    const Transform X_PF(Rotation::aboutY(0.4) * Rotation::aboutX(-0.3), Vec3(0.1, -0.3, 0.05));
    const Transform X_BM(Rotation::aboutZ(0.25), Vec3(0.0, 0.25, -0.05));
    bodies.push_back(
        MobilizedBody::Ball(ground, X_PF, massBody(1.2, Vec3(0.05, -0.3, 0.1), Vec3(0.04, 0.02, 0.05)), X_BM));
    bodies.push_back(MobilizedBody::Ball(bodies.back(), X_PF,
                                         massBody(0.9, Vec3(0.2, -0.1, 0.0), Vec3(0.02, 0.03, 0.02)), X_BM,
                                         RotationCoordinates::EulerXYZ));
    bodies.push_back(
        MobilizedBody::Gimbal(bodies.back(), X_PF, massBody(0.8, Vec3(-0.1, -0.2, 0.1), Vec3(0.01, 0.02, 0.02)), X_BM));
    bodies.push_back(MobilizedBody::Ball(bodies.back(), X_PF,
                                         massBody(0.7, Vec3(0.1, 0.1, -0.2), Vec3(0.02, 0.01, 0.02)), X_BM,
                                         RotationCoordinates::Quaternion, Direction::Reverse));
    bodies.push_back(
        MobilizedBody::Free(bodies.back(), X_PF, massBody(0.6, Vec3(0.0, -0.15, 0.1), Vec3(0.01, 0.01, 0.02)), X_BM));
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

// A reproducible, well-spread configuration and motion: q = 0.4 sin(1.3 i + seed) (quaternions
// normalized by the matter), u = 0.8 cos(0.7 i + seed).
inline void setSomeMotion(const MultibodySystem& system, State& s, Real seed = 0, Real qScale = 0.4) {
  const MatterSubsystem& matter = system.getMatter();
  for (int i = 0; i < matter.getNQ(); ++i) matter.updQ(s)[i] = qScale * std::sin(1.3 * i + seed) + (i == 0 ? 0.2 : 0);
  for (int i = 0; i < matter.getNU(); ++i) matter.updU(s)[i] = 0.8 * std::cos(0.7 * i + seed);
  for (int b = 1; b < matter.getNumBodies(); ++b) {  // identity-ish quaternions so rotations stay moderate
    const int qi = matter.getMobilizer(b).quaternionIndex();
    if (qi >= 0) matter.updQ(s)[matter.getInfo(b).qStart + qi] = 1;
  }
  matter.normalizeQ(s);
  system.realize(s, Stage::Velocity);
}

// The element's power from its definition: sum_b F_b . V_GB + f . u (Velocity).
inline Real powerFromForces(const ForceElement& e, const State& s, const MatterSubsystem& matter) {
  const ElementForces f = evalElement(e, s, matter);
  Real p = f.mobility.dot(matter.getU(s));
  for (int b = 1; b < matter.getNumBodies(); ++b) p += f.body[b].dot(matter.getBodyVelocity(s, b));
  return p;
}

// Central difference of the element's PE along qdot = N e_i for each u index i: row i is the
// derivative of PE along that mobility, so a conservative element's generalized force is its
// negative (valid for any N, quaternions included: their q stay on the sphere to O(h^2)).
inline Vector potentialDerivativeAlongU(const ForceElement& e, const MultibodySystem& system, const State& s0,
                                        Real h = 1e-6) {
  const MatterSubsystem& matter = system.getMatter();
  Vector d(matter.getNU());
  State unit = s0;
  for (int i = 0; i < matter.getNU(); ++i) {
    matter.updU(unit).setZero();
    matter.updU(unit)[i] = 1;
    system.realize(unit, Stage::Position);
    State plus = advanced(matter, unit, h), minus = advanced(matter, unit, -h);
    system.realize(plus, Stage::Position);
    system.realize(minus, Stage::Position);
    d[i] = (e.calcPotentialEnergy(plus, matter) - e.calcPotentialEnergy(minus, matter)) / (2 * h);
  }
  return d;
}

// dPE/dt along the State's own motion, by central differences.
inline Real potentialRate(const ForceElement& e, const MultibodySystem& system, const State& s, Real h = 1e-6) {
  const MatterSubsystem& matter = system.getMatter();
  State plus = advanced(matter, s, h), minus = advanced(matter, s, -h);
  system.realize(plus, Stage::Position);
  system.realize(minus, Stage::Position);
  return (e.calcPotentialEnergy(plus, matter) - e.calcPotentialEnergy(minus, matter)) / (2 * h);
}

// Fixed-step classical RK4 on y = [q; u] plus the work W = integral of the subsystem's
// non-conservative power (the integrator layer is separate; this loop is only for the tests).
// Returns the largest |E(t) - E(0)| with E = KE + PE - W, and leaves the final State in `s`.
struct EnergyRun {
  Real maxDrift = 0;
  Real work = 0;  // W at the end
  Real energy0 = 0;
};
inline EnergyRun runRK4(const MultibodySystem& system, const GeneralForceSubsystem& forces, State& s, Real dt,
                        int steps) {
  const MatterSubsystem& matter = system.getMatter();
  auto eval = [&](Real t, const Vector& y, Vector& dy, Real& dw) {
    s.setTime(t);
    s.updY() = y;
    system.realize(s, Stage::Acceleration);
    dy.resize(y.size());
    dy << s.getQDot(), s.getUDot();
    dw = forces.calcNonConservativePower(s);
  };
  system.realize(s, Stage::Acceleration);
  EnergyRun run;
  run.energy0 = system.calcEnergy(s);
  Real t = s.getTime(), W = 0;
  Vector y = s.getY(), k1, k2, k3, k4;
  Real w1, w2, w3, w4;
  for (int n = 0; n < steps; ++n) {
    eval(t, y, k1, w1);
    eval(t + dt / 2, y + dt / 2 * k1, k2, w2);
    eval(t + dt / 2, y + dt / 2 * k2, k3, w3);
    eval(t + dt, y + dt * k3, k4, w4);
    y += dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    W += dt / 6 * (w1 + 2 * w2 + 2 * w3 + w4);
    t += dt;
    s.setTime(t);
    s.updY() = y;
    matter.normalizeQ(s);
    y = s.getY();
    system.realize(s, Stage::Velocity);
    run.maxDrift = std::max(run.maxDrift, std::abs(system.calcEnergy(s) - W - run.energy0));
  }
  run.work = W;
  return run;
}

// The message of the Error that f() throws, or "<no Error>".
template <class F>
std::string errorMessage(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no Error>";
}

// True if `text` contains every one of `parts` (for error-message checks).
inline bool mentions(const std::string& text, std::initializer_list<const char*> parts) {
  for (const char* p : parts)
    if (text.find(p) == std::string::npos) return false;
  return true;
}

}  // namespace articula::testing
