// OpenSim bodies (docs/opensim.md, "Bodies"): each <Body> of the <BodySet> with its mass,
// mass_center and inertia (Ixx Iyy Izz Ixy Ixz Iyz about the mass centre, in body axes, as
// Articula's). Display meshes and wrap objects are noted in the report; once the joints are read,
// the bodies are put in tree order (parents first) into the model.
#pragma once
#include "OsimContext.h"

namespace articula::model::osim {

void readBody(Context& c, const XMLElement* el);
// Ground's attached geometry and wrap objects, noted.
void readGround(Context& c, const XMLElement* el);
// c.bodies into c.m.bodies, each after its parent; a body without a joint fails.
void orderBodies(Context& c);

}  // namespace articula::model::osim
