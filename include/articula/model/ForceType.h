// The force types of the model format (docs/model-format.md, "Forces"), and the kinds their
// fields take: a range_of_motion_limit's "twist_axis", a torque_pulse's "mode".
#pragma once
#include "articula/math/Rotation.h"
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
  TorquePulse,
  JointActuator,
  PdServo,
  MuscleTone,
  CoordinateLimitForce
};

template <>
const std::vector<KindName<ForceType>>& kindTable<ForceType>();  // src/model/ForceFields.cpp, with each type's fields

// How a torque_pulse applies its peak (TorquePulse::Mode): per generalized speed of the joint, or
// as a torque pair in the joint's F frame.
enum class TorquePulseMode { Mobility, BodyTorquePair };

// The names of these field kinds ("x", "y", "z"; "mobility", "body_torque_pair"): src/model/ForceFields.cpp.
template <>
const std::vector<KindName<CoordinateAxis>>& kindTable<CoordinateAxis>();
template <>
const std::vector<KindName<TorquePulseMode>>& kindTable<TorquePulseMode>();

}  // namespace articula::model
