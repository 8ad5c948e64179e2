// The joint registry of the model format (coordinate names per type) and the mobilizer factory.
#include "articula/model/JointTypes.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "articula/Counted.h"
#include "articula/Error.h"
#include "articula/math/NaturalSpline.h"
#include "articula/matter/mobilizers.h"

namespace articula::model {

FunctionPtr makeFunction(const FunctionSpec& f) {
  const auto& c = f.coefficients;
  auto need = [&](size_t n) {
    if (c.size() != n)
      throw Error("function '" + nameOf(f.type) + "' needs " +
                  counted(static_cast<long long>(n), "coefficient", "coefficients") + ", got " +
                  std::to_string(c.size()));
  };
  const int nargs = static_cast<int>(std::max<size_t>(1, f.args.size()));
  switch (f.type) {
    case FunctionType::Constant: need(1); return functions::constant(c[0], nargs);
    case FunctionType::Linear:
      if (c.size() < 2) throw Error("function 'linear' needs slopes and an intercept");
      return functions::linear(std::vector<Real>(c.begin(), c.end() - 1), c.back());
    case FunctionType::Polynomial: return functions::polynomial(c);
    case FunctionType::Sinusoid: need(4); return functions::sinusoid(c[0], c[1], c[2], c[3]);
    case FunctionType::SmoothStep: need(4); return functions::smoothStep(c[0], c[1], c[2], c[3]);
    case FunctionType::Spline: return functions::naturalCubicSpline(f.x, f.y);
    case FunctionType::FmmSpline: return functions::fmmCubicSpline(f.x, f.y);
    case FunctionType::PiecewiseLinear: return functions::piecewiseLinear(f.x, f.y);
    case FunctionType::PiecewiseConstant: return functions::piecewiseConstant(f.x, f.y);
    case FunctionType::SineProduct: need(5); return functions::sineProduct(c[0], c[1], c[2], c[3], c[4]);
    case FunctionType::NaturalSpline: return naturalSplineFunction(f.x, f.y, f.degree);
  }
  throw std::logic_error("makeFunction: a function type without a case");
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

std::unique_ptr<Mobilizer> functionBased(const FunctionBasedSpec& f) {
  mobilizers::SpatialFunctions s;
  s.numCoordinates = static_cast<int>(f.coordinates.size());
  s.rotationAxes = f.rotationAxes;
  s.translationAxes = f.translationAxes;
  for (int k = 0; k < 3; ++k) {
    s.rotations[k] = makeCoordinate(f, f.rotations[k]);
    s.translations[k] = makeCoordinate(f, f.translations[k]);
  }
  return mobilizers::functionBased(std::move(s));
}

}  // namespace

namespace {

// The joint registry: name in the file and coordinate names per type. Adding a joint type means a
// line here, an enumerator in JointType.h and a case in makeMobilizer() below.
struct JointTypeInfo {
  JointType type;
  const char* name;
  std::function<JointCoordinates(const JointSpec&)> coordinates;
};

auto fixed(Names names) {
  return [names](const JointSpec&) { return same(names); };
}

JointCoordinates functionBasedCoordinates(const JointSpec& j) {
  Names n;
  for (size_t i = 0; i < j.functions.coordinates.size(); ++i)
    n.push_back({j.functions.coordinates[i], i < j.functions.angular.size() && j.functions.angular[i]});
  return same(n);
}

const std::vector<JointTypeInfo>& jointTypes() {
  using T = JointType;
  static const std::vector<JointTypeInfo> types{
      {T::Weld, "weld", [](const JointSpec&) { return JointCoordinates{}; }},
      {T::Pin, "pin", fixed({kAngle})},
      {T::Slider, "slider", fixed({kX})},
      {T::Screw, "screw", fixed({kAngle})},
      {T::Universal, "universal", fixed({kRx, kRy})},
      {T::Cylinder, "cylinder", fixed({kAngle, kZ})},
      {T::BendStretch, "bend_stretch", fixed({kAngle, kX})},
      {T::Planar, "planar", fixed({kAngle, kX, kY})},
      {T::Gimbal, "gimbal", fixed({kRx, kRy, kRz})},
      {T::Ball, "ball",
       [](const JointSpec& j) {
         return JointCoordinates{{kRx, kRy, kRz}, {kWx, kWy, kWz}, !j.euler};
       }},
      {T::SphericalCoords, "spherical_coords", fixed({{"azimuth", true}, {"zenith", true}, {"radius", false}})},
      {T::Ellipsoid, "ellipsoid",
       [](const JointSpec&) {
         return JointCoordinates{{kRx, kRy, kRz}, {kWx, kWy, kWz}, true};
       }},
      {T::Translation, "translation", fixed({kX, kY, kZ})},
      {T::Free, "free",
       [](const JointSpec& j) {
         return JointCoordinates{{kRx, kRy, kRz, kX, kY, kZ}, {kWx, kWy, kWz, kVx, kVy, kVz}, !j.euler};
       }},
      {T::LineOrientation, "line_orientation",
       [](const JointSpec&) {
         return JointCoordinates{{kRx, kRy, kRz}, {kWx, kWy}, true};
       }},
      {T::FreeLine, "free_line",
       [](const JointSpec&) {
         return JointCoordinates{{kRx, kRy, kRz, kX, kY, kZ}, {kWx, kWy, kVx, kVy, kVz}, true};
       }},
      {T::Bushing, "bushing", fixed({kRx, kRy, kRz, kX, kY, kZ})},
      {T::FunctionBased, "function_based", functionBasedCoordinates},
  };
  return types;
}

const JointTypeInfo& jointTypeInfo(JointType type) {
  for (const auto& t : jointTypes())
    if (t.type == type) return t;
  throw std::logic_error("a joint type without an entry in jointTypes()");
}

}  // namespace

template <>
const std::vector<KindName<JointType>>& kindTable<JointType>() {
  static const std::vector<KindName<JointType>> table = [] {
    std::vector<KindName<JointType>> t;
    for (const auto& j : jointTypes()) t.push_back({j.type, j.name});
    return t;
  }();
  return table;
}

JointCoordinates jointCoordinates(const JointSpec& j) { return jointTypeInfo(j.type).coordinates(j); }

// The mobilizer factory: a switch, so a new JointType without a case does not compile (-Wswitch).
std::unique_ptr<Mobilizer> makeMobilizer(const JointSpec& j) {
  namespace m = mobilizers;
  using T = JointType;
  const auto rc = j.euler ? RotationCoordinates::EulerXYZ : RotationCoordinates::Quaternion;
  switch (j.type) {
    case T::Weld: return m::weld();
    case T::Pin: return m::pin();
    case T::Slider: return m::slider();
    case T::Screw: return m::screw(j.pitch);
    case T::Universal: return m::universal();
    case T::Cylinder: return m::cylinder();
    case T::BendStretch: return m::bendStretch();
    case T::Planar: return m::planar();
    case T::Gimbal: return m::gimbal();
    case T::Ball: return m::ball(rc);
    case T::SphericalCoords: return m::sphericalCoords();
    case T::Ellipsoid: return m::ellipsoid(j.semiAxes);
    case T::Translation: return m::translation();
    case T::Free: return m::free(rc);
    case T::LineOrientation: return m::lineOrientation();
    case T::FreeLine: return m::freeLine();
    case T::Bushing: return m::bushing();
    case T::FunctionBased: return functionBased(j.functions);
  }
  throw std::logic_error("makeMobilizer: a joint type without a case");
}

}  // namespace articula::model
