// OpenSim contact (OsimContact.h). Sources, in opensim-core and simbody: ContactSphere,
// ContactHalfSpace (OpenSim/Simulation/Model/ContactGeometry.cpp: the frame is the socket frame
// moved by location and body-fixed X-Y-Z orientation; Simbody's HalfSpace occupies x > 0 of it, so
// its outward normal is −x), HuntCrossleyForce (Simbody/src/HuntCrossleyForce.cpp: per surface
// k^{2/3}, pair k = (k1^{2/3} k2^{2/3}/(k1^{2/3} + k2^{2/3}))^{3/2}, f = (4/3) k sqrt(R) x^{3/2}
// (1 + 1.5 c ẋ), c = c1 s1 + c2 s2, friction coefficients combined 2 μ1 μ2/(μ1 + μ2)).
#include "OsimContact.h"

#include <map>
#include <set>
#include <sstream>

#include "OsimFrames.h"

namespace articula::model::osim {
namespace {

enum class Kind { Sphere, HalfSpace, Other };

struct Geometry {
  const XMLElement* el = nullptr;
  Kind kind = Kind::Other;
  std::string body;  // "ground" or a body
  Transform X_BS;    // the geometry's frame on the body
  Real radius = 0;
  std::string material;            // of the first contact force naming it
  std::set<std::string> partners;  // geometries it touches in OpenSim (same force)
};

Transform geometryFrame(const Context& c, const XMLElement* el, std::string& body) {
  const PlacedFrame f = socketFrame(c, el, el, "socket_frame");
  body = f.body;
  const Vec3 a = vec3(c, el, "orientation", Vec3::Zero());
  const Rotation R = Rotation::aboutX(a[0]) * Rotation::aboutY(a[1]) * Rotation::aboutZ(a[2]);
  return f.X_BF * Transform(R, vec3(c, el, "location", Vec3::Zero()));
}

std::map<std::string, Geometry> readGeometry(Context& c, const XMLElement* model) {
  std::map<std::string, Geometry> out;
  const XMLElement* set = child(model, "ContactGeometrySet");
  const XMLElement* objects = set ? child(set, "objects") : nullptr;
  for (const XMLElement* e = objects ? objects->FirstChildElement() : nullptr; e; e = e->NextSiblingElement()) {
    const std::string tag = e->Name(), name = nameOf(c, e);
    Geometry g;
    g.el = e;
    if (tag == "ContactSphere" || tag == "ContactHalfSpace") {
      g.kind = tag == "ContactSphere" ? Kind::Sphere : Kind::HalfSpace;
      g.X_BS = geometryFrame(c, e, g.body);
      if (g.kind == Kind::Sphere) {
        g.radius = scalar(c, e, "radius", 0);
        if (!(g.radius > 0)) failAt(c, e, "radius", "must be positive");
      }
    } else {
      c.report.note("<" + tag + "> (contact geometry of this kind not represented yet)", e);
    }
    if (!out.emplace(name, g).second) c.xml.fail(e, describe(e), name, "a second contact geometry of this name");
  }
  return out;
}

Real parameter(const Context& c, const XMLElement* el, const char* name, bool positive) {
  const Real v = scalar(c, el, name, 0);
  if (positive ? !(v > 0) : v < 0) failAt(c, el, name, positive ? "must be positive" : "must not be negative");
  return v;
}

// One HuntCrossleyForce_ContactParameters: a hertz material, given to its geometries.
void readParameters(Context& c, const XMLElement* force, const XMLElement* p, const std::string& material,
                    std::map<std::string, Geometry>& geometry, std::vector<std::string>& members) {
  ContactMaterialSpec m;
  m.name = material;
  m.type = ContactMaterialType::Hertz;
  m.parameters["youngs_modulus"] = parameter(c, p, "stiffness", true);
  m.parameters["poisson_ratio"] = 0;
  m.parameters["dissipation"] = parameter(c, p, "dissipation", false);
  const Real us = parameter(c, p, "static_friction", false), ud = parameter(c, p, "dynamic_friction", false);
  if (ud > us)
    failAt(c, p, "dynamic_friction",
           "above static_friction " + text(p, "static_friction") +
               " (Articula's Stribeck friction needs dynamic <= static)");
  m.parameters["static_friction"] = us;
  m.parameters["dynamic_friction"] = ud;
  m.parameters["viscous_friction"] = parameter(c, p, "viscous_friction", false);
  if (us > 0 || ud > 0 || m.parameters["viscous_friction"] > 0)
    c.report.note(
        "<HuntCrossleyForce> friction (Articula's Stribeck curve: mu_s reached at the transition velocity "
        "and mu_d from 3 times it, not Simbody's min(v/vt, 1) (mu_d + 2 (mu_s - mu_d)/(1 + (v/vt)^2)))",
        force);
  c.m.contactMaterials.push_back(m);
  std::istringstream names(text(p, "geometry"));
  for (std::string n; names >> n;) {
    const auto g = geometry.find(n);
    if (g == geometry.end()) failAt(c, p, "geometry", "\"" + n + "\" names no contact geometry of the model");
    if (g->second.material.empty()) g->second.material = material;
    else if (g->second.material != material)
      c.report.note("<HuntCrossleyForce> geometry in two contact parameter sets (the first one's material is used)", p);
    members.push_back(n);
  }
}

void readHuntCrossley(Context& c, const XMLElement* el, std::map<std::string, Geometry>& geometry) {
  if (!flag(c, el, "appliesForce", true)) {
    c.report.note("<HuntCrossleyForce> not applied (appliesForce false)", el);
    return;
  }
  const std::string name = nameOf(c, el);
  const XMLElement* holder = child(el, "contact_parameters");
  const XMLElement* set = holder ? holder->FirstChildElement() : nullptr;
  const XMLElement* objects = set ? child(set, "objects") : nullptr;
  std::vector<std::string> members;
  int index = 0;
  for (const XMLElement* p = objects ? objects->FirstChildElement() : nullptr; p; p = p->NextSiblingElement())
    readParameters(c, el, p, index++ ? name + "#" + std::to_string(index) : name, geometry, members);
  for (const std::string& a : members)
    for (const std::string& b : members)
      if (a != b) geometry[a].partners.insert(b);
  const Real vt = scalar(c, el, "transition_velocity", 0.001);  // OpenSim's default, m/s
  if (!(vt > 0)) failAt(c, el, "transition_velocity", "must be positive");
  if (c.m.contact.transitionSpeed && *c.m.contact.transitionSpeed != vt)
    c.report.note("<HuntCrossleyForce> transition_velocity differing from another contact force's (the first is used)",
                  el);
  if (!c.m.contact.transitionSpeed) c.m.contact.transitionSpeed = vt;
}

// The floor: Simbody's half-space is x > 0 of its frame, so the outward normal is −x.
void addFloor(Context& c, const Geometry& g) {
  ContactSpec& k = c.m.contact;
  if (g.body != "ground") return c.report.note("<ContactHalfSpace> on a moving body (only a ground floor yet)", g.el);
  if (k.ground) return c.report.note("<ContactHalfSpace> (a second floor: one ground half-space only)", g.el);
  k.ground = true;
  k.groundNormal = -(g.X_BS.R() * Vec3::UnitX());
  k.groundHeight = k.groundNormal.dot(g.X_BS.p());
  k.groundMaterial = g.material;
}

void addSphere(Context& c, const std::string& name, const Geometry& g) {
  if (g.body == "ground") return c.report.note("<ContactSphere> on the ground (not represented yet)", g.el);
  GeometrySpec s;
  s.name = name;
  s.type = GeometryType::Sphere;
  s.size = Vec3(g.radius, 0, 0);
  s.pose = frameOf(g.X_BS);
  s.material = g.material;
  c.m.bodies[c.m.findBody(g.body)].geometry.push_back(s);
}

// Articula lets every pair of shapes with materials touch unless their bodies are excluded;
// OpenSim only the pairs one force names. Body pairs none of whose shapes meet in OpenSim are
// excluded; a pair where some do and some do not, and shapes the floor does not meet, are noted.
void addPairs(Context& c, const std::map<std::string, Geometry>& geometry) {
  std::map<std::array<std::string, 2>, std::array<int, 2>> pairs;  // bodies -> (touching, not)
  const Geometry* floor = nullptr;
  for (const auto& [n, g] : geometry)
    if (g.kind == Kind::HalfSpace && g.body == "ground" && !g.material.empty() && !floor) floor = &g;
  for (const auto& [a, ga] : geometry) {
    if (ga.kind != Kind::Sphere || ga.material.empty() || ga.body == "ground") continue;
    if (floor && !floor->partners.count(a))
      c.report.note("<ContactSphere> touching the floor in Articula, not in OpenSim (no common contact force)", ga.el);
    for (const auto& [b, gb] : geometry) {
      if (b <= a || gb.kind != Kind::Sphere || gb.material.empty() || gb.body == "ground" || gb.body == ga.body)
        continue;
      auto& count = pairs[{std::min(ga.body, gb.body), std::max(ga.body, gb.body)}];
      ++count[ga.partners.count(b) ? 0 : 1];
    }
  }
  for (const auto& [bodies, count] : pairs) {
    if (count[0] == 0) c.m.contact.excludedBodyPairs.push_back(bodies);
    else if (count[1] > 0)
      c.report.note("<ContactSphere> pairs on bodies " + bodies[0] + " and " + bodies[1] +
                        " that OpenSim keeps apart and Articula lets touch",
                    geometry.begin()->second.el);
  }
}

}  // namespace

bool isContactForce(const XMLElement* el) {
  const std::string tag = el->Name();
  return tag == "HuntCrossleyForce" || tag == "ElasticFoundationForce";
}

void readContact(Context& c, const XMLElement* model) {
  std::map<std::string, Geometry> geometry = readGeometry(c, model);
  const XMLElement* forces = child(model, "ForceSet");
  const XMLElement* objects = forces ? child(forces, "objects") : nullptr;
  for (const XMLElement* e = objects ? objects->FirstChildElement() : nullptr; e; e = e->NextSiblingElement()) {
    const std::string tag = e->Name();
    if (tag == "HuntCrossleyForce") readHuntCrossley(c, e, geometry);
    else if (isContactForce(e)) c.report.note("<" + tag + "> (elastic foundation contact: not represented yet)", e);
  }
  bool any = false;
  for (const auto& [name, g] : geometry) {
    if (g.kind == Kind::Sphere) addSphere(c, name, g);
    else if (g.kind == Kind::HalfSpace && !g.material.empty()) addFloor(c, g);
    else if (g.kind == Kind::HalfSpace) c.report.note("<ContactHalfSpace> in no contact force", g.el);
    any = any || !g.material.empty();
  }
  if (!any) return;
  c.m.contact.enabled = true;
  c.m.contact.selfContact = true;
  c.m.contact.excludedJointDistance = 0;  // OpenSim excludes no parent-child pairs
  addPairs(c, geometry);
}

}  // namespace articula::model::osim
