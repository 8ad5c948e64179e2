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
      {"<GCVSpline><x>0 1</x><y>0 1</y></GCVSpline>", "<GCVSpline> half_order: expected 1, 2, 3 or 4"},
      {"<GCVSpline><half_order>3</half_order><x>0 1 2 3 4</x><y>0 1 2 3 4</y></GCVSpline>",
       "<GCVSpline> x = 0 1 2 3 4: needs at least 2 half_order values"},
      {"<GCVSpline><half_order>2</half_order><error_variance>-1</error_variance><x>0 1 2 3</x><y>0 1 2 3</y>"
       "</GCVSpline>",
       "error_variance = -1: a smoothing GCVSpline is not supported yet (0 interpolates)"},
      {"<MultivariatePolynomialFunction/>", "function not supported yet"},
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

// A GCVSpline at error variance 0 is the interpolating natural spline of degree 2·half_order − 1:
// through every knot, reproducing a polynomial of degree below half_order (here a line, degree 5),
// with natural ends (derivatives m .. 2m − 2 zero there: for the quintic, the third and fourth),
// and through the JSON format as natural_spline with that degree.
TEST(OsimFunctions, GcvSplineInterpolatesWithNaturalEnds) {
  const FunctionSpec g = read(
      "<GCVSpline name=\"f\"><half_order>3</half_order><error_variance>0</error_variance>"
      "<x>0 0.5 1 1.5 2 3 4</x><y>0 0.3 -0.2 0.9 1.4 0.2 0.5</y></GCVSpline>");
  EXPECT_EQ(g.type, FunctionType::NaturalSpline);
  EXPECT_EQ(g.degree, 5);
  const FunctionPtr f = makeFunction(g);
  for (size_t i = 0; i < g.x.size(); ++i) EXPECT_NEAR(f->value(g.x[i]), g.y[i], 1e-13) << i;
  const Real h = 1e-4;
  for (Real x : {0.2, 1.25, 3.7}) {
    EXPECT_NEAR(f->derivative(x), (f->value(x + h) - f->value(x - h)) / (2 * h), 1e-6) << x;
    EXPECT_NEAR(f->secondDerivative(x), (f->derivative(x + h) - f->derivative(x - h)) / (2 * h), 1e-5) << x;
  }
  // Third derivative at the ends from the second's slope just inside: zero for a natural quintic.
  EXPECT_NEAR((f->secondDerivative(h) - f->secondDerivative(0)) / h, 0, 1e-2);
  EXPECT_NEAR((f->secondDerivative(4) - f->secondDerivative(4 - h)) / h, 0, 1e-2);
  const FunctionSpec line = read(
      "<GCVSpline><half_order>3</half_order><x>0 1 2 3 5 8</x><y>1 3 5 7 11 17</y></GCVSpline>");  // 2x + 1
  for (Real x : {0.3, 2.5, 4.4, 7.9}) EXPECT_NEAR(makeFunction(line)->value(x), 2 * x + 1, 1e-12) << x;
  const std::string scaled =
      "<MultiplierFunction><function><GCVSpline><half_order>3</half_order><x>0 1 2 3 5 8</x>"
      "<y>1 3 5 7 11 17</y></GCVSpline></function><scale>-2</scale></MultiplierFunction>";
  const FunctionSpec m = read(scaled);
  EXPECT_EQ(m.degree, 5);
  EXPECT_NEAR(makeFunction(m)->value(2.5), -2 * 6, 1e-12);
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
