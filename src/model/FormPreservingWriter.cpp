// writeKeepingForm: the canonical JSON of the model as read (o) and as edited (n) are walked
// together with the file's own text and parse; an unchanged value copies its source bytes, a
// changed one is written in the form the source used there. The result is read back and compared
// with n, so a form this writer gets wrong is an error, never a silently different model.
#include "articula/model/FormPreservingWriter.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <list>
#include <map>
#include <set>

#include "JsonParse.h"
#include "JsonSource.h"
#include "JsonText.h"
#include "ReadHelpers.h"
#include "articula/files/AtomicFile.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelFile.h"

namespace articula::model {

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

const json kAbsent;  // null: a member that is not there
const json kEmptyArray = json::array();
const JsonSpan kNoSpan{JsonSpan::Kind::Array, 0, 0, {}, {}, {}, {}};  // an array the file does not have

bool nearNumber(double a, double b, double tol) {
  return std::abs(a - b) <= tol * std::max({1.0, std::abs(a), std::abs(b)});
}

// Equal, numbers within a relative tolerance.
bool nearJson(const json& a, const json& b, double tol) {
  if (a.is_number() && b.is_number()) return nearNumber(a.get<double>(), b.get<double>(), tol);
  if (a.type() != b.type() || a.size() != b.size()) return false;
  if (a.is_array()) {
    for (size_t i = 0; i < a.size(); ++i)
      if (!nearJson(a[i], b[i], tol)) return false;
    return true;
  }
  if (a.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!b.contains(it.key()) || !nearJson(it.value(), b[it.key()], tol)) return false;
    return true;
  }
  return a == b;
}

// The JSON pointer of the first difference (for the error when the read-back model differs).
std::string firstDifference(const json& a, const json& b, const std::string& path) {
  if (a.is_object() && b.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!b.contains(it.key())) return path + "/" + it.key();
      else if (!nearJson(it.value(), b[it.key()], 1e-9))
        return firstDifference(it.value(), b[it.key()], path + "/" + it.key());
    for (auto it = b.begin(); it != b.end(); ++it)
      if (!a.contains(it.key())) return path + "/" + it.key();
  }
  if (a.is_array() && b.is_array() && a.size() == b.size())
    for (size_t i = 0; i < a.size(); ++i)
      if (!nearJson(a[i], b[i], 1e-9)) return firstDifference(a[i], b[i], path + "/" + std::to_string(i));
  return path;
}

// New numbers: whole ones without a decimal point, as an author writes them.
std::string numberText(const json& v) {
  if (!v.is_number_float()) return v.dump();
  const double x = v.get<double>();
  if (x == std::floor(x) && std::abs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  std::string s;
  appendJsonNumber(s, x);
  return s;
}

// A changed number written the way the source wrote the one it replaces: no decimals where the
// source had none and the value is whole, else at least the source's number of decimals.
std::string numberLike(std::string_view like, double x) {
  const bool plain = like.find_first_of(".eE") == std::string_view::npos;
  if (plain && x == std::floor(x) && std::abs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  std::string s;
  appendJsonNumber(s, x);
  const size_t dot = like.find('.'), sdot = s.find('.');
  if (dot != std::string_view::npos && like.find_first_of("eE") == std::string_view::npos &&
      s.find_first_of("eE") == std::string::npos && sdot != std::string::npos) {
    const size_t want = like.size() - dot - 1, have = s.size() - sdot - 1;
    if (have < want) s.append(want - have, '0');
  }
  return s;
}

bool isFlat(const json& v) {
  if (!v.is_structured()) return true;
  for (const json& x : v)
    if (x.is_structured()) return false;
  return v.is_array();
}

std::string inlineText(const json& v) {
  if (!v.is_structured()) return v.is_number() ? numberText(v) : v.dump();
  std::string s(1, v.is_object() ? '{' : '[');
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!first) s += ", ";
    first = false;
    if (v.is_object()) s += json(it.key()).dump() + ": ";
    s += inlineText(it.value());
  }
  return s + (v.is_object() ? '}' : ']');
}

