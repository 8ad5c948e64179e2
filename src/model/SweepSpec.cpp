// Sweep files (include/articula/model/SweepSpec.h, docs/sweeps.md): reading and checking, the
// designs' cases, and the case documents.
#include "articula/model/SweepSpec.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

#include "JsonParse.h"
#include "SweepDesigns.h"
#include "articula/model/JointTypes.h"
#include "articula/model/KindNames.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"

namespace articula::model {

template <>
const std::vector<KindName<SweepDesign>>& kindTable<SweepDesign>() {
  static const std::vector<KindName<SweepDesign>> table{{SweepDesign::Grid, "grid"},
                                                        {SweepDesign::Random, "random"},
                                                        {SweepDesign::LatinHypercube, "latin_hypercube"},
                                                        {SweepDesign::Table, "table"}};
  return table;
}

template <>
const std::vector<KindName<SweepDistribution>>& kindTable<SweepDistribution>() {
  static const std::vector<KindName<SweepDistribution>> table{{SweepDistribution::Uniform, "uniform"},
                                                              {SweepDistribution::Normal, "normal"},
                                                              {SweepDistribution::LogUniform, "log_uniform"},
                                                              {SweepDistribution::LogNormal, "log_normal"}};
  return table;
}

using sweep::normalCdf;
using sweep::quantile;

namespace {

namespace fs = std::filesystem;
using nlohmann::json;


// ---- JSON pointers (RFC 6901).

// The reference tokens, unescaped; "" when `pointer` is well-formed, else the problem.
std::string splitPointer(const std::string& pointer, std::vector<std::string>& tokens) {
  tokens.clear();
  if (pointer.empty()) return "";
  if (pointer[0] != '/') return "a JSON pointer must be empty or start with '/'";
  std::string token;
  for (size_t i = 1; i <= pointer.size(); ++i) {
    if (i == pointer.size() || pointer[i] == '/') {
      tokens.push_back(token);
      token.clear();
    } else if (pointer[i] == '~') {
      const char next = i + 1 < pointer.size() ? pointer[i + 1] : 0;
      if (next != '0' && next != '1') return "'~' must be followed by '0' or '1' in a JSON pointer";
      token += next == '0' ? '~' : '/';
      ++i;
    } else {
      token += pointer[i];
    }
  }
  return "";
}

// An array index token: digits without leading zeros; -1 when it is not one.
int64_t arrayIndex(const std::string& token) {
  if (token.empty() || token.size() > 15 || (token.size() > 1 && token[0] == '0')) return -1;
  for (char c : token)
    if (c < '0' || c > '9') return -1;
  return std::stoll(token);
}

// Walks to the parent of the pointer's target; "" when the target exists or is a new member of an
// existing object, else the problem. `target` gets the target (null when new).
std::string locate(const json& doc, const std::vector<std::string>& tokens, const json** target) {
  const json* at = &doc;
  *target = nullptr;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const bool last = i + 1 == tokens.size();
    const std::string& t = tokens[i];
    if (at->is_object()) {
      const auto it = at->find(t);
      if (it == at->end()) {
        if (last) return "";
        return "no member \"" + t + "\" in the model document";
      }
      at = &*it;
    } else if (at->is_array()) {
      const int64_t k = arrayIndex(t);
      if (k < 0) return "\"" + t + "\" is not an array index";
      if (k >= static_cast<int64_t>(at->size()))
        return "index " + t + " is beyond the end of an array of " + std::to_string(at->size());
      at = &(*at)[static_cast<size_t>(k)];
    } else {
      return "\"" + t + "\" goes into a " + std::string(at->type_name()) + ", not an object or array";
    }
  }
  *target = at;
  return "";
}

void assign(json& doc, const std::vector<std::string>& tokens, json value) {
  json* at = &doc;
  for (size_t i = 0; i + 1 < tokens.size(); ++i)
    at = at->is_array() ? &(*at)[static_cast<size_t>(arrayIndex(tokens[i]))] : &(*at)[tokens[i]];
  if (at->is_array()) (*at)[static_cast<size_t>(arrayIndex(tokens.back()))] = std::move(value);
  else (*at)[tokens.back()] = std::move(value);
}

json toJson(const SweepValue& v) {
  if (const Real* x = std::get_if<Real>(&v)) return *x;
  return std::get<std::string>(v);
}

std::string shown(const json& j) {
  std::string s = j.dump();
  if (s.size() > 80) s = s.substr(0, 77) + "...";
  return s;
}

fs::path besideSweep(const std::string& sweepFile, const std::string& name) {
  const fs::path p(name);
  return (p.is_absolute() ? p : fs::path(sweepFile).parent_path() / p).lexically_normal();
}

// ---- The CSV of a table design (RFC 4180): a header of parameter names, then one row per case.

std::vector<std::vector<std::string>> csvRecords(const std::string& text, const std::string& file) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false, any = false;
  int line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += '"', ++i;
      else if (c == '"') quoted = false;
      else field += c, line += c == '\n';
      continue;
    }
    if (c == '"' && field.empty()) quoted = any = true;
    else if (c == ',') record.push_back(field), field.clear(), any = true;
    else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      if (any || !field.empty()) record.push_back(field), records.push_back(record);
      record.clear(), field.clear(), any = false, ++line;
    } else if (c == '"') {
      throw ModelError(file + ":" + std::to_string(line), "", field, "a quote inside an unquoted CSV field");
    } else {
      field += c, any = true;
    }
  }
  if (quoted) throw ModelError(file, "", "", "a quoted CSV field is not closed");
  if (any || !field.empty()) record.push_back(field), records.push_back(record);
  return records;
}

