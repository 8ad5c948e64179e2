// OpenSim contact (docs/opensim.md, "Contact"): the ContactGeometrySet's ContactSphere -> sphere
// geometry and ContactHalfSpace on the ground -> the contact block's floor; HuntCrossleyForce ->
// a hertz material per contact-parameter set (youngs_modulus = stiffness with poisson_ratio 0, so
// the plane-strain modulus is OpenSim's stiffness and Simbody's 2/3-power combination is
// Articula's), its geometries given that material, the pairs it does not make excluded where a
// body pair allows. What differs (friction's curve, pairs that cannot be excluded, a half-space on
// a moving body, ElasticFoundationForce and ContactMesh) is noted in the report.
#pragma once
#include "OsimContext.h"

namespace articula::model::osim {

// Whether the ForceSet element is a contact force (read by readContact, not readForce).
bool isContactForce(const XMLElement* el);
// Reads the model's ContactGeometrySet and the contact forces of its ForceSet.
void readContact(Context& c, const XMLElement* model);

}  // namespace articula::model::osim
