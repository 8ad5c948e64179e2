// A Context over MJCF text for the tests of the import's parts (tests/model/internal/Mjcf*_test).
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "XmlTestContext.h"
#include "model/MjcfContext.h"

namespace articula::model::mjcf::testing {

struct Parsed : model::testing::ParsedXml<Context> {
  explicit Parsed(const std::string& text) : ParsedXml(text, "t.xml") {}
};

using model::testing::errorOf;

}  // namespace articula::model::mjcf::testing
