// The geometry registry: one entry per GeometryType, its name in the file and its size fields.
#pragma once
#include <string>
#include <vector>

#include "articula/model/GeometryType.h"

namespace articula::model {

struct GeometryTypeInfo {
  GeometryType type;
  const char* name;
  std::vector<std::string> sizeFields;  // the file's keys for GeometrySpec::size (mesh: file, scale, layer)
};

const std::vector<GeometryTypeInfo>& geometryTypes();
const GeometryTypeInfo& geometryTypeInfo(GeometryType type);

// Every size field of any type, in documentation order: a type refuses those not its own.
inline const std::vector<std::string>& allGeometrySizeFields() {
  static const std::vector<std::string> keys{"radius", "semi_axes", "half_lengths",   "half_length",
                                             "file",   "scale",     "layer_thickness"};
  return keys;
}

}  // namespace articula::model
