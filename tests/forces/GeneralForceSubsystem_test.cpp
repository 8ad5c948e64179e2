#include "articula/forces/GeneralForceSubsystem.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"
#include "articula/forces/ConstantTorque.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/MobilityConstantForce.h"

namespace articula {
namespace {

using testing::ChainModel;

// Elements add into the accumulators, so the subsystem's output is the sum of its elements'.
TEST(GeneralForceSubsystem, AddsEveryEnabledElement) {
  ChainModel model;
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  auto& torque = model.forces->addForce(std::make_unique<ConstantTorque>(2, Vec3(1, 2, 3)));
  auto& mobility = model.forces->addForce(std::make_unique<MobilityConstantForce>(3, 1, 0.5));
  EXPECT_EQ(model.forces->getNumForces(), 3);
  EXPECT_EQ(model.forces->findForceByName("gravity"), 0);
  EXPECT_EQ(model.forces->findForceByName("nothing"), -1);
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  model.system.realize(s, Stage::Position);

  std::vector<SpatialVec> F(matter.getNumBodies(), SpatialVec::Zero());
  Vector f = Vector::Zero(matter.getNU());
  model.forces->addInForces(s, F, f);
  std::vector<SpatialVec> Fsum(matter.getNumBodies(), SpatialVec::Zero());
  Vector fsum = Vector::Zero(matter.getNU());
  for (const ForceElement* e : {static_cast<const ForceElement*>(&gravity), static_cast<const ForceElement*>(&torque),
                                static_cast<const ForceElement*>(&mobility)})
    e->calcForce(s, matter, Fsum, fsum);
  for (int b = 0; b < matter.getNumBodies(); ++b) EXPECT_EQ(F[b], Fsum[b]) << "body " << b;
  EXPECT_EQ(f, fsum);
  EXPECT_EQ(model.forces->calcPotentialEnergy(s), gravity.calcPotentialEnergy(s, matter));
}

TEST(GeneralForceSubsystem, DisablingIsPerStateAndInvalidatesDynamics) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Slider block(ground, Transform(), testing::massBody(2.0, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<MobilityConstantForce>(block, 0, 6.0, "push"));
  forces.addForce(std::make_unique<Gravity>(Vec3(-9.81, 0, 0)));  // along the slider's x
  State s = system.realizeTopology();
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(block.getUDot(s)[0], 3.0 - 9.81, 1e-12);

  State copy = s;
  forces.setForceEnabled(s, 0, false);
  EXPECT_FALSE(forces.isForceEnabled(s, 0));
  EXPECT_TRUE(forces.isForceEnabled(copy, 0)) << "the switch lives in the State";
  EXPECT_LE(s.getSystemStage(), Stage::Velocity);
  EXPECT_GE(s.getSystemStage(), Stage::Velocity) << "only Dynamics and later are invalidated";
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(block.getUDot(s)[0], -9.81, 1e-12);

  forces.setForceEnabled(s, 1, false);
  system.realize(s, Stage::Acceleration);
  EXPECT_EQ(block.getUDot(s)[0], 0.0);
  EXPECT_EQ(forces.calcPotentialEnergy(s), 0.0) << "a disabled element has no energy";
  forces.setForceEnabled(s, 0, true);
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(block.getUDot(s)[0], 3.0, 1e-12);
  EXPECT_THROW(forces.setForceEnabled(s, 2, false), Error);
}

TEST(GeneralForceSubsystem, ConstructionErrorsNameTheirSubject) {
  ChainModel model;
  model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  try {
    model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -1, 0)));
    FAIL() << "duplicate names must throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'gravity'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(model.forces->addForce(std::unique_ptr<Gravity>()), Error);
  try {
    model.forces->getForce(5);
    FAIL() << "an out-of-range index must throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("index 5"), std::string::npos) << e.what();
  }
  model.system.realizeTopology();
  EXPECT_THROW(model.forces->addForce(std::make_unique<ConstantTorque>(1, Vec3::UnitZ())), Error)
      << "a built System is immutable";
}

TEST(GeneralForceSubsystem, RequiresAMultibodySystem) {
  System plain("plain");
  plain.adoptSubsystem(std::make_unique<GeneralForceSubsystem>("loose"));
  try {
    plain.realizeTopology();
    FAIL() << "a force subsystem without matter must throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("loose"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articula
