// The geometry types of the model format (docs/model-format.md, "Geometry").
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class GeometryType { Sphere, Ellipsoid, Box, Cylinder, Capsule, Mesh };

template <>
const std::vector<KindName<GeometryType>>&
kindTable<GeometryType>();  // src/model/GeometryFields.cpp, with each type's size fields

}  // namespace articula::model