SweepValue csvValue(const std::string& cell) {
  char* end = nullptr;
  const Real v = std::strtod(cell.c_str(), &end);
  if (!cell.empty() && end == cell.c_str() + cell.size() && std::isfinite(v) && !std::isspace(cell[0])) return v;
  return cell;
}


// ---- The reader.

const std::set<std::string> kTopKeys{"format", "version",    "description", "model",
                                     "design", "parameters", "outputs",     "keep_trajectories"};
const std::set<std::string> kDesignKeys{"type", "samples", "seed", "columns", "rows", "file"};
const std::set<std::string> kParameterKeys{"name", "pointer", "scale", "distribution", "min",
                                           "max",  "mean",    "sd",    "values",       "count"};
const std::set<std::string> kOutputKeys{"name", "summary", "final_q", "final_u", "contact_body", "figure"};
const std::map<std::string, ContactFigure> kContactFigures{{"peak_force_N", ContactFigure::PeakForce},
                                                           {"peak_force_time_s", ContactFigure::PeakForceTime},
                                                           {"first_contact_s", ContactFigure::FirstContact},
                                                           {"impact_speed_m_s", ContactFigure::ImpactSpeed}};

class SweepReader {
 public:
  SweepReader(std::string file, SweepSpec& spec) : file_(std::move(file)), s_(spec) { s_.file = file_; }

  [[noreturn]] void fail(const std::string& at, const json& value, const std::string& problem) const {
    throw ModelError(file_, at, value.is_null() ? "" : shown(value), problem);
  }

  void read(const json& doc) {
    if (!doc.is_object()) fail("", doc, "a sweep file must hold a JSON object");
    checkKeys(doc, "", kTopKeys);
    if (doc.value("format", json()) != "articula-sweep")
      fail("/format", doc.value("format", json()), "must be \"articula-sweep\"");
    if (!doc.contains("version") || doc["version"] != 1) fail("/version", doc.value("version", json()), "must be 1");
    readModelDocument(doc);
    readDesign(member(doc, "", "design", json::value_t::object));
    readParameters(member(doc, "", "parameters", json::value_t::array));
    if (s_.design == SweepDesign::Table) readTable(doc["design"]);
    checkTargets();
    checkNewMembers();
    if (doc.contains("outputs")) readOutputs(member(doc, "", "outputs", json::value_t::array));
    checkNames();
    if (doc.contains("keep_trajectories")) readKeep(doc["keep_trajectories"]);
  }

