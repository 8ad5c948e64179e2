// OpenSim constraints and coordinate settings (OsimConstraints.h).
#include "OsimConstraints.h"

#include "OsimFrames.h"
#include "OsimFunctions.h"

namespace articula::model::osim {
namespace {

std::string qName(const Context& c, const XMLElement* el, const char* field, const std::string& coordinate) {
  const auto it = c.coordinates.find(coordinate);
  if (it == c.coordinates.end()) failAt(c, el, field, "no coordinate of this name");
  return it->second.joint + "." + coordinate;
}

void numbersOf(ConstraintSpec& s, const std::string& key, const Transform& X) {
  const Vec4 q = X.R().toQuaternion().asVec4();
  s.numbers[key + ".position"] = {X.p()[0], X.p()[1], X.p()[2]};
  s.numbers[key + ".orientation"] = {q[0], q[1], q[2], q[3]};
}

void coupler(Context& c, const XMLElement* el, ConstraintSpec& s) {
  const std::string ind = text(el, "independent_coordinate_names"), dep = text(el, "dependent_coordinate_name");
  if (ind.find_first_of(" \t") != std::string::npos)
    failAt(c, el, "independent_coordinate_names", "a coupler of several coordinates is not supported yet");
  const XMLElement* holder = child(el, "coupled_coordinates_function");
  const XMLElement* fn = holder ? holder->FirstChildElement() : nullptr;
  if (!fn) failAt(c, el, "coupled_coordinates_function", "missing the function");
  const std::string qi = qName(c, el, "independent_coordinate_names", ind);
  const std::string qd = qName(c, el, "dependent_coordinate_name", dep);
  const FunctionSpec f = readFunction(c, fn, qi);
  const Real k = scalar(c, el, "scale_factor", 1);
  FunctionSpec g;  // g(q_ind, q_dep) = k f(q_ind) - q_dep = 0
  g.type = FunctionType::Linear;
  if (f.type == FunctionType::Linear) {
    g.coefficients = {k * f.coefficients[0], -1, k * f.coefficients[1]};
    g.args = {qi, qd};
  } else if (f.type == FunctionType::Constant) {
    g.coefficients = {-1, k * f.coefficients[0]};
    g.args = {qd};
  } else {
    c.report.note("<CoordinateCouplerConstraint> with a " + std::string(fn->Name()) +
                      " (only Constant and LinearFunction couplers yet)",
                  el);
    return;
  }
  s.type = ConstraintType::CoordinateCoupler;
  s.function = {g};
  c.m.constraints.push_back(s);
}

void weld(Context& c, const XMLElement* el, ConstraintSpec& s) {
  PlacedFrame a = socketFrame(c, el, el, "socket_frame1"), b = socketFrame(c, el, el, "socket_frame2");
  if (c.opensim3()) {  // OpenSim 3: the frames on body_1 and body_2 by location and orientation
    a.X_BF = Transform(Rotation::bodyFixedXYZ(vec3(c, el, "orientation_body_1", Vec3::Zero())),
                       vec3(c, el, "location_body_1", Vec3::Zero()));
    b.X_BF = Transform(Rotation::bodyFixedXYZ(vec3(c, el, "orientation_body_2", Vec3::Zero())),
                       vec3(c, el, "location_body_2", Vec3::Zero()));
  }
  s.type = ConstraintType::Weld;
  s.bodies = {{"body1", a.body}, {"body2", b.body}};
  numbersOf(s, "frame1", a.X_BF);
  numbersOf(s, "frame2", b.X_BF);
  c.m.constraints.push_back(s);
}

void point(Context& c, const XMLElement* el, ConstraintSpec& s) {
  const PlacedFrame a = socketFrame(c, el, el, "socket_body_1"), b = socketFrame(c, el, el, "socket_body_2");
  const Vec3 p1 = a.X_BF * vec3(c, el, "location_body_1", Vec3::Zero());
  const Vec3 p2 = b.X_BF * vec3(c, el, "location_body_2", Vec3::Zero());
  s.type = ConstraintType::Ball;
  s.bodies = {{"body1", a.body}, {"body2", b.body}};
  s.numbers["station1"] = {p1[0], p1[1], p1[2]};
  s.numbers["station2"] = {p2[0], p2[1], p2[2]};
  c.m.constraints.push_back(s);
}

// Simbody's PointOnLine: the follower's point stays on the line through point_on_line along
// line_direction_vec, both fixed in the line body (the direction is normalized).
void pointOnLine(Context& c, const XMLElement* el, ConstraintSpec& s) {
  const PlacedFrame a = socketFrame(c, el, el, "socket_line_body"), b = socketFrame(c, el, el, "socket_follower_body");
  const Vec3 direction = a.X_BF.R() * vec3(c, el, "line_direction_vec", Vec3::Zero());
  if (!(direction.norm() > 1e-12))  // OpenSim's default is 0 0 0
    failAt(c, el, "line_direction_vec", "the direction must be given and not zero");
  const Vec3 point = a.X_BF * vec3(c, el, "point_on_line", Vec3::Zero());
  const Vec3 station = b.X_BF * vec3(c, el, "point_on_follower", Vec3::Zero());
  s.type = ConstraintType::PointOnLine;
  s.bodies = {{"line_body", a.body}, {"follower_body", b.body}};
  const Vec3 d = direction.normalized();
  s.numbers["direction"] = {d[0], d[1], d[2]};
  s.numbers["point"] = {point[0], point[1], point[2]};
  s.numbers["station"] = {station[0], station[1], station[2]};
  c.m.constraints.push_back(s);
}

ConstraintSpec prescribed(const std::string& name, const std::string& q, FunctionSpec f) {
  ConstraintSpec s;
  s.type = ConstraintType::PrescribedMotion;
  s.name = name;
  s.coordinates["coordinate"] = q;
  f.args = {"t"};
  s.function = {f};
  return s;
}

}  // namespace

void readConstraint(Context& c, const XMLElement* el) {
  const std::string tag = el->Name();
  ConstraintSpec s;
  s.name = nameOf(c, el);
  if (!flag(c, el, "isEnforced", true) || flag(c, el, "isDisabled", false)) {  // isDisabled: OpenSim 3
    c.report.note("<" + tag + "> not enforced (isEnforced false)", el);
    return;
  }
  if (tag == "CoordinateCouplerConstraint") coupler(c, el, s);
  else if (tag == "WeldConstraint") weld(c, el, s);
  else if (tag == "PointConstraint") point(c, el, s);
  else if (tag == "PointOnLineConstraint") pointOnLine(c, el, s);
  else c.report.note("<" + tag + "> (constraint type not supported yet)", el);
}

void addCoordinateSettings(Context& c) {
  for (const std::string& n : c.coordinateOrder) {
    const Coordinate& k = c.coordinates.at(n);
    const std::string q = k.joint + "." + k.name;
    if (k.value != 0) c.m.initialState.q[q] = k.value;
    if (k.speed != 0) c.m.initialState.u[q] = k.speed;
    if (k.clamped) c.report.note("<Coordinate> clamped range (OpenSim clamps the values it sets; no force)", k.el);
    const XMLElement* holder = child(k.el, "prescribed_function");
    const XMLElement* fn = holder ? holder->FirstChildElement() : nullptr;
    if (k.locked) {
      FunctionSpec f;
      f.type = FunctionType::Constant;
      f.coefficients = {k.value};
      c.m.constraints.push_back(prescribed(k.name + " locked", q, f));
    } else if (k.prescribed && fn) {
      c.m.constraints.push_back(prescribed(k.name + " prescribed", q, readFunction(c, fn, "t")));
    }
  }
}

}  // namespace articula::model::osim
