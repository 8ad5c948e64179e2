// Every force type has a class, and the classes read as a biomechanist reads them.
#include "articula/model/ForceClass.h"

#include <gtest/gtest.h>

using namespace articula::model;

TEST(ForceClass, EveryForceTypeHasOne) {
  for (const auto& t : kindTable<ForceType>()) EXPECT_NO_THROW(forceClassOf(t.kind)) << t.name;
  EXPECT_EQ(forceClassOf(ForceType::RangeOfMotionLimit), ForceClass::Limit);
  EXPECT_EQ(forceClassOf(ForceType::PassiveJointDamping), ForceClass::Damping);
  EXPECT_EQ(forceClassOf(ForceType::MobilityLinearSpring), ForceClass::Spring);
  EXPECT_EQ(forceClassOf(ForceType::TorquePulse), ForceClass::Applied);
  for (ForceType t : {ForceType::JointActuator, ForceType::PdServo, ForceType::MuscleTone})
    EXPECT_EQ(forceClassOf(t), ForceClass::Actuator) << nameOf(t);
  EXPECT_EQ(kindList<ForceClass>(), "gravity, spring, damping, limit, actuator, applied, contact");
}
