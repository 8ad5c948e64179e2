// A Context over MJCF text for the tests of the import's parts (tests/model/internal/Mjcf*_test).
#pragma once
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "articula/model/ModelError.h"
#include "model/MjcfContext.h"

namespace articula::model::mjcf::testing {

struct Parsed {
  std::string file = "t.xml";
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

// The ModelError message of `f`, "" if it does not throw.
inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

}  // namespace articula::model::mjcf::testing
