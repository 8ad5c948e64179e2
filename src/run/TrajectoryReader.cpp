// Reads trajectory.json (docs/output-format.md) into RunTrajectory, checking every field it uses.
#include "articula/run/TrajectoryReader.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../model/JsonExcerpt.h"
#include "../model/JsonParse.h"
#include "articula/Error.h"
#include "articula/files/FileInput.h"
#include "articula/model/ModelError.h"

namespace articula::run {
namespace {

using nlohmann::json;

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& pointer, const json* value, const std::string& problem) const {
    std::ostringstream os;
    os << file_ << ": " << (pointer.empty() ? std::string("/") : pointer);
    if (value) {
      os << " = " << model::jsonExcerpt(*value, 80);
    }
    os << ": " << problem;
    throw Error(os.str());
  }

  const json& member(const json& object, const std::string& pointer, const char* key) const {
    auto it = object.find(key);
    if (it == object.end()) fail(pointer + "/" + key, nullptr, "missing");
    return *it;
  }

  double number(const json& v, const std::string& pointer) const {
    if (!v.is_number()) fail(pointer, &v, "expected a number");
    const double x = v.get<double>();
    if (!std::isfinite(x)) fail(pointer, &v, "expected a finite number");
    return x;
  }

  std::string text(const json& v, const std::string& pointer) const {
    if (!v.is_string()) fail(pointer, &v, "expected a string");
    return v.get<std::string>();
  }

  std::vector<double> numbers(const json& v, const std::string& pointer, std::size_t n, const char* what) const {
    if (!v.is_array() || v.size() != n) fail(pointer, &v, std::string("expected ") + what);
    std::vector<double> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = number(v[i], pointer + "/" + std::to_string(i));
    return out;
  }

  Eigen::Vector3d vec3(const json& v, const std::string& pointer) const {
    auto a = numbers(v, pointer, 3, "3 numbers");
    return {a[0], a[1], a[2]};
  }

  Eigen::Vector3d color(const json& v, const std::string& pointer) const {
    Eigen::Vector3d c = vec3(v, pointer);
    if (c.minCoeff() < 0 || c.maxCoeff() > 1) fail(pointer, &v, "colour components must be in 0..1");
    return c;
  }

  Eigen::Quaterniond quaternion(const std::vector<double>& q, const json& v, const std::string& pointer) const {
    Eigen::Quaterniond out(q[0], q[1], q[2], q[3]);
    const double n = out.norm();
    if (std::abs(n - 1) > 1e-3) fail(pointer, &v, "quaternion [w, x, y, z] must have unit length");
    out.normalize();
    return out;
  }

  double positive(const json& size, const std::string& pointer, const char* key) const {
    const double x = number(member(size, pointer, key), pointer + "/" + key);
    if (x <= 0) fail(pointer + "/" + key, &size[key], "must be positive");
    return x;
  }

