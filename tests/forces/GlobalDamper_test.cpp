#include "articula/forces/GlobalDamper.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"
#include "articula/forces/Gravity.h"

namespace articula {
namespace {

using testing::mentions;

TEST(GlobalDamper, ForceIsMinusCUOnEveryMobility) {
  testing::OrientationModel model;
  auto& damper = model.forces->addForce(std::make_unique<GlobalDamper>(0.7));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s);
  const auto f = testing::evalElement(damper, s, matter);
  EXPECT_TRUE(f.mobility.isApprox(-0.7 * Vector(matter.getU(s)), 1e-15));
  for (const SpatialVec& F : f.body) EXPECT_EQ(F, SpatialVec::Zero());
  const Real p = damper.calcPower(s, matter);
  EXPECT_NEAR(p, testing::powerFromForces(damper, s, matter), 1e-13);
  EXPECT_NEAR(p, -0.7 * matter.getU(s).squaredNorm(), 1e-13);
  EXPECT_EQ(damper.calcNonConservativePower(s, matter), p);
  EXPECT_EQ(damper.calcPotentialEnergy(s, matter), 0.0);
}

TEST(GlobalDamper, SettlingChainEnergyBookkeepingCloses) {
  testing::ChainModel model;
  model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  model.forces->addForce(std::make_unique<GlobalDamper>(0.3));
  State s = model.system.realizeTopology();
  testing::setSomeMotion(model.system, s, 0.5);
  const auto run = testing::runRK4(model.system, *model.forces, s, 1e-3, 1000);
  EXPECT_LT(run.work, -0.1);
  EXPECT_LT(run.maxDrift, 1e-7 * (1 + std::abs(run.energy0))) << "E0 " << run.energy0;
}

TEST(GlobalDamper, RejectsBadInputWithNamedErrors) {
  std::string msg = testing::errorMessage([] { GlobalDamper(-1, "air"); });
  EXPECT_TRUE(mentions(msg, {"GlobalDamper", "air", "damping", "-1"})) << msg;
  msg = testing::errorMessage([] { GlobalDamper(NAN, "air"); });
  EXPECT_TRUE(mentions(msg, {"air", "damping", "nan"})) << msg;
}

}  // namespace
}  // namespace articula
