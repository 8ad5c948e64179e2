#include "articula/forces/GeneralForceSubsystem.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"
#include "articula/forces/ConstantTorque.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/LinearBushing.h"
#include "articula/forces/MobilityConstantForce.h"
#include "articula/forces/MobilityLinearDamper.h"
#include "articula/forces/MobilityLinearStop.h"
#include "articula/forces/RangeOfMotionLimit.h"
#include "articula/forces/TorquePulse.h"
#include "articula/forces/TwoPointLinearSpring.h"

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

// Elements on bodies get default names that say where they act, so several of a kind coexist.
TEST(GeneralForceSubsystem, DefaultNamesOfBodyElementsAreDistinct) {
  ChainModel model;
  model.forces->addForce(std::make_unique<MobilityLinearDamper>(1, 0, 0.1));
  model.forces->addForce(std::make_unique<MobilityLinearDamper>(3, 1, 0.1));
  auto& spring = model.forces->addForce(std::make_unique<TwoPointLinearSpring>(1, Vec3::Zero(), 4, Vec3::Zero(), 1, 0));
  EXPECT_EQ(model.forces->getForce(1).getName(), "mobility damper (body 3, u 1)");
  EXPECT_EQ(spring.getName(), "spring (bodies 1, 4)");
  EXPECT_NO_THROW(model.system.realizeTopology());
}

// The subsystem's power and non-conservative power are the sums over enabled elements.
TEST(GeneralForceSubsystem, PowerSumsEnabledElements) {
  ChainModel model;
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  auto& torque = model.forces->addForce(std::make_unique<ConstantTorque>(2, Vec3(1, 2, 3)));
  auto& damper = model.forces->addForce(std::make_unique<MobilityLinearDamper>(3, 0, 0.4));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s);
  const Real pg = gravity.calcPower(s, matter), pt = torque.calcPower(s, matter), pd = damper.calcPower(s, matter);
  EXPECT_NEAR(model.forces->calcPower(s), pg + pt + pd, 1e-14);
  EXPECT_NEAR(model.forces->calcNonConservativePower(s), pt + pd, 1e-14) << "gravity is conservative";
  model.forces->setForceEnabled(s, 1, false);
  model.system.realize(s, Stage::Velocity);
  EXPECT_NEAR(model.forces->calcPower(s), pg + pd, 1e-14);
}

// Many elements at once on orientation joints, under gravity, with a torque pulse in the middle
// of the run: KE + PE - integral of the non-conservative power stays constant under RK4. The
// stop and the limits have kinks at their bounds, so RK4 is not fourth order here; the
// bookkeeping error must be small and shrink with the step (an error in any element's power
// would not shrink).
TEST(GeneralForceSubsystem, EnergyBookkeepingClosesWithManyElements) {
  testing::OrientationModel model;
  GeneralForceSubsystem& f = *model.forces;
  f.addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  f.addForce(std::make_unique<TwoPointLinearSpring>(0, Vec3(0.3, 0.2, 0), 4, Vec3(0, 0.1, 0), 30, 0.2));
  f.addForce(std::make_unique<LinearBushing>(1, Transform(), 3, Transform(Vec3(0.1, 0, 0)),
                                             (Vec6() << 2, 2, 2, 20, 20, 20).finished(), Vec6::Constant(0.1)));
  f.addForce(std::make_unique<MobilityLinearStop>(5, 4, -0.2, 0.2, 200, 0.5));  // Free joint's x
  f.addForce(std::make_unique<MobilityLinearDamper>(2, 1, 0.05));
  using Axis = RangeOfMotionLimit::Axis;
  f.addForce(std::make_unique<RangeOfMotionLimit>(
      1, CoordinateAxis::Z,
      std::array<Axis, 3>{Axis{-0.3, 0.3, 40, 0.5}, Axis{-0.3, 0.3, 40, 0.5}, Axis{-0.5, 0.5, 40, 0.5}}));
  SmallVector peak(3);
  peak << 0.5, -0.3, 0.2;
  f.addForce(std::make_unique<TorquePulse>(TorquePulse::Mode::BodyTorquePair, 3, peak, 0.1, 0.2));
  State s0 = model.system.realizeTopology();
  testing::setSomeMotion(model.system, s0, 0.4, 0.3);
  Real drift[2];
  for (int pass = 0; pass < 2; ++pass) {
    State s = s0;
    const Real dt = pass == 0 ? 2e-4 : 5e-5;
    const auto run = testing::runRK4(model.system, f, s, dt, static_cast<int>(std::lround(0.5 / dt)));
    EXPECT_LT(run.work, -1.0);
    EXPECT_LT(run.maxDrift, 1e-6 * (run.energy0 - run.work))
        << "dt " << dt << " E0 " << run.energy0 << " W " << run.work;
    drift[pass] = run.maxDrift;
  }
  EXPECT_LT(drift[1], drift[0] / 4);
}

// A tracked W_nc is one z whose derivative is the enabled elements' non-conservative power, and a
// disabled element stops contributing to it.
TEST(GeneralForceSubsystem, TrackedWorkIsAStateWhoseRateIsTheNonConservativePower) {
  ChainModel model;
  model.forces->setTrackNonConservativeWork(true);
  model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  model.forces->addForce(std::make_unique<MobilityLinearDamper>(1, 0, 0.7));
  model.forces->addForce(std::make_unique<MobilityConstantForce>(3, 1, 0.5));
  State s = model.system.realizeTopology();
  ASSERT_EQ(s.getNZ(), 1);
  EXPECT_EQ(model.forces->getNonConservativeWork(s), 0.0);
  model.forces->setNonConservativeWork(s, 2.5);
  EXPECT_EQ(model.forces->getNonConservativeWork(s), 2.5);
  for (int i = 0; i < s.getNU(); ++i) s.updU()[i] = 0.3 * (i + 1) - 0.5;
  model.system.realize(s, Stage::Acceleration);
  const MatterSubsystem& matter = model.system.getMatter();
  const Real damperPower = model.forces->getForce(1).calcNonConservativePower(s, matter);
  const Real pushPower = model.forces->getForce(2).calcNonConservativePower(s, matter);
  EXPECT_LT(damperPower, 0.0);
  EXPECT_NE(pushPower, 0.0);
  EXPECT_DOUBLE_EQ(s.getZDot()[0], damperPower + pushPower);
  model.forces->setForceEnabled(s, 2, false);
  model.system.realize(s, Stage::Acceleration);
  EXPECT_DOUBLE_EQ(s.getZDot()[0], damperPower);  // gravity is conservative: only the damper is left
}

// The work's error weight is 1 / (total mass × L²): the energy of the model moving at the unit
// change of a linear speed, not a fixed 1 J.
TEST(GeneralForceSubsystem, TrackedWorkIsWeightedByTheModelsEnergyScale) {
  ChainModel model;
  model.forces->setTrackNonConservativeWork(true);
  State s = model.system.realizeTopology();
  const Real mass = model.system.getMatter().calcSystemMass();
  ASSERT_GT(mass, 0.0);
  Vector wz;
  model.system.calcZWeights(s, 1.0, wz);
  ASSERT_EQ(wz.size(), 1);
  EXPECT_DOUBLE_EQ(wz[0], 1 / mass);
  model.system.calcZWeights(s, 0.5, wz);
  EXPECT_DOUBLE_EQ(wz[0], 4 / mass);
  EXPECT_THROW(model.system.calcZWeights(s, 0.0, wz), Error);
}

}  // namespace
}  // namespace articula
