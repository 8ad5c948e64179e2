// The geometry registry of the model format: the name of each GeometryType in the file and the
// size fields it takes, shared by the reader and the writer.
#include "GeometryFields.h"

#include <stdexcept>

namespace articula::model {

const std::vector<GeometryTypeInfo>& geometryTypes() {
  using T = GeometryType;
  static const std::vector<GeometryTypeInfo> types{
      {T::Sphere, "sphere", {"radius"}},
      {T::Ellipsoid, "ellipsoid", {"semi_axes"}},
      {T::Box, "box", {"half_lengths"}},
      {T::Cylinder, "cylinder", {"radius", "half_length"}},
      {T::Capsule, "capsule", {"radius", "half_length"}},
      {T::Mesh, "mesh", {"file", "scale", "layer_thickness"}},
  };
  return types;
}

const GeometryTypeInfo& geometryTypeInfo(GeometryType type) {
  for (const auto& t : geometryTypes())
    if (t.type == type) return t;
  throw std::logic_error("a geometry type without an entry in geometryTypes()");
}

template <>
const std::vector<KindName<GeometryType>>& kindTable<GeometryType>() {
  static const std::vector<KindName<GeometryType>> table = [] {
    std::vector<KindName<GeometryType>> t;
    for (const auto& g : geometryTypes()) t.push_back({g.type, g.name});
    return t;
  }();
  return table;
}

}  // namespace articula::model
