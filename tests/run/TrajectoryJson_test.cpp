// The streaming trajectory.json writer against the DOM writer it replaced (kept here as the
// oracle, unchanged): on real runs, with contact, meshes and neither, the two documents parse to
// equal JSON values, and the text differs only where Grisu2 printed a digit more than needed.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "support/IoTestSupport.h"
#include "articula/model/ModelFile.h"
#include "articula/run/RunOutputs.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;
using nlohmann::json;

namespace {

// ---- the former makeTrajectoryJson (nlohmann DOM) ----
Real round7(Real x) { return std::round(x * 1e7) / 1e7; }
json v3(const Vec3& v) { return json::array({v[0], v[1], v[2]}); }

json geometryJson(const GeometrySpec& g, const Vec3& bodyColor) {
  json size;
  using T = model::GeometryType;
  if (g.type == T::Sphere) size = {{"radius", g.size[0]}};
  if (g.type == T::Ellipsoid) size = {{"semi_axes", v3(g.size)}};
  if (g.type == T::Box) size = {{"half_lengths", v3(g.size)}};
  if (g.type == T::Cylinder || g.type == T::Capsule) size = {{"radius", g.size[0]}, {"half_length", g.size[1]}};
  if (g.type == T::Mesh && g.mesh) {
    json vs = json::array(), fs = json::array();
    for (const Vec3& v : g.mesh->vertices()) vs.push_back({round7(v[0]), round7(v[1]), round7(v[2])});
    for (const auto& f : g.mesh->faces()) fs.push_back({f[0], f[1], f[2]});
    size = {{"vertices", vs}, {"faces", fs}};
  }
  const Vec4 q = g.pose.orientation.asVec4();
  return json{{"name", g.name}, {"type", model::nameOf(g.type)}, {"size", size}, {"position", v3(g.pose.position)},
              {"orientation", {q[0], q[1], q[2], q[3]}}, {"color", v3(g.color.value_or(bodyColor))}};
}

json contactsJson(const Frame& f) {
  json cs = json::array();
  for (const ContactSample& c : f.contacts)
    cs.push_back({{"point", {round7(c.point[0]), round7(c.point[1]), round7(c.point[2])}},
                  {"force", {round7(c.force[0]), round7(c.force[1]), round7(c.force[2])}},
                  {"bodies", {c.bodyA, c.bodyB}}});
  return cs;
}

std::string domTrajectoryJson(const ModelSpec& m, const RunResult& run) {
  json bodies = json::array();
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const BodySpec& b = m.bodies[i];
    const Vec3 color = b.color.value_or(defaultBodyColor(i));
    json geometry = json::array();
    for (const GeometrySpec& g : b.geometry) geometry.push_back(geometryJson(g, color));
    bodies.push_back({{"name", b.name}, {"parent", b.joint.parent == "ground" ? json(nullptr) : json(b.joint.parent)},
                      {"joint", b.joint.name}, {"joint_type", model::nameOf(b.joint.type)}, {"mass", b.mass},
                      {"mass_center", v3(b.massCenter)}, {"color", v3(color)}, {"geometry", geometry}});
  }
  json frames = json::array();
  for (const Frame& f : run.frames) {
    json poses = json::array();
    for (const BodySample& b : f.bodies) {
      const Vec4 q = b.orientation.asVec4();
      poses.push_back({round7(b.origin[0]), round7(b.origin[1]), round7(b.origin[2]), round7(q[0]), round7(q[1]),
                       round7(q[2]), round7(q[3])});
    }
    json frame{{"t", f.time}, {"poses", poses}};
    if (!f.contactForce.empty()) frame["contacts"] = contactsJson(f);
    frames.push_back(std::move(frame));
  }
  const Real g = m.gravity.norm();
  const Vec3 up = g > 0 ? Vec3(-m.gravity / g) : Vec3(0, 0, 1);
  json doc{{"format", "articula-trajectory"}, {"version", 1}, {"model", m.name}, {"up", v3(up)},
           {"units", {{"length", "m"}, {"time", "s"}}},
           {"bodies", bodies}, {"frames", frames}};
  return doc.dump() + "\n";
}
// ---- end of the former writer ----

void expectSameDocument(const std::string& model, Real duration) {
  ModelSpec m = loadModelFile(sourcePath(model));
  m.scenario.duration = duration;
  m.scenario.reportInterval = std::min(m.scenario.reportInterval, duration / 20);
  const BuiltModel b = buildModel(m, sourcePath(model));
  const RunResult r = runSimulation(m, b, m.scenario);
  const std::string streamed = makeTrajectoryJson(m, r), dom = domTrajectoryJson(m, r);
  EXPECT_EQ(json::parse(streamed), json::parse(dom)) << model;
  EXPECT_EQ(streamed.back(), '\n');
  // Same layout: the texts differ at most by digits (Grisu2's rare longer forms).
  size_t differing = 0;
  for (size_t i = 0, j = 0; i < streamed.size() && j < dom.size(); ++i, ++j)
    if (streamed[i] != dom[j]) {
      ++differing;
      while (j < dom.size() && dom[j] != ',' && dom[j] != ']') ++j;
      while (i < streamed.size() && streamed[i] != ',' && streamed[i] != ']') ++i;
    }
  EXPECT_LT(differing, dom.size() / 1000) << model;
}

TEST(TrajectoryJson, StreamedEqualsTheDomWriterWithContact) { expectSameDocument("models/scenarios/standing_fall.json", 0.3); }
TEST(TrajectoryJson, StreamedEqualsTheDomWriterWithMeshes) { expectSameDocument("models/mesh_drop.json", 0.2); }
TEST(TrajectoryJson, StreamedEqualsTheDomWriterWithoutContact) { expectSameDocument("models/double_pendulum.json", 0.5); }

}  // namespace
