// OpenSim Inverse Kinematics setup files (include/articula/model/IkSetup.h). Read with tinyxml2,
// which keeps line numbers for messages. Unknown elements are ignored, as OpenSim ignores them.
#include "articula/model/IkSetup.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include <tinyxml2.h>

#include "articula/files/FileInput.h"
#include "articula/model/ModelError.h"

namespace articula::model {
namespace {

namespace fs = std::filesystem;
using tinyxml2::XMLElement;

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

class Reader {
 public:
  explicit Reader(const std::string& file) : file_(file) {}

  [[noreturn]] void fail(const XMLElement* el, const std::string& value, const std::string& problem) const {
    std::string what = std::string("<") + el->Name() + ">";
    if (const char* n = el->Attribute("name")) what = std::string("<") + el->Name() + " name=\"" + n + "\">";
    throw ModelError(file_ + ":" + std::to_string(el->GetLineNum()), what, value, problem);
  }
  static std::string text(const XMLElement* el) { return trim(el->GetText() ? el->GetText() : ""); }

  // OpenSim's numbers: C numbers, "Inf"/"Infinity"/"NaN" in any case, with a sign.
  Real number(const XMLElement* el, const std::string& s) const {
    std::string t = s;
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool neg = !t.empty() && t[0] == '-';
    const std::string body = (!t.empty() && (t[0] == '-' || t[0] == '+')) ? t.substr(1) : t;
    if (body == "inf" || body == "infinity") return neg ? -INFINITY : INFINITY;
    char* end = nullptr;
    const Real v = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || std::isnan(v)) fail(el, s, "not a number");
    return v;
  }
  Real number(const XMLElement* el) const { return number(el, text(el)); }
  bool flag(const XMLElement* el) const {
    const std::string t = text(el);
    if (t == "true") return true;
    if (t == "false") return false;
    fail(el, t, "must be true or false");
  }
  // A file named relative to the setup's folder; "" for none or "Unassigned".
  std::string path(const XMLElement* el) const {
    const std::string t = text(el);
    if (t.empty() || t == "Unassigned") return "";
    const fs::path p(t);
    return (p.is_absolute() ? p : fs::path(file_).parent_path() / p).lexically_normal().string();
  }

 private:
  const std::string& file_;
};

void readTasks(const Reader& r, const XMLElement* set, IkSetup& setup) {
  const XMLElement* objects = set->FirstChildElement("objects");
  if (!objects) return;
  for (const XMLElement* t = objects->FirstChildElement(); t; t = t->NextSiblingElement()) {
    const std::string kind = t->Name();
    const bool isMarker = kind == "IKMarkerTask", isCoordinate = kind == "IKCoordinateTask";
    if (!isMarker && !isCoordinate) r.fail(t, kind, "not an IK task (IKMarkerTask or IKCoordinateTask)");
    const char* name = t->Attribute("name");
    if (!name || !*name) r.fail(t, "", "a task needs a name");
    bool apply = true;
    Real weight = 1;
    IkCoordinateTask c;
    for (const XMLElement* e = t->FirstChildElement(); e; e = e->NextSiblingElement()) {
      const std::string n = e->Name();
      if (n == "apply") apply = r.flag(e);
      if (n == "weight") {
        weight = r.number(e);
        if (!(weight >= 0) || std::isinf(weight)) r.fail(e, Reader::text(e), "a weight must be finite and >= 0");
      }
      if (isCoordinate && n == "value") c.value = r.number(e);
      if (isCoordinate && n == "value_type") {
        const std::string v = Reader::text(e);
        if (v == "default_value") c.valueType = IkValueType::DefaultValue;
        else if (v == "manual_value") c.valueType = IkValueType::ManualValue;
        else if (v == "from_file") c.valueType = IkValueType::FromFile;
        else r.fail(e, v, "must be default_value, manual_value or from_file");
      }
    }
    if (isMarker) setup.markerTasks.push_back({name, apply, weight});
    else {
      c.name = name;
      c.apply = apply;
      c.weight = weight;
      setup.coordinateTasks.push_back(c);
    }
  }
}

void readTimeRange(const Reader& r, const XMLElement* e, IkSetup& setup) {
  std::istringstream in(Reader::text(e));
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.size() != 2) r.fail(e, Reader::text(e), "time_range must be two numbers");
  setup.startTime = r.number(e, words[0]);
  setup.endTime = r.number(e, words[1]);
  if (!(setup.startTime <= setup.endTime)) r.fail(e, Reader::text(e), "the start time is after the end time");
}

}  // namespace

IkSetup parseIkSetup(const std::string& text, const std::string& file) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS)
    throw ModelError(file + ":" + std::to_string(doc.ErrorLineNum()), "", "",
                     std::string("not well-formed XML: ") + doc.ErrorName());
  const XMLElement* root = doc.RootElement();
  if (!root || std::string(root->Name()) != "OpenSimDocument")
    throw ModelError(file + ":" + std::to_string(root ? root->GetLineNum() : 1), root ? root->Name() : "", "",
                     "an OpenSim setup file's root element must be <OpenSimDocument>");
  const XMLElement* tool = root->FirstChildElement("InverseKinematicsTool");
  if (!tool)
    throw ModelError(file + ":" + std::to_string(root->GetLineNum()), "<OpenSimDocument>", "",
                     "holds no <InverseKinematicsTool>");
  const Reader r(file);
  IkSetup s;
  s.file = file;
  if (const char* n = tool->Attribute("name")) s.name = n;
  s.resultsDirectory = fs::path(file).parent_path().lexically_normal().string();
  for (const XMLElement* e = tool->FirstChildElement(); e; e = e->NextSiblingElement()) {
    const std::string n = e->Name();
    if (n == "model_file") s.modelFile = r.path(e);
    else if (n == "marker_file") s.markerFile = r.path(e);
    else if (n == "coordinate_file") s.coordinateFile = r.path(e);
    else if (n == "output_motion_file") s.outputMotionFile = r.path(e);
    else if (n == "results_directory") {
      if (!Reader::text(e).empty()) s.resultsDirectory = r.path(e);
    } else if (n == "constraint_weight") {
      s.constraintWeight = r.number(e);
      if (!(s.constraintWeight > 0)) r.fail(e, Reader::text(e), "must be > 0 (Infinity: constraints enforced)");
    } else if (n == "accuracy") {
      s.accuracy = r.number(e);
      if (!(s.accuracy > 0) || std::isinf(s.accuracy)) r.fail(e, Reader::text(e), "must be a positive number");
    } else if (n == "IKTaskSet") readTasks(r, e, s);
    else if (n == "time_range") readTimeRange(r, e, s);
    else if (n == "report_errors") s.reportErrors = r.flag(e);
    else if (n == "report_marker_locations") s.reportMarkerLocations = r.flag(e);
  }
  return s;
}

IkSetup readIkSetup(const std::string& file) { return parseIkSetup(files::readInputFile(file), file); }

}  // namespace articula::model
