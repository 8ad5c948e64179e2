// The force registry of the model format (ForceFields.h).
#include "ForceFields.h"

#include <cmath>
#include <stdexcept>

namespace articula::model {

const std::vector<ForceTypeInfo>& forceTypes() {
  using K = FieldKind;
  const double inf = INFINITY;
  static const std::vector<ForceTypeInfo> types{
      {ForceType::ConstantForce,
       "constant_force",
       {{"body", K::Body, true}, {"station", K::Vec3, false}, {"force", K::Vec3, true}}},
      {ForceType::ConstantTorque, "constant_torque", {{"body", K::Body, true}, {"torque", K::Vec3, true}}},
      {ForceType::MobilityConstantForce,
       "mobility_constant_force",
       {{"body", K::Body, true}, {"coordinate", K::Coordinate, true}, {"force", K::Scalar, true}}},
      {ForceType::MobilityLinearSpring,
       "mobility_linear_spring",
       {{"body", K::Body, true},
        {"coordinate", K::Coordinate, true},
        {"stiffness", K::Scalar, true, Sign::NonNegative},
        {"rest", K::Angle, false}}},
      {ForceType::MobilityLinearDamper,
       "mobility_linear_damper",
       {{"body", K::Body, true}, {"coordinate", K::Coordinate, true}, {"damping", K::Scalar, true, Sign::NonNegative}}},
      {ForceType::MobilityLinearStop,
       "mobility_linear_stop",
       {{"body", K::Body, true},
        {"coordinate", K::Coordinate, true},
        {"lower", K::Angle, false, Sign::Any, -inf},
        {"upper", K::Angle, false, Sign::Any, inf},
        {"stiffness", K::Scalar, true, Sign::NonNegative},
        {"dissipation", K::Scalar, false, Sign::NonNegative}}},
      {ForceType::TwoPointLinearSpring,
       "two_point_linear_spring",
       {{"body1", K::Body, true},
        {"station1", K::Vec3, false},
        {"body2", K::Body, true},
        {"station2", K::Vec3, false},
        {"stiffness", K::Scalar, true, Sign::NonNegative},
        {"natural_length", K::Scalar, false, Sign::NonNegative}}},
      {ForceType::TwoPointLinearDamper,
       "two_point_linear_damper",
       {{"body1", K::Body, true},
        {"station1", K::Vec3, false},
        {"body2", K::Body, true},
        {"station2", K::Vec3, false},
        {"damping", K::Scalar, true, Sign::NonNegative}}},
      {ForceType::TwoPointConstantForce,
       "two_point_constant_force",
       {{"body1", K::Body, true},
        {"station1", K::Vec3, false},
        {"body2", K::Body, true},
        {"station2", K::Vec3, false},
        {"force", K::Scalar, true}}},
      {ForceType::LinearBushing,
       "linear_bushing",
       {{"body1", K::Body, true},
        {"frame1", K::Frame, false},
        {"body2", K::Body, true},
        {"frame2", K::Frame, false},
        {"stiffness", K::Vec6, true, Sign::NonNegative},
        {"damping", K::Vec6, false, Sign::NonNegative}}},
      {ForceType::GlobalDamper, "global_damper", {{"damping", K::Scalar, true, Sign::NonNegative}}},
      {ForceType::PassiveJointDamping,
       "passive_joint_damping",
       {{"damping", K::Scalar, true, Sign::NonNegative},
        {"damp_root_joints", K::Bool, false},
        {"bodies", K::BodyMap, false, Sign::NonNegative}}},
      {ForceType::RangeOfMotionLimit,
       "range_of_motion_limit",
       {{"body", K::Body, true},
        {"coordinate", K::Coordinate, false},
        {"lower", K::Angle, false, Sign::Any, -inf},
        {"upper", K::Angle, false, Sign::Any, inf},
        {"stiffness", K::Scalar, false, Sign::NonNegative},
        {"damping", K::Scalar, false, Sign::NonNegative},
        {"twist_axis", K::Axis, false},
        {"axes", K::Axes, false}}},
      {ForceType::TorquePulse,
       "torque_pulse",
       {{"body", K::Body, true},
        {"mode", K::PulseMode, true},
        {"peak", K::Numbers, true},
        {"start", K::Scalar, true},
        {"duration", K::Scalar, true, Sign::Positive}}},
      {ForceType::JointActuator,
       "joint_actuator",
       {{"body", K::Body, true},
        {"coordinate", K::Coordinate, true},
        {"function", K::Function, true},
        {"scale", K::Scalar, false, Sign::Any, 1},
        {"limit", K::Scalar, false, Sign::Positive, inf}}},
      {ForceType::PdServo,
       "pd_servo",
       {{"body", K::Body, true},
        {"coordinate", K::Coordinate, true},
        {"kp", K::Scalar, true, Sign::NonNegative},
        {"kd", K::Scalar, true, Sign::NonNegative},
        {"target", K::Target, false},
        {"limit", K::Scalar, false, Sign::Positive, inf}}},
      {ForceType::MuscleTone,
       "muscle_tone",
       {{"stiffness", K::Scalar, true, Sign::NonNegative},
        {"damping", K::Scalar, true, Sign::NonNegative},
        {"joints", K::Joints, false}}},
      {ForceType::CoordinateLimitForce,
       "coordinate_limit_force",
       {{"body", K::Body, true},
        {"coordinate", K::Coordinate, true},
        {"lower", K::Angle, false, Sign::Any, -inf},
        {"upper", K::Angle, false, Sign::Any, inf},
        {"lower_stiffness", K::Scalar, true, Sign::NonNegative},
        {"upper_stiffness", K::Scalar, true, Sign::NonNegative},
        {"damping", K::Scalar, false, Sign::NonNegative},
        {"transition", K::Angle, true}}},
  };
  return types;
}

const ForceTypeInfo& forceTypeInfo(ForceType type) {
  for (const auto& t : forceTypes())
    if (t.type == type) return t;
  throw std::logic_error("a force type without an entry in forceTypes()");
}

template <>
const std::vector<KindName<ForceType>>& kindTable<ForceType>() {
  static const std::vector<KindName<ForceType>> table = [] {
    std::vector<KindName<ForceType>> t;
    for (const auto& f : forceTypes()) t.push_back({f.type, f.name});
    return t;
  }();
  return table;
}

template <>
const std::vector<KindName<CoordinateAxis>>& kindTable<CoordinateAxis>() {
  static const std::vector<KindName<CoordinateAxis>> table{
      {CoordinateAxis::X, "x"}, {CoordinateAxis::Y, "y"}, {CoordinateAxis::Z, "z"}};
  return table;
}

template <>
const std::vector<KindName<TorquePulseMode>>& kindTable<TorquePulseMode>() {
  static const std::vector<KindName<TorquePulseMode>> table{{TorquePulseMode::Mobility, "mobility"},
                                                            {TorquePulseMode::BodyTorquePair, "body_torque_pair"}};
  return table;
}

}  // namespace articula::model
