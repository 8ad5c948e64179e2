// MJCF joints (docs/mjcf.md, "What is read"): read with their defaults, turned into Articula
// mobilizers — one joint per body as pin, slider, ball or free; several joints of one body
// composed into one function_based joint where that is exact, else a chain of massless bodies
// "<body>/<joint>" — and their damping, stiffness and limits into forces.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "MjcfContext.h"

namespace articula::model::mjcf {

// The <joint> or <freejoint> `el` of body `b` (class `cls`), in b's frame (coordinate="global"
// turned local). Unnamed: "<body>_joint<k>".
MjJoint readJoint(Context& c, const XMLElement* el, const std::string& cls, const MjBody& b);

// When b's hinges and slides compose exactly into one function_based joint: the slides first
// (translations in the rest frame), then up to three hinges about one anchor, except that the
// first hinge may have its own (then no slides).
struct Composition {
  std::vector<const MjJoint*> slides, hinges;
  Vec3 a1 = Vec3::Zero(), a2 = Vec3::Zero();  // the first hinge's anchor, the others'
};
std::optional<Composition> compositionOf(const MjBody& b);

// b's joints into the model: `s` is b's body (mass, geometry), `parent` its Articula parent, X0 b's
// rest frame in it. One function_based joint if compositionOf(b), else a chain. Records in each
// MjJoint the Articula body, joint and coordinate it became.
void addJoints(Context& c, MjBody& b, const BodySpec& s, const std::string& parent, const Transform& X0);

// Damping (all of a joint's speeds), stiffness and range limits (hinges and slides) as forces;
// what cannot be represented is noted.
void addJointForces(Context& c, const MjJoint& j);

}  // namespace articula::model::mjcf