 private:
  const json& member(const json& parent, const std::string& at, const std::string& key, json::value_t type) const {
    const std::string where = at + "/" + key;
    if (!parent.contains(key)) fail(where, json(), "missing");
    const json& v = parent[key];
    const bool typeOk = type == json::value_t::number_float ? v.is_number() : v.type() == type;
    if (!typeOk)
      fail(where, v,
           "must be " + std::string(type == json::value_t::number_float ? "a number"
                                    : type == json::value_t::string     ? "a string"
                                    : type == json::value_t::array      ? "an array"
                                                                        : "an object"));
    return v;
  }
  void checkKeys(const json& object, const std::string& at, const std::set<std::string>& allowed) const {
    for (auto it = object.begin(); it != object.end(); ++it)
      if (!allowed.count(it.key())) fail(at + "/" + escape(it.key()), it.value(), "unknown key");
  }
  static std::string escape(const std::string& key) {
    std::string out;
    for (char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    return out;
  }
  Real number(const json& parent, const std::string& at, const std::string& key) const {
    return member(parent, at, key, json::value_t::number_float).get<Real>();
  }
  int64_t integer(const json& parent, const std::string& at, const std::string& key, int64_t least) const {
    const json& v = member(parent, at, key, json::value_t::number_float);
    const Real x = v.get<Real>();
    if (x != std::floor(x) || std::abs(x) > 9e15) fail(at + "/" + key, v, "must be a whole number");
    if (x < static_cast<Real>(least)) fail(at + "/" + key, v, "must be at least " + std::to_string(least));
    return static_cast<int64_t>(x);
  }
  std::string string(const json& parent, const std::string& at, const std::string& key) const {
    return member(parent, at, key, json::value_t::string).get<std::string>();
  }

  void readModelDocument(const json& doc) {
    const std::string name = string(doc, "", "model");
    s_.modelFile = besideSweep(file_, name).string();
    try {
      const std::string text = readJsonFileText(s_.modelFile);
      const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
      if (first != std::string::npos && text[first] == '<') {  // URDF, MJCF, .osim: as an Articula document
        model_ = loadModelFile(s_.modelFile);
        s_.baseDocument = writeArticulaModel(model_);
      } else {
        s_.baseDocument = parseJsonText(text, s_.modelFile);
        model_ = readModel(s_.baseDocument, s_.modelFile);
      }
    } catch (const std::exception& e) {
      fail("/model", json(name), std::string("the model cannot be read: ") + e.what());
    }
  }

  void readDesign(const json& d) {
    checkKeys(d, "/design", kDesignKeys);
    const std::string type = string(d, "/design", "type");
    const auto kind = kindNamed<SweepDesign>(type);
    if (!kind) fail("/design/type", d["type"], "unknown design (" + kindList<SweepDesign>() + ")");
    s_.design = *kind;
    const bool sampled = s_.design == SweepDesign::Random || s_.design == SweepDesign::LatinHypercube;
    for (const char* key : {"samples", "seed"})
      if (!sampled && d.contains(key)) fail(std::string("/design/") + key, d[key], "not used by a " + type + " design");
    for (const char* key : {"columns", "rows", "file"})
      if (s_.design != SweepDesign::Table && d.contains(key))
        fail(std::string("/design/") + key, d[key], "not used by a " + type + " design");
    if (!sampled) return;
    s_.samples = integer(d, "/design", "samples", 1);
    if (s_.samples > kMaxSweepCases) fail("/design/samples", d["samples"], "more than 1000000 cases");
    if (d.contains("seed")) s_.seed = static_cast<uint64_t>(integer(d, "/design", "seed", 0));
  }

  void readParameters(const json& list) {
    if (list.empty()) fail("/parameters", list, "a sweep needs at least one parameter");
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string at = "/parameters/" + std::to_string(i);
      if (!list[i].is_object()) fail(at, list[i], "must be an object");
      s_.parameters.push_back(readParameter(list[i], at));
    }
    if (s_.design == SweepDesign::Grid) {
      double size = 1;
      for (const SweepParameter& p : s_.parameters) size *= static_cast<double>(p.values.size());
      if (size > kMaxSweepCases)
        fail("/parameters", json(size), "the grid has more than 1000000 cases (the product of the value counts)");
    }
  }

