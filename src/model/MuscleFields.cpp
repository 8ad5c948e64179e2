// Muscle paths in a model file (MuscleFields.h). A point is fixed ("body", "location"),
// conditional (also "coordinate" and "range": on the path while range[0] <= q <= range[1]) or
// moving ("functions": x, y, z of the location, each a function of one coordinate or null for
// the "location" component).
#include "MuscleFields.h"

#include <algorithm>
#include <unordered_set>

#include "FunctionFields.h"

namespace articula::model {
namespace {

using json = nlohmann::json;

std::vector<std::string> pathCoordinates(const ModelSpec& m) {
  std::vector<std::string> names;
  for (const BodySpec& b : m.bodies)
    if (b.joint.type == JointType::FunctionBased)
      for (const std::string& k : b.joint.functions.coordinates) names.push_back(b.joint.name + "." + k);
  return names;
}

PathPointSpec readPoint(const JsonNode& node, const ModelSpec& m, const std::vector<std::string>& coordinates) {
  node.requireObject();
  node.allowOnly({"name", "body", "location", "coordinate", "range", "functions"});
  PathPointSpec p;
  p.name = node.at("name").string();
  p.body = node.at("body").string();
  if (p.body != "ground" && m.findBody(p.body) < 0) node.at("body").fail("no body of that name");
  p.location = node.at("location").vec3();
  if (node.has("coordinate") && node.has("functions"))
    node.fail("a path point is conditional (\"coordinate\") or moving (\"functions\"), not both");
  if (auto k = node.get("coordinate")) {
    p.kind = PathPointKind::Conditional;
    p.coordinate = k->string();
    if (std::find(coordinates.begin(), coordinates.end(), p.coordinate) == coordinates.end())
      k->fail("no coordinate of a function_based joint of that name (\"joint.coordinate\")");
    const JsonNode range = node.at("range");
    const std::vector<Real> r = range.numbers(2);
    if (r.size() != 2 || !(r[0] <= r[1])) range.fail("expected [lower, upper] with lower <= upper");
    p.lower = r[0];
    p.upper = r[1];
  } else if (node.has("range")) {
    node.at("range").fail("a range needs the \"coordinate\" it applies to");
  }
  if (auto f = node.get("functions")) {
    p.kind = PathPointKind::Moving;
    if (!f->isArray() || f->size() != 3) f->fail("expected 3 functions (x, y, z), null for the location's component");
    for (size_t i = 0; i < 3; ++i) {
      const JsonNode fi = (*f)[i];
      if (fi.json().is_null()) {
        p.moving[i].coefficients = {p.location[static_cast<int>(i)]};
        continue;
      }
      p.moving[i] = readFunction(fi, coordinates);
      if (p.moving[i].args.size() != 1) fi.at("args").fail("a path point's function takes one coordinate");
    }
  }
  return p;
}

json writePoint(const PathPointSpec& p) {
  json j{{"name", p.name}, {"body", p.body}, {"location", {p.location[0], p.location[1], p.location[2]}}};
  if (p.kind == PathPointKind::Conditional) {
    j["coordinate"] = p.coordinate;
    j["range"] = {p.lower, p.upper};
  } else if (p.kind == PathPointKind::Moving) {
    j["functions"] = json::array();
    for (int i = 0; i < 3; ++i) {
      const FunctionSpec& f = p.moving[static_cast<size_t>(i)];
      const bool located = f.args.empty() && f.type == FunctionType::Constant && f.coefficients.size() == 1;
      if (located) j["location"][i] = f.coefficients[0];
      j["functions"].push_back(located ? json(nullptr) : writeFunction(f));
    }
  }
  return j;
}

}  // namespace

void readMuscles(const JsonNode& list, ModelSpec& m) {
  const std::vector<std::string> coordinates = pathCoordinates(m);
  std::unordered_set<std::string> names;
  for (size_t i = 0; i < list.size(); ++i) {
    const JsonNode node = list[i];
    node.requireObject();
    node.allowOnly({"name", "type", "path"});
    MuscleSpec k;
    k.name = node.at("name").string();
    if (!names.insert(k.name).second) node.at("name").fail("duplicate muscle name");
    if (auto t = node.get("type")) k.type = t->string();
    const JsonNode path = node.at("path");
    if (!path.isArray() || path.size() < 2) path.fail("a path needs at least two points");
    for (size_t p = 0; p < path.size(); ++p) k.path.push_back(readPoint(path[p], m, coordinates));
    m.muscles.push_back(std::move(k));
  }
}

json writeMuscles(const std::vector<MuscleSpec>& muscles) {
  json list = json::array();
  for (const MuscleSpec& k : muscles) {
    json j{{"name", k.name}};
    if (!k.type.empty()) j["type"] = k.type;
    j["path"] = json::array();
    for (const PathPointSpec& p : k.path) j["path"].push_back(writePoint(p));
    list.push_back(std::move(j));
  }
  return list;
}

}  // namespace articula::model
