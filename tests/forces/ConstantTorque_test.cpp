#include "articula/forces/ConstantTorque.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;

TEST(ConstantTorque, SpinsPinLinkAboutItsAxis) {
  const Real m = 1.5, Izz_C = 0.03;
  const Vec3 p_BC(0.2, 0.1, 0);
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Pin link(ground, Transform(), testing::massBody(m, p_BC, Vec3(0.02, 0.02, Izz_C)), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  // Only the component along the pin axis can do work; x and y are carried by the joint.
  forces.addForce(std::make_unique<ConstantTorque>(link, Vec3(5.0, -3.0, 0.6)));
  State s = system.realizeTopology();
  link.setOneQ(s, 0, 1.1);
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(link.getUDot(s)[0], 0.6 / (Izz_C + m * p_BC.squaredNorm()), 1e-12);
}

// A free moment maps to H_w^T tau on every mobilizer inboard of the body and nothing outboard.
TEST(ConstantTorque, GeneralizedForceIsFrameJacobianTranspose) {
  ChainModel model;
  const Vec3 tau(0.7, -1.3, 2.1);
  auto& torque = model.forces->addForce(std::make_unique<ConstantTorque>(model.bodies[3], tau));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int i = 0; i < matter.getNQ(); ++i) matter.updQ(s)[i] = 0.3 * i - 0.5;
  model.system.realize(s, Stage::Position);
  const auto f = testing::evalElement(torque, s, matter);
  EXPECT_EQ(f.body[3], spatialVec(tau, Vec3::Zero()));
  Matrix JF;
  matter.calcFrameJacobian(s, 3, Vec3::Zero(), JF);
  const Vector expected = JF.topRows<3>().transpose() * tau;
  const Vector gen = testing::generalizedForce(torque, s, matter);
  EXPECT_LT((gen - expected).norm(), 1e-12 * (1 + expected.norm()));
  const MobilizedBodyInfo& outboard = matter.getInfo(4);
  EXPECT_EQ(gen.segment(outboard.uStart, outboard.nu), Vector::Zero(outboard.nu));
  EXPECT_EQ(torque.calcPotentialEnergy(s, matter), 0.0);
}

TEST(ConstantTorque, RejectsBadInputWithNamedErrors) {
  EXPECT_THROW(ConstantTorque(1, Vec3(0, 0, NAN)), Error);
  ChainModel model;
  model.forces->addForce(std::make_unique<ConstantTorque>(-1, Vec3::UnitZ(), "motor"));
  try {
    model.system.realizeTopology();
    FAIL() << "a torque on a body that does not exist must throw";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("motor"), std::string::npos) << msg;
    EXPECT_NE(msg.find("-1"), std::string::npos) << msg;
  }
}

// A free moment has no potential: its whole power T . w is non-conservative.
TEST(ConstantTorque, PowerIsTorqueDotAngularVelocity) {
  ChainModel model;
  auto& torque = model.forces->addForce(std::make_unique<ConstantTorque>(4, Vec3(1, -2, 0.5)));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 0.9);
  const Real p = torque.calcPower(s, matter);
  EXPECT_NEAR(p, testing::powerFromForces(torque, s, matter), 1e-13);
  EXPECT_NEAR(p, Vec3(1, -2, 0.5).dot(matter.getBodyVelocity(s, 4).head<3>()), 1e-13);
  EXPECT_EQ(torque.calcNonConservativePower(s, matter), p);
}

}  // namespace
}  // namespace articula
