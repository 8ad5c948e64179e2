// OpenSim bodies (OsimBodies.h).
#include "OsimBodies.h"

#include <cstdio>
#include <functional>
#include <set>

namespace articula::model::osim {
namespace {

// What a frame carries for display or for muscles: noted, not represented.
void noteAttachments(Context& c, const XMLElement* el) {
  if (const XMLElement* g = child(el, "attached_geometry"))
    for (const XMLElement* e = g->FirstChildElement(); e; e = e->NextSiblingElement())
      c.report.note(std::string("<") + e->Name() + "> (display geometry)", e);
  if (const XMLElement* w = child(el, "WrapObjectSet"))
    if (const XMLElement* objects = child(w, "objects"))
      for (const XMLElement* e = objects->FirstChildElement(); e; e = e->NextSiblingElement())
        c.report.note(std::string("<") + e->Name() + "> (wrap surface for muscle paths)", e);
  if (const XMLElement* comps = child(el, "components"))
    for (const XMLElement* e = comps->FirstChildElement(); e; e = e->NextSiblingElement())
      c.report.note(std::string("<") + e->Name() + "> (component of a body)", e);
  if (const XMLElement* v = child(el, "VisibleObject")) c.report.note("<VisibleObject> (display geometry)", v);
  if (!c.opensim3()) return;
  static const std::set<std::string> read{
      "mass",          "mass_center",       "inertia",    "inertia_xx",   "inertia_yy", "inertia_zz",
      "inertia_xy",    "inertia_xz",        "inertia_yz", "Joint",        "joint",      "VisibleObject",
      "WrapObjectSet", "attached_geometry", "components", "FrameGeometry"};
  for (const XMLElement* e = el->FirstChildElement(); e; e = e->NextSiblingElement())
    if (!read.count(e->Name())) c.report.note(std::string("<") + e->Name() + "> (OpenSim 3 body property)", e);
}

// Principal moments that break the triangle inequality (a moment above the sum of the other two;
// OpenSim's release builds accept them, e.g. leg6dof9musc's toes_r 0 0 0.0009) are raised to the
// nearest valid ones, the two smaller by half the excess each, with a warning.
void repairInertia(Context& c, BodySpec& b) {
  if (!b.inertia.isDiagonal()) return;  // the builder checks and names it
  Vec3 I = b.inertia.diagonal();
  for (int k = 0; k < 3; ++k) {
    const Real excess = I[k] - I[(k + 1) % 3] - I[(k + 2) % 3];
    if (!(excess > 0)) continue;
    I[(k + 1) % 3] += excess / 2;
    I[(k + 2) % 3] += excess / 2;
    char text[400];
    std::snprintf(text, sizeof text,
                  "%s:%s: body '%s' inertia %g %g %g violates the triangle inequality; moments "
                  "raised to %g %g %g",
                  c.xml.file().c_str(), b.source.substr(5).c_str(), b.name.c_str(), b.inertia(0, 0), b.inertia(1, 1),
                  b.inertia(2, 2), I[0], I[1], I[2]);
    c.m.warnings.push_back(text);
    b.inertia = I.asDiagonal();
    return;
  }
}

}  // namespace

void readBody(Context& c, const XMLElement* el) {
  BodySpec b;
  b.name = nameOf(c, el);
  if (c.opensim3() && b.name == "ground") return readGround(c, el);  // OpenSim 3: the ground is a Body
  if (b.name == "ground") c.xml.fail(el, describe(el), b.name, "the name \"ground\" is the Ground's");
  if (c.bodies.count(b.name)) c.xml.fail(el, describe(el), b.name, "a second body of this name");
  b.mass = scalar(c, el, "mass", 0);
  if (!(b.mass >= 0)) failAt(c, el, "mass", "must not be negative");
  b.massCenter = vec3(c, el, "mass_center", Vec3::Zero());
  std::vector<Real> I = numbers(c, el, "inertia", 6, 6, {0, 0, 0, 0, 0, 0});
  if (c.opensim3() && !child(el, "inertia")) {  // OpenSim 3: inertia_xx ... inertia_yz
    const char* names[6] = {"inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_xz", "inertia_yz"};
    for (int k = 0; k < 6; ++k) I[static_cast<size_t>(k)] = scalar(c, el, names[k], 0);
  }
  b.inertia << I[0], I[3], I[4], I[3], I[1], I[5], I[4], I[5], I[2];
  b.source = "line " + std::to_string(el->GetLineNum());
  repairInertia(c, b);
  noteAttachments(c, el);
  c.bodies[b.name] = b;
  c.bodyOrder.push_back(b.name);
  c.bodyElement[b.name] = el;
}

void readGround(Context& c, const XMLElement* el) { noteAttachments(c, el); }

void orderBodies(Context& c) {
  std::map<std::string, std::vector<std::string>> children;
  for (const std::string& n : c.bodyOrder) {
    const BodySpec& b = c.bodies.at(n);
    if (b.joint.parent.empty())
      c.xml.fail(c.bodyElement.at(n), describe(c.bodyElement.at(n)), n, "no joint of the JointSet moves this body");
    children[b.joint.parent].push_back(n);
  }
  std::function<void(const std::string&)> add = [&](const std::string& parent) {
    for (const std::string& n : children[parent]) {
      c.m.bodies.push_back(c.bodies.at(n));
      add(n);
    }
  };
  add("ground");
  for (const std::string& n : c.bodyOrder)
    if (c.m.findBody(n) < 0)
      c.xml.fail(c.bodyElement.at(n), describe(c.bodyElement.at(n)), n,
                 "not connected to the ground (its joints form a cycle)");
}

}  // namespace articula::model::osim
