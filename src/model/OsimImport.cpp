// OpenSim import (include/articula/model/OsimImport.h, docs/opensim.md): the <Model>'s sets in
// order of dependence. Its parts: OsimContext (shared state, property values), OsimBodies,
// OsimFrames (socket paths), OsimJoints, OsimFunctions, OsimConstraints, OsimMarkers, OsimMuscles, OsimForces, OsimContact; the report of what is not
// represented is MJCF's (MjcfReport).
#include "articula/model/OsimImport.h"

#include <filesystem>
#include <set>

#include "OsimBodies.h"
#include "OsimConstraints.h"
#include "OsimContact.h"
#include "OsimContext.h"
#include "OsimForces.h"
#include "OsimJoints.h"
#include "OsimMarkers.h"
#include "OsimMuscles.h"

namespace articula::model {
namespace {

using namespace osim;

constexpr int kFirstVersion4 = 40000;  // <OpenSimDocument Version="40000">
constexpr int kFirstVersion3 = 30000;

// The children of a set's <objects>, each read by `f`.
template <class F>
void forEachObject(const XMLElement* set, F&& f) {
  const XMLElement* objects = set ? child(set, "objects") : nullptr;
  for (const XMLElement* e = objects ? objects->FirstChildElement() : nullptr; e; e = e->NextSiblingElement()) f(e);
}

void noteObjects(Context& c, const XMLElement* set, const std::string& why) {
  forEachObject(set, [&](const XMLElement* e) { c.report.note(std::string("<") + e->Name() + "> (" + why + ")", e); });
}

void readUnits(const Context& c, const XMLElement* model) {
  const std::string length = text(model, "length_units"), force = text(model, "force_units");
  if (!length.empty() && length != "meters" && length != "m")
    failAt(c, model, "length_units", "only meters are supported");
  if (!force.empty() && force != "N" && force != "newtons") failAt(c, model, "force_units", "only N is supported");
}

void readVersion(Context& c, const XMLElement* root) {
  c.version = root->IntAttribute("Version", kFirstVersion4);
  if (c.version < kFirstVersion3)
    c.xml.fail(root, "<OpenSimDocument> Version", root->Attribute("Version"),
               "a file older than OpenSim 3: open and save it in OpenSim 4 first (3.x and 4.x files are read)");
}

// OpenSim 3: each body's joint inside it, <Joint><CustomJoint ...>; the ground's <Joint> is empty.
void readOpenSim3Joints(Context& c, const XMLElement* bodySet) {
  forEachObject(bodySet, [&](const XMLElement* body) {
    const XMLElement* holder = child(body, "Joint");
    if (!holder) holder = child(body, "joint");
    const XMLElement* joint = holder ? holder->FirstChildElement() : nullptr;
    if (!joint) return;
    const std::string name = nameOf(c, body);
    if (name == "ground") c.xml.fail(joint, describe(joint), name, "a joint on the ground (reversed) is not supported");
    readJoint(c, joint, name);
  });
}

void readSets(Context& c, const XMLElement* model) {
  if (const XMLElement* g = child(model, "Ground")) readGround(c, g);
  forEachObject(child(model, "BodySet"), [&](const XMLElement* e) { readBody(c, e); });
  if (c.bodies.empty()) c.xml.fail(model, describe(model), "", "no <Body> in the <BodySet>");
  if (c.opensim3()) readOpenSim3Joints(c, child(model, "BodySet"));
  forEachObject(child(model, "JointSet"), [&](const XMLElement* e) { readJoint(c, e); });
  orderBodies(c);
  addCoordinateSettings(c);
  forEachObject(child(model, "ConstraintSet"), [&](const XMLElement* e) { readConstraint(c, e); });
  forEachObject(child(model, "ForceSet"), [&](const XMLElement* e) {
    if (isContactForce(e) || readForce(c, e)) return;
    const bool path = readMusclePath(c, e);
    c.report.note(std::string("<") + e->Name() + "> (" +
                      (path ? "muscle: its path is read, its dynamics not simulated yet" : "force: not simulated yet") +
                      ")",
                  e);
  });
  forEachObject(child(model, "MarkerSet"), [&](const XMLElement* e) { readMarker(c, model, e); });
  readContact(c, model);
  noteObjects(c, child(model, "ControllerSet"), "controller");
  noteObjects(c, child(model, "ProbeSet"), "probe");
  noteObjects(c, child(model, "ComponentSet"), "component");
  static const std::set<std::string> known{
      "Ground",   "gravity",      "credits",       "publications", "length_units",      "force_units",
      "BodySet",  "JointSet",     "ConstraintSet", "ForceSet",     "MarkerSet",         "ContactGeometrySet",
      "ProbeSet", "ComponentSet", "ControllerSet", "defaults",     "assembly_accuracy", "validators"};
  for (const XMLElement* e = model->FirstChildElement(); e; e = e->NextSiblingElement())
    if (!known.count(e->Name())) c.report.note(std::string("<") + e->Name() + ">", e);
}

}  // namespace

ModelSpec importOsim(const std::string& text, const std::string& file, const LoadOptions& options) {
  Context c(file, options);
  const XMLElement* root = c.xml.parse(text, file);
  readVersion(c, root);
  const XMLElement* model = child(root, "Model");
  if (!model) c.xml.fail(root, "<OpenSimDocument>", "", "no <Model> in the document");
  c.m.name = model->Attribute("name") ? model->Attribute("name") : std::filesystem::path(file).stem().string();
  c.m.sourceFormat = SourceFormat::Osim;
  c.m.gravity = vec3(c, model, "gravity", Vec3(0, -9.80665, 0));
  readUnits(c, model);
  readSets(c, model);
  if (const std::optional<std::string> w = c.report.warning()) c.m.warnings.push_back(*w);
  return std::move(c.m);
}

}  // namespace articula::model
