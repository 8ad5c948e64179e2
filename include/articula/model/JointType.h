// The joint types of the model format (docs/model-format.md, "Joints").
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class JointType {
  Weld,
  Pin,
  Slider,
  Screw,
  Universal,
  Cylinder,
  BendStretch,
  Planar,
  Gimbal,
  Ball,
  SphericalCoords,
  Ellipsoid,
  Translation,
  Free,
  LineOrientation,
  FreeLine,
  Bushing,
  FunctionBased
};

template <>
const std::vector<KindName<JointType>>& kindTable<JointType>();  // src/model/JointTypes.cpp

}  // namespace articula::model
