// MJCF import (include/articula/model/MjcfImport.h, docs/mjcf.md): the file's sections in MuJoCo's
// order of meaning. Its parts: MjcfXml (documents, includes, paths), MjcfDefaults (classes and
// attributes), MjcfBodies, MjcfJoints, MjcfGeoms, MjcfEquality, MjcfReport (the one warning of
// what is not represented); orientations MjcfFrames, mass from geoms MjcfInertia.
#include "articula/model/MjcfImport.h"

#include <filesystem>
#include <map>
#include <vector>

#include "MjcfBodies.h"
#include "MjcfContext.h"
#include "MjcfEquality.h"
#include "MjcfGeoms.h"
#include "MjcfJoints.h"

namespace articula::model {
namespace {

namespace fs = std::filesystem;
using namespace mjcf;

void readAngle(Context& c, const XMLElement* el) {
  const char* a = el->Attribute("angle");
  if (!a) return;
  const std::string s = a;
  if (s != "degree" && s != "radian") c.xml.fail(el, "<compiler> angle", s, "expected \"degree\" or \"radian\"");
  c.compiler.degree = s == "degree";
}

void readEulerSeq(Context& c, const XMLElement* el) {
  const char* s = el->Attribute("eulerseq");
  if (!s) return;
  c.compiler.eulerseq = s;
  if (c.compiler.eulerseq.size() != 3 || c.compiler.eulerseq.find_first_not_of("xyzXYZ") != std::string::npos)
    c.xml.fail(el, "<compiler> eulerseq", s, "expected 3 letters of x, y, z (rotating axes) or X, Y, Z (fixed axes)");
}

void readFromGeom(Context& c, const XMLElement* el) {
  const char* s = el->Attribute("inertiafromgeom");
  if (!s) return;
  const std::string v = s;
  if (v != "true" && v != "false" && v != "auto")
    c.xml.fail(el, "<compiler> inertiafromgeom", v, "expected \"true\", \"false\" or \"auto\"");
  using F = Compiler::FromGeom;
  c.compiler.fromGeom = v == "true" ? F::True : v == "false" ? F::False : F::Auto;
}

void readCoordinate(Context& c, const XMLElement* el) {
  const char* s = el->Attribute("coordinate");
  if (!s) return;
  const std::string v = s;
  if (v != "local" && v != "global") c.xml.fail(el, "<compiler> coordinate", v, "expected \"local\" or \"global\"");
  c.compiler.global = v == "global";
}

void readCompiler(Context& c, const XMLElement* el) {
  c.report.unknownAttributes(el, {"angle", "eulerseq", "inertiafromgeom", "coordinate", "meshdir", "texturedir",
                                  "autolimits", "inertiagrouprange", "strippath", "discardvisual", "convexhull",
                                  "usethread", "fusestatic"});
  readAngle(c, el);
  readEulerSeq(c, el);
  readFromGeom(c, el);
  readCoordinate(c, el);
  if (const char* s = el->Attribute("meshdir")) c.compiler.meshdir = s;
  c.compiler.autolimits = c.at.flag(el, "", "autolimits", c.compiler.autolimits);
  if (el->Attribute("inertiagrouprange")) {
    const std::vector<Real> g = c.at.numbers(el, "", "inertiagrouprange", 2, 2);
    c.compiler.groupRange = Vec2(g[0], g[1]);
  }
  // Visual-only or without effect on the mechanism: read, noted.
  for (const char* k : {"strippath", "discardvisual", "convexhull", "usethread", "fusestatic", "texturedir"})
    if (el->Attribute(k)) c.report.note(std::string("compiler ") + k, el);
}

void readOption(Context& c, const XMLElement* el) {
  c.report.unknownAttributes(el, {"gravity"});
  if (el->Attribute("gravity")) c.m.gravity = c.at.vec3(el, "", "gravity", c.m.gravity);
  for (const XMLElement* e = el->FirstChildElement(); e; e = e->NextSiblingElement()) c.report.skip(e);
}

void readWorldbody(Context& c, Geoms& geoms, const XMLElement* el) {
  MjBody world;
  MassBody unused;
  c.xml.forEachChild(el, [&](const XMLElement* e) {
    const std::string kind = e->Name();
    if (kind == "body") readBody(c, geoms, e, -1, "main");
    else if (kind == "geom") geoms.read(e, c.at.classOf(e, "main"), world, unused);
    else c.report.skip(e);
  });
}

using Sections = std::map<std::string, std::vector<const XMLElement*>>;

// MuJoCo reads the sections whatever their order: settings first, then the bodies, then what
// refers to bodies and joints.
void readSections(Context& c, Sections& sections, const XMLElement* root) {
  Geoms geoms(c);
  for (const XMLElement* e : sections["compiler"]) readCompiler(c, e);
  for (const XMLElement* e : sections["option"]) readOption(c, e);
  for (const XMLElement* e : sections["default"]) c.defaults.read(e, "", c.xml, c.report);
  c.defaults.ensureMain();
  for (const XMLElement* e : sections["asset"]) geoms.readAsset(e);
  for (const XMLElement* e : sections["worldbody"]) readWorldbody(c, geoms, e);
  if (c.bodies.empty()) c.xml.fail(root, "<mujoco>", "", "no <body> in <worldbody>");
  for (MjBody& b : c.bodies) addBody(c, b);
  for (const MjBody& b : c.bodies)
    for (const MjJoint& j : b.joints) addJointForces(c, j);
  for (const XMLElement* e : sections["equality"])
    c.xml.forEachChild(e, [&](const XMLElement* child) { readEquality(c, child); });
  for (const auto& [kind, list] : sections)
    if (kind != "compiler" && kind != "option" && kind != "default" && kind != "asset" && kind != "worldbody" &&
        kind != "equality")
      for (const XMLElement* e : list) c.report.skip(e);
}

ModelSpec import(const std::string& text, const std::string& file, const LoadOptions& options) {
  Context c(file, options);
  const XMLElement* root = c.xml.parse(text, file);
  c.m.name = root->Attribute("model") ? root->Attribute("model") : fs::path(file).stem().string();
  c.m.sourceFormat = SourceFormat::Mjcf;
  c.report.unknownAttributes(root, {"model"});
  Sections sections;
  c.xml.forEachChild(root, [&](const XMLElement* e) { sections[e->Name()].push_back(e); });
  readSections(c, sections, root);
  for (const BodySpec& b : c.m.bodies)
    for (const GeometrySpec& g : b.geometry) c.m.contact.enabled = c.m.contact.enabled || !g.material.empty();
  if (const std::optional<std::string> w = c.report.warning()) c.m.warnings.push_back(*w);
  return std::move(c.m);
}

}  // namespace

bool looksLikeMjcf(const std::string& text) {
  const size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos || text[start] != '<') return false;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) return false;
  return doc.RootElement() && std::string(doc.RootElement()->Name()) == "mujoco";
}

ModelSpec importMjcf(const std::string& text, const std::string& file, const LoadOptions& options) {
  return import(text, file, options);
}

}  // namespace articula::model
