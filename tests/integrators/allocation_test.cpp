// Integrator steps allocate nothing after warm-up (DESIGN.md §3): stepTo with error control,
// rejected trials, report-time interpolation and fixed steps must not touch the heap.
//
// Counting: support/AllocationCounter.h.
#include <gtest/gtest.h>

#include "IntegratorModels.h"
#include "articula/contact/ContactForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/integrators/RosenbrockW.h"
#include "articula/matter/MobilizedBody.h"
#include "support/AllocationCounter.h"

namespace articula {
namespace {

TEST(IntegratorAllocation, CounterWorks) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  EXPECT_GT(testing::allocationsDuring([] {
              Vector v(100);
              v.setZero();
            }),
            0);
}

TEST(IntegratorAllocation, SteppingAndReportingAllocateNothingAfterWarmUp) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  for (const char* method : {"ExplicitEuler", "RungeKutta2", "RungeKutta3", "RungeKuttaMerson", "RungeKuttaFeldberg",
                             "DormandPrince54", "SemiExplicitEuler2", "VelocityVerlet"}) {
    for (bool quaternions : {false, true}) {
      testing::PendulumModel pendulum(3, 1.2);
      testing::TumblerModel tumbler;
      const System& system = quaternions ? static_cast<const System&>(tumbler.system) : pendulum.system;
      auto integ = makeIntegrator(method, system);
      integ->setAccuracy(1e-5);
      integ->initialize(quaternions ? tumbler.state : pendulum.state);
      Real t = 0;
      auto run = [&](int reports) {
        for (int k = 0; k < reports; ++k) {
          t += 0.013;  // report times fall inside steps: interpolation every time
          while (integ->stepTo(t) != StepOutcome::ReachedReportTime) {
          }
        }
      };
      run(20);  // warm-up: first steps, first rejection, first interpolation
      const auto failuresBefore = integ->getStatistics().errorTestFailures;
      const long n = testing::allocationsDuring([&] { run(100); });
      EXPECT_EQ(n, 0) << method << (quaternions ? " (tumbler)" : " (triple pendulum)");
      if (!quaternions && std::string(method) == "RungeKuttaMerson") {
        EXPECT_GT(integ->getStatistics().errorTestFailures, failuresBefore);  // rejections were exercised
      }
    }
  }
}

TEST(IntegratorAllocation, FixedStepsAllocateNothing) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  testing::PendulumModel m(3, 1.2);
  SemiExplicitEulerIntegrator integ(m.system);
  integ.setFixedStepSize(1e-3);
  integ.initialize(m.state);
  integ.stepTo(0.01);
  integ.stepTo(0.01);
  EXPECT_EQ(testing::allocationsDuring([&] {
              for (int k = 2; k <= 100; ++k) integ.stepTo(0.01 * k);
            }),
            0);
}

// Rosenbrock-W on a contact model: the Jacobian, the O(n) structured factorization and solves
// reuse their buffers (a free torso with two damped legs bouncing on the floor).
TEST(IntegratorAllocation, RosenbrockStructuredStepsAllocateNothingAfterWarmUp) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  MultibodySystem system("walker");
  auto& matter = system.updMatter();
  const Body segment(MassProperties::fromCentral(2, Vec3(0, 0, -0.2), Inertia(0.03, 0.03, 0.005)));
  MobilizedBody torso = MobilizedBody::Free(MobilizedBody::Ground(matter), segment, "torso");
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));
  forces.addForce(std::make_unique<PassiveJointDamping>(2.0));
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  contact.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
  for (Real side : {1.0, -1.0}) {
    MobilizedBody leg = MobilizedBody::Ball(torso, Transform(Vec3(0, 0.1 * side, -0.4)), segment, Transform());
    contact.addSurface(leg.getIndex(), Transform(Vec3(0, 0, -0.4)), ContactShape::ellipsoid(Vec3(0.08, 0.05, 0.04)),
                       ContactMaterial::rubber(), side > 0 ? "foot_l" : "foot_r");
  }
  State s = system.realizeTopology();
  matter.updQ(s).segment<3>(4) = Vec3(0, 0, 0.85);
  matter.updU(s).head<6>() << 0.5, 1, 0, 0.3, 0, 0;
  RosenbrockW3Integrator integ(system);
  integ.setAccuracy(1e-4);
  integ.initialize(s);
  Real t = 0;
  auto run = [&](int reports) {
    for (int k = 0; k < reports; ++k) {
      t += 0.005;
      while (integ.stepTo(t) != StepOutcome::ReachedReportTime) {
      }
    }
  };
  run(60);  // warm-up: falls onto the floor, contacts appear
  const int64_t before = integ.getNumStructuredFactorizations();
  EXPECT_EQ(testing::allocationsDuring([&] { run(60); }), 0);
  EXPECT_GT(integ.getNumStructuredFactorizations(), before + 20);
  EXPECT_EQ(integ.getNumStructuredFactorizations(), integ.getNumFactorizations());
  EXPECT_GT(contact.getNumContacts(integ.getState()), 0);
}

}  // namespace
}  // namespace articula
