// describeModelFile / checkModelFile (`articula info`, `validate`): the text and counts of models
// written here, checked against what each model says.
#include "articula/model/ModelDescription.h"

#include <gtest/gtest.h>

#include <fstream>

#include "articula/model/ModelError.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {

std::string body(const std::string& name, const std::string& parent, double mass, const std::string& type = "pin") {
  const std::string axis = type == "pin" ? R"(, "axis": [0, 1, 0])" : "";
  return R"({"name": ")" + name + R"(", "mass": )" + std::to_string(mass) +
         R"(, "inertia": {"moments": [0.1, 0.1, 0.1]}, "joint": {"name": "j_)" + name + R"(", "type": ")" + type +
         R"(", "parent": ")" + parent + "\"" + axis + "}}";
}

std::string writeModel(const TempDir& dir, const std::vector<std::string>& bodies) {
  std::string list;
  for (const auto& b : bodies) list += (list.empty() ? "" : ", ") + b;
  const std::string file = dir / "m.json";
  std::ofstream(file) << R"({"format": "articula-model", "version": 1, "name": "m", "bodies": [)" << list << "]}";
  return file;
}

}  // namespace

TEST(ModelDescription, TreeIsDepthFirstInFileOrder) {
  TempDir dir;
  // ground -> a -> {b -> d, c}; b's child d comes last in the file but right after b in the tree.
  const std::string file = writeModel(
      dir, {body("a", "ground", 1), body("b", "a", 2), body("c", "a", 3, "weld"), body("d", "b", 4, "free")});
  const std::string text = describeModelFile(file);
  EXPECT_NE(text.find("Model m (" + file + ", articula format)\n"), std::string::npos) << text;
  // 1 + 1 + 0 + 6 degrees of freedom (pin, pin, weld, free); the free joint's quaternion adds a coordinate.
  EXPECT_NE(text.find("  4 bodies, 8 degrees of freedom (9 coordinates), total mass 10 kg, 0 geometry shapes\n"),
            std::string::npos)
      << text;
  const std::string tree =
      "  ground\n"
      "    a  1 kg  [pin \"j_a\": angle]\n"
      "      b  2 kg  [pin \"j_b\": angle]\n"
      "        d  4 kg  [free \"j_d\": ";
  EXPECT_NE(text.find(tree), std::string::npos) << text;
  EXPECT_NE(text.find("\n      c  3 kg  [weld \"j_c\"]\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Scenario: "), std::string::npos);
}

TEST(ModelDescription, DeepTreesWriteTheLevelInsteadOfIndenting) {
  TempDir dir;
  const auto name = [](int i) {  // b1, b2, ...
    std::string n = "b";
    return n += std::to_string(i);
  };
  std::vector<std::string> chain;
  for (int i = 1; i <= 20; ++i) chain.push_back(body(name(i), i == 1 ? "ground" : name(i - 1), 1));
  const std::string text = describeModelFile(writeModel(dir, chain));
  EXPECT_NE(text.find("\n" + std::string(2 + 32, ' ') + "b16  1 kg"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  " + std::string(32, ' ') + "(17) b17  1 kg"), std::string::npos) << text;
  EXPECT_NE(text.find("(20) b20"), std::string::npos);
}

TEST(ModelDescription, CheckCountsBodiesFreedomsMassAndConstraints) {
  const ModelCheck pendulum = checkModelFile(sourcePath("models/double_pendulum.json"));
  EXPECT_EQ(pendulum.bodies, 2u);  // two 1 kg rods on pins (the file's description)
  EXPECT_EQ(pendulum.degreesOfFreedom, 2);
  EXPECT_DOUBLE_EQ(pendulum.mass, 2.0);
  EXPECT_EQ(pendulum.constraints, 0u);
  // The four-bar: one ball joint closing the loop, 3 equations (docs/model-format.md's example).
  const ModelCheck fourBar = checkModelFile(sourcePath("models/four_bar.json"));
  EXPECT_EQ(fourBar.constraints, 1u);
  EXPECT_EQ(fourBar.constraintEquations, 3);
}

TEST(ModelDescription, BadModelsThrowTheReadersError) {
  TempDir dir;
  const std::string file = dir / "bad.json";
  std::ofstream(file) << R"({"format": "articula-model", "version": 1, "bodies": [{"name": "x", "mass": -1}]})";
  EXPECT_THROW(checkModelFile(file), ModelError);
  EXPECT_THROW(describeModelFile(file), ModelError);
  EXPECT_THROW(describeModelFile(dir / "missing.json"), Error);
}
