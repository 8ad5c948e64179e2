// OpenSim force elements that act on one coordinate, and the coordinate actuators (docs/opensim.md,
// "Forces"): CoordinateLimitForce -> coordinate_limit_force (degrees converted for rotational
// coordinates), SpringGeneralizedForce -> mobility_linear_spring (+ mobility_linear_damper for its
// viscosity), CoordinateActuator -> joint_actuator of zero drive (OpenSim's control is 0 without a
// controller). TorqueActuator and PointActuator exert nothing without a controller either; they
// are noted, as are elements whose appliesForce is false.
#pragma once
#include "OsimContext.h"

namespace articula::model::osim {

// Reads `el` of the ForceSet if it is one of the kinds above (true); false for any other kind.
bool readForce(Context& c, const XMLElement* el);
// Whether the coordinate (OpenSim name) is rotational by OpenSim's rule (Coordinate::MotionType):
// its values, limits and stiffnesses per degree then convert to radians.
bool isRotational(const Context& c, const Coordinate& k);

}  // namespace articula::model::osim
