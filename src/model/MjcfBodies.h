// MJCF bodies (docs/mjcf.md, "What is read"): the <worldbody> tree read in the file's order with
// frames, mass (<inertial> or from geoms, as <compiler inertiafromgeom> says), joints and geoms;
// then each body into the Articula model: massless bodies without joints merged into their
// parent, bodies without joints welded, the others mobilized by their joints (MjcfJoints).
#pragma once
#include <string>

#include "MjcfContext.h"
#include "MjcfGeoms.h"

namespace articula::model::mjcf {

// The <body> `el` under bodies[parent] (-1: the world) and its subtree, into c.bodies; `inherited`
// is the class its elements default to (the nearest childclass, else "main").
void readBody(Context& c, Geoms& geoms, const XMLElement* el, int parent, const std::string& inherited);
// <inertial>: mass, mass centre and inertia in b's frame; checked positive definite and triangular.
void readInertial(Context& c, const XMLElement* el, MjBody& b);
// b (its parent already added) into c.m.
void addBody(Context& c, MjBody& b);

}  // namespace articula::model::mjcf
