// OpenSim property values (OsimContext.h).
#include "OsimContext.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

namespace articula::model::osim {

std::string text(const XMLElement* el, const char* name) {
  const XMLElement* e = child(el, name);
  const char* t = e ? e->GetText() : nullptr;
  if (!t) return "";
  std::string s = t;
  const size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

void failAt(const Context& c, const XMLElement* el, const char* name, const std::string& problem) {
  const XMLElement* at = name ? child(el, name) : nullptr;
  c.xml.fail(at ? at : el, describe(el) + (name ? std::string(" ") + name : ""), name ? text(el, name) : "", problem);
}

std::vector<Real> numbers(const Context& c, const XMLElement* el, const char* name, size_t min, size_t max,
                          const std::vector<Real>& fallback) {
  if (!child(el, name)) {
    if (fallback.empty() && min > 0) failAt(c, el, name, std::string("missing <") + name + ">");
    return fallback;
  }
  std::istringstream in(text(el, name));
  std::vector<Real> v;
  std::string word;
  while (in >> word) {
    char* end = nullptr;
    errno = 0;
    const Real x = std::strtod(word.c_str(), &end);
    if (*end != '\0' || errno == ERANGE || !std::isfinite(x))
      failAt(c, el, name, "\"" + word + "\" is not a finite number");
    v.push_back(x);
  }
  if (v.size() < min || v.size() > max)
    failAt(c, el, name,
           min == max ? "expected " + std::to_string(min) + " numbers"
                      : "expected " + std::to_string(min) + " to " + std::to_string(max) + " numbers");
  return v;
}

Real scalar(const Context& c, const XMLElement* el, const char* name, Real fallback) {
  return numbers(c, el, name, 1, 1, {fallback})[0];
}

Vec3 vec3(const Context& c, const XMLElement* el, const char* name, const Vec3& fallback) {
  const std::vector<Real> v = numbers(c, el, name, 3, 3, {fallback[0], fallback[1], fallback[2]});
  return Vec3(v[0], v[1], v[2]);
}

bool flag(const Context& c, const XMLElement* el, const char* name, bool fallback) {
  if (!child(el, name)) return fallback;
  const std::string t = text(el, name);
  if (t == "true") return true;
  if (t == "false") return false;
  failAt(c, el, name, "expected true or false");
}

const char* socketName(const Context& c, const XMLElement* el, const char* socket) {
  static const std::map<std::string, const char*> opensim3{{"socket_parent_frame", "body"},
                                                           {"socket_body_1", "body_1"},
                                                           {"socket_body_2", "body_2"},
                                                           {"socket_frame1", "body_1"},
                                                           {"socket_frame2", "body_2"},
                                                           {"socket_line_body", "line_body"},
                                                           {"socket_follower_body", "follower_body"},
                                                           {"socket_coordinate", "coordinate"},
                                                           {"socket_x_coordinate", "x_coordinate"},
                                                           {"socket_y_coordinate", "y_coordinate"},
                                                           {"socket_z_coordinate", "z_coordinate"}};
  if (!c.opensim3() || child(el, socket)) return socket;
  const auto it = opensim3.find(socket);
  return it == opensim3.end() ? socket : it->second;
}

std::string nameOf(const Context& c, const XMLElement* el) {
  const char* n = el->Attribute("name");
  if (!n || !*n) c.xml.fail(el, describe(el) + " name", "", "missing attribute \"name\"");
  return n;
}

}  // namespace articula::model::osim