// A value with no source text: on one line when short or flat, else one member per line.
void appendNew(std::string& out, const json& v, const std::string& indent) {
  const std::string line = inlineText(v);
  if (isFlat(v) || line.size() <= 100 || v.empty()) {
    out += line;
    return;
  }
  out += v.is_object() ? "{" : "[";
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    out += first ? "\n" : ",\n";
    first = false;
    out += indent + "  ";
    if (v.is_object()) out += json(it.key()).dump() + ": ";
    appendNew(out, it.value(), indent + "  ");
  }
  out += "\n" + indent + (v.is_object() ? "}" : "]");
}

std::string hexColor(const json& rgb) {
  std::string s = "#";
  for (const json& c : rgb) {
    const long k = std::lround(c.get<double>() * 255);
    const char* digits = "0123456789abcdef";
    s += digits[k / 16];
    s += digits[k % 16];
  }
  return s;
}

bool isHexExact(const json& rgb) {
  if (!rgb.is_array() || rgb.size() != 3) return false;
  for (const json& c : rgb)
    if (!c.is_number() || std::lround(c.get<double>() * 255) / 255.0 != c.get<double>()) return false;
  return true;
}

Vec3 vec3Of(const json& a) { return Vec3(a[0].get<double>(), a[1].get<double>(), a[2].get<double>()); }

// `angle` (degrees) plus the whole turns that bring it nearest `near`.
double nearestTurn(double angle, double near) { return angle + 360 * std::round((near - angle) / 360); }

// A number of the new value: the source's own number when within tol of it, else the shortest
// decimal within tol.
json keepOrRound(double x, const json& source, double tol) {
  if (source.is_number() && nearNumber(source.get<double>(), x, tol)) return source;
  return shortestNear(x, tol);
}

// The canonical orientation {"quaternion": [w, x, y, z]} in the form of `src` (axis + angle_deg,
// xyz_deg or matrix), angles taking the whole turn and axis direction nearest the source's.
json orientationLike(const json& src, const json& n) {
  const json& q = n.at("quaternion");
  const Rotation R = Quaternion::fromUnnormalized(
                         Vec4(q[0].get<double>(), q[1].get<double>(), q[2].get<double>(), q[3].get<double>()))
                         .toRotation();
  json f = json::object();
  if (src.contains("axis") && src.contains("angle_deg") && src["axis"].is_array()) {
    const Vec3 oldAxis = vec3Of(src["axis"]).normalized();
    auto [angle, axis] = R.toAngleAxis();
    if (std::abs(angle) < 1e-15 || !axis.allFinite()) axis = oldAxis, angle = 0;
    if (axis.dot(oldAxis) < 0) axis = -axis, angle = -angle;
    const bool sameAxis = (axis - oldAxis).norm() < 1e-9;
    f["axis"] = sameAxis ? src["axis"]
                         : json::array({shortestNear(axis[0], 1e-15), shortestNear(axis[1], 1e-15),
                                        shortestNear(axis[2], 1e-15)});
    f["angle_deg"] = keepOrRound(nearestTurn(angle / kDegree, src["angle_deg"].get<double>()), src["angle_deg"], 1e-9);
    return f;
  }
  if (src.contains("xyz_deg") && src["xyz_deg"].is_array() && src["xyz_deg"].size() == 3) {
    const Vec3 a = R.toBodyFixedXYZ() / kDegree;
    f["xyz_deg"] = json::array();
    for (int i = 0; i < 3; ++i) {
      const json& old = src["xyz_deg"][i];
      f["xyz_deg"].push_back(keepOrRound(nearestTurn(a[i], old.get<double>()), old, 1e-9));
    }
    return f;
  }
  if (src.contains("matrix")) {
    f["matrix"] = json::array();
    for (int r = 0; r < 3; ++r) {
      json row = json::array();
      for (int c = 0; c < 3; ++c) row.push_back(shortestNear(R.matrix()(r, c), 1e-15));
      f["matrix"].push_back(row);
    }
    return f;
  }
  return n;
}

