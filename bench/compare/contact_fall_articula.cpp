// The Articula side of human_fall_contact (contact_fall.h).
#include <algorithm>
#include <chrono>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "contact_fall.h"

namespace articula::bench {

namespace {
Vec3 v3(const std::array<double, 3>& a) { return Vec3(a[0], a[1], a[2]); }
}  // namespace

SimulationResult simulateArticulaHumanFall() {
  MultibodySystem system("human fall");
  MatterSubsystem& matter = system.updMatter();
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));
  forces.addForce(std::make_unique<PassiveJointDamping>(kFallJointDamping));
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  contact.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
  std::vector<MobilizedBody> bodies;
  std::vector<int> shapes;
  for (const FallBody& fb : humanFallModel()) {
    const Vec3 c = v3(fb.centre), axes = v3(fb.semiAxes);
    const Body body(MassProperties::fromCentral(fb.mass, c, Inertia::ellipsoid(fb.mass, axes)));
    if (fb.parent < 0) bodies.push_back(MobilizedBody::Free(MobilizedBody::Ground(matter), body, fb.name));
    else
      bodies.push_back(MobilizedBody::Ball(bodies[fb.parent], Transform(v3(fb.joint)), body, Transform(),
                                           RotationCoordinates::Quaternion, Direction::Forward, fb.name));
    shapes.push_back(contact.addSurface(bodies.back().getIndex(), Transform(c), ContactShape::ellipsoid(axes),
                                        ContactMaterial::skin(), fb.name));
  }
  contact.updGeometry().addClique(shapes);  // the body touches only the floor
  State s = system.realizeTopology();
  matter.updQ(s).segment<4>(0) = Rotation::aboutY(kFallLean).toQuaternion().asVec4();
  matter.updQ(s).segment<3>(4) = Vec3(0, 0, kFallPelvisHeight);
  RungeKuttaMersonIntegrator integ(system);
  integ.setAccuracy(kFallAccuracy);
  SimulationResult r;
  r.seconds = 1e300;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    integ.initialize(s);
    while (integ.stepTo(kFallDuration) != StepOutcome::ReachedReportTime) {
    }
    r.seconds = std::min(r.seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  r.steps = integ.getStatistics().stepsTaken;
  r.evaluations = integ.getStatistics().derivativeEvaluations;
  const Vec3 pelvis = matter.getBodyTransform(integ.getState(), bodies[0].getIndex()).p();
  r.q = {pelvis.x(), pelvis.y(), pelvis.z()};
  return r;
}

}  // namespace articula::bench