  SweepParameter readParameter(const json& j, const std::string& at) {
    checkKeys(j, at, kParameterKeys);
    SweepParameter p;
    p.at = at;
    if (j.contains("pointer") == j.contains("scale"))
      fail(at, json(), "needs exactly one of \"pointer\" and \"scale\"");
    if (j.contains("pointer")) {
      p.pointer = string(j, at, "pointer");
      std::vector<std::string> tokens;
      const std::string problem = splitPointer(p.pointer, tokens);
      if (!problem.empty()) fail(at + "/pointer", j["pointer"], problem);
      if (tokens.empty()) fail(at + "/pointer", j["pointer"], "the empty pointer would replace the whole model");
      const json* target = nullptr;
      const std::string where = locate(s_.baseDocument, tokens, &target);
      if (!where.empty()) fail(at + "/pointer", j["pointer"], where);
      p.name = p.pointer;
    } else {
      const std::string scale = string(j, at, "scale");
      if (scale == "height") p.target = SweepTarget::ScaleHeight;
      else if (scale == "mass") p.target = SweepTarget::ScaleMass;
      else fail(at + "/scale", j["scale"], "must be \"height\" or \"mass\"");
      p.name = scale;
    }
    if (j.contains("name")) p.name = string(j, at, "name");
    if (p.name.empty()) fail(at + "/name", j["name"], "must not be empty");
    switch (s_.design) {
      case SweepDesign::Grid: readGridValues(j, at, p); break;
      case SweepDesign::Random:
      case SweepDesign::LatinHypercube: readDistribution(j, at, p); break;
      case SweepDesign::Table:
        for (const char* key : {"distribution", "min", "max", "mean", "sd", "values", "count"})
          if (j.contains(key)) fail(at + "/" + key, j[key], "not used by a table design (the table gives the values)");
        break;
    }
    return p;
  }

  void readGridValues(const json& j, const std::string& at, SweepParameter& p) const {
    for (const char* key : {"distribution", "mean", "sd"})
      if (j.contains(key)) fail(at + "/" + key, j[key], "not used by a grid design");
    if (j.contains("values")) {
      for (const char* key : {"min", "max", "count"})
        if (j.contains(key))
          fail(at + "/" + key, j[key], "a grid parameter gives either \"values\" or min, max, count");
      const json& values = member(j, at, "values", json::value_t::array);
      if (values.empty()) fail(at + "/values", values, "needs at least one value");
      for (size_t k = 0; k < values.size(); ++k) {
        if (values[k].is_number()) p.values.emplace_back(values[k].get<Real>());
        else if (values[k].is_string()) p.values.emplace_back(values[k].get<std::string>());
        else fail(at + "/values/" + std::to_string(k), values[k], "must be a number or a string");
      }
      return;
    }
    const Real min = number(j, at, "min"), max = number(j, at, "max");
    if (!(min < max)) fail(at + "/min", j["min"], "min must be below max (" + shown(j["max"]) + ")");
    const int64_t count = integer(j, at, "count", 1);
    if (count > kMaxSweepCases) fail(at + "/count", j["count"], "more than 1000000 values");
    for (int64_t k = 0; k < count; ++k)
      p.values.emplace_back(count == 1 ? min : min + (max - min) * static_cast<Real>(k) / static_cast<Real>(count - 1));
    if (count > 1) p.values.back() = max;  // exactly the end, whatever the rounding
  }

