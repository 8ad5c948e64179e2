// trajectory.json for the browser viewer (docs/output-format.md, "trajectory.json"), streamed frame by frame.
#include <cmath>

#include "../model/JsonText.h"
#include "articula/run/RunOutputs.h"

namespace articula::run {

using nlohmann::json;

namespace {
// Rounded so the file stays small: 0.1 um and 1e-7 in quaternion components are far below what a viewer shows.
Real round7(Real x) { return std::round(x * 1e7) / 1e7; }
json v3(const Vec3& v) { return json::array({v[0], v[1], v[2]}); }

json geometryJson(const model::GeometrySpec& g, const Vec3& bodyColor) {
  json size;
  using T = model::GeometryType;
  if (g.type == T::Sphere) size = {{"radius", g.size[0]}};
  if (g.type == T::Ellipsoid) size = {{"semi_axes", v3(g.size)}};
  if (g.type == T::Box) size = {{"half_lengths", v3(g.size)}};
  if (g.type == T::Cylinder || g.type == T::Capsule) size = {{"radius", g.size[0]}, {"half_length", g.size[1]}};
  if (g.type == T::Mesh && g.mesh) {  // scaled vertices in the geometry frame, so the viewer needs no file
    json vs = json::array(), fs = json::array();
    for (const Vec3& v : g.mesh->vertices()) vs.push_back({round7(v[0]), round7(v[1]), round7(v[2])});
    for (const auto& f : g.mesh->faces()) fs.push_back({f[0], f[1], f[2]});
    size = {{"vertices", vs}, {"faces", fs}};
  }
  const Vec4 q = g.pose.orientation.asVec4();
  return json{{"name", g.name},
              {"type", model::nameOf(g.type)},
              {"size", size},
              {"position", v3(g.pose.position)},
              {"orientation", {q[0], q[1], q[2], q[3]}},
              {"color", v3(g.color.value_or(bodyColor))}};
}
void appendRounded(std::string& out, const Real* x, int n) {
  out += '[';
  for (int i = 0; i < n; ++i) {
    if (i) out += ',';
    model::appendJsonRounded7(out, x[i]);  // = appendJsonNumber(out, round7(x[i]))
  }
  out += ']';
}

// Arrows for the viewer: the bodies (-1: Ground), the force on body B and where it acts.
void appendContacts(std::string& out, const Frame& f) {
  out += "\"contacts\":[";
  for (size_t k = 0; k < f.contacts.size(); ++k) {
    const ContactSample& c = f.contacts[k];
    out += k ? ",{\"bodies\":[" : "{\"bodies\":[";
    model::appendJsonInt(out, c.bodyA);
    out += ',';
    model::appendJsonInt(out, c.bodyB);
    out += "],\"force\":";
    appendRounded(out, c.force.data(), 3);
    out += ",\"point\":";
    appendRounded(out, c.point.data(), 3);
    out += '}';
  }
  out += "],";
}
}  // namespace

Vec3 defaultBodyColor(size_t i) {
  static const Vec3 palette[] = {{0.90, 0.62, 0.38}, {0.35, 0.60, 0.85}, {0.55, 0.78, 0.45}, {0.85, 0.45, 0.50},
                                 {0.70, 0.55, 0.85}, {0.95, 0.80, 0.35}, {0.45, 0.80, 0.80}, {0.75, 0.75, 0.75}};
  return palette[i % (sizeof palette / sizeof palette[0])];
}

// The document's keys are in dump()'s (sorted) order: bodies, format, frames, model, units, up,
// version. The small parts around "frames" are dumped from a DOM; only the frames are streamed.
TrajectoryJsonWriter::TrajectoryJsonWriter(const model::ModelSpec& m, bool contact, files::TextOutput& out,
                                           const std::vector<std::vector<model::GeometrySpec>>& display)
    : contact_(contact), out_(out) {
  json bodies = json::array();
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const model::BodySpec& b = m.bodies[i];
    const Vec3 color = b.color.value_or(defaultBodyColor(i));
    json geometry = json::array();
    for (const model::GeometrySpec& g : b.geometry) geometry.push_back(geometryJson(g, color));
    if (b.geometry.empty() && i < display.size())
      for (const model::GeometrySpec& g : display[i]) {
        geometry.push_back(geometryJson(g, color));
        geometry.back()["generated"] = true;
      }
    bodies.push_back({{"name", b.name},
                      {"parent", b.joint.parent == "ground" ? json(nullptr) : json(b.joint.parent)},
                      {"joint", b.joint.name},
                      {"joint_type", model::nameOf(b.joint.type)},
                      {"mass", b.mass},
                      {"mass_center", v3(b.massCenter)},
                      {"color", v3(color)},
                      {"geometry", geometry}});
  }
  std::string head = json{{"bodies", bodies}, {"format", "articula-trajectory"}}.dump();
  head.back() = ',';  // the closing brace
  out_.append(head + "\"frames\":[");
  const Real g = m.gravity.norm();
  const Vec3 up = g > 0 ? Vec3(-m.gravity / g) : Vec3(0, 0, 1);
  json tail{{"model", m.name}, {"version", 1}, {"up", v3(up)}, {"units", {{"length", "m"}, {"time", "s"}}}};
  if (!m.markers.empty()) {
    json markers = json::array();
    for (const model::MarkerSpec& k : m.markers)
      markers.push_back({{"name", k.name}, {"body", k.body}, {"location", v3(k.location)}});
    tail["markers"] = markers;
  }
  tail_ = tail.dump();
  tail_.front() = ',';  // the opening brace
}

void TrajectoryJsonWriter::add(const Frame& f) {
  std::string& out = out_.text();
  out += first_ ? "{" : ",{";
  first_ = false;
  if (contact_) appendContacts(out, f);
  out += "\"poses\":[";
  for (size_t i = 0; i < f.bodies.size(); ++i) {
    const BodySample& b = f.bodies[i];
    const Vec4 q = b.orientation.asVec4();
    const Real pose[7] = {b.origin[0], b.origin[1], b.origin[2], q[0], q[1], q[2], q[3]};
    if (i) out += ',';
    appendRounded(out, pose, 7);
  }
  out += "],\"t\":";
  model::appendJsonNumber(out, f.time);
  out += '}';
  out_.maybeFlush();
}

void TrajectoryJsonWriter::finish() { out_.append("]" + tail_ + "\n"); }

std::string makeTrajectoryJson(const model::ModelSpec& m, const RunResult& run,
                               const std::vector<std::vector<model::GeometrySpec>>& display) {
  files::StringOutput out;
  TrajectoryJsonWriter writer(m, !run.frames.empty() && !run.frames[0].contactForce.empty(), out, display);
  for (const Frame& f : run.frames) writer.add(f);
  writer.finish();
  return std::move(out.text());
}

}  // namespace articula::run
