// scanJsonSource: the spans of values, keys and members, byte for byte.
#include "model/JsonSource.h"

#include <gtest/gtest.h>

using namespace articula::model;

namespace {
std::string spanText(const std::string& t, const JsonSpan& s) { return t.substr(s.begin, s.end - s.begin); }
}  // namespace

TEST(JsonSource, SpansOfMembersElementsAndKeys) {
  const std::string t = " {\"a\" : [1, 2.50 ,\"x\\\"]\"], \"b\\u0063\":{\"c\": {}},\n \"d\": -1e-5 } \n";
  const JsonSpan root = scanJsonSource(t);
  ASSERT_EQ(root.kind, JsonSpan::Kind::Object);
  EXPECT_EQ(spanText(t, root), t.substr(1, t.size() - 3));           // without the space around it
  ASSERT_EQ(root.keys, (std::vector<std::string>{"a", "bc", "d"}));  // keys decoded, in file order
  EXPECT_EQ(t.substr(root.keyBegin[1], root.keyEnd[1] - root.keyBegin[1]), "\"b\\u0063\"");
  const JsonSpan& a = root.children[0];
  ASSERT_EQ(a.children.size(), 3u);
  EXPECT_EQ(spanText(t, a.children[1]), "2.50");
  EXPECT_EQ(spanText(t, a.children[2]), "\"x\\\"]\"");
  EXPECT_EQ(spanText(t, *root.member("bc")->member("c")), "{}");
  EXPECT_EQ(spanText(t, *root.member("d")), "-1e-5");
  EXPECT_EQ(root.member("e"), nullptr);
  EXPECT_EQ(root.childStart(2), t.find("\"d\""));
}

TEST(JsonSource, EmptyContainersAndScalarDocuments) {
  EXPECT_TRUE(scanJsonSource("[]").children.empty());
  EXPECT_EQ(scanJsonSource("{ }").end, 3u);
  const JsonSpan s = scanJsonSource("  true ");
  EXPECT_EQ(s.begin, 2u);
  EXPECT_EQ(s.end, 6u);
}
