// A Context over OpenSim text for the tests of the import's parts (tests/model/internal/Osim*_test),
// and a document wrapper for small models.
#pragma once
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "articula/model/ModelError.h"
#include "model/OsimContext.h"

namespace articula::model::osim::testing {

struct Parsed {
  std::string file = "t.osim";
  LoadOptions options;
  Context c{file, options};
  const XMLElement* root = nullptr;
  explicit Parsed(const std::string& text) { root = c.xml.parse(text, file); }
  // The first element of this tag (depth first), or with this name attribute when `name` is given.
  const XMLElement* find(const std::string& tag, const std::string& name = "") const { return find(root, tag, name); }
  static const XMLElement* find(const XMLElement* el, const std::string& tag, const std::string& name) {
    for (const XMLElement* e = el->FirstChildElement(); e; e = e->NextSiblingElement()) {
      const char* n = e->Attribute("name");
      if (tag == e->Name() && (name.empty() || (n && name == n))) return e;
      if (const XMLElement* inner = find(e, tag, name)) return inner;
    }
    return nullptr;
  }
};

// <OpenSimDocument> around `inner`.
inline std::string document(const std::string& inner) {
  return "<OpenSimDocument Version=\"40000\">\n" + inner + "</OpenSimDocument>\n";
}

// A model of `bodies` (each "name") and `joints` (XML).
inline std::string osimModel(const std::vector<std::string>& bodies, const std::string& joints,
                             const std::string& more = "") {
  std::string b;
  for (const std::string& n : bodies)
    b += "<Body name=\"" + n + "\"><mass>1</mass><inertia>0.1 0.1 0.1 0 0 0</inertia></Body>\n";
  return document("<Model name=\"m\">\n<BodySet><objects>\n" + b + "</objects></BodySet>\n<JointSet><objects>\n" +
                  joints + "</objects></JointSet>\n" + more + "</Model>\n");
}

// The ModelError message of `f`, "" if it does not throw.
inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

}  // namespace articula::model::osim::testing
