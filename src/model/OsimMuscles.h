// OpenSim muscle paths: a ForceSet object's <GeometryPath> PathPointSet — PathPoint (fixed on a
// body), ConditionalPathPoint (on the path while its coordinate is within <range>), MovingPathPoint
// (x, y, z location each a function of a coordinate) — as a MuscleSpec (ModelSpec::muscles).
// Path wraps (PathWrapSet) are noted in the warning, not applied.
#pragma once
#include "OsimContext.h"

namespace articula::model::osim {

// Reads `force`'s path into c.m.muscles when it has a <GeometryPath>; returns whether it had one.
bool readMusclePath(Context& c, const XMLElement* force);

}  // namespace articula::model::osim