// The canonical {"moments": [...], "products": [...]} as the source's [Ixx, Iyy, Izz(, Ixy, Ixz, Iyz)].
json inertiaLike(const json& src, const json& n) {
  json a = n.at("moments");
  const json& p = n.at("products");
  const bool noProducts = p[0] == 0 && p[1] == 0 && p[2] == 0;
  if (!(src.size() == 3 && noProducts))
    for (const json& x : p) a.push_back(x);
  return a;
}

json toDegrees(const json& radians) {
  if (radians.is_number()) {
    const double x = radians.get<double>();
    const std::optional<double> d = exactDegrees(x);
    return d ? *d : x / kDegree;
  }
  if (!radians.is_array()) return radians;
  json a = json::array();
  for (const json& x : radians) a.push_back(toDegrees(x));
  return a;
}

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

class FormMerge {
 public:
  FormMerge(const std::string& text, const ModelSpec& before, const ModelSpec& after, fs::path from, fs::path to)
      : t_(text), before_(before), after_(after), from_(std::move(from)), to_(std::move(to)) {}

  std::string run(const JsonSpan& root, const json& src, const json& o, const json& n) {
    src_ = &src;
    out_.append(t_, 0, root.begin);  // what surrounds the document (a final newline) stays too
    object(root, src, o, n, {});
    out_.append(t_, root.end, std::string::npos);
    return out_;
  }

 private:
  // One member or element of the written container: a source child (its key text kept) or a new member.
  struct Item {
    int source = -1;
    std::string key;
    std::function<void()> emit;
  };

  void copy(const JsonSpan& s) { out_.append(t_, s.begin, s.end - s.begin); }
  std::string text(const JsonSpan& s) const { return t_.substr(s.begin, s.end - s.begin); }

  // The text between the (p-1)th and pth child: the source's own there, else its last one, else
  // one derived from the space after the opening bracket.
  std::string separator(const JsonSpan& s, size_t p) const {
    const size_t n = s.children.size();
    if (p < n) return t_.substr(s.children[p - 1].end, s.childStart(p) - s.children[p - 1].end);
    if (n >= 2) return separator(s, n - 1);
    const std::string open = t_.substr(s.begin + 1, s.childStart(0) - s.begin - 1);
    return open.find('\n') != std::string::npos ? "," + open : ", ";
  }
  static std::string indentAfter(const std::string& sep) {
    const size_t nl = sep.rfind('\n');
    return nl == std::string::npos ? "" : sep.substr(nl + 1);
  }

  void container(const JsonSpan& s, const std::vector<Item>& items) {
    const bool obj = s.kind == JsonSpan::Kind::Object;
    if (items.empty() || s.children.empty()) {
      out_ += obj ? '{' : '[';
      for (size_t k = 0; k < items.size(); ++k) {
        if (k > 0) out_ += ", ";
        if (obj) out_ += json(items[k].key).dump() + ": ";
        items[k].emit();
      }
      out_ += obj ? '}' : ']';
      return;
    }
    out_.append(t_, s.begin, s.childStart(0) - s.begin);
    const std::string colon = obj ? t_.substr(s.keyEnd[0], s.children[0].begin - s.keyEnd[0]) : "";
    for (size_t k = 0; k < items.size(); ++k) {
      if (k > 0) out_ += separator(s, k);
      const Item& it = items[k];
      if (obj && it.source >= 0) {
        const size_t i = static_cast<size_t>(it.source);
        out_.append(t_, s.keyBegin[i], s.children[i].begin - s.keyBegin[i]);
      } else if (obj) {
        out_ += json(it.key).dump() + colon;
      }
      it.emit();
    }
    out_.append(t_, s.children.back().end, s.end - s.children.back().end);
  }

  // A new value at the indentation of the container's members.
  std::function<void()> fresh(const JsonSpan& s, const json& v) {
    const std::string indent = s.children.empty() ? "" : indentAfter(separator(s, s.children.size()));
    return [this, &v, indent] { appendNew(out_, v, indent); };
  }

