// Small models shared by the force-element tests: a planar pendulum and a mixed chain whose
// mobilizers all have N = I (so dPE/dq is the generalized force), plus helpers that evaluate one
// element's forces in isolation.
#pragma once
#include <memory>
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

namespace articula::testing {

// Body with mass centre p_BC and the given central inertia diagonal.
inline Body massBody(Real m, const Vec3& p_BC, const Vec3& centralMoments) {
  return Body(MassProperties::fromCentral(m, p_BC, Inertia(centralMoments.x(), centralMoments.y(), centralMoments.z())));
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
    bodies.push_back(MobilizedBody::Pin(ground, X_PF, massBody(2.0, Vec3(0.1, -0.4, 0.05), Vec3(0.05, 0.02, 0.06)), X_BM));
    bodies.push_back(MobilizedBody::Slider(bodies.back(), X_PF, massBody(1.5, Vec3(-0.2, 0.1, 0.3), Vec3(0.01, 0.03, 0.02)), X_BM));
    bodies.push_back(
        MobilizedBody::Universal(bodies.back(), X_PF, massBody(0.7, Vec3(0.05, -0.3, 0.1), Vec3(0.02, 0.02, 0.01)), X_BM));
    bodies.push_back(MobilizedBody::Pin(bodies.back(), X_PF, massBody(1.1, Vec3(0.3, 0.0, -0.2), Vec3(0.03, 0.01, 0.03)), X_BM));
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

}  // namespace articula::testing
