// The Simbody 3.7 side of human_fall_contact (contact_fall.h): the same bodies on Ball mobilizers,
// ellipsoids on a half-space through CompliantContactSubsystem (Hertz with its elliptical
// generator, Hunt–Crossley, Stribeck friction), mobility dampers for the joint damping. Compiled
// like simbody_engine.cpp (C++17, without NDEBUG).
#include <Simbody.h>

#include <algorithm>
#include <chrono>

#include "contact_fall.h"

namespace articula::bench {

std::optional<SimulationResult> simulateSimbodyHumanFall() {
  using namespace SimTK;
  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  ContactTrackerSubsystem tracker(system);
  CompliantContactSubsystem contact(system, tracker);
  contact.setTransitionVelocity(0.01);
  Force::UniformGravity(forces, matter, Vec3(0, 0, -9.81));
  // Simbody's material stiffness is the plane-strain modulus E/(1 − ν²).
  auto planeStrain = [](double E, double nu) { return E / (1 - nu * nu); };
  const SimTK::ContactMaterial skin(planeStrain(0.8e6, 0.45), 2.0, 0.8, 0.6, 0.0);
  const SimTK::ContactMaterial floor(planeStrain(25e9, 0.15), 0.1, 0.9, 0.8, 0.0);
  // Simbody's half-space is x > 0: turned to z < 0.
  matter.updGround().updBody().addContactSurface(Transform(Rotation(Pi / 2, YAxis), Vec3(0)),
                                                 ContactSurface(ContactGeometry::HalfSpace(), floor));
  const ContactCliqueId clique = ContactSurface::createNewContactClique();
  std::vector<MobilizedBody> bodies;
  for (const FallBody& fb : humanFallModel()) {
    const Vec3 c(fb.centre[0], fb.centre[1], fb.centre[2]), axes(fb.semiAxes[0], fb.semiAxes[1], fb.semiAxes[2]);
    Body::Rigid body(MassProperties(fb.mass, c, UnitInertia::ellipsoid(axes).shiftFromCentroid(-c)));
    body.addContactSurface(Transform(c), ContactSurface(ContactGeometry::Ellipsoid(axes), skin).joinClique(clique));
    if (fb.parent < 0) bodies.push_back(MobilizedBody::Free(matter.updGround(), Transform(), body, Transform()));
    else
      bodies.push_back(MobilizedBody::Ball(bodies[fb.parent], Transform(Vec3(fb.joint[0], fb.joint[1], fb.joint[2])),
                                           body, Transform()));
  }
  for (size_t i = 1; i < bodies.size(); ++i)
    for (int k = 0; k < 3; ++k) Force::MobilityLinearDamper(forces, bodies[i], MobilizerUIndex(k), kFallJointDamping);
  State s = system.realizeTopology();
  bodies[0].setQToFitTransform(s, Transform(Rotation(kFallLean, YAxis), Vec3(0, 0, kFallPelvisHeight)));
  SimulationResult r;
  r.seconds = 1e300;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    RungeKuttaMersonIntegrator integ(system);
    integ.setAccuracy(kFallAccuracy);
    TimeStepper ts(system, integ);
    ts.initialize(s);
    ts.stepTo(kFallDuration);
    r.seconds = std::min(r.seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    r.steps = integ.getNumStepsTaken();
    r.evaluations = integ.getNumRealizations();
    const Vec3 pelvis = bodies[0].getBodyOriginLocation(ts.getState());
    r.q = {pelvis[0], pelvis[1], pelvis[2]};
  }
  return r;
}

}  // namespace articula::bench
