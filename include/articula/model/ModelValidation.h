// Checks of a model beyond the file's syntax. Errors throw ModelError with the JSON path of the
// offending field in the Articula format (/bodies/<i>/...).
#pragma once
#include <string>

#include "articula/model/ModelSpec.h"

namespace articula::model {

// Tree structure: every joint parent names a body or "ground", joint names are unique, no cycles.
void checkModelStructure(const ModelSpec& model, const std::string& file);
// Physical sanity: inertias positive definite with principal moments satisfying the triangle
// inequality. Adds warnings (model.warnings) for suspicious but legal values.
void checkModelPhysics(ModelSpec& model, const std::string& file);
// The principal moments (ascending) of a symmetric inertia matrix.
Vec3 principalMoments(const Mat33& inertia);

}  // namespace articula::model
