// The force types of the model format (docs/model-format.md, "Forces").
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class ForceType {
  ConstantForce,
  ConstantTorque,
  MobilityConstantForce,
  MobilityLinearSpring,
  MobilityLinearDamper,
  MobilityLinearStop,
  TwoPointLinearSpring,
  TwoPointLinearDamper,
  TwoPointConstantForce,
  LinearBushing,
  GlobalDamper,
  PassiveJointDamping,
  RangeOfMotionLimit,
  TorquePulse
};

template <>
const std::vector<KindName<ForceType>>& kindTable<ForceType>();  // src/model/ForceFields.cpp, with each type's fields

}  // namespace articula::model
