// The strict JSON parser of model files: depth limit, duplicate keys, NUL characters and number
// overflow are refused with the JSON path and line reached; no input crashes it.
#include "model/JsonParse.h"

#include <gtest/gtest.h>

#include "articula/model/ModelError.h"

using namespace articula::model;

namespace {
// The error parsing `text` (empty when it parsed).
std::string errorOf(const std::string& text) {
  try {
    parseJsonText(text, "f.json");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}
std::string nested(size_t depth, const std::string& inner = "1") {
  return std::string(depth, '[') + inner + std::string(depth, ']');
}
}  // namespace

TEST(JsonParse, ParsesOrdinaryDocuments) {
  const auto j = parseJsonText(R"({"a": [1, 2.5, "x", null, true], "b": {"c": -3}})", "f.json");
  EXPECT_EQ(j["a"][1].get<double>(), 2.5);
  EXPECT_EQ(j["b"]["c"].get<int>(), -3);
  EXPECT_EQ(errorOf(nested(kMaxJsonDepth)), "");  // exactly the limit
}

TEST(JsonParse, RefusesNestingBeyondTheLimitWithoutCrashing) {
  EXPECT_NE(errorOf(nested(kMaxJsonDepth + 1)).find("nested deeper than 100 levels"), std::string::npos);
  const std::string deep = errorOf(R"({"description": )" + nested(100000) + "}");
  EXPECT_EQ(deep.rfind("f.json: /description/0/0/0/", 0), 0u) << deep.substr(0, 200);
  EXPECT_NE(deep.find("nested deeper than 100 levels"), std::string::npos);
  EXPECT_LT(deep.size(), 300u);  // the path is shortened, between whole tokens
  EXPECT_NE(deep.find("/0/.../0/"), std::string::npos) << deep;
  EXPECT_EQ(deep.find("//"), std::string::npos) << deep;
  EXPECT_NE(errorOf(std::string(100000, '[')).find("nested deeper"), std::string::npos);  // unclosed arrays too
  // A path that ends in a long key (found by fuzz/model_file_fuzz: the cut searched for a '/').
  const std::string longKey = errorOf("{\"" + std::string(200, 'k') + "\": {\"a\": 1, \"a\": 2}}");
  EXPECT_NE(longKey.find("kkk/.../a: duplicate key"), std::string::npos) << longKey;
}

TEST(JsonParse, RefusesDuplicateKeysNamingThePath) {
  EXPECT_EQ(errorOf(R"({"bodies": [{"mass": 1, "name": "a", "mass": 2}]})"),
            R"(f.json: /bodies/0/mass: duplicate key "mass" (a later value would silently replace the first))");
  EXPECT_EQ(errorOf(R"({"a": {"x": 1}, "b": {"x": 1}})"), "");  // the same key in different objects
}

TEST(JsonParse, RefusesNulCharacters) {
  EXPECT_EQ(errorOf(std::string("{\"a\": 1}\n\0{}", 12)),
            "f.json: /: not valid JSON at line 2, column 1: a NUL byte in the file");
  EXPECT_EQ(errorOf(R"({"names": ["ok", "a\u0000b"]})"),
            "f.json: /names/1: a string must not hold a NUL character (\\u0000)");
  EXPECT_EQ(errorOf(R"({"x": {"a\u0000": 1}})"), "f.json: /x/: a key must not hold a NUL character (\\u0000)");
}

TEST(JsonParse, NamesThePathAndLineOfANumberOverflow) {
  EXPECT_EQ(errorOf("{\n \"bodies\": [\n  {\"mass\": 1e999}]}"),
            "f.json: /bodies/0/mass: not valid JSON at line 3, column 16: number 1e999 is out of range");
  EXPECT_EQ(errorOf("[1, 2, -1e400]"),
            "f.json: /2: not valid JSON at line 1, column 13: number -1e400 is out of range");
}

TEST(JsonParse, RefusesMalformedUtf8AndSyntaxErrorsWithTheirLine) {
  const std::string cut = errorOf("{\"description\": \"abc\xC3\"}");
  EXPECT_NE(cut.find("f.json: /description: not valid JSON at line 1"), std::string::npos) << cut;
  EXPECT_NE(cut.find("ill-formed UTF-8"), std::string::npos) << cut;
  EXPECT_NE(errorOf("{\n\"a\": 1,,\n}").find("not valid JSON at line 2"), std::string::npos);
  EXPECT_NE(errorOf("").find("not valid JSON at line 1"), std::string::npos);
}
