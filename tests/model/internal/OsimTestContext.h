// A Context over OpenSim text for the tests of the import's parts (tests/model/internal/Osim*_test),
// and a document wrapper for small models.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "XmlTestContext.h"
#include "model/OsimContext.h"

namespace articula::model::osim::testing {

struct Parsed : model::testing::ParsedXml<Context> {
  explicit Parsed(const std::string& text) : ParsedXml(text, "t.osim") {}
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

using model::testing::errorOf;

}  // namespace articula::model::osim::testing
