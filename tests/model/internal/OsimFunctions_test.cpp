// OpenSim functions (src/model/OsimFunctions.h): each kind's FunctionSpec, polynomial coefficients
// reversed, a MultiplierFunction's scale folded in exactly (checked by evaluating both), refusals.
#include "model/OsimFunctions.h"

#include <gtest/gtest.h>

#include <cmath>

#include "OsimTestContext.h"
#include "articula/model/JointTypes.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim;
using namespace articula::model::osim::testing;

namespace {

FunctionSpec read(const std::string& xml) {
  Parsed p(document("<TransformAxis name=\"t\">" + xml + "</TransformAxis>"));
  return readFunction(p.c, functionElement(p.find("TransformAxis")), "q");
}

}  // namespace

TEST(OsimFunctions, EachKindAsAFunctionOfItsCoordinate) {
  const FunctionSpec lin = read(
      "<LinearFunction name=\"function\"><coefficients> 2 -0.5</coefficients></LinearFunction>");
  EXPECT_EQ(lin.type, FunctionType::Linear);
  EXPECT_EQ(lin.coefficients, (std::vector<Real>{2, -0.5}));
  EXPECT_EQ(lin.args, std::vector<std::string>{"q"});
  const FunctionSpec k = read("<Constant><value>0.25</value></Constant>");
  EXPECT_EQ(k.coefficients, std::vector<Real>{0.25});
  EXPECT_FALSE(isZero(k));
  EXPECT_TRUE(isZero(read("<Constant><value>0</value></Constant>")));
  // 3 q^2 - q + 4, highest power first in the file: 3·4 - 2 + 4 = 14 at q = 2.
  const FunctionSpec poly = read("<PolynomialFunction><coefficients>3 -1 4</coefficients></PolynomialFunction>");
  EXPECT_EQ(poly.coefficients, (std::vector<Real>{4, -1, 3}));
  EXPECT_DOUBLE_EQ(makeFunction(poly)->value(2), 14);
  const FunctionSpec sine = read(
      "<Sine><amplitude>2</amplitude><omega>3</omega><phase>0.5</phase><offset>1</offset></Sine>");
  EXPECT_NEAR(makeFunction(sine)->value(0.2), 2 * std::sin(0.6 + 0.5) + 1, 1e-15);
  const FunctionSpec s = read("<SimmSpline><x>0 1 2 3</x><y>0 1 8 27</y></SimmSpline>");  // q^3
  EXPECT_EQ(s.type, FunctionType::FmmSpline);
  EXPECT_NEAR(makeFunction(s)->value(1.5), 3.375, 1e-14);
  EXPECT_EQ(read("<NaturalCubicSpline><x>0 1</x><y>0 1</y></NaturalCubicSpline>").type, FunctionType::FmmSpline);
}

TEST(OsimFunctions, MultiplierScalesExactly) {
  const std::string spline = "<SimmSpline><x>-1 0 0.5 2</x><y>0.1 -0.2 0.3 0.05</y></SimmSpline>";
  const FunctionPtr inner = makeFunction(read(spline));
  const FunctionPtr scaled = makeFunction(read("<MultiplierFunction name=\"function\"><function>" + spline +
                                               "</function><scale>1.5</scale></MultiplierFunction>"));
  for (Real q : {-2.0, -0.7, 0.2, 1.1, 3.0}) {
    EXPECT_NEAR(scaled->value(q), 1.5 * inner->value(q), 1e-14) << q;
    EXPECT_NEAR(scaled->derivative(q), 1.5 * inner->derivative(q), 1e-14) << q;
    EXPECT_NEAR(scaled->secondDerivative(q), 1.5 * inner->secondDerivative(q), 1e-13) << q;
  }
  const FunctionSpec sine = read(
      "<MultiplierFunction><function><Sine><amplitude>2</amplitude><omega>3</omega><phase>0.5</phase><offset>1</offset>"
      "</Sine></function><scale>-2</scale></MultiplierFunction>");
  EXPECT_NEAR(makeFunction(sine)->value(0.2), -2 * (2 * std::sin(0.6 + 0.5) + 1), 1e-14);
}

TEST(OsimFunctions, RefusalsNameTheElement) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"<GCVSpline><x>0 1</x><y>0 1</y></GCVSpline>", "<GCVSpline> = GCVSpline: function not supported yet"},
      {"<SimmSpline><x>0 1 1</x><y>0 1 2</y></SimmSpline>",
       "<SimmSpline> x = 0 1 1: the values must increase strictly"},
      {"<SimmSpline><x>0 1 2</x><y>0 1</y></SimmSpline>", "<SimmSpline> y = 0 1: needs as many values as <x> (3)"},
      {"<LinearFunction><coefficients>1</coefficients></LinearFunction>",
       "<LinearFunction> coefficients = 1: expected 2 numbers"},
      {"<MultiplierFunction><scale>2</scale></MultiplierFunction>", "needs the function it scales"},
  };
  for (const auto& [xml, want] : cases) {
    const std::string e = errorOf([&] { read(xml); });
    EXPECT_NE(e.find(want), std::string::npos) << e;
    EXPECT_EQ(e.rfind("t.osim:", 0), 0u) << e;
  }
}

TEST(OsimFunctions, PiecewiseAndStepFunctions) {
  const FunctionSpec pl = read("<PiecewiseLinearFunction><x>0 1 3</x><y>0 2 1</y></PiecewiseLinearFunction>");
  EXPECT_EQ(pl.type, FunctionType::PiecewiseLinear);
  EXPECT_DOUBLE_EQ(makeFunction(pl)->value(2), 1.5);
  EXPECT_DOUBLE_EQ(makeFunction(pl)->value(5), 0);  // extrapolated with the last slope -1/2
  const FunctionSpec pc = read("<PiecewiseConstantFunction><x>0 1</x><y>3 4</y></PiecewiseConstantFunction>");
  EXPECT_EQ(pc.type, FunctionType::PiecewiseConstant);
  EXPECT_DOUBLE_EQ(makeFunction(pc)->value(0.5), 3);
  // SimTK's Step: the quintic 10 s³ - 15 s⁴ + 6 s⁵ from start to end; s = 1/2 gives half way.
  const FunctionSpec st = read(
      "<StepFunction><start_time>1</start_time><end_time>3</end_time><start_value>-1</start_value>"
      "<end_value>5</end_value></StepFunction>");
  EXPECT_EQ(st.type, FunctionType::SmoothStep);
  EXPECT_DOUBLE_EQ(makeFunction(st)->value(2), 2);
  EXPECT_DOUBLE_EQ(makeFunction(st)->value(0), -1);
  const Real s = 0.25, want = -1 + 6 * (s * s * s * (10 - 15 * s + 6 * s * s));
  EXPECT_NEAR(makeFunction(st)->value(1.5), want, 1e-14);
  // Scaled by a MultiplierFunction: the values, not the times.
  const FunctionSpec m = read(
      "<MultiplierFunction><function><StepFunction><end_time>2</end_time></StepFunction>"
      "</function><scale>3</scale></MultiplierFunction>");
  EXPECT_DOUBLE_EQ(makeFunction(m)->value(2), 3);
  EXPECT_DOUBLE_EQ(makeFunction(m)->value(1), 1.5);
  Parsed p(document("<TransformAxis name=\"t\"><StepFunction><end_time>0</end_time></StepFunction></TransformAxis>"));
  EXPECT_NE(errorOf([&] {
              readFunction(p.c, functionElement(p.find("TransformAxis")), "q");
            }).find("must differ from start_time"),
            std::string::npos);
}
