// The Articula side of human_fall_contact (contact_fall.h).
#include <algorithm>
#include <chrono>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/integrators/RosenbrockW.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "contact_fall_scene.h"

namespace articula::bench {

namespace {
Vec3 v3(const std::array<double, 3>& a) { return Vec3(a[0], a[1], a[2]); }
}  // namespace

HumanFallScene::HumanFallScene(double transitionSpeed) : system("human fall") {
  MatterSubsystem& matter = system.updMatter();
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));
  forces.addForce(std::make_unique<PassiveJointDamping>(kFallJointDamping));
  auto& c = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  contact = &c;
  if (transitionSpeed > 0) c.setTransitionSpeed(transitionSpeed);
  c.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
  std::vector<MobilizedBody> bodies;
  std::vector<int> shapes;
  for (const FallBody& fb : humanFallModel()) {
    const Vec3 centre = v3(fb.centre), axes = v3(fb.semiAxes);
    const Body body(MassProperties::fromCentral(fb.mass, centre, Inertia::ellipsoid(fb.mass, axes)));
    if (fb.parent < 0) bodies.push_back(MobilizedBody::Free(MobilizedBody::Ground(matter), body, fb.name));
    else
      bodies.push_back(MobilizedBody::Ball(bodies[fb.parent], Transform(v3(fb.joint)), body, Transform(),
                                           RotationCoordinates::Quaternion, Direction::Forward, fb.name));
    shapes.push_back(c.addSurface(bodies.back().getIndex(), Transform(centre), ContactShape::ellipsoid(axes),
                                  ContactMaterial::skin(), fb.name));
  }
  pelvis = bodies[0].getIndex();
  c.updGeometry().addClique(shapes);  // the body touches only the floor
  initial = system.realizeTopology();
  matter.updQ(initial).segment<4>(0) = Rotation::aboutY(kFallLean).toQuaternion().asVec4();
  matter.updQ(initial).segment<3>(4) = Vec3(0, 0, kFallPelvisHeight);
}

SimulationResult simulateArticulaHumanFall(Integrator& integ, const HumanFallScene& scene, int repetitions) {
  SimulationResult r;
  r.seconds = 1e300;
  for (int rep = 0; rep < repetitions; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    integ.initialize(scene.initial);
    while (integ.stepTo(kFallDuration) != StepOutcome::ReachedReportTime) {
    }
    r.seconds = std::min(r.seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  r.steps = integ.getStatistics().stepsTaken;
  r.evaluations = integ.getStatistics().derivativeEvaluations;
  const Vec3 pelvis = scene.system.getMatter().getBodyTransform(integ.getState(), scene.pelvis).p();
  r.q = {pelvis.x(), pelvis.y(), pelvis.z()};
  return r;
}

SimulationResult simulateArticulaHumanFall() {
  HumanFallScene scene;
  RungeKuttaMersonIntegrator integ(scene.system);
  integ.setAccuracy(kFallAccuracy);
  return simulateArticulaHumanFall(integ, scene, 3);
}

SimulationResult simulateArticulaHumanFallRosenbrock() {
  HumanFallScene scene;
  RosenbrockW3Integrator integ(scene.system);
  integ.setAccuracy(kFallAccuracy);
  return simulateArticulaHumanFall(integ, scene, 3);
}

}  // namespace articula::bench
