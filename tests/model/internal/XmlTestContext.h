// What the tests of the XML imports' parts share (tests/model/internal/Mjcf*_test, Osim*_test): a
// parsed document with its import Context, element lookup, and the message of a refusal.
#pragma once
#include <gtest/gtest.h>
#include <tinyxml2.h>

#include <functional>
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelError.h"

namespace articula::model::testing {

// `text` parsed as file `name` into a fresh import Context (MJCF's or OpenSim's).
template <class ContextT>
struct ParsedXml {
  std::string file;
  LoadOptions options;
  ContextT c{file, options};
  const tinyxml2::XMLElement* root = nullptr;
  ParsedXml(const std::string& text, std::string name) : file(std::move(name)) { root = c.xml.parse(text, file); }
  // The first element of this tag (depth first), or with this name attribute when `name` is given.
  const tinyxml2::XMLElement* find(const std::string& tag, const std::string& name = "") const {
    return find(root, tag, name);
  }
  static const tinyxml2::XMLElement* find(const tinyxml2::XMLElement* el, const std::string& tag,
                                          const std::string& name) {
    for (const tinyxml2::XMLElement* e = el->FirstChildElement(); e; e = e->NextSiblingElement()) {
      const char* n = e->Attribute("name");
      if (tag == e->Name() && (name.empty() || (n && name == n))) return e;
      if (const tinyxml2::XMLElement* inner = find(e, tag, name)) return inner;
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

}  // namespace articula::model::testing
