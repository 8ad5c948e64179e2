// OpenSim coordinate forces and actuators (src/model/OsimForces.h), on small .osim files written
// here: a CoordinateLimitForce holds a pendulum at the equilibrium of its spring against gravity,
// a SpringGeneralizedForce (spring and viscosity) swings it as the damped oscillator's closed form,
// a CoordinateActuator is a joint_actuator of zero drive; degrees convert for rotational
// coordinates only (OpenSim's motion-type rule); bad values are refused naming file:line.
#include "model/OsimForces.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "OsimTestContext.h"
#include "articula/integrators/integrators.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/OsimImport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim::testing;

namespace {

constexpr Real kG = 9.80665, kM = 1, kL = 0.5, kIzz = 0.01;
constexpr Real kI = kIzz + kM * kL * kL;  // about the pin
constexpr Real kDeg = std::numbers::pi / 180;

// A pendulum: body "arm" (mass 1, mass centre 0.5 m along x) on a PinJoint about z at the ground,
// coordinate q starting at `q0` rad; gravity −y (or none); `forces` in the ForceSet.
std::string pendulum(const std::string& forces, Real q0 = 0, bool gravity = true) {
  return document(std::string("<Model name=\"p\">\n") + (gravity ? "" : "<gravity>0 0 0</gravity>\n") +
                  "<BodySet><objects>\n<Body name=\"arm\"><mass>1</mass><mass_center>0.5 0 0</mass_center>"
                  "<inertia>0.01 0.01 0.01 0 0 0</inertia></Body>\n</objects></BodySet>\n"
                  "<JointSet><objects>\n<PinJoint name=\"pin\"><socket_parent_frame>/ground</socket_parent_frame>"
                  "<socket_child_frame>/bodyset/arm</socket_child_frame><coordinates><Coordinate name=\"q\">"
                  "<default_value>" +
                  std::to_string(q0) +
                  "</default_value></Coordinate></coordinates></PinJoint>\n</objects></JointSet>\n"
                  "<ForceSet><objects>\n" +
                  forces + "</objects></ForceSet>\n</Model>\n");
}

// q of the pin after `t` seconds (RungeKuttaMerson at accuracy 1e-10).
Real qAfter(const ModelSpec& m, Real t) {
  const BuiltModel b = buildModel(m, "t.osim");
  auto integ = makeIntegrator("RungeKuttaMerson", *b.system);
  integ->setAccuracy(1e-10);
  integ->initialize(b.initialState);
  while (integ->getState().getTime() < t) integ->stepTo(t);
  return integ->getState().getQ()[0];
}

const ForceSpec& force(const ModelSpec& m, const std::string& name) {
  for (const ForceSpec& f : m.forces)
    if (f.name == name) return f;
  throw std::runtime_error("no force " + name);
}

}  // namespace

// Below the lower limit by d (beyond the transition) the limit's torque K d balances gravity's
// m g L cos q: K (q_low − q) = m g L cos q, solved here by Newton's method. The stiffness is
// 2 N m per degree, the limit −30°, the transition 0.5° (the equilibrium is 2.1° past it).
TEST(OsimForces, CoordinateLimitForceHoldsAPendulumAtTheAnalyticEquilibrium) {
  const ModelSpec m = importOsim(
      pendulum("<CoordinateLimitForce name=\"lim\"><coordinate>q</coordinate><upper_stiffness>2</upper_stiffness>"
               "<upper_limit>90</upper_limit><lower_stiffness>2</lower_stiffness><lower_limit>-30</lower_limit>"
               "<damping>0.05</damping><transition>0.5</transition></CoordinateLimitForce>\n"),
      "t.osim");
  EXPECT_TRUE(m.warnings.empty()) << m.warnings[0];
  const ForceSpec& f = force(m, "lim");
  EXPECT_EQ(f.type, ForceType::CoordinateLimitForce);
  EXPECT_EQ(f.bodies.at("body"), "arm");
  EXPECT_EQ(*f.coordinate, "q");
  const Real K = 2 / kDeg, qLow = -30 * kDeg;
  EXPECT_NEAR(f.numbers.at("lower_stiffness")[0], K, 1e-12);
  EXPECT_NEAR(f.numbers.at("damping")[0], 0.05 / kDeg, 1e-14);
  EXPECT_NEAR(f.numbers.at("transition")[0], 0.5 * kDeg, 1e-16);
  Real q = qLow;
  for (int i = 0; i < 50; ++i) {
    const Real r = K * (qLow - q) - kM * kG * kL * std::cos(q), dr = -K + kM * kG * kL * std::sin(q);
    q -= r / dr;
  }
  ASSERT_GT(qLow - q, 0.5 * kDeg);  // past the transition: the full spring
  EXPECT_NEAR(qAfter(m, 6), q, 1e-7);
}

