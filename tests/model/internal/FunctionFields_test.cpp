// A function written and read back is the same function; the reader refuses unknown types by name.
#include "model/FunctionFields.h"

#include <gtest/gtest.h>

#include "articula/model/ModelError.h"

using namespace articula::model;
using nlohmann::json;

TEST(FunctionFields, WrittenFunctionsReadBackUnchanged) {
  const std::vector<FunctionSpec> specs{
      {FunctionType::Linear, {2, 0.5}, {}, {}, {"a"}},
      {FunctionType::Sinusoid, {1, 2, 0, 0.1}, {}, {}, {"t"}},
      {FunctionType::Spline, {}, {0, 1, 2}, {0, 1, 0}, {"t"}},
      {FunctionType::FmmSpline, {}, {0, 1, 2, 4}, {0, 1, 0, 3}, {"a"}},
      {FunctionType::PiecewiseLinear, {}, {0, 1}, {2, 3}, {"a"}},
      {FunctionType::PiecewiseConstant, {}, {0}, {2}, {"t"}},
      {FunctionType::SineProduct, {0.2, 1, 0, 1, 1.5}, {}, {}, {"a", "t"}},
      {FunctionType::NaturalSpline, {}, {0, 1, 2, 3}, {0, 1, 0, 3}, {"t"}, 5},
  };
  for (const FunctionSpec& f : specs) {
    SCOPED_TRACE(nameOf(f.type));
    const json j = writeFunction(f);
    EXPECT_EQ(j["type"], nameOf(f.type));
    EXPECT_EQ(writeFunction(readFunction(JsonNode(j, "f.json"), {"a", "t"})), j);
  }
}

TEST(FunctionFields, UnknownTypeNamesTheAllowedOnes) {
  const json j{{"type", "cosine"}, {"coefficients", {1}}, {"args", {"t"}}};
  try {
    readFunction(JsonNode(j, "f.json", "/f"), {"t"});
    FAIL();
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "unknown function type (constant, linear, polynomial, sinusoid, smooth_step, spline, fmm_spline, "
                  "piecewise_linear, piecewise_constant, sine_product, natural_spline)"),
              std::string::npos)
        << e.what();
  }
}

TEST(FunctionFields, KnotAndArgumentCounts) {
  auto error = [](const json& j) {
    try {
      readFunction(JsonNode(j, "f.json", "/f"), {"a", "b"});
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_NE(error({{"type", "piecewise_linear"}, {"x", {0}}, {"y", {1}}, {"args", {"a"}}}).find("/f/x"),
            std::string::npos);
  EXPECT_EQ(error({{"type", "piecewise_constant"}, {"x", {0}}, {"y", {1}}, {"args", {"a"}}}), "(no error)");
  EXPECT_NE(error({{"type", "sine_product"}, {"coefficients", {1, 1, 0, 1, 0}}, {"args", {"a"}}}).find("2 argument"),
            std::string::npos);
  EXPECT_NE(error({{"type", "sine_product"}, {"coefficients", {1, 1, 0}}, {"args", {"a", "b"}}}).find("5 coefficients"),
            std::string::npos);
  // natural_spline: a degree of 1, 3, 5 or 7 with at least (degree + 1) / 2 knots; no other kind has one.
  const json spline{{"type", "natural_spline"}, {"x", {0, 1, 2}}, {"y", {1, 0, 1}}, {"args", {"a"}}};
  const auto withDegree = [&](int d) {
    json j = spline;
    j["degree"] = d;
    return j;
  };
  EXPECT_EQ(error(withDegree(5)), "(no error)");
  EXPECT_NE(error(withDegree(4)).find("/f/degree = 4: expected 1, 3, 5 or 7"), std::string::npos);
  EXPECT_NE(error(withDegree(7)).find("needs at least 4 knots"), std::string::npos);
  EXPECT_NE(error(spline).find("degree"), std::string::npos) << error(spline);
  EXPECT_NE(error({{"type", "linear"}, {"coefficients", {1, 0}}, {"degree", 3}, {"args", {"a"}}})
                .find("only a natural_spline has a degree"),
            std::string::npos);
}
