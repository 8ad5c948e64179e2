// OpenSim's InverseDynamicsTool and ExternalLoads XML files (InverseDynamicsSetup.h,
// ExternalLoads.h), read with tinyxml2 through MJCF's XmlSource (errors name file:line).
#include "articula/model/InverseDynamicsSetup.h"

#include <cmath>
#include <filesystem>
#include <sstream>

#include "JsonParse.h"
#include "MjcfXml.h"
#include "articula/model/ExternalLoads.h"
#include "articula/model/ModelError.h"

namespace articula::model {

namespace fs = std::filesystem;
using mjcf::describe;
using mjcf::XmlSource;
using tinyxml2::XMLElement;

namespace {

std::string trimmed(const char* text) {
  std::string s = text ? text : "";
  const size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string textOf(const XMLElement* parent, const char* name) {
  const XMLElement* el = parent->FirstChildElement(name);
  return el ? trimmed(el->GetText()) : "";
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

double number(const XmlSource& xml, const XMLElement* el, const std::string& text) {
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  xml.fail(el, std::string("<") + el->Name() + ">", text, "not a finite number");
}

bool flag(const XmlSource& xml, const XMLElement* parent, const char* name, bool fallback) {
  const XMLElement* el = parent->FirstChildElement(name);
  if (!el) return fallback;
  const std::string v = trimmed(el->GetText());
  if (v == "true") return true;
  if (v == "false") return false;
  xml.fail(el, std::string("<") + name + ">", v, "must be true or false");
}

// Relative to `base` unless absolute; "" and "Unassigned" mean none.
std::string resolve(const fs::path& base, const std::string& path) {
  if (path.empty() || path == "Unassigned") return "";
  const fs::path p(path);
  return (p.is_absolute() ? p : base / p).lexically_normal().string();
}

const XMLElement* toolElement(XmlSource& xml, const std::string& text, const std::string& file, const char* tag) {
  const XMLElement* root = xml.parse(text, file);
  const int version = root->IntAttribute("Version", 0);
  if (version < 20300) xml.fail(root, "<OpenSimDocument> Version", std::to_string(version), "older than 20300");
  const XMLElement* tool = root->FirstChildElement(tag);
  if (!tool) xml.fail(root, "<OpenSimDocument>", "", std::string("holds no <") + tag + ">");
  return tool;
}

}  // namespace

InverseDynamicsSetup readInverseDynamicsSetup(const std::string& file) {
  const LoadOptions options;
  XmlSource xml(file, options, "OpenSimDocument", "an OpenSim setup");
  const XMLElement* tool = toolElement(xml, readJsonFileText(file), file, "InverseDynamicsTool");
  InverseDynamicsSetup s;
  s.file = file;
  s.name = tool->Attribute("name") ? tool->Attribute("name") : "";
  const fs::path folder = fs::path(file).parent_path();
  const std::string input = textOf(tool, "input_directory");
  const fs::path inputs = input.empty() ? folder : fs::path(resolve(folder, input));
  s.modelFile = resolve(folder, textOf(tool, "model_file"));
  if (s.modelFile.empty()) xml.fail(tool, "<model_file>", "", "no model file named");
  s.coordinatesFile = resolve(inputs, textOf(tool, "coordinates_file"));
  if (s.coordinatesFile.empty()) xml.fail(tool, "<coordinates_file>", "", "no coordinates file named");
  s.externalLoadsFile = resolve(inputs, textOf(tool, "external_loads_file"));
  const std::string results = textOf(tool, "results_directory");
  s.resultsDirectory = results.empty() ? folder.string() : resolve(folder, results);
  if (const std::string out = textOf(tool, "output_gen_force_file"); !out.empty()) s.outputGenForceFile = out;
  if (const XMLElement* range = tool->FirstChildElement("time_range")) {
    const std::vector<std::string> t = words(trimmed(range->GetText()));
    if (t.size() != 2) xml.fail(range, "<time_range>", trimmed(range->GetText()), "needs two times");
    s.startTime = number(xml, range, t[0]);
    s.endTime = number(xml, range, t[1]);
    if (s.startTime > s.endTime) xml.fail(range, "<time_range>", trimmed(range->GetText()), "start after end");
  }
  s.forcesToExclude = words(textOf(tool, "forces_to_exclude"));
  if (const XMLElement* f = tool->FirstChildElement("lowpass_cutoff_frequency_for_coordinates"))
    s.lowpassCutoff = number(xml, f, trimmed(f->GetText()));
  return s;
}

ExternalLoadsSpec readExternalLoads(const std::string& file) {
  const LoadOptions options;
  XmlSource xml(file, options, "OpenSimDocument", "an OpenSim external loads");
  const XMLElement* loads = toolElement(xml, readJsonFileText(file), file, "ExternalLoads");
  ExternalLoadsSpec s;
  s.file = file;
  s.dataFile = resolve(fs::path(file).parent_path(), textOf(loads, "datafile"));
  const XMLElement* objects = loads->FirstChildElement("objects");
  for (const XMLElement* el = objects ? objects->FirstChildElement() : nullptr; el; el = el->NextSiblingElement()) {
    if (std::string(el->Name()) != "ExternalForce")
      xml.fail(el, describe(el), "", "is not an <ExternalForce> (the only kind of external load supported)");
    if (flag(xml, el, "isDisabled", false) || !flag(xml, el, "enabled", true)) continue;
    ExternalForceSpec f;
    f.name = el->Attribute("name") ? el->Attribute("name") : "";
    f.line = el->GetLineNum();
    f.appliedToBody = textOf(el, "applied_to_body");
    if (f.appliedToBody.empty()) f.appliedToBody = textOf(el, "body");  // OpenSim 1.x spelling
    if (f.appliedToBody.empty()) xml.fail(el, describe(el), "", "names no <applied_to_body>");
    if (const std::string b = textOf(el, "force_expressed_in_body"); !b.empty()) f.forceExpressedIn = b;
    if (const std::string b = textOf(el, "point_expressed_in_body"); !b.empty()) f.pointExpressedIn = b;
    f.forceIdentifier = textOf(el, "force_identifier");
    f.pointIdentifier = textOf(el, "point_identifier");
    f.torqueIdentifier = textOf(el, "torque_identifier");
    for (std::string* id : {&f.forceIdentifier, &f.pointIdentifier, &f.torqueIdentifier})
      if (*id == "Unassigned") id->clear();
    f.appliesForce = !f.forceIdentifier.empty();
    if (!f.appliesForce && f.torqueIdentifier.empty())
      xml.fail(el, describe(el), "", "names neither a force nor a torque identifier");
    if (f.appliesForce && f.pointIdentifier.empty())
      xml.fail(el, describe(el), f.forceIdentifier,
               "a force without a point_identifier (body origin) is not supported");
    s.forces.push_back(std::move(f));
  }
  if (s.dataFile.empty() && !s.forces.empty()) xml.fail(loads, "<datafile>", "", "no data file named");
  return s;
}

}  // namespace articula::model