// I θ'' + c θ' + k θ = 0 for θ = q − rest: θ = A e^{−αt} (cos ω_d t + α/ω_d sin ω_d t) from rest at A,
// α = c/2I, ω_d = sqrt(k/I − α²). Without gravity.
TEST(OsimForces, SpringGeneralizedForceSwingsAsTheDampedOscillator) {
  const Real k = 3, rest = 0.2, c = 0.1, q0 = 0.5;
  const ModelSpec m = importOsim(pendulum("<SpringGeneralizedForce name=\"spring\"><coordinate>q</coordinate>"
                                          "<stiffness>3</stiffness><rest_length>0.2</rest_length>"
                                          "<viscosity>0.1</viscosity></SpringGeneralizedForce>\n",
                                          q0, false),
                                 "t.osim");
  ASSERT_EQ(m.forces.size(), 2u);
  EXPECT_EQ(force(m, "spring").type, ForceType::MobilityLinearSpring);
  EXPECT_EQ(force(m, "spring viscosity").type, ForceType::MobilityLinearDamper);
  const Real alpha = c / (2 * kI), wd = std::sqrt(k / kI - alpha * alpha), A = q0 - rest;
  for (Real t : {0.37, 1.9}) {
    const Real expected = rest + A * std::exp(-alpha * t) * (std::cos(wd * t) + alpha / wd * std::sin(wd * t));
    EXPECT_NEAR(qAfter(m, t), expected, 1e-7) << t;
  }
}

// Without a controller OpenSim's control is 0: the actuator is there, named, and exerts nothing —
// the pendulum falls as without it (q'' = −m g L cos q / I at the start, checked over a short time).
TEST(OsimForces, CoordinateActuatorIsAJointActuatorOfZeroDrive) {
  const ModelSpec m = importOsim(
      pendulum("<CoordinateActuator name=\"motor\"><coordinate>q</coordinate><optimal_force>50"
               "</optimal_force><min_control>-1</min_control><max_control>1</max_control>"
               "</CoordinateActuator>\n<TorqueActuator name=\"tq\"/>\n"),
      "t.osim");
  const ForceSpec& f = force(m, "motor");
  EXPECT_EQ(f.type, ForceType::JointActuator);
  EXPECT_EQ(f.numbers.at("scale")[0], 50);
  ASSERT_TRUE(f.function);
  EXPECT_EQ(f.function->type, FunctionType::Constant);
  EXPECT_EQ(f.function->coefficients, std::vector<Real>{0});
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_NE(m.warnings[0].find("<TorqueActuator> (actuator without a controller"), std::string::npos) << m.warnings[0];
  const Real t = 1e-3;
  EXPECT_NEAR(qAfter(m, t), -0.5 * kM * kG * kL / kI * t * t, 1e-9);
}

