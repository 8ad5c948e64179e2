// contact_sphere_drop: compliant contact with the ContactForceSubsystem.
//
// A rubber ball (radius 5 cm, 0.2 kg) falls 0.5 m onto a concrete floor, with a sideways speed
// and backspin so that friction acts too. Forces: Hertz (elastic, from both materials' moduli and
// the curvatures at the contact) + Hunt–Crossley dissipation + Stribeck friction. A contact-onset
// witness makes the TimeStepper isolate every impact; the handler prints the impact speed, and a
// reporter prints the contact while it lasts (penetration, patch radius, normal and friction force).
// At the end: each bounce's coefficient of restitution next to Hunt–Crossley's low-speed estimate
// e ≈ 1 − c v, and the energy the contact took out.
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/study/ContactOnsetWitness.h"
#include "articula/study/TimeStepper.h"

using namespace articula;

int main() {
  constexpr Real g = 9.81, R = 0.05, m = 0.2, h0 = 0.5;
  MultibodySystem system("sphere drop");
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody::Free ball(MobilizedBody::Ground(matter),
                           Body(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::sphere(m, R))), "ball");
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
      .addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  const ContactMaterial rubber = ContactMaterial::rubber(), floorMaterial = ContactMaterial::ground();
  const int floor = contact.addSurface(0, Transform(), ContactShape::halfSpace(), floorMaterial, "floor");
  const int shell = contact.addSurface(ball.getIndex(), Transform(), ContactShape::sphere(R), rubber, "ball");

  State state = system.realizeTopology();
  matter.updQ(state).segment<4>(0) = Vec4(1, 0, 0, 0);
  matter.updQ(state).segment<3>(4) = Vec3(0, 0, R + h0);
  matter.updU(state).segment<3>(0) = Vec3(0, -15, 0);  // backspin about -y
  matter.updU(state).segment<3>(3) = Vec3(0.5, 0, 0);  // moving along +x
  system.realize(state, Stage::Dynamics);
  const Real e0 = system.calcEnergy(state);
  const Real c = combineHertz(rubber, floorMaterial).dissipation;

  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-5);
  TimeStepper stepper(system, integrator);
  std::vector<Real> impactSpeeds;
  stepper.addEvent(makeContactOnsetWitness(contact, floor, shell),
                   std::make_shared<EventHandler>("impact", [&](State& s, EventContext& ctx) {
                     const Real vz = matter.getBodyVelocity(s, ball.getIndex())[5];
                     impactSpeeds.push_back(-vz);
                     std::printf("impact at t = %.5f s, speed %.4f m/s\n", ctx.getTime(), -vz);
                   }));
  bool wasInContact = false;
  std::vector<Real> reboundSpeeds;
  stepper.addReporter(std::make_shared<PeriodicReporter>("contact", 2e-4, [&](const State& reported) {
    State s = reported;
    system.realize(s, Stage::Dynamics);
    const ContactReport& r = contact.getReport(s);
    const bool inContact = !r.contacts.empty();
    if (inContact && r.contacts[0].normalForce > 0) {
      const ContactRecord& k = r.contacts[0];
      std::printf("  t %.4f  depth %.3f mm  patch radius %.2f mm  normal %8.2f N  friction %6.2f N\n", s.getTime(),
                  1e3 * k.depth, 1e3 * k.patchMajor, k.normalForce, k.frictionForce_G.norm());
    }
    if (wasInContact && !inContact) reboundSpeeds.push_back(matter.getBodyVelocity(s, ball.getIndex())[5]);
    wasInContact = inContact;
  }));
  stepper.initialize(state);
  stepper.stepTo(1.2);

  std::printf("\nbounce  impact speed  rebound speed  restitution  1 - c v (c = %.3f s/m)\n", c);
  bool ok = reboundSpeeds.size() >= 2;
  for (size_t i = 0; i < reboundSpeeds.size() && i < impactSpeeds.size(); ++i) {
    std::printf("%6zu  %12.4f  %13.4f  %11.4f  %9.4f\n", i + 1, impactSpeeds[i], reboundSpeeds[i],
                reboundSpeeds[i] / impactSpeeds[i], 1 - c * impactSpeeds[i]);
    ok = ok && std::abs(reboundSpeeds[i] / impactSpeeds[i] - (1 - c * impactSpeeds[i])) < 0.05;
  }
  State end = stepper.getState();
  system.realize(end, Stage::Dynamics);
  std::printf("\nenergy: %.4f J at the start, %.4f J at t = %.2f s (the contact took %.4f J)\n", e0,
              system.calcEnergy(end), end.getTime(), e0 - system.calcEnergy(end));
  std::printf("integrator steps %lld, witness isolations %lld\n",
              static_cast<long long>(integrator.getStatistics().stepsTaken),
              static_cast<long long>(stepper.getStatistics().isolationIterations));
  // Check: each restitution within 0.05 of the low-speed estimate (friction and spin take some energy
  // too), and the contact only took energy out.
  ok = ok && system.calcEnergy(end) < e0;
  std::printf("%s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
