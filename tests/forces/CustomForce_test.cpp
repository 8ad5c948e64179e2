#include "articula/forces/CustomForce.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::mentions;

// A user-written spring on the slider's q: f = -k q, PE = k q^2 / 2.
struct SliderModel {
  MultibodySystem system;
  GeneralForceSubsystem* forces;
  MobilizedBody block;
  SliderModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    block = MobilizedBody::Slider(ground, Transform(), testing::massBody(2, Vec3::Zero(), Vec3::Ones()), Transform());
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

CustomForce::ForceFunction spring(Real k) {
  return
      [k](const State& s, const MatterSubsystem& m, std::vector<SpatialVec>&, Vector& f) { f[0] -= k * m.getQ(s)[0]; };
}

TEST(CustomForce, CallbackForcesEnergyAndPower) {
  SliderModel model;
  auto& custom = model.forces->addForce(std::make_unique<CustomForce>(spring(8.0), "user spring"));
  custom.setPotentialEnergy([](const State& s, const MatterSubsystem& m) { return 4.0 * m.getQ(s)[0] * m.getQ(s)[0]; });
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  model.block.setOneQ(s, 0, 0.5);
  model.block.setOneU(s, 0, -0.3);
  model.system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(model.block.getUDot(s)[0], -2.0, 1e-14);
  EXPECT_NEAR(model.system.calcPotentialEnergy(s), 1.0, 1e-14);
  // Without a power callback the power comes from the forces; with PE given, P_nc defaults to 0.
  EXPECT_NEAR(custom.calcPower(s, matter), -8.0 * 0.5 * -0.3, 1e-14);
  EXPECT_EQ(custom.calcNonConservativePower(s, matter), 0.0);
  const auto run = testing::runRK4(model.system, *model.forces, s, 1e-3, 500);
  EXPECT_LT(run.maxDrift, 1e-11);
}

TEST(CustomForce, WithoutPotentialAllPowerIsNonConservative) {
  SliderModel model;
  auto& drag = model.forces->addForce(
      std::make_unique<CustomForce>([](const State& s, const MatterSubsystem& m, std::vector<SpatialVec>&, Vector& f) {
        f[0] -= 0.5 * m.getU(s)[0];
      }));
  auto& reported = model.forces->addForce(std::make_unique<CustomForce>(spring(1.0), "reported"));
  reported.setPower([](const State&, const MatterSubsystem&) { return 42.0; })
      .setNonConservativePower([](const State&, const MatterSubsystem&) { return -1.0; });
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  model.block.setOneU(s, 0, 2.0);
  model.system.realize(s, Stage::Velocity);
  EXPECT_NEAR(drag.calcPower(s, matter), -0.5 * 4.0, 1e-14);
  EXPECT_EQ(drag.calcNonConservativePower(s, matter), drag.calcPower(s, matter));
  EXPECT_EQ(reported.calcPower(s, matter), 42.0);
  EXPECT_EQ(reported.calcNonConservativePower(s, matter), -1.0);
}

TEST(CustomForce, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { CustomForce(CustomForce::ForceFunction(), "mine"); });
  EXPECT_TRUE(mentions(msg, {"CustomForce", "mine", "force callback"})) << msg;
  SliderModel model;
  auto& custom = model.forces->addForce(std::make_unique<CustomForce>(spring(1.0), "mine"));
  msg = errorMessage([&] { custom.setPotentialEnergy(CustomForce::ScalarFunction()); });
  EXPECT_TRUE(mentions(msg, {"mine", "potential energy callback"})) << msg;
  model.system.realizeTopology();
  msg = errorMessage([&] { custom.setPower([](const State&, const MatterSubsystem&) { return 0.0; }); });
  EXPECT_TRUE(mentions(msg, {"mine", "power"})) << msg;
}

}  // namespace
}  // namespace articula