  TrajectoryShape shape(const json& g, const std::string& p, const Eigen::Vector3d& bodyColor) const {
    if (!g.is_object()) fail(p, &g, "expected an object");
    TrajectoryShape s;
    const auto kind = model::kindNamed<model::GeometryType>(text(member(g, p, "type"), p + "/type"));
    s.name = g.contains("name") ? text(g["name"], p + "/name") : std::string();
    const json& size = member(g, p, "size");
    const std::string sp = p + "/size";
    if (!size.is_object()) fail(sp, &size, "expected an object");
    if (!kind) fail(p + "/type", &g["type"], "unknown shape type (" + model::kindList<model::GeometryType>() + ")");
    using T = model::GeometryType;
    s.type = *kind;
    if (s.type == T::Sphere) {
      s.dims.setConstant(positive(size, sp, "radius"));
    } else if (s.type == T::Ellipsoid) {
      s.dims = vec3(member(size, sp, "semi_axes"), sp + "/semi_axes");
      if (s.dims.minCoeff() <= 0) fail(sp + "/semi_axes", &size["semi_axes"], "semi-axes must be positive");
    } else if (s.type == T::Box) {
      s.dims = vec3(member(size, sp, "half_lengths"), sp + "/half_lengths");
      if (s.dims.minCoeff() <= 0) fail(sp + "/half_lengths", &size["half_lengths"], "half lengths must be positive");
    } else if (s.type == T::Cylinder || s.type == T::Capsule) {
      const double r = positive(size, sp, "radius");
      s.dims = {r, r, positive(size, sp, "half_length")};
    } else {  // T::Mesh
      const json& vs = member(size, sp, "vertices");
      const json& fs = member(size, sp, "faces");
      if (!vs.is_array() || vs.empty()) fail(sp + "/vertices", &vs, "expected a non-empty array of [x, y, z]");
      if (!fs.is_array()) fail(sp + "/faces", &fs, "expected an array of [i, j, k]");
      for (std::size_t i = 0; i < vs.size(); ++i)
        s.vertices.push_back(vec3(vs[i], sp + "/vertices/" + std::to_string(i)));
      for (std::size_t i = 0; i < fs.size(); ++i) {
        const std::string fp = sp + "/faces/" + std::to_string(i);
        auto f = numbers(fs[i], fp, 3, "3 vertex indices");
        std::array<int, 3> face{};
        for (int k = 0; k < 3; ++k) {
          if (f[k] < 0 || f[k] >= double(s.vertices.size()) || f[k] != std::floor(f[k]))
            fail(fp + "/" + std::to_string(k), &fs[i][k], "not a vertex index");
          face[k] = int(f[k]);
        }
        s.faces.push_back(face);
      }
      if (size.contains("scale")) s.dims = vec3(size["scale"], sp + "/scale");
    }
    if (g.contains("position")) s.position = vec3(g["position"], p + "/position");
    if (g.contains("orientation"))
      s.orientation = quaternion(numbers(g["orientation"], p + "/orientation", 4, "a quaternion [w, x, y, z]"),
                                 g["orientation"], p + "/orientation");
    s.color = g.contains("color") ? color(g["color"], p + "/color") : bodyColor;
    return s;
  }

  // "markers": [{name, body, location}], body a body's name or "ground".
  std::vector<TrajectoryMarker> markers(const json& ms, const std::vector<TrajectoryBody>& bodies) const {
    if (!ms.is_array()) fail("/markers", &ms, "expected an array");
    std::vector<TrajectoryMarker> out;
    for (std::size_t k = 0; k < ms.size(); ++k) {
      const std::string p = "/markers/" + std::to_string(k);
      if (!ms[k].is_object()) fail(p, &ms[k], "expected an object");
      TrajectoryMarker marker;
      marker.name = text(member(ms[k], p, "name"), p + "/name");
      const std::string body = text(member(ms[k], p, "body"), p + "/body");
      if (body != "ground") {
        const auto at = std::find_if(bodies.begin(), bodies.end(),
                                     [&](const TrajectoryBody& b) { return b.name == body; });
        if (at == bodies.end()) fail(p + "/body", &ms[k]["body"], "no such body");
        marker.body = int(at - bodies.begin());
      }
      marker.location = vec3(member(ms[k], p, "location"), p + "/location");
      out.push_back(std::move(marker));
    }
    return out;
  }