  void value(const JsonSpan& s, const json& src, const json& o, const json& n, const std::string& key) {
    if (o == n) return copy(s);
    if (key == "orientation" && src.is_object() && !src.contains("quaternion") && n.is_object() &&
        n.contains("quaternion"))
      return formed(s, src, orientationLike(src, n));
    if (key == "color" && src.is_string() && isHexExact(n)) return formed(s, src, hexColor(n));
    if (key == "inertia" && src.is_array() && n.is_object()) return formed(s, src, inertiaLike(src, n));
    if (s.kind == JsonSpan::Kind::Object && n.is_object()) return object(s, src, o.is_object() ? o : json(), n, {});
    if (s.kind == JsonSpan::Kind::Array && n.is_array()) return array(s, src, o.is_array() ? o : json(), n);
    if (src.is_number() && n.is_number()) {
      out_ += n.is_number_float() ? numberLike(text(s), n.get<double>()) : n.dump();
      return;
    }
    appendNew(out_, n, "");
  }

  // A value already in the source's form: the source's text where it holds (nearly) the same.
  void formed(const JsonSpan& s, const json& src, const json& nf) {
    if (nearJson(src, nf, 1e-12)) return copy(s);
    if (s.kind == JsonSpan::Kind::Object && nf.is_object()) {
      std::vector<Item> items;
      for (size_t i = 0; i < s.keys.size(); ++i)
        if (nf.contains(s.keys[i])) {
          const std::string& k = s.keys[i];
          items.push_back(
              {static_cast<int>(i), k, [this, &s, &src, &nf, i, k] { formed(s.children[i], src[k], nf[k]); }});
        }
      for (auto it = nf.begin(); it != nf.end(); ++it)
        if (!src.contains(it.key())) items.push_back({-1, it.key(), fresh(s, it.value())});
      return container(s, items);
    }
    if (s.kind == JsonSpan::Kind::Array && nf.is_array() && nf.size() == src.size()) {
      std::vector<Item> items;
      for (size_t i = 0; i < nf.size(); ++i)
        items.push_back({static_cast<int>(i), "", [this, &s, &src, &nf, i] { formed(s.children[i], src[i], nf[i]); }});
      return container(s, items);
    }
    if (src.is_number() && nf.is_number()) {
      out_ += nf.is_number_float() ? numberLike(text(s), nf.get<double>()) : nf.dump();
      return;
    }
    appendNew(out_, nf, "");
  }

  // An object: the source's members in their order (unknown ones kept), changed ones rewritten,
  // removed ones dropped, new ones appended; "<key>_deg" members take the new "<key>" in degrees.
  void object(const JsonSpan& s, const json& src, const json& o, const json& n, const std::set<std::string>& drop) {
    const bool root = &src == src_;
    std::vector<Item> items;
    for (size_t i = 0; i < s.keys.size(); ++i) {
      const std::string& k = s.keys[i];
      const JsonSpan& c = s.children[i];
      const json& sv = src[k];
      const json& ov = o.is_object() && o.contains(k) ? o[k] : kAbsent;
      const std::string base = endsWith(k, "_deg") ? k.substr(0, k.size() - 4) : "";
      if (drop.count(k)) continue;
      if (root && k == "initial_state" && sv.is_object() && n.contains(k)) {
        items.push_back({static_cast<int>(i), k, [this, &c, &sv, &ov, &n] {
                           if (ov == n["initial_state"]) copy(c);
                           else initialState(c, sv, ov, n["initial_state"]);
                         }});
      } else if (root && k == "models" && from_ != to_) {
        items.push_back({static_cast<int>(i), k, [this, &c, &sv] { formed(c, sv, relocatedIncludes(sv)); }});
      } else if (n.is_object() && n.contains(k)) {
        const json& nv = n[k];
        if (k == "joint" && sv.is_object() && sv.contains("axis") && axisNoLongerApplies(ov, nv))
          items.push_back({static_cast<int>(i), k, [this, &c, &sv, &ov, &nv] { jointWithoutAxis(c, sv, ov, nv); }});
        else items.push_back({static_cast<int>(i), k, [this, &c, &sv, &ov, &nv, k] { value(c, sv, ov, nv, k); }});
      } else if (!ov.is_null()) {
        continue;  // removed
      } else if (!base.empty() && o.is_object() && o.contains(base)) {
        if (!n.contains(base)) continue;
        const json& obase = o[base];
        const json& nbase = n[base];
        items.push_back({static_cast<int>(i), k, [this, &c, &sv, &obase, &nbase] {
                           if (obase == nbase) copy(c);
                           else formed(c, sv, toDegrees(nbase));
                         }});
      } else {
        items.push_back({static_cast<int>(i), k, [this, &c] { copy(c); }});  // not in the model: kept
      }
    }
    if (n.is_object())
      for (auto it = n.begin(); it != n.end(); ++it) {
        const std::string& k = it.key();
        if (s.member(k) || s.member(k + "_deg")) continue;
        if (o.is_object() && o.contains(k) && o[k] == it.value()) continue;  // a default, or from an included model
        if (root && k == "initial_state" && s.member("initial_state")) continue;
        if (o.is_object() && o.contains(k) && o[k].is_array() && it.value().is_array()) {
          // Not in the file but in the model: elements of included models, and any new ones.
          const json& ov = o[k];
          const json& nv = it.value();
          items.push_back({-1, k, [this, &ov, &nv] { array(kNoSpan, kEmptyArray, ov, nv); }});
          continue;
        }
        items.push_back({-1, k, fresh(s, it.value())});
      }
    container(s, items);
  }