  void readDistribution(const json& j, const std::string& at, SweepParameter& p) const {
    for (const char* key : {"values", "count"})
      if (j.contains(key)) fail(at + "/" + key, j[key], "not used by a random or latin_hypercube design (grid only)");
    if (j.contains("distribution")) {
      const std::string name = string(j, at, "distribution");
      const auto kind = kindNamed<SweepDistribution>(name);
      if (!kind)
        fail(at + "/distribution", j["distribution"], "unknown distribution (" + kindList<SweepDistribution>() + ")");
      p.distribution = *kind;
    }
    const bool normalLike = p.distribution == SweepDistribution::Normal ||
                            p.distribution == SweepDistribution::LogNormal;
    const bool logarithmic = p.distribution == SweepDistribution::LogUniform ||
                             p.distribution == SweepDistribution::LogNormal;
    const std::string name = nameOf(p.distribution);
    for (const char* key : {"mean", "sd"})
      if (!normalLike && j.contains(key)) fail(at + "/" + key, j[key], "not used by a " + name + " distribution");
    if (normalLike) {
      p.mean = number(j, at, "mean");
      p.sd = number(j, at, "sd");
      if (!(p.sd > 0)) fail(at + "/sd", j["sd"], "must be positive");
    }
    p.hasMin = !normalLike || j.contains("min");
    p.hasMax = !normalLike || j.contains("max");
    if (p.hasMin) p.min = number(j, at, "min");
    if (p.hasMax) p.max = number(j, at, "max");
    if (logarithmic && p.hasMin && !(p.min > 0))
      fail(at + "/min", j["min"], "must be positive for a " + name + " distribution");
    if (logarithmic && !p.hasMin && p.hasMax && !(p.max > 0))
      fail(at + "/max", j["max"], "must be positive for a " + name + " distribution");
    if (p.hasMin && p.hasMax && !(p.min < p.max))
      fail(at + "/min", j["min"], "min must be below max (" + shown(j["max"]) + ")");
    if (normalLike && (p.hasMin || p.hasMax)) checkTruncation(j, at, p);
  }

  // Rejection draws from a truncated normal: refuse a window that keeps almost nothing.
  void checkTruncation(const json& j, const std::string& at, const SweepParameter& p) const {
    const bool logs = p.distribution == SweepDistribution::LogNormal;
    const Real lo = p.hasMin ? normalCdf(((logs ? std::log(p.min) : p.min) - p.mean) / p.sd) : 0;
    const Real hi = p.hasMax ? normalCdf(((logs ? std::log(p.max) : p.max) - p.mean) / p.sd) : 1;
    if (hi - lo < 1e-6)
      fail(at, j.value(p.hasMin ? "min" : "max", json()),
           "the truncation keeps less than 1e-6 of the distribution's probability");
  }

  void readTable(const json& d) {
    std::vector<std::string> columns;
    std::vector<std::vector<SweepValue>> rows;
    if (d.contains("file") == (d.contains("columns") || d.contains("rows")))
      fail("/design", json(), "a table design gives either \"file\" or \"columns\" and \"rows\"");
    std::string rowsAt = "/design/rows";
    if (d.contains("file")) {
      readCsvTable(d, columns, rows);
    } else {
      const json& cols = member(d, "/design", "columns", json::value_t::array);
      for (size_t k = 0; k < cols.size(); ++k) {
        if (!cols[k].is_string()) fail("/design/columns/" + std::to_string(k), cols[k], "must be a parameter name");
        columns.push_back(cols[k].get<std::string>());
      }
      const json& list = member(d, "/design", "rows", json::value_t::array);
      for (size_t r = 0; r < list.size(); ++r) {
        const std::string at = "/design/rows/" + std::to_string(r);
        if (!list[r].is_array()) fail(at, list[r], "a row must be an array of values");
        if (list[r].size() != columns.size())
          fail(at, list[r],
               "has " + std::to_string(list[r].size()) + " values for " + std::to_string(columns.size()) + " columns");
        rows.emplace_back();
        for (size_t k = 0; k < list[r].size(); ++k) {
          const json& v = list[r][k];
          if (v.is_number()) rows.back().emplace_back(v.get<Real>());
          else if (v.is_string()) rows.back().emplace_back(v.get<std::string>());
          else fail(at + "/" + std::to_string(k), v, "must be a number or a string");
        }
      }
    }
    arrangeTable(columns, rows, d.contains("file") ? "/design/file" : "/design/columns");
    if (s_.tableRows.empty()) fail(rowsAt, json(), "a table needs at least one row");
    if (static_cast<int64_t>(s_.tableRows.size()) > kMaxSweepCases) fail(rowsAt, json(), "more than 1000000 cases");
  }

