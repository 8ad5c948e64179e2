// Each force type's class (ForceClass.h) and the classes' names in output column headers.
#include "articula/model/ForceClass.h"

#include <stdexcept>

namespace articula::model {

ForceClass forceClassOf(ForceType type) {
  using T = ForceType;
  switch (type) {
    case T::MobilityLinearSpring:
    case T::TwoPointLinearSpring:
    case T::LinearBushing: return ForceClass::Spring;
    case T::MobilityLinearDamper:
    case T::TwoPointLinearDamper:
    case T::GlobalDamper:
    case T::PassiveJointDamping: return ForceClass::Damping;
    case T::MobilityLinearStop:
    case T::RangeOfMotionLimit:
    case T::CoordinateLimitForce: return ForceClass::Limit;
    case T::ConstantForce:
    case T::ConstantTorque:
    case T::MobilityConstantForce:
    case T::TwoPointConstantForce:
    case T::TorquePulse: return ForceClass::Applied;
    case T::JointActuator:
    case T::PdServo:
    case T::MuscleTone: return ForceClass::Actuator;
  }
  throw std::logic_error("a force type without a class");
}

template <>
const std::vector<KindName<ForceClass>>& kindTable<ForceClass>() {
  using C = ForceClass;
  static const std::vector<KindName<ForceClass>> table{
      {C::Gravity, "gravity"},   {C::Spring, "spring"},   {C::Damping, "damping"}, {C::Limit, "limit"},
      {C::Actuator, "actuator"}, {C::Applied, "applied"}, {C::Contact, "contact"}};
  return table;
}

}  // namespace articula::model
