// Excerpts of JSON values for messages: dump()'s layout, bounded length, no recursion, whole UTF-8 characters.
#include "model/JsonExcerpt.h"

#include <gtest/gtest.h>

using namespace articula::model;
using nlohmann::json;

TEST(JsonExcerpt, ShortValuesReadAsDumpWritesThem) {
  const json v = json::parse(R"({"b": [1, 2.5, "x\"y"], "a": {"c": null, "d": true}})");
  EXPECT_EQ(jsonExcerpt(v, 60), v.dump());
  EXPECT_EQ(jsonExcerpt(json::array(), 60), "[]");
  EXPECT_EQ(jsonExcerpt(json::object(), 60), "{}");
  EXPECT_EQ(jsonExcerpt(json(-2.0), 60), "-2.0");
}

TEST(JsonExcerpt, LongValuesAreCutToTheLimit) {
  json v = json::array();
  for (int i = 0; i < 1000; ++i) v.push_back(i);
  const std::string e = jsonExcerpt(v, 60);
  EXPECT_EQ(e.size(), 60u);
  EXPECT_EQ(e, v.dump().substr(0, 57) + "...");
}

TEST(JsonExcerpt, DeepNestingNeedsNoRecursion) {
  json v = 1;
  for (int i = 0; i < 200000; ++i) {  // dump() would overflow the stack here
    json a = json::array();
    a.push_back(std::move(v));
    v = std::move(a);
  }
  EXPECT_EQ(jsonExcerpt(v, 60), std::string(57, '[') + "...");
}

TEST(JsonExcerpt, CutsBetweenUtf8Characters) {
  std::string e8;
  for (int i = 0; i < 8; ++i) e8 += "\xC3\xA9";                            // é
  const std::string e = jsonExcerpt(json(std::string(43, 'a') + e8), 60);  // 61 bytes as JSON
  // 57 bytes would end inside the 7th é: the cut backs off to the character's start.
  EXPECT_EQ(e, "\"" + std::string(43, 'a') + e8.substr(0, 12) + "...");
  EXPECT_LE(e.size(), 60u);
}
