#include "articula/forces/MobilityConstantForce.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;

TEST(MobilityConstantForce, PushesSliderBlock) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Slider block(ground, Transform(), testing::massBody(4.0, Vec3(0.1, 0.2, 0), Vec3::Ones()),
                              Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<MobilityConstantForce>(block, 0, 10.0));
  State s = system.realizeTopology();
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(block.getUDot(s)[0], 2.5, 1e-14);
}

// The force lands on the body's own u, offset by its uStart, and nowhere else.
TEST(MobilityConstantForce, WritesOnlyItsOwnMobility) {
  ChainModel model;
  auto& f1 = model.forces->addForce(std::make_unique<MobilityConstantForce>(model.bodies[3], 1, -4.5, "u3.1"));
  auto& f2 = model.forces->addForce(std::make_unique<MobilityConstantForce>(2, 0, 1.25, "u2.0"));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  model.system.realize(s, Stage::Position);
  for (auto* e : {&f1, &f2}) {
    const auto f = testing::evalElement(*e, s, matter);
    for (const SpatialVec& F : f.body) EXPECT_EQ(F, SpatialVec::Zero());
    Vector expected = Vector::Zero(matter.getNU());
    expected[matter.getInfo(e->getBody()).uStart + e->getWhichU()] = e->getForce();
    EXPECT_EQ(f.mobility, expected) << e->getName();
  }
}

TEST(MobilityConstantForce, RejectsBadMobilityWithNamedError) {
  EXPECT_THROW(MobilityConstantForce(1, 0, NAN), Error);
  ChainModel model;
  model.forces->addForce(std::make_unique<MobilityConstantForce>(model.bodies[1], 1, 3.0, "hip"));  // a Pin has one u
  try {
    model.system.realizeTopology();
    FAIL() << "whichU beyond the body's nu must throw";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("hip"), std::string::npos) << msg;
    EXPECT_NE(msg.find("whichU 1"), std::string::npos) << msg;
  }
}

TEST(MobilityConstantForce, PowerIsForceTimesSpeed) {
  ChainModel model;
  auto& f = model.forces->addForce(std::make_unique<MobilityConstantForce>(3, 1, -4.5));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 0.2);
  const Real p = f.calcPower(s, matter);
  EXPECT_NEAR(p, testing::powerFromForces(f, s, matter), 1e-14);
  EXPECT_NEAR(p, -4.5 * matter.getU(s)[matter.getInfo(3).uStart + 1], 1e-14);
  EXPECT_EQ(f.calcNonConservativePower(s, matter), p);
}

}  // namespace
}  // namespace articula