// A CustomJoint's coordinate on a translation axis with a LinearFunction of slope 1 is
// translational: its limits stay in metres; on a rotation axis they are degrees.
TEST(OsimForces, DegreesConvertForRotationalCoordinatesOnly) {
  const std::string joint =
      "<CustomJoint name=\"j\"><socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/a"
      "</socket_child_frame><coordinates><Coordinate name=\"x\"/><Coordinate name=\"r\"/></coordinates>"
      "<SpatialTransform><TransformAxis name=\"rotation1\"><coordinates>r</coordinates><axis>0 0 1</axis>"
      "<LinearFunction><coefficients>1 0</coefficients></LinearFunction></TransformAxis>"
      "<TransformAxis name=\"rotation2\"><axis>1 0 0</axis></TransformAxis>"
      "<TransformAxis name=\"rotation3\"><axis>0 1 0</axis></TransformAxis>"
      "<TransformAxis name=\"translation1\"><coordinates>x</coordinates><axis>1 0 0</axis>"
      "<function><LinearFunction><coefficients>1 0</coefficients></LinearFunction></function></TransformAxis>"
      "<TransformAxis name=\"translation2\"><axis>0 1 0</axis></TransformAxis>"
      "<TransformAxis name=\"translation3\"><axis>0 0 1</axis></TransformAxis></SpatialTransform></CustomJoint>\n";
  auto limit = [](const std::string& name, const std::string& q) {
    return "<CoordinateLimitForce name=\"" + name + "\"><coordinate>" + q +
           "</coordinate><upper_limit>0.3</upper_limit><lower_limit>-0.2</lower_limit></CoordinateLimitForce>";
  };
  const ModelSpec m = importOsim(
      osimModel({"a"}, joint, "<ForceSet><objects>" + limit("lx", "x") + limit("lr", "r") + "</objects></ForceSet>"),
      "t.osim");
  EXPECT_EQ(force(m, "lx").numbers.at("upper")[0], 0.3);
  EXPECT_EQ(force(m, "lx").numbers.at("upper_stiffness")[0], 1);  // OpenSim's default, N/m
  EXPECT_NEAR(force(m, "lr").numbers.at("upper")[0], 0.3 * kDeg, 1e-16);
  EXPECT_NEAR(force(m, "lr").numbers.at("upper_stiffness")[0], 1 / kDeg, 1e-12);
  EXPECT_NEAR(force(m, "lr").numbers.at("transition")[0], 0.1 * kDeg, 1e-16);  // OpenSim's default 0.1°
}

TEST(OsimForces, NotAppliedForcesAreNotedAndBadValuesRefused) {
  const ModelSpec m = importOsim(pendulum("<SpringGeneralizedForce name=\"s\"><appliesForce>false</appliesForce>"
                                          "<coordinate>q</coordinate></SpringGeneralizedForce>\n"),
                                 "t.osim");
  EXPECT_TRUE(m.forces.empty());
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_NE(m.warnings[0].find("not applied (appliesForce false)"), std::string::npos);
  auto refusal = [](const std::string& element) {
    return errorOf([&] { importOsim(pendulum(element + "\n"), "t.osim"); });
  };
  std::string e = refusal(
      "<CoordinateLimitForce name=\"l\"><coordinate>q</coordinate><transition>0</transition>"
      "</CoordinateLimitForce>");
  EXPECT_NE(e.find("t.osim:"), std::string::npos) << e;
  EXPECT_NE(e.find("transition"), std::string::npos) << e;
  EXPECT_NE(e.find("must be positive"), std::string::npos) << e;
  e = refusal(
      "<CoordinateLimitForce name=\"l\"><coordinate>q</coordinate><upper_limit>-5</upper_limit>"
      "<lower_limit>5</lower_limit></CoordinateLimitForce>");
  EXPECT_NE(e.find("above upper_limit"), std::string::npos) << e;
  e = refusal("<SpringGeneralizedForce name=\"s\"><coordinate>knee</coordinate></SpringGeneralizedForce>");
  EXPECT_NE(e.find("names no coordinate"), std::string::npos) << e;
  e = refusal(
      "<SpringGeneralizedForce name=\"s\"><coordinate>q</coordinate><stiffness>-3</stiffness>"
      "</SpringGeneralizedForce>");
  EXPECT_NE(e.find("stiffness = -3"), std::string::npos) << e;
  EXPECT_NE(e.find("must not be negative"), std::string::npos) << e;
}
