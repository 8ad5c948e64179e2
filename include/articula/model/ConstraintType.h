// The constraint types of the model format (docs/model-format.md, "Constraints").
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class ConstraintType {
  Rod,
  Ball,
  Weld,
  ConstantOrientation,
  PointInPlane,
  PointOnLine,
  ConstantAngle,
  ConstantSpeed,
  ConstantAcceleration,
  CoordinateCoupler,
  SpeedCoupler,
  PrescribedMotion,
  NoSlip1D,
  SphereOnPlane,
  SphereOnSphere,
  DiskOnPlane,
  LineOnLine
};

template <>
const std::vector<KindName<ConstraintType>>&
kindTable<ConstraintType>();  // src/model/ConstraintFields.cpp, with each type's fields

}  // namespace articula::model
