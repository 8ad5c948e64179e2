// The force elements are on the hot path (every Dynamics realization), so after a warm-up they
// must not touch the heap (DESIGN.md §3): realizing Acceleration with every built-in element, and
// the subsystem's energy and power sums, allocate nothing.
//
// Counting: support/AllocationCounter.h.
#include <gtest/gtest.h>

#include "ForceTestModels.h"
#include "articula/forces/CustomForce.h"
#include "articula/forces/DiscreteForces.h"
#include "articula/forces/GlobalDamper.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/LinearBushing.h"
#include "articula/forces/MobilityLinearDamper.h"
#include "articula/forces/MobilityLinearSpring.h"
#include "articula/forces/MobilityLinearStop.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/forces/RangeOfMotionLimit.h"
#include "articula/forces/TorquePulse.h"
#include "articula/forces/TwoPointConstantForce.h"
#include "articula/forces/TwoPointLinearDamper.h"
#include "articula/forces/TwoPointLinearSpring.h"
#include "support/AllocationCounter.h"


namespace articula {
namespace {


TEST(ForceAllocation, CounterSeesAllocations) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  testing::AllocationCounter counting;
  Vector v(100);
  v.setZero();
  counting.stop();
  EXPECT_GT(counting.total(), 0);
}

TEST(ForceAllocation, EveryElementIsAllocationFreeAfterWarmUp) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  testing::OrientationModel model;
  GeneralForceSubsystem& f = *model.forces;
  using Axis = RangeOfMotionLimit::Axis;
  SmallVector pair(3), mob(3);
  pair << 0.5, -0.3, 0.2;
  mob << 0.1, 0.2, 0.3;
  f.addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  f.addForce(std::make_unique<TwoPointLinearSpring>(0, Vec3(0.3, 0.2, 0), 4, Vec3(0, 0.1, 0), 30, 0.2));
  f.addForce(std::make_unique<TwoPointLinearDamper>(1, Vec3(0.1, 0, 0), 5, Vec3(0, 0.1, 0), 2));
  f.addForce(std::make_unique<TwoPointConstantForce>(2, Vec3::Zero(), 3, Vec3(0.1, 0, 0), 3));
  f.addForce(std::make_unique<MobilityLinearSpring>(2, 1, 3, 0.1));
  f.addForce(std::make_unique<MobilityLinearDamper>(3, 2, 0.2));
  f.addForce(std::make_unique<MobilityLinearStop>(5, 4, -0.01, 0.01, 200, 0.5));
  f.addForce(std::make_unique<LinearBushing>(1, Transform(), 3, Transform(Vec3(0.1, 0, 0)), Vec6::Constant(5),
                                             Vec6::Constant(0.1)));
  f.addForce(std::make_unique<GlobalDamper>(0.01));
  f.addForce(std::make_unique<PassiveJointDamping>(0.05));
  f.addForce(std::make_unique<RangeOfMotionLimit>(
      1, CoordinateAxis::Z,
      std::array<Axis, 3>{Axis{-0.01, 0.01, 40, 0.5}, Axis{-0.01, 0.01, 40, 0.5}, Axis{-0.01, 0.01, 40, 0.5}}));
  f.addForce(std::make_unique<RangeOfMotionLimit>(3, 0, Axis{-0.01, 0.01, 40, 0.5}, "gimbal x"));
  f.addForce(std::make_unique<TorquePulse>(TorquePulse::Mode::BodyTorquePair, 3, pair, 0.0, 1.0, "pair"));
  f.addForce(std::make_unique<TorquePulse>(TorquePulse::Mode::Mobility, 1, mob, 0.0, 1.0, "mobility"));
  auto& discrete = f.addForce(std::make_unique<DiscreteForces>());
  f.addForce(std::make_unique<CustomForce>([](const State& s, const MatterSubsystem& m, std::vector<SpatialVec>&,
                                              Vector& g) {
     g[0] -= m.getQ(s)[5];
   })).setPower([](const State&, const MatterSubsystem&) { return 0.0; });
  State s = model.system.realizeTopology();
  discrete.addTorqueToBody(s, 2, Vec3(0.1, 0.2, 0.3));
  testing::setSomeMotion(model.system, s, 0.2, 0.5);
  model.system.realize(s, Stage::Acceleration);  // warm-up
  Real sink = f.calcPower(s) + f.calcNonConservativePower(s) + f.calcPotentialEnergy(s);

  testing::AllocationCounter counting;
  for (int n = 0; n < 3; ++n) {
    s.setTime(0.3 + 0.1 * n);
    s.updQ()[5] += 0.01;
    s.updU()[2] -= 0.02;
    model.system.realize(s, Stage::Acceleration);
    sink += f.calcPower(s) + f.calcNonConservativePower(s) + f.calcPotentialEnergy(s);
  }
  counting.stop();
  const long allocations = counting.total();
  EXPECT_EQ(allocations, 0);
  EXPECT_TRUE(std::isfinite(sink));
}

}  // namespace
}  // namespace articula
