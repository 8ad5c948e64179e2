// The contact-onset witness: a ball dropped onto a floor triggers it once, at the free-fall time
// of first touch, isolated to within the localization window.
#include "articula/study/ContactOnsetWitness.h"

#include <gtest/gtest.h>

#include <cmath>

#include "articula/Error.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/study/TimeStepper.h"

namespace articula {
namespace {

TEST(ContactOnsetWitness, IsolatesFirstTouchOfADroppedBall) {
  constexpr Real g = 9.81, R = 0.05, h = 0.3, m = 0.2;
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody::Translation ball(MobilizedBody::Ground(matter),
                                  Body(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::sphere(m, R))), "ball");
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
      .addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  const int floor = contact.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
  const int shell = contact.addSurface(ball.getIndex(), Transform(), ContactShape::sphere(R), ContactMaterial::rubber(),
                                       "shell");
  State s = system.realizeTopology();
  matter.updQ(s)[2] = R + h;

  RungeKuttaMersonIntegrator integ(system);
  integ.setAccuracy(1e-6);
  TimeStepper stepper(system, integ);
  auto witness = makeContactOnsetWitness(contact, floor, shell);
  EXPECT_EQ(witness->getName(), "contact onset 'floor'-'shell'");
  std::vector<Real> onsets;
  stepper.addEvent(witness, std::make_shared<EventHandler>("record", [&](State& st, EventContext& ctx) {
                     onsets.push_back(ctx.getTime());
                     system.realize(st, Stage::Position);
                     EXPECT_LE(contact.calcSurfaceDistance(st, floor, shell), 0);
                   }));
  stepper.initialize(s);
  stepper.stepTo(std::sqrt(2 * h / g) + 0.01);
  ASSERT_EQ(onsets.size(), 1u);
  const Real window = witness->calcLocalizationWindow(1e-6);
  EXPECT_GE(onsets[0], std::sqrt(2 * h / g) - 1e-9);
  EXPECT_LE(onsets[0], std::sqrt(2 * h / g) + window + 1e-9);
  EXPECT_THROW(makeContactOnsetWitness(contact, floor, floor), Error);
}

}  // namespace
}  // namespace articula
