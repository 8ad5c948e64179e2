#include "articula/forces/ConstantForce.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;

// A push f at station S of a pin link about z: I_Ozz udot = (p_GS x f)_z.
TEST(ConstantForce, PinLinkAccelerationMatchesMomentBalance) {
  const Real m = 2.0, Izz_C = 0.05;
  const Vec3 p_BC(0.4, 0, 0), p_BS(0.6, 0.1, 0.2), f_G(0.3, 2.0, -1.0);
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Pin link(ground, Transform(), testing::massBody(m, p_BC, Vec3(0.03, 0.04, Izz_C)), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<ConstantForce>(link, p_BS, f_G));
  State s = system.realizeTopology();
  const Real theta = 0.7;
  link.setOneQ(s, 0, theta);
  system.realize(s, Stage::Acceleration);
  const Vec3 p_GS = Rotation::aboutZ(theta) * p_BS;
  const Real expected = p_GS.cross(f_G).z() / (Izz_C + m * p_BC.squaredNorm());
  EXPECT_NEAR(link.getUDot(s)[0], expected, 1e-12 * (1 + std::abs(expected)));
}

// J^T F of the element equals the station Jacobian transpose times f.
TEST(ConstantForce, GeneralizedForceIsStationJacobianTranspose) {
  ChainModel model;
  const Vec3 p_BS(0.2, -0.3, 0.4), f_G(1.0, -2.0, 0.5);
  auto& push = model.forces->addForce(std::make_unique<ConstantForce>(model.bodies[3], p_BS, f_G));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int i = 0; i < matter.getNQ(); ++i) matter.updQ(s)[i] = 0.1 - 0.25 * i;
  model.system.realize(s, Stage::Position);
  const auto f = testing::evalElement(push, s, matter);
  for (int b = 0; b < matter.getNumBodies(); ++b)
    if (b != 3) {
      EXPECT_EQ(f.body[b], SpatialVec::Zero()) << "body " << b;
    }
  Matrix JS;
  matter.calcStationJacobian(s, 3, p_BS, JS);
  const Vector expected = JS.transpose() * f_G;
  const Vector gen = testing::generalizedForce(push, s, matter);
  EXPECT_LT((gen - expected).norm(), 1e-12 * (1 + expected.norm()));
}

// A constant force is conservative with PE = -f . p_GS: -dPE/dq equals the generalized force.
TEST(ConstantForce, PotentialEnergyGradientIsGeneralizedForce) {
  ChainModel model;
  auto& push = model.forces->addForce(std::make_unique<ConstantForce>(4, Vec3(0.1, 0.5, -0.2), Vec3(3, -1, 2)));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int i = 0; i < matter.getNQ(); ++i) matter.updQ(s)[i] = 0.4 * std::cos(2.0 * i);
  model.system.realize(s, Stage::Position);
  const Vector gen = testing::generalizedForce(push, s, matter);
  const Vector grad = testing::potentialGradient(push, model.system, s);
  EXPECT_LT((gen + grad).norm(), 1e-7 * (1 + gen.norm()));
  const Vec3 p_GS = matter.findStationLocationInGround(s, 4, Vec3(0.1, 0.5, -0.2));
  EXPECT_NEAR(push.calcPotentialEnergy(s, matter), -Vec3(3, -1, 2).dot(p_GS), 1e-12);
}

TEST(ConstantForce, RejectsBadInputWithNamedErrors) {
  EXPECT_THROW(ConstantForce(1, Vec3(NAN, 0, 0), Vec3::Zero()), Error);
  EXPECT_THROW(ConstantForce(1, Vec3::Zero(), Vec3(0, INFINITY, 0)), Error);
  ChainModel model;
  model.forces->addForce(std::make_unique<ConstantForce>(9, Vec3::Zero(), Vec3::UnitX(), "thruster"));
  try {
    model.system.realizeTopology();
    FAIL() << "a force on a body that does not exist must throw";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("thruster"), std::string::npos) << msg;
    EXPECT_NE(msg.find("body 9"), std::string::npos) << msg;
  }
}

TEST(ConstantForce, PowerMatchesDefinitionAndIsMinusPotentialRate) {
  ChainModel model;
  auto& push = model.forces->addForce(std::make_unique<ConstantForce>(3, Vec3(0.1, 0.5, -0.2), Vec3(3, -1, 2)));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 0.3);
  const Real p = push.calcPower(s, matter);
  EXPECT_NEAR(p, testing::powerFromForces(push, s, matter), 1e-12 * (1 + std::abs(p)));
  EXPECT_NEAR(p, -testing::potentialRate(push, model.system, s), 1e-7 * (1 + std::abs(p)));
  EXPECT_EQ(push.calcNonConservativePower(s, matter), 0.0);
}

}  // namespace
}  // namespace articula
