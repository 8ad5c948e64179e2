// The joint types of the model format and the names of their coordinates (docs/model-format.md,
// "Joints"). For most types q and u have the same names (u = qdot). Quaternion types (ball,
// ellipsoid, free, line_orientation, free_line without "euler") name their orientation by
// body-fixed x-y-z angles rx, ry, rz, which the builder converts to the quaternion, and their
// speeds by angular-velocity components wx, wy, wz (in F) and linear ones vx, vy, vz.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "articula/math/Function.h"
#include "articula/matter/Mobilizer.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

struct CoordinateName {
  std::string name;
  bool angular;  // degrees may be used for it
};

struct JointCoordinates {
  std::vector<CoordinateName> q, u;
  bool quaternion = false;  // q holds a quaternion (q names are then the rx, ry, rz angles and p)
};

JointCoordinates jointCoordinates(const JointSpec& joint);
// The Function a function spec describes; throws articula::Error on bad data.
FunctionPtr makeFunction(const FunctionSpec& f);
// The mobilizer for a joint; throws articula::Error on bad function data.
std::unique_ptr<Mobilizer> makeMobilizer(const JointSpec& joint);

}  // namespace articula::model
