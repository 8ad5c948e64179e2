// OpenSim constraints and coordinate settings (docs/opensim.md, "Constraints"):
// CoordinateCouplerConstraint -> coordinate_coupler when its function is Constant or
// LinearFunction (q_dep = scale f(q_ind)); WeldConstraint -> weld and PointConstraint -> ball
// between the frames / stations they name; a locked coordinate -> prescribed_motion at its default
// value, a prescribed one -> prescribed_motion by its function of time. Default values and speeds
// -> the initial state. What is not represented (spline couplers, disabled constraints, clamped
// ranges) is noted in the report.
#pragma once
#include "OsimContext.h"

namespace articula::model::osim {

void readConstraint(Context& c, const XMLElement* el);
void addCoordinateSettings(Context& c);

}  // namespace articula::model::osim