  void readCsvTable(const json& d, std::vector<std::string>& columns, std::vector<std::vector<SweepValue>>& rows) {
    const std::string name = string(d, "/design", "file");
    const std::string csv = besideSweep(file_, name).string();
    std::string text;
    try {
      text = readJsonFileText(csv);  // a regular file within the size limit
    } catch (const std::exception& e) {
      fail("/design/file", d["file"], std::string("the table cannot be read: ") + e.what());
    }
    const auto records = csvRecords(text, csv);
    if (records.empty()) fail("/design/file", d["file"], "the table file is empty (it needs a header row)");
    columns = records[0];
    for (size_t r = 1; r < records.size(); ++r) {
      if (records[r].size() != columns.size())
        throw ModelError(csv, "row " + std::to_string(r), "",
                         "has " + std::to_string(records[r].size()) + " values for " + std::to_string(columns.size()) +
                             " columns");
      rows.emplace_back();
      for (const std::string& cell : records[r]) rows.back().push_back(csvValue(cell));
    }
  }

  // The table's columns in parameter order.
  void arrangeTable(const std::vector<std::string>& columns, const std::vector<std::vector<SweepValue>>& rows,
                    const std::string& at) {
    std::vector<size_t> columnOf;
    for (const SweepParameter& p : s_.parameters) {
      const auto it = std::find(columns.begin(), columns.end(), p.name);
      if (it == columns.end()) fail(at, json(p.name), "no column for the parameter (columns name the parameters)");
      columnOf.push_back(static_cast<size_t>(it - columns.begin()));
    }
    for (const std::string& c : columns)
      if (std::count(columns.begin(), columns.end(), c) != 1 ||
          std::none_of(s_.parameters.begin(), s_.parameters.end(),
                       [&](const SweepParameter& p) { return p.name == c; }))
        fail(at, json(c), "a column must name a parameter, once");
    for (const auto& row : rows) {
      s_.tableRows.emplace_back();
      for (size_t k : columnOf) s_.tableRows.back().push_back(row[k]);
    }
  }

  // A pointer's target must take the values the design gives: numbers where a number is (or a new
  // member), strings where a string is; scale parameters take positive numbers only.
  void checkTargets() const {
    for (size_t i = 0; i < s_.parameters.size(); ++i) {
      const SweepParameter& p = s_.parameters[i];
      bool numbers = false, strings = false;
      std::string firstString;
      auto see = [&](const SweepValue& v) {
        if (std::holds_alternative<Real>(v)) numbers = true;
        else if (!strings) strings = true, firstString = std::get<std::string>(v);
      };
      if (s_.design == SweepDesign::Grid) std::for_each(p.values.begin(), p.values.end(), see);
      else if (s_.design == SweepDesign::Table)
        for (const auto& row : s_.tableRows) see(row[i]);
      else numbers = true;
      if (p.target != SweepTarget::Pointer) {
        if (strings) fail(p.at, json(firstString), "a scale parameter takes numbers only");
        continue;
      }
      std::vector<std::string> tokens;
      splitPointer(p.pointer, tokens);
      const json* target = nullptr;
      locate(s_.baseDocument, tokens, &target);
      if (!target) continue;  // a new member takes any value
      if (numbers && !target->is_number())
        fail(p.at + "/pointer", json(p.pointer),
             "the design gives numbers but the model's value there is a " + std::string(target->type_name()) + " (" +
                 shown(*target) + ")");
      if (strings && !target->is_string())
        fail(p.at + "/pointer", json(p.pointer),
             "the design gives strings but the model's value there is a " + std::string(target->type_name()));
    }
    for (size_t i = 0; i < s_.parameters.size(); ++i)
      for (size_t k = 0; k < i; ++k) {
        const SweepParameter &a = s_.parameters[i], &b = s_.parameters[k];
        if (a.target == b.target && a.pointer == b.pointer)
          fail(a.at, json(a.pointer.empty() ? a.name : a.pointer), "changes what " + b.at + " changes");
      }
  }

