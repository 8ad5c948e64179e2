// The classes of force that trajectory.csv reports generalized forces by (docs/output-format.md,
// "Joint space"): each force element of a model belongs to one, and contact is a class of its own.
// What a biomechanist separates: the passive joint limits from the damping, the actuators from
// the loads the scenario applies.
#pragma once
#include "articula/model/ForceType.h"
#include "articula/model/KindNames.h"

namespace articula::model {

enum class ForceClass {
  Gravity,
  Spring,    // conservative elastic elements: mobility and two-point springs, bushings
  Damping,   // passive dampers: joint, mobility, two-point and global damping
  Limit,     // range-of-motion limits and stops
  Actuator,  // joint actuators, servos, muscle tone
  Applied,   // loads the model applies from outside: constant forces and torques, torque pulses
  Contact
};

inline constexpr int kForceClassCount = 7;

// The class of every force type (a new type must be placed: the switch lists them all).
ForceClass forceClassOf(ForceType type);

template <>
const std::vector<KindName<ForceClass>>& kindTable<ForceClass>();  // src/model/ForceClass.cpp

}  // namespace articula::model