  // Arrays of named objects are matched by name (then a renamed one by position), others by
  // position. In a scenario the included models' bodies, forces... come first in the model and are
  // not in the file: they must be unchanged.
  void array(const JsonSpan& s, const json& src, const json& o, const json& n) {
    const size_t ns = s.children.size(), no = o.is_array() ? o.size() : 0;
    const size_t offset = no >= ns ? no - ns : 0;
    auto named = [](const json& a) {
      if (!a.is_array()) return false;
      for (const json& x : a)
        if (!x.is_object() || !x.contains("name") || !x["name"].is_string()) return false;
      return true;
    };
    const bool byName = named(o) && named(n);
    std::map<std::string, size_t> oByName, nByName;
    if (byName) {
      for (size_t i = 0; i < no; ++i) oByName[o[i]["name"].get<std::string>()] = i;
      for (size_t j = 0; j < n.size(); ++j) nByName[n[j]["name"].get<std::string>()] = j;
    }
    std::vector<Item> items;
    for (size_t j = 0; j < n.size(); ++j) {
      long oi = -1;
      if (!byName) oi = j < no ? static_cast<long>(j) : -1;
      else if (auto f = oByName.find(n[j]["name"].get<std::string>()); f != oByName.end())
        oi = static_cast<long>(f->second);
      else if (j < no && !nByName.count(o[j]["name"].get<std::string>())) oi = static_cast<long>(j);  // renamed
      const long si = oi >= static_cast<long>(offset) ? oi - static_cast<long>(offset) : -1;
      if (si >= 0 && si < static_cast<long>(ns)) {
        const size_t i = static_cast<size_t>(si), k = static_cast<size_t>(oi);
        items.push_back({static_cast<int>(i), "",
                         [this, &s, &src, &o, &n, i, j, k] { value(s.children[i], src[i], o[k], n[j], ""); }});
      } else if (oi >= 0) {
        if (o[static_cast<size_t>(oi)] != n[j])
          throw Error("the edit changes \"" + n[j].value("name", std::string("?")) +
                      "\", which comes from a model the file includes (\"models\"): edit that model's file");
      } else {
        items.push_back({-1, "", fresh(s, n[j])});
      }
    }
    container(s, items);
  }