  RunTrajectory run(const json& root) const {
    if (!root.is_object()) fail("", nullptr, "expected a JSON object");
    auto fmt = root.find("format");
    if (fmt == root.end() || *fmt != "articula-trajectory")
      fail("/format", fmt == root.end() ? nullptr : &*fmt, "expected \"articula-trajectory\"");
    const json& version = member(root, "", "version");
    if (!version.is_number_integer() || version.get<int>() != 1)
      fail("/version", &version, "only version 1 is supported");
    RunTrajectory out;
    out.model = root.contains("model") ? text(root["model"], "/model") : std::string("model");
    if (root.contains("up")) {
      out.up = vec3(root["up"], "/up");
      if (out.up.norm() < 1e-9) fail("/up", &root["up"], "must not be zero");
      out.up.normalize();
    }
    const json& bodies = member(root, "", "bodies");
    if (!bodies.is_array()) fail("/bodies", &bodies, "expected an array");
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const std::string p = "/bodies/" + std::to_string(i);
      const json& b = bodies[i];
      if (!b.is_object()) fail(p, &b, "expected an object");
      TrajectoryBody body;
      body.name = text(member(b, p, "name"), p + "/name");
      if (b.contains("parent") && !b["parent"].is_null()) body.parent = text(b["parent"], p + "/parent");
      if (b.contains("joint")) body.joint = text(b["joint"], p + "/joint");
      if (b.contains("joint_type")) {
        body.jointType = model::kindNamed<model::JointType>(text(b["joint_type"], p + "/joint_type"));
        if (!body.jointType)
          fail(p + "/joint_type", &b["joint_type"], "unknown joint type (" + model::kindList<model::JointType>() + ")");
      }
      if (b.contains("mass")) body.mass = number(b["mass"], p + "/mass");
      if (b.contains("mass_center")) body.massCenter = vec3(b["mass_center"], p + "/mass_center");
      if (b.contains("color")) body.color = color(b["color"], p + "/color");
      if (b.contains("geometry")) {
        const json& gs = b["geometry"];
        if (!gs.is_array()) fail(p + "/geometry", &gs, "expected an array");
        for (std::size_t k = 0; k < gs.size(); ++k)
          body.geometry.push_back(shape(gs[k], p + "/geometry/" + std::to_string(k), body.color));
      }
      out.bodies.push_back(std::move(body));
    }
    if (root.contains("markers")) out.markers = markers(root["markers"], out.bodies);
    const json& frames = member(root, "", "frames");
    if (!frames.is_array() || frames.empty()) fail("/frames", &frames, "expected a non-empty array");
    for (std::size_t k = 0; k < frames.size(); ++k) {
      const std::string p = "/frames/" + std::to_string(k);
      const json& f = frames[k];
      if (!f.is_object()) fail(p, &f, "expected an object");
      TrajectoryFrame frame;
      frame.t = number(member(f, p, "t"), p + "/t");
      if (k > 0 && !(frame.t > out.frames.back().t)) fail(p + "/t", &f["t"], "times must increase strictly");
      const json& poses = member(f, p, "poses");
      if (!poses.is_array() || poses.size() != out.bodies.size())
        fail(p + "/poses", &poses, "expected one pose per body (" + std::to_string(out.bodies.size()) + ")");
      for (std::size_t i = 0; i < poses.size(); ++i) {
        const std::string pp = p + "/poses/" + std::to_string(i);
        auto a = numbers(poses[i], pp, 7, "7 numbers [x, y, z, qw, qx, qy, qz]");
        BodyPose pose;
        pose.position = {a[0], a[1], a[2]};
        pose.orientation = quaternion({a[3], a[4], a[5], a[6]}, poses[i], pp);
        frame.poses.push_back(pose);
      }
      if (f.contains("contacts")) {
        const json& cs = f["contacts"];
        if (!cs.is_array()) fail(p + "/contacts", &cs, "expected an array");
        for (std::size_t c = 0; c < cs.size(); ++c) {
          const std::string cp = p + "/contacts/" + std::to_string(c);
          if (!cs[c].is_object()) fail(cp, &cs[c], "expected an object");
          ContactArrow arrow;
          arrow.point = vec3(member(cs[c], cp, "point"), cp + "/point");
          arrow.force = vec3(member(cs[c], cp, "force"), cp + "/force");
          frame.contacts.push_back(arrow);
        }
      }
      out.frames.push_back(std::move(frame));
    }
    return out;
  }

 private:
  std::string file_;
};

}  // namespace

RunTrajectory parseTrajectoryJson(const std::string& text, const std::string& fileLabel) {
  Reader reader(fileLabel);
  json root;
  try {
    root = model::parseJsonText(text, fileLabel);  // the model files' strict parser: depth, NUL, duplicate keys
  } catch (const model::ModelError& e) {
    throw Error(e.what());
  }
  return reader.run(root);
}

RunTrajectory readTrajectoryJson(const std::filesystem::path& file) {
  std::string text;
  try {
    text = files::readInputFile(file.string());
  } catch (const files::InputFileError& e) {
    throw Error(file.string() + ": " + e.problem() + " (is this the folder of an `articula run`?)");
  }
  return parseTrajectoryJson(text, file.string());
}

}  // namespace articula::run
