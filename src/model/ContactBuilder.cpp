// ModelSpec "contact" block -> ContactForceSubsystem (docs/model-format.md, "Contact").
#include "ContactBuilder.h"

#include <algorithm>

#include "BodyTree.h"

#include "articula/contact/NarrowPhase.h"
#include "articula/forces/CustomForce.h"
#include "articula/model/ContactMaterials.h"
#include "articula/model/ModelError.h"

namespace articula::model {

namespace {

std::string geometryPath(size_t body, size_t g) {
  return "/bodies/" + std::to_string(body) + "/geometry/" + std::to_string(g);
}

ContactShape makeShape(const GeometrySpec& g) {
  switch (g.type) {
    case GeometryType::Sphere: return ContactShape::sphere(g.size[0]);
    case GeometryType::Ellipsoid: return ContactShape::ellipsoid(g.size);
    case GeometryType::Box: return ContactShape::brick(g.size);
    case GeometryType::Cylinder: return ContactShape::cylinder(g.size[0], g.size[1]);
    case GeometryType::Capsule: return ContactShape::capsule(g.size[0], g.size[1]);
    case GeometryType::Mesh:
      if (g.mesh) return ContactShape::triangleMesh(g.mesh);
      break;
  }
  throw Error("geometry type '" + nameOf(g.type) + "' cannot take part in contact");
}

const ContactMaterialSpec* findMaterial(const ModelSpec& m, const std::string& name) {
  for (const auto& c : m.contactMaterials)
    if (c.name == name) return &c;
  return nullptr;
}

// A geometry's own force curve (OpenMBD style) makes it a penalty surface: the named penalty
// material's other parameters, or the defaults.
PenaltyMaterial penaltyWithCurves(const ContactMaterialSpec* base, const GeometrySpec& g) {
  ContactMaterialSpec s;
  if (base) s = *base;
  s.type = ContactMaterialType::Penalty;
  if (s.name.empty()) s.name = g.name.empty() ? "force_curve" : g.name + " force_curve";
  s.forceCurve = g.forceCurve;
  if (!g.unloadCurve.empty()) s.unloadCurve = g.unloadCurve;
  return toPenaltyMaterial(s);
}

int addGeometrySurface(const ModelSpec& m, BuiltModel& b, ContactForceSubsystem& contact, size_t i, size_t k,
                       const std::string& file) {
  const BodySpec& body = m.bodies[i];
  const GeometrySpec& g = body.geometry[k];
  const std::string path = geometryPath(i, k);
  const ContactMaterialSpec* mat = nullptr;
  if (!g.material.empty()) {
    mat = findMaterial(m, g.material);
    if (!mat) throw ModelError(file, path + "/material", "\"" + g.material + "\"", "no contact material of this name");
  }
  const std::string name = body.name + "/" + (g.name.empty() ? "geometry" + std::to_string(k) : g.name);
  try {
    const int mobod = b.mobodOfBody[i];
    const Transform X_BS = g.pose.transform();
    if (g.type == GeometryType::Mesh) {  // the elastic foundation: a hertz material, a layer thickness
      if (!g.forceCurve.empty() || (mat && mat->type != ContactMaterialType::Hertz))
        throw ModelError(file, path + (g.forceCurve.empty() ? "/material" : "/force_curve"),
                         g.forceCurve.empty() ? "\"" + g.material + "\"" : std::string("[...]"),
                         "a mesh touches through the elastic foundation and needs a hertz material (E, nu, "
                         "dissipation, friction), not a penalty force curve");
      const int s = contact.addSurface(mobod, X_BS, makeShape(g), toContactMaterial(*mat), name);
      if (g.layerThickness > 0) contact.setLayerThickness(s, g.layerThickness);
      return s;
    }
    if (!g.forceCurve.empty() && (!mat || mat->type == ContactMaterialType::Penalty))
      return contact.addSurface(mobod, X_BS, makeShape(g), penaltyWithCurves(mat, g), name);
    if (!g.forceCurve.empty())
      throw Error("force_curve needs a penalty material, and \"" + g.material + "\" is " + nameOf(mat->type));
    if (mat->type == ContactMaterialType::Penalty)
      return contact.addSurface(mobod, X_BS, makeShape(g), toPenaltyMaterial(*mat), name);
    return contact.addSurface(mobod, X_BS, makeShape(g), toContactMaterial(*mat), name);
  } catch (const ModelError&) {
    throw;
  } catch (const std::exception& e) {
    throw ModelError(file, path, "\"" + nameOf(g.type) + "\"", e.what());
  }
}

void addGround(const ModelSpec& m, BuiltModel& b, ContactForceSubsystem& contact, const std::string& file) {
  const ContactSpec& c = m.contact;
  const Transform X_GS(Rotation::fromOneAxis(CoordinateAxis::Z, c.groundNormal), c.groundHeight * c.groundNormal);
  int surface = -1;
  if (c.groundMaterial.empty()) {
    surface = contact.addSurface(0, X_GS, ContactShape::halfSpace(), ContactMaterial::ground(), "ground");
  } else {
    const ContactMaterialSpec* mat = findMaterial(m, c.groundMaterial);
    if (!mat)
      throw ModelError(file, "/contact/ground/material", "\"" + c.groundMaterial + "\"",
                       "no contact material of this name");
    try {
      surface = mat->type == ContactMaterialType::Penalty
                    ? contact.addSurface(0, X_GS, ContactShape::halfSpace(), toPenaltyMaterial(*mat), "ground")
                    : contact.addSurface(0, X_GS, ContactShape::halfSpace(), toContactMaterial(*mat), "ground");
    } catch (const std::exception& e) {
      throw ModelError(file, "/contact/ground/material", "\"" + c.groundMaterial + "\"", e.what());
    }
  }
  b.geometryOfSurface.resize(surface + 1, {-1, -1});
}

std::vector<int> surfacesOfBodies(const BuiltModel& b, const std::vector<int>& specBodies) {
  std::vector<bool> listed(b.mobodOfBody.size(), false);  // by mark, not by search: O(surfaces + bodies)
  for (int i : specBodies)
    if (i >= 0) listed[i] = true;
  std::vector<int> out;
  for (size_t s = 0; s < b.geometryOfSurface.size(); ++s) {
    const int body = b.geometryOfSurface[s][0];
    if (body >= 0 && listed[body]) out.push_back(static_cast<int>(s));
  }
  return out;
}

int bodyIndex(const ModelSpec& m, const std::string& name, const std::string& file, const std::string& path) {
  const int i = m.findBody(name);
  if (i < 0) throw ModelError(file, path, "\"" + name + "\"", "no body of this name");
  return i;
}

// Pairs of bodies at most `limit` joints apart in the model's tree, not counting a path through
// Ground: bodies of different trees (two persons, a car and a pedestrian) are unrelated, however
// close their roots. A breadth-first walk of `limit` steps from each body: O(n) for bounded degree.
std::vector<std::array<int, 2>> nearBodyPairs(const ModelSpec& m, int limit) {
  const BodyTree tree = makeBodyTree(m);
  const int n = static_cast<int>(m.bodies.size());
  std::vector<std::vector<int>> neighbours(n);
  for (int i = 0; i < n; ++i)
    if (tree.parent[i] >= 0) {
      neighbours[i].push_back(tree.parent[i]);
      neighbours[tree.parent[i]].push_back(i);
    }
  std::vector<std::array<int, 2>> pairs;
  std::vector<int> seenFrom(n, -1), frontier, next;
  for (int i = 0; i < n; ++i) {
    seenFrom[i] = i;
    frontier.assign(1, i);
    for (int step = 0; step < limit && !frontier.empty(); ++step, frontier.swap(next)) {
      next.clear();
      for (int a : frontier)
        for (int c : neighbours[a])
          if (seenFrom[c] != i) {
            seenFrom[c] = i;
            next.push_back(c);
            if (c > i) pairs.push_back({i, c});
          }
    }
  }
  return pairs;
}

// Every pair of a surface of one list and one of the other.
void excludeSurfaces(ContactGeometry& geo, const std::vector<int>& sa, const std::vector<int>& sb) {
  for (int x : sa)
    for (int y : sb)
      if (x != y) geo.excludePair(x, y);
}

void excludeBodies(BuiltModel& b, ContactGeometry& geo, int bodyA, int bodyB) {
  excludeSurfaces(geo, surfacesOfBodies(b, {bodyA}), surfacesOfBodies(b, {bodyB}));
}

void addExclusions(const ModelSpec& m, BuiltModel& b, ContactForceSubsystem& contact, const std::string& file) {
  const ContactSpec& c = m.contact;
  ContactGeometry& geo = contact.updGeometry();
  // The joint-distance rule is applied here, per pair of bodies, rather than by ContactGeometry,
  // whose tree walk passes through Ground and would keep the roots of two models from touching.
  geo.setExcludedJointDistance(0);
  if (c.excludedJointDistance > 0) {
    std::vector<std::vector<int>> surfaces(m.bodies.size());
    for (size_t s = 0; s < b.geometryOfSurface.size(); ++s)
      if (b.geometryOfSurface[s][0] >= 0) surfaces[b.geometryOfSurface[s][0]].push_back(static_cast<int>(s));
    for (const auto& [i, j] : nearBodyPairs(m, c.excludedJointDistance)) excludeSurfaces(geo, surfaces[i], surfaces[j]);
  }
  if (!c.selfContact) {  // every body's shapes in one clique: they touch only the ground
    std::vector<int> all;
    for (size_t i = 0; i < m.bodies.size(); ++i) all.push_back(static_cast<int>(i));
    const std::vector<int> shapes = surfacesOfBodies(b, all);
    if (shapes.size() > 1) geo.addClique(shapes);
  }
  for (size_t q = 0; q < c.cliques.size(); ++q) {
    std::vector<int> bodies;
    for (size_t e = 0; e < c.cliques[q].size(); ++e)
      bodies.push_back(
          bodyIndex(m, c.cliques[q][e], file, "/contact/cliques/" + std::to_string(q) + "/" + std::to_string(e)));
    const std::vector<int> shapes = surfacesOfBodies(b, bodies);
    if (shapes.size() > 1) geo.addClique(shapes);
  }
  for (size_t p = 0; p < c.excludedBodyPairs.size(); ++p) {
    const std::string path = "/contact/exclude/" + std::to_string(p);
    excludeBodies(b, geo, bodyIndex(m, c.excludedBodyPairs[p][0], file, path + "/0"),
                  bodyIndex(m, c.excludedBodyPairs[p][1], file, path + "/1"));
  }
}

std::string surfacePath(const BuiltModel& b, int s) {
  const auto& [body, g] = b.geometryOfSurface[s];
  return body < 0 ? "/contact/ground" : geometryPath(body, g);
}

}  // namespace

void addContact(const ModelSpec& m, BuiltModel& b, const std::string& file) {
  if (!m.contact.enabled) return;
  auto& contact = b.system->addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  b.contact = &contact;
  if (m.contact.transitionSpeed) contact.setTransitionSpeed(*m.contact.transitionSpeed);
  if (m.contact.recoverySpeed) contact.setRecoverySpeed(*m.contact.recoverySpeed);
  if (m.contact.ground) addGround(m, b, contact, file);
  for (size_t i = 0; i < m.bodies.size(); ++i)
    for (size_t k = 0; k < m.bodies[i].geometry.size(); ++k) {
      const GeometrySpec& g = m.bodies[i].geometry[k];
      if (g.material.empty() && g.forceCurve.empty()) continue;
      const int s = addGeometrySurface(m, b, contact, i, k, file);
      b.geometryOfSurface.resize(s + 1, {-1, -1});
      b.geometryOfSurface[s] = {static_cast<int>(i), static_cast<int>(k)};
    }
  addExclusions(m, b, contact, file);
}

void checkContactPairs(const ModelSpec& m, const BuiltModel& b, const std::string& file) {
  if (!b.contact) return;
  const ContactGeometry& geo = b.contact->getGeometry();
  for (int i = 0; i < geo.numShapes(); ++i)
    for (int j = i + 1; j < geo.numShapes(); ++j) {
      const ShapeType ti = geo.getShape(i).type(), tj = geo.getShape(j).type();
      if (geo.isPairExcluded(i, j)) continue;
      const bool meshI = ti == ShapeType::TriangleMesh, meshJ = tj == ShapeType::TriangleMesh;
      if ((meshI && b.contact->isPenaltySurface(j)) || (meshJ && b.contact->isPenaltySurface(i))) {
        const int pen = meshI ? j : i, mesh = meshI ? i : j;
        throw ModelError(file, surfacePath(b, pen), "\"" + geo.getName(pen) + "\"",
                         "a penalty material cannot meet the mesh '" + geo.getName(mesh) + "' at " +
                             surfacePath(b, mesh) +
                             " (meshes use the elastic foundation): give it a hertz material or exclude the pair in "
                             "/contact/exclude");
      }
      if (isPairSupported(ti, tj)) continue;
      throw ModelError(file, surfacePath(b, j), "\"" + geo.getName(j) + "\"",
                       std::string("no contact algorithm for a ") + shapeTypeName(tj) + " against a " +
                           shapeTypeName(ti) + " ('" + geo.getName(i) + "' at " + surfacePath(b, i) +
                           "): exclude the pair in /contact/exclude or change a shape");
    }
  (void)m;
}

void addContactWorkProbe(BuiltModel& b) {
  if (!b.contact) return;
  const ContactForceSubsystem* contact = b.contact;
  auto probe = std::make_unique<CustomForce>(
      [](const State&, const MatterSubsystem&, std::vector<SpatialVec>&, Vector&) {}, "contact work");
  probe->setPower([](const State&, const MatterSubsystem&) { return 0.0; });
  probe->setNonConservativePower(
      [contact](const State& s, const MatterSubsystem&) { return contact->getReport(s).nonConservativePower; });
  b.forces->addForce(std::move(probe));
  b.classOfForce.push_back(ForceClass::Contact);  // applies no force: the contact's own columns carry it
}

}  // namespace articula::model