  // A pointer to a new member is most often a misspelt key: the model is read with each new member
  // set to its first value, and a refusal at that very member refuses the sweep (errors elsewhere,
  // and at existing values, are the cases' own).
  void checkNewMembers() const {
    json doc = s_.baseDocument;
    std::vector<const SweepParameter*> added;
    for (size_t k = 0; k < s_.parameters.size(); ++k) {
      const SweepParameter& p = s_.parameters[k];
      if (p.target != SweepTarget::Pointer) continue;
      std::vector<std::string> tokens;
      splitPointer(p.pointer, tokens);
      const json* target = nullptr;
      locate(s_.baseDocument, tokens, &target);
      if (target) continue;
      added.push_back(&p);
      const SweepValue first = s_.design == SweepDesign::Grid    ? p.values[0]
                               : s_.design == SweepDesign::Table ? s_.tableRows[0][k]
                                                                 : SweepValue(quantile(p, 0.5));
      assign(doc, tokens, toJson(first));
    }
    if (added.empty()) return;
    try {
      readModel(doc, s_.modelFile);
    } catch (const ModelError& e) {
      for (const SweepParameter* p : added)
        if (e.path() == p->pointer)
          fail(p->at + "/pointer", json(p->pointer), "a new member the model refuses: " + e.problem());
    } catch (const std::exception&) {
    }
  }