  // A joint given with "axis" has frames rotated by the reader; when the frames' orientations or
  // the type change the axis no longer describes them, so it is dropped and the frames written whole.
  static bool axisNoLongerApplies(const json& o, const json& n) {
    if (!o.is_object()) return true;
    for (const char* f : {"parent_frame", "child_frame"})
      if (o.value(f, json()).value("orientation", json()) != n.value(f, json()).value("orientation", json()))
        return true;
    return o.value("type", json()) != n.value("type", json());
  }
  void jointWithoutAxis(const JsonSpan& s, const json& src, const json& o, const json& n) {
    json o2 = o;
    for (const char* f : {"parent_frame", "child_frame"}) o2[f]["orientation"] = nullptr;
    held_.push_back(std::move(o2));
    object(s, src, held_.back(), n, {"axis"});
  }

  // The "models" entries' paths made relative to the target's folder: the file, its package_paths
  // and the mesh files of the shapes it adds.
  json relocatedIncludes(const json& models) {
    json m = models;
    const auto relocate = [this](json& path) {
      if (path.is_string())
        path = (from_ / path.get<std::string>()).lexically_normal().lexically_relative(to_).generic_string();
    };
    if (!m.is_array()) return m;
    for (json& e : m) {
      if (!e.is_object()) continue;
      if (e.contains("file")) relocate(e["file"]);
      if (e.contains("package_paths") && e["package_paths"].is_array())
        for (json& p : e["package_paths"]) relocate(p);
      if (e.contains("geometry") && e["geometry"].is_object())
        for (json& shapes : e["geometry"])
          if (shapes.is_array())
            for (json& g : shapes)
              if (g.is_object() && g.contains("file")) relocate(g["file"]);
    }
    return m;
  }

  // "initial_state": q, q_deg, u, u_deg merged coordinate by coordinate (degrees where the file
  // gave degrees); a new coordinate joins q_deg / u_deg when it is an angle and the file has them.
  void initialState(const JsonSpan& s, const json& src, const json& o, const json& n) {
    std::map<std::string, std::vector<std::string>> added;  // target member -> new coordinates
    for (const bool isU : {false, true}) {
      const std::string si = isU ? "u" : "q", deg = si + "_deg";
      const auto& a = isU ? after_.initialState.u : after_.initialState.q;
      const auto& b = isU ? before_.initialState.u : before_.initialState.q;
      for (const auto& [key, x] : a) {
        const bool inFile = (src.contains(si) && src[si].contains(key)) ||
                            (src.contains(deg) && src[deg].contains(key));
        const auto old = b.find(key);
        if (inFile || (old != b.end() && old->second == x)) continue;
        const bool angular = isAngularCoordinate(key, isU);
        const bool toDeg = angular && (src.contains(deg) || (!src.contains(si) && after_.initialState.degrees));
        added[toDeg ? deg : si].push_back(key);
      }
    }
    std::vector<Item> items;
    for (size_t i = 0; i < s.keys.size(); ++i) {
      const std::string& k = s.keys[i];
      const JsonSpan& c = s.children[i];
      const json& sv = src[k];
      if ((k == "q" || k == "u" || k == "q_deg" || k == "u_deg") && sv.is_object()) {
        items.push_back({static_cast<int>(i), k, [this, &c, k, list = added[k]] { coordinates(c, k, list); }});
        added.erase(k);
      } else if (k == "hold") {
        if (!n.contains("hold")) continue;
        const json& ov = o.is_object() && o.contains("hold") ? o["hold"] : kAbsent;
        items.push_back({static_cast<int>(i), k, [this, &c, &sv, &ov, &n] { value(c, sv, ov, n["hold"], "hold"); }});
      } else {
        items.push_back({static_cast<int>(i), k, [this, &c] { copy(c); }});
      }
    }
    for (const auto& [k, list] : added) {
      json m = json::object();
      for (const std::string& key : list) m[key] = coordinateValue(key, k);
      held_.push_back(std::move(m));
      items.push_back({-1, k, fresh(s, held_.back())});
    }
    if (n.contains("hold") && !s.member("hold")) items.push_back({-1, "hold", fresh(s, n["hold"])});
    container(s, items);
  }

