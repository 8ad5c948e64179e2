// MJCF orientations (docs/mjcf.md, "Frames"): MuJoCo 2.2.2's conventions for quat, axisangle,
// euler (with the compiler's eulerseq), xyaxes and zaxis, and the frame of a fromto shape.
#pragma once
#include <string>

#include "articula/math/Transform.h"

namespace articula::model::mjcf {

// quat="w x y z", normalized (MuJoCo normalizes; a zero quaternion is refused by the caller).
Rotation fromQuat(const Vec4& wxyz);
// axisangle="x y z a": a about the normalized axis (the angle already in radians).
Rotation fromAxisAngle(const Vec3& axis, Real angle);
// euler="a b c" with eulerseq (3 letters of xyzXYZ): each angle about the named axis; lower case
// turns about the frame's current (rotating) axes, upper case about the fixed axes.
Rotation fromEuler(const Vec3& angles, const std::string& seq);
// xyaxes="x1 x2 x3 y1 y2 y3": x normalized, y made orthogonal to x and normalized, z = x × y.
Rotation fromXyAxes(const Vec3& x, const Vec3& y);
// zaxis="x y z": the smallest rotation taking (0, 0, 1) to the normalized vector (mju_quatZ2Vec).
Rotation fromZAxis(const Vec3& z);
// A shape given by fromto="x1 y1 z1 x2 y2 z2": centred on the midpoint, z along to - from.
Transform fromTo(const Vec3& from, const Vec3& to);

}  // namespace articula::model::mjcf
