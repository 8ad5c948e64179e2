// Joint type table of the model format: coordinate names per type and the mobilizer factory.
#include "articula/model/JointTypes.h"

#include <algorithm>

#include "articula/Error.h"
#include "articula/matter/mobilizers.h"

namespace articula::model {

FunctionPtr makeFunction(const FunctionSpec& f) {
  const auto& c = f.coefficients;
  auto need = [&](size_t n) {
    if (c.size() != n)
      throw Error("function '" + f.type + "' needs " + std::to_string(n) + " coefficients, got " +
                  std::to_string(c.size()));
  };
  const int nargs = static_cast<int>(std::max<size_t>(1, f.args.size()));
  if (f.type == "constant") { need(1); return functions::constant(c[0], nargs); }
  if (f.type == "linear") {
    if (c.size() < 2) throw Error("function 'linear' needs slopes and an intercept");
    return functions::linear(std::vector<Real>(c.begin(), c.end() - 1), c.back());
  }
  if (f.type == "polynomial") return functions::polynomial(c);
  if (f.type == "sinusoid") { need(4); return functions::sinusoid(c[0], c[1], c[2], c[3]); }
  if (f.type == "smooth_step") { need(4); return functions::smoothStep(c[0], c[1], c[2], c[3]); }
  if (f.type == "spline") return functions::naturalCubicSpline(f.x, f.y);
  throw Error("unknown function type '" + f.type + "'");
}

namespace {

using Names = std::vector<CoordinateName>;
const CoordinateName kRx{"rx", true}, kRy{"ry", true}, kRz{"rz", true};
const CoordinateName kX{"x", false}, kY{"y", false}, kZ{"z", false};
const CoordinateName kWx{"wx", true}, kWy{"wy", true}, kWz{"wz", true};
const CoordinateName kVx{"vx", false}, kVy{"vy", false}, kVz{"vz", false};
const CoordinateName kAngle{"angle", true};

JointCoordinates same(Names names) { return JointCoordinates{names, names, false}; }

mobilizers::SpatialCoordinate makeCoordinate(const FunctionBasedSpec& spec, const std::optional<FunctionSpec>& f) {
  mobilizers::SpatialCoordinate sc;
  if (!f) return sc;
  sc.function = makeFunction(*f);
  for (const auto& a : f->args) {
    const auto it = std::find(spec.coordinates.begin(), spec.coordinates.end(), a);
    if (it == spec.coordinates.end()) throw Error("function argument '" + a + "' is not a coordinate of the joint");
    sc.args.push_back(static_cast<int>(it - spec.coordinates.begin()));
  }
  return sc;
}

}  // namespace

const std::vector<std::string>& jointTypeNames() {
  static const std::vector<std::string> names{
      "weld", "pin", "slider", "screw", "universal", "cylinder", "bend_stretch", "planar", "gimbal", "ball",
      "spherical_coords", "ellipsoid", "translation", "free", "line_orientation", "free_line", "bushing",
      "function_based"};
  return names;
}

bool isJointType(const std::string& type) {
  const auto& n = jointTypeNames();
  return std::find(n.begin(), n.end(), type) != n.end();
}

JointCoordinates jointCoordinates(const JointSpec& j) {
  const std::string& t = j.type;
  if (t == "weld") return {};
  if (t == "pin" || t == "screw") return same({kAngle});
  if (t == "slider") return same({kX});
  if (t == "universal") return same({kRx, kRy});
  if (t == "cylinder") return same({kAngle, kZ});
  if (t == "bend_stretch") return same({kAngle, kX});
  if (t == "planar") return same({kAngle, kX, kY});
  if (t == "gimbal") return same({kRx, kRy, kRz});
  if (t == "spherical_coords") return same({{"azimuth", true}, {"zenith", true}, {"radius", false}});
  if (t == "translation") return same({kX, kY, kZ});
  if (t == "bushing") return same({kRx, kRy, kRz, kX, kY, kZ});
  if (t == "ball" || t == "ellipsoid") return {{kRx, kRy, kRz}, {kWx, kWy, kWz}, !(t == "ball" && j.euler)};
  if (t == "free") return {{kRx, kRy, kRz, kX, kY, kZ}, {kWx, kWy, kWz, kVx, kVy, kVz}, !j.euler};
  if (t == "line_orientation") return {{kRx, kRy, kRz}, {kWx, kWy}, true};
  if (t == "free_line") return {{kRx, kRy, kRz, kX, kY, kZ}, {kWx, kWy, kVx, kVy, kVz}, true};
  if (t == "function_based") {
    Names n;
    for (size_t i = 0; i < j.functions.coordinates.size(); ++i)
      n.push_back({j.functions.coordinates[i], i < j.functions.angular.size() && j.functions.angular[i]});
    return same(n);
  }
  throw Error("unknown joint type '" + t + "'");
}

std::unique_ptr<Mobilizer> makeMobilizer(const JointSpec& j) {
  namespace m = mobilizers;
  const std::string& t = j.type;
  const auto rc = j.euler ? RotationCoordinates::EulerXYZ : RotationCoordinates::Quaternion;
  if (t == "weld") return m::weld();
  if (t == "pin") return m::pin();
  if (t == "slider") return m::slider();
  if (t == "screw") return m::screw(j.pitch);
  if (t == "universal") return m::universal();
  if (t == "cylinder") return m::cylinder();
  if (t == "bend_stretch") return m::bendStretch();
  if (t == "planar") return m::planar();
  if (t == "gimbal") return m::gimbal();
  if (t == "ball") return m::ball(rc);
  if (t == "spherical_coords") return m::sphericalCoords();
  if (t == "ellipsoid") return m::ellipsoid(j.semiAxes);
  if (t == "translation") return m::translation();
  if (t == "free") return m::free(rc);
  if (t == "line_orientation") return m::lineOrientation();
  if (t == "free_line") return m::freeLine();
  if (t == "bushing") return m::bushing();
  if (t == "function_based") {
    const FunctionBasedSpec& f = j.functions;
    m::SpatialFunctions s;
    s.numCoordinates = static_cast<int>(f.coordinates.size());
    s.rotationAxes = f.rotationAxes;
    s.translationAxes = f.translationAxes;
    for (int k = 0; k < 3; ++k) {
      s.rotations[k] = makeCoordinate(f, f.rotations[k]);
      s.translations[k] = makeCoordinate(f, f.translations[k]);
    }
    return m::functionBased(std::move(s));
  }
  throw Error("unknown joint type '" + t + "'");
}

}  // namespace articula::model