  void coordinates(const JsonSpan& s, const std::string& member, const std::vector<std::string>& added) {
    const bool isU = member[0] == 'u';
    const auto& a = isU ? after_.initialState.u : after_.initialState.q;
    const auto& b = isU ? before_.initialState.u : before_.initialState.q;
    std::vector<Item> items;
    for (size_t i = 0; i < s.keys.size(); ++i) {
      const std::string& key = s.keys[i];
      const auto now = a.find(key);
      if (now == a.end()) continue;  // removed
      const auto old = b.find(key);
      const JsonSpan& c = s.children[i];
      if (old != b.end() && old->second == now->second)
        items.push_back({static_cast<int>(i), key, [this, &c] { copy(c); }});
      else
        items.push_back({static_cast<int>(i), key, [this, &c, key, member] {
                           out_ += numberLike(text(c), coordinateValue(key, member).get<double>());
                         }});
    }
    for (const std::string& key : added) {
      held_.push_back(coordinateValue(key, member));
      items.push_back({-1, key, fresh(s, held_.back())});
    }
    container(s, items);
  }

  json coordinateValue(const std::string& key, const std::string& member) const {
    const bool isU = member[0] == 'u';
    const double x = (isU ? after_.initialState.u : after_.initialState.q).at(key);
    return endsWith(member, "_deg") ? toDegrees(x) : json(x);
  }

  bool isAngularCoordinate(const std::string& key, bool isU) const {
    const size_t dot = key.rfind('.');
    for (const BodySpec& b : after_.bodies)
      if (dot != std::string::npos && b.joint.name == key.substr(0, dot))
        for (const CoordinateName& c : isU ? jointCoordinates(b.joint).u : jointCoordinates(b.joint).q)
          if (c.name == key.substr(dot + 1)) return c.angular;
    return false;
  }

  const json* src_ = nullptr;  // the document's root
  const std::string& t_;
  const ModelSpec& before_;
  const ModelSpec& after_;
  fs::path from_, to_;
  std::string out_;
  std::list<json> held_;  // values built here that emitters refer to (a list: stable addresses)
};

fs::path folderOf(const std::string& file) { return fs::absolute(fs::path(file)).lexically_normal().parent_path(); }

}  // namespace

ModelSource readModelSource(const std::string& file, const LoadOptions& options) {
  ModelSource s;
  s.file = file;
  s.options = options;
  s.text = readJsonFileText(file);
  s.spec = readModelText(s.text, file, options);
  return s;
}

std::string writeKeepingForm(const ModelSource& source, const ModelSpec& edited, const std::string& target) {
  if (source.spec.sourceFormat != SourceFormat::Articula)
    throw Error(source.file + ": not an Articula model file: it has no form to keep");
  const ModelSpec after = withMeshesRelativeTo(edited, target);
  const json o = writeArticulaModel(withMeshesRelativeTo(source.spec, source.file));
  const json n = writeArticulaModel(after);
  const fs::path from = folderOf(source.file), to = folderOf(target);
  if (o == n && from == to) return source.text;
  const json src = parseJsonText(source.text, source.file);
  const JsonSpan root = scanJsonSource(source.text);
  FormMerge merge(source.text, source.spec, after, from, to);
  const std::string text = merge.run(root, src, o, n);
  // The meshes were read from the source's folder: reading them back from there is no new access
  // (a reader of the written file elsewhere names that folder with --allow-path, as before).
  LoadOptions readBack = source.options;
  readBack.allowedPaths.push_back(from.string());
  json back;
  try {
    back = writeArticulaModel(readModelText(text, target, readBack));
  } catch (const Error& e) {
    throw Error("keeping the form of " + source.file + " failed: the text written reads back with an error (" +
                e.what() + "); write the canonical form instead (articula convert --canonical)");
  }
  if (!nearJson(back, n, 1e-9))
    throw Error("keeping the form of " + source.file + " failed: " + firstDifference(back, n, "") +
                " reads back differently; write the canonical form instead (articula convert --canonical)");
  return text;
}

void saveKeepingForm(const ModelSource& source, const ModelSpec& edited, const std::string& target) {
  files::writeFileAtomically(target, writeKeepingForm(source, edited, target));
}

}  // namespace articula::model
