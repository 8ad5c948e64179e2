#include "articula/forces/TorquePulse.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::mentions;
using Mode = TorquePulse::Mode;

SmallVector vec(std::initializer_list<Real> v) {
  SmallVector out(static_cast<int>(v.size()));
  int i = 0;
  for (Real x : v) out[i++] = x;
  return out;
}

TEST(TorquePulse, HalfSineEnvelopePeaksMidWindowAndIsZeroOutside) {
  const TorquePulse pulse(Mode::Mobility, 1, vec({10}), 0.2, 0.1);
  EXPECT_EQ(pulse.calcEnvelope(0.0), 0.0);
  EXPECT_EQ(pulse.calcEnvelope(0.2 - 1e-12), 0.0);
  EXPECT_NEAR(pulse.calcEnvelope(0.2), 0.0, 1e-15);
  EXPECT_NEAR(pulse.calcEnvelope(0.25), 1.0, 1e-15);
  EXPECT_NEAR(pulse.calcEnvelope(0.225), std::sin(M_PI / 4), 1e-12);
  EXPECT_NEAR(pulse.calcEnvelope(0.3), 0.0, 1e-12);
  EXPECT_EQ(pulse.calcEnvelope(0.3 + 1e-12), 0.0);
  EXPECT_EQ(pulse.calcEnvelope(5.0), 0.0);
  EXPECT_NEAR(pulse.getEndTime(), 0.3, 1e-15);
}

// On a Pin with nothing else, udot = peak sin(...) / I; over the window the speed gains the
// impulse 2 T peak / (pi I), and the pulse's input work equals the kinetic energy gained.
TEST(TorquePulse, MobilityPulseDrivesAPin) {
  const Real I = 0.05, peak = 3, t0 = 0.1, T = 0.2;
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Pin wheel(ground, Transform(), testing::massBody(1, Vec3::Zero(), Vec3(1, 1, I)), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& pulse = forces.addForce(std::make_unique<TorquePulse>(Mode::Mobility, wheel, vec({peak}), t0, T));
  State s = system.realizeTopology();
  for (Real t : {0.05, 0.2, 0.25, 0.35}) {
    s.setTime(t);
    system.realize(s, Stage::Acceleration);
    EXPECT_NEAR(wheel.getUDot(s)[0], peak * pulse.calcEnvelope(t) / I, 1e-12) << "t " << t;
  }
  s.setTime(0);
  const auto run = testing::runRK4(system, forces, s, 1e-3, 400);
  EXPECT_NEAR(wheel.getOneU(s, 0), 2 * T * peak / (M_PI * I), 1e-9);
  EXPECT_NEAR(run.work, 0.5 * I * wheel.getOneU(s, 0) * wheel.getOneU(s, 0), 1e-9);
  EXPECT_LT(run.maxDrift, 1e-9);
}

// The pair mode puts +T (given in F) on the child and -T on the parent, whatever the mobilizer.
TEST(TorquePulse, BodyTorquePairIsInternalAndExpressedInF) {
  testing::OrientationModel model;
  const Vec3 peak_F(1.0, -2.0, 0.5);
  auto& pulse = model.forces->addForce(
      std::make_unique<TorquePulse>(Mode::BodyTorquePair, 3, vec({peak_F.x(), peak_F.y(), peak_F.z()}), 0.0, 1.0));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s);
  s.setTime(0.5);
  model.system.realize(s, Stage::Velocity);
  const auto f = testing::evalElement(pulse, s, matter);
  const MobilizedBodyInfo& info = matter.getInfo(3);
  const Vec3 T_G = matter.getBodyTransform(s, info.parent).R() * (info.X_PF.R() * peak_F);
  EXPECT_TRUE(Vec3(f.body[3].head<3>()).isApprox(T_G, 1e-14));
  EXPECT_TRUE(Vec3(f.body[2].head<3>()).isApprox(-T_G, 1e-14));
  EXPECT_EQ(f.mobility, Vector::Zero(matter.getNU()));
  const Real p = pulse.calcPower(s, matter);
  EXPECT_NEAR(p, testing::powerFromForces(pulse, s, matter), 1e-13);
  EXPECT_EQ(pulse.calcNonConservativePower(s, matter), p);
  s.setTime(1.5);
  model.system.realize(s, Stage::Velocity);
  EXPECT_EQ(testing::evalElement(pulse, s, matter).body[3], SpatialVec::Zero());
  EXPECT_EQ(pulse.calcPower(s, matter), 0.0);
}

// Per-u peaks land on the body's own u in order (for a Free joint: torque in F, then force in F).
TEST(TorquePulse, MobilityPeaksLandOnTheBodysOwnU) {
  testing::OrientationModel model;
  const SmallVector peak = vec({1, 2, 3, 4, 5, 6});
  auto& pulse = model.forces->addForce(std::make_unique<TorquePulse>(Mode::Mobility, 5, peak, 1.0, 2.0));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s);
  s.setTime(2.0);
  model.system.realize(s, Stage::Velocity);
  const auto f = testing::evalElement(pulse, s, matter);
  Vector expected = Vector::Zero(matter.getNU());
  expected.segment(matter.getInfo(5).uStart, 6) = peak;
  EXPECT_TRUE(f.mobility.isApprox(expected, 1e-15));
  EXPECT_NEAR(pulse.calcPower(s, matter), testing::powerFromForces(pulse, s, matter), 1e-13);
}

TEST(TorquePulse, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { TorquePulse(Mode::Mobility, 1, vec({1}), 0.0, 0.0, "kick"); });
  EXPECT_TRUE(mentions(msg, {"TorquePulse", "kick", "duration 0", "> 0"})) << msg;
  msg = errorMessage([] { TorquePulse(Mode::Mobility, 1, vec({1}), 0.0, -1.0, "kick"); });
  EXPECT_TRUE(mentions(msg, {"kick", "duration -1"})) << msg;
  msg = errorMessage([] { TorquePulse(Mode::Mobility, 1, vec({1}), NAN, 1.0, "kick"); });
  EXPECT_TRUE(mentions(msg, {"kick", "start time", "nan"})) << msg;
  msg = errorMessage([] { TorquePulse(Mode::Mobility, 1, vec({1, NAN}), 0.0, 1.0, "kick"); });
  EXPECT_TRUE(mentions(msg, {"kick", "peak entry 1", "nan"})) << msg;
  msg = errorMessage([] { TorquePulse(Mode::BodyTorquePair, 1, vec({1, 2}), 0.0, 1.0, "kick"); });
  EXPECT_TRUE(mentions(msg, {"kick", "peak has 2 entries"})) << msg;
  {
    testing::ChainModel model;  // body 1 is a Pin: one u
    model.forces->addForce(std::make_unique<TorquePulse>(Mode::Mobility, 1, vec({1, 2, 3}), 0.0, 1.0, "kick"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"kick", "peak has 3 entries", "body 1", "1 generalized speeds"})) << msg;
  }
  {
    testing::ChainModel model;
    model.forces->addForce(std::make_unique<TorquePulse>(Mode::BodyTorquePair, 0, vec({1, 2, 3}), 0.0, 1.0, "kick"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"kick", "body 0", "Ground"})) << msg;
  }
  {
    testing::ChainModel model;
    model.forces->addForce(std::make_unique<TorquePulse>(Mode::BodyTorquePair, 6, vec({1, 2, 3}), 0.0, 1.0, "kick"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"kick", "body 6"})) << msg;
  }
}

}  // namespace
}  // namespace articula
