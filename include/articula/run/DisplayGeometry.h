// Display shapes for bodies that bring none (docs/output-format.md, "trajectory.json"): OpenSim
// bodies carry only .vtp meshes, which are not read, so the viewer would draw a dot per body.
// Generated here, for the scene only (no contact, no mass): a capsule from the body's joint centre
// to each child's joint centre, or, for a body without children, the ellipsoid of uniform density
// with its mass and inertia.
#pragma once
#include <vector>

#include "articula/model/ModelBuilder.h"

namespace articula::run {

// Per spec body: the generated shapes in the body frame (empty for a body with geometry of its
// own). Joint centres are the joints' child frame origins M, taken at the built model's initial
// state (a child joint that translates with its coordinates, like OpenSim's knees, puts its
// centre where the initial pose has it). A segment's radius is that of a cylinder of the body's
// mass at the density of water over the body's segments, at most 0.4 of the longest one; named
// "segment_<child>" and "inertia_ellipsoid".
std::vector<std::vector<model::GeometrySpec>> displayGeometry(const model::ModelSpec& model,
                                                              const model::BuiltModel& built);

}  // namespace articula::run