  void readOutputs(const json& list) {
    std::vector<std::string> qNames, uNames;
    coordinateNames(qNames, uNames);
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string at = "/outputs/" + std::to_string(i);
      const json& j = list[i];
      if (!j.is_object()) fail(at, j, "must be an object");
      checkKeys(j, at, kOutputKeys);
      SweepOutput o;
      const int kinds = j.contains("summary") + j.contains("final_q") + j.contains("final_u") +
                        j.contains("contact_body");
      if (kinds != 1)
        fail(at, json(), "needs exactly one of \"summary\", \"final_q\", \"final_u\" and \"contact_body\"");
      if (j.contains("figure") && !j.contains("contact_body"))
        fail(at + "/figure", j["figure"], "only goes with \"contact_body\"");
      if (j.contains("contact_body")) {
        o.kind = SweepOutputKind::ContactBody;
        o.target = string(j, at, "contact_body");
        if (model_.findBody(o.target) < 0)
          fail(at + "/contact_body", j["contact_body"], "the model has no body of that name");
        if (j.contains("figure")) {
          const std::string figure = string(j, at, "figure");
          const auto it = kContactFigures.find(figure);
          if (it == kContactFigures.end())
            fail(at + "/figure", j["figure"],
                 "unknown figure (peak_force_N, peak_force_time_s, first_contact_s, impact_speed_m_s)");
          o.figure = it->second;
        }
      } else if (j.contains("summary")) {
        o.target = string(j, at, "summary");
        std::vector<std::string> tokens;
        const std::string problem = splitPointer(o.target, tokens);
        if (!problem.empty()) fail(at + "/summary", j["summary"], problem);
        if (tokens.empty()) fail(at + "/summary", j["summary"], "must point at one value of summary.json");
      } else {
        const bool speed = j.contains("final_u");
        o.kind = speed ? SweepOutputKind::FinalU : SweepOutputKind::FinalQ;
        const char* key = speed ? "final_u" : "final_q";
        o.target = string(j, at, key);
        const auto& names = speed ? uNames : qNames;
        if (std::find(names.begin(), names.end(), o.target) == names.end())
          fail(at + "/" + key, j[key],
               std::string("the model has no ") + (speed ? "speed" : "coordinate") +
                   " of that name (\"joint.coordinate\")");
      }
      o.name = o.target;
      if (j.contains("name")) o.name = string(j, at, "name");
      if (o.name.empty()) fail(at + "/name", j["name"], "must not be empty");
      s_.outputs.push_back(o);
    }
  }

  // "joint.coordinate" of every q and u, as trajectory.csv names them (quaternions: qw, qx, qy, qz).
  void coordinateNames(std::vector<std::string>& q, std::vector<std::string>& u) const {
    for (const BodySpec& b : model_.bodies) {
      const JointCoordinates jc = jointCoordinates(b.joint);
      size_t named = 0;
      if (jc.quaternion) {
        for (const char* c : {"qw", "qx", "qy", "qz"}) q.push_back(b.joint.name + "." + c);
        named = 3;
      }
      for (; named < jc.q.size(); ++named) q.push_back(b.joint.name + "." + jc.q[named].name);
      for (const CoordinateName& c : jc.u) u.push_back(b.joint.name + "." + c.name);
    }
  }

  void checkNames() const {
    std::map<std::string, std::string> seen{{"case", ""}, {"status", ""}, {"reason", ""}};
    auto check = [&](const std::string& name, const std::string& at) {
      const auto it = seen.find(name);
      if (it != seen.end())
        fail(at + "/name", json(name),
             it->second.empty() ? "a name the results table uses itself" : "the same name as " + it->second);
      seen[name] = at;
    };
    for (const SweepParameter& p : s_.parameters) check(p.name, p.at);
    for (size_t i = 0; i < s_.outputs.size(); ++i) check(s_.outputs[i].name, "/outputs/" + std::to_string(i));
  }

  void readKeep(const json& j) {
    if (j == "none") return;
    if (j == "all") {
      s_.keep = KeepTrajectories::All;
      return;
    }
    if (!j.is_array()) fail("/keep_trajectories", j, "must be \"none\", \"all\" or a list of case ids");
    s_.keep = KeepTrajectories::Listed;
    for (size_t i = 0; i < j.size(); ++i) {
      const std::string at = "/keep_trajectories/" + std::to_string(i);
      if (!j[i].is_number_integer() || j[i].get<int64_t>() < 0 || j[i].get<int64_t>() >= s_.numCases())
        fail(at, j[i], "must be a case id, 0 to " + std::to_string(s_.numCases() - 1));
      s_.keepCases.push_back(j[i].get<int64_t>());
    }
    std::sort(s_.keepCases.begin(), s_.keepCases.end());
    s_.keepCases.erase(std::unique(s_.keepCases.begin(), s_.keepCases.end()), s_.keepCases.end());
  }

  std::string file_;
  SweepSpec& s_;
  ModelSpec model_;
};

}  // namespace

int64_t SweepSpec::numCases() const {
  switch (design) {
    case SweepDesign::Grid: {
      int64_t n = 1;
      for (const SweepParameter& p : parameters) n *= static_cast<int64_t>(p.values.size());
      return n;
    }
    case SweepDesign::Random:
    case SweepDesign::LatinHypercube: return samples;
    case SweepDesign::Table: return static_cast<int64_t>(tableRows.size());
  }
  return 0;
}

bool SweepSpec::keepsTrajectory(int64_t caseId) const {
  if (keep == KeepTrajectories::All) return true;
  return keep == KeepTrajectories::Listed && std::binary_search(keepCases.begin(), keepCases.end(), caseId);
}

SweepSpec parseSweepText(const std::string& text, const std::string& file) {
  SweepSpec spec;
  SweepReader(file, spec).read(parseJsonText(text, file));
  return spec;
}

SweepSpec readSweepFile(const std::string& file) { return parseSweepText(readJsonFileText(file), file); }

json caseDocument(const SweepSpec& s, const SweepCase& c) {
  json doc = s.baseDocument;
  std::vector<std::string> tokens;
  for (size_t k = 0; k < s.parameters.size(); ++k) {
    if (s.parameters[k].target != SweepTarget::Pointer) continue;
    splitPointer(s.parameters[k].pointer, tokens);
    assign(doc, tokens, toJson(c.values[k]));
  }
  return doc;
}

}  // namespace articula::model
