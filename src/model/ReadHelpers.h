// Readers of the small value types shared by the Articula reader and the OpenMBD importer.
#pragma once
#include <filesystem>

#include "JsonNode.h"
#include "articula/model/KindNames.h"
#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

constexpr Real kDegree = 3.14159265358979323846 / 180;

// {"quaternion": [w,x,y,z]} | {"matrix": 3x3} | {"xyz_deg": [..]} | {"axis": [..], "angle_deg": a}
Quaternion readOrientation(const JsonNode& node);
// {"position": [..], "orientation": {...}}, both optional.
FrameSpec readFrame(const JsonNode& node);
// [r, g, b] in 0..1 or "#rrggbb".
Vec3 readColor(const JsonNode& node);
// [[x, y], ...] with x strictly increasing (penetration, m) and y >= 0 (force, N).
std::vector<std::array<Real, 2>> readCurve(const JsonNode& node);
// A rotation matrix checked for orthonormality (|R^T R - I| < 1e-6, det > 0).
Rotation readRotationMatrix(const JsonNode& node, const Mat33& m);
// A direction normalized; fails when it is zero or not of unit length within 1e-3.
Vec3 readUnitAxis(const JsonNode& node);

// A field whose value names a kind: one of the kind's names, or a failure listing them.
template <class E>
E readKindName(const JsonNode& v) {
  const auto kind = kindNamed<E>(v.string());
  if (!kind) v.fail("must be one of: " + kindList<E>());
  return *kind;
}

// One shape of a body's "geometry" list (docs/model-format.md, Geometry); `index` names it when the
// file gives no name. Mesh files are relative to the file the node comes from.
GeometrySpec readGeometry(const JsonNode& node, size_t index, const LoadOptions& options);

// Whether `file` lies in `folder` or below it once both are resolved (symbolic links and "..").
// Meshes may come only from the model's folder tree and the folders the user allowed.
bool isWithin(const std::filesystem::path& file, const std::filesystem::path& folder);

}  // namespace articula::model
