// The actuators of the model format (joint_actuator, pd_servo, muscle_tone): read, checked with
// errors naming the JSON pointer, written back unchanged, built as ForceClass::Actuator elements
// whose held posture is the assembled initial state, and listed by `articula info`.
#include <gtest/gtest.h>

#include "articula/forces/MuscleTone.h"
#include "articula/forces/PdServo.h"
#include "articula/model/ModelDescription.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"

using namespace articula;
using namespace articula::model;
using nlohmann::json;

namespace {

// Two links on pins about y (shoulder, elbow) and a ball (wrist).
json document(const json& forces) {
  auto link = [](const char* name, const char* joint, const char* type, const char* parent, double z) {
    json j{{"name", joint}, {"type", type}, {"parent", parent}, {"parent_frame", {{"position", {0, 0, z}}}}};
    if (std::string(type) == "pin") j["axis"] = {0, 1, 0};
    return json{{"name", name},
                {"mass", 1.0},
                {"mass_center", {0, 0, -0.25}},
                {"inertia", {{"moments", {0.02, 0.02, 0.001}}}},
                {"joint", j}};
  };
  return json{{"format", "articula-model"},
              {"version", 1},
              {"name", "arm"},
              {"bodies",
               {link("upper", "shoulder", "pin", "ground", 0), link("lower", "elbow", "pin", "upper", -0.5),
                link("hand", "wrist", "ball", "lower", -0.5)}},
              {"forces", forces},
              {"initial_state", {{"q_deg", {{"shoulder.angle", 30}, {"elbow.angle", -20}}}}}};
}

const json kForces = json::array(
    {{{"type", "joint_actuator"},
      {"name", "motor"},
      {"body", "upper"},
      {"coordinate", "angle"},
      {"scale", 2.5},
      {"limit", 4},
      {"function", {{"type", "smooth_step"}, {"coefficients", {0, 0.1, 0, 1}}, {"args", {"t"}}}}},
     {{"type", "pd_servo"}, {"name", "hold"}, {"body", "lower"}, {"coordinate", "angle"}, {"kp", 50}, {"kd", 3}},
     {{"type", "pd_servo"},
      {"name", "track"},
      {"body", "upper"},
      {"coordinate", "angle"},
      {"kp", 20},
      {"kd", 1},
      {"target", {{"type", "spline"}, {"x", {0, 0.5, 1}}, {"y", {0, 0.4, 0.1}}, {"args", {"t"}}}}},
     {{"type", "pd_servo"},
      {"name", "fixed"},
      {"body", "lower"},
      {"coordinate", "angle"},
      {"kp", 20},
      {"kd", 1},
      {"target_deg", 45},
      {"limit", 9}},
     {{"type", "muscle_tone"}, {"name", "tone"}, {"stiffness", 30}, {"damping", 2}, {"joints", {"elbow", "wrist"}}}});

ModelError readError(const json& forces) {
  try {
    readModel(document(forces), "m.json");
  } catch (const ModelError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted " << forces.dump();
  return ModelError("", "", "", "");
}

TEST(ActuatorForces, ReadAsWritten) {
  const ModelSpec m = readModel(document(kForces), "m.json");
  ASSERT_EQ(m.forces.size(), 5u);
  EXPECT_EQ(m.forces[0].type, ForceType::JointActuator);
  EXPECT_EQ(m.forces[0].function->type, FunctionType::SmoothStep);
  EXPECT_EQ(m.forces[0].numbers.at("scale")[0], 2.5);
  EXPECT_FALSE(m.forces[1].function.has_value());
  EXPECT_EQ(m.forces[1].numbers.count("target"), 0u);  // hold
  EXPECT_EQ(m.forces[2].function->type, FunctionType::Spline);
  EXPECT_NEAR(m.forces[3].numbers.at("target")[0], 45 * M_PI / 180, 1e-15);
  EXPECT_TRUE(std::isinf(m.forces[1].numbers.at("limit")[0]));
  EXPECT_EQ(m.forces[4].joints, (std::vector<std::string>{"elbow", "wrist"}));
}

TEST(ActuatorForces, WriterRoundTripGivesTheSameSpec) {
  const ModelSpec a = readModel(document(kForces), "m.json");
  const json written = writeArticulaModel(a);
  const ModelSpec b = readModel(written, "m.json");
  ASSERT_EQ(a.forces.size(), b.forces.size());
  for (size_t i = 0; i < a.forces.size(); ++i) {
    const ForceSpec &x = a.forces[i], &y = b.forces[i];
    EXPECT_EQ(x.type, y.type);
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.bodies, y.bodies);
    EXPECT_EQ(x.coordinate, y.coordinate);
    EXPECT_EQ(x.numbers, y.numbers) << x.name;
    EXPECT_EQ(x.joints, y.joints);
    ASSERT_EQ(x.function.has_value(), y.function.has_value());
    if (x.function) {
      EXPECT_EQ(x.function->type, y.function->type);
      EXPECT_EQ(x.function->coefficients, y.function->coefficients);
      EXPECT_EQ(x.function->x, y.function->x);
      EXPECT_EQ(x.function->y, y.function->y);
      EXPECT_EQ(x.function->args, y.function->args);
    }
  }
  EXPECT_EQ(writeArticulaModel(b), written);
}

TEST(ActuatorForces, BadFieldsAreNamedByTheirPointer) {
  json f = kForces;
  f[0]["coordinate"] = "twist";
  ModelError e = readError(f);
  EXPECT_EQ(e.path(), "/forces/0/coordinate");
  EXPECT_NE(e.problem().find("not a coordinate"), std::string::npos) << e.what();

  f = kForces;
  f[1]["kp"] = -5;
  e = readError(f);
  EXPECT_EQ(e.path(), "/forces/1/kp");

  f = kForces;
  f[1]["kd"] = -1;
  EXPECT_EQ(readError(f).path(), "/forces/1/kd");

  f = kForces;
  f[4]["stiffness"] = -30;
  EXPECT_EQ(readError(f).path(), "/forces/4/stiffness");

  f = kForces;
  f[4]["joints"] = {"elbow", "knee"};
  e = readError(f);
  EXPECT_EQ(e.path(), "/forces/4/joints/1");
  EXPECT_NE(e.problem().find("no joint named \"knee\""), std::string::npos) << e.what();

  f = kForces;
  f[0]["limit"] = 0;
  EXPECT_EQ(readError(f).path(), "/forces/0/limit");

  f = kForces;
  f[0]["function"]["args"] = {"angle"};
  EXPECT_EQ(readError(f).path(), "/forces/0/function/args/0");

  f = kForces;
  f[1]["body"] = "hand";  // a ball: its orientation is a quaternion
  f[1]["coordinate"] = "rx";
  e = readError(f);
  EXPECT_EQ(e.path(), "/forces/1/coordinate");
  EXPECT_NE(e.problem().find("muscle_tone"), std::string::npos) << e.what();

  f = kForces;
  f[3]["target"] = 1;  // both target and target_deg
  EXPECT_EQ(readError(f).path(), "/forces/3/target_deg");

  f = kForces;
  f[1]["gain"] = 1;
  EXPECT_EQ(readError(f).path(), "/forces/1/gain");
}

// Built: each is an actuator, metered, and the held posture is the initial state.
TEST(ActuatorForces, BuiltAsActuatorsHoldingTheInitialPosture) {
  const ModelSpec m = readModel(document(kForces), "m.json");
  const BuiltModel b = buildModel(m, "m.json");
  const int first = 1;  // after gravity
  for (int i = 0; i < 5; ++i) EXPECT_EQ(b.classOfForce[first + i], ForceClass::Actuator);
  EXPECT_EQ(b.forces->getMeteredElements(), (std::vector<int>{1, 2, 3, 4, 5}));
  const auto& hold = dynamic_cast<const PdServo&>(b.forces->getForce(first + 1));  // test-only downcast
  EXPECT_NEAR(hold.getReference(b.initialState), -20 * M_PI / 180, 1e-15);
  const auto& tone = dynamic_cast<const MuscleTone&>(b.forces->getForce(first + 4));
  EXPECT_EQ(tone.getReference(b.initialState), b.initialState.getQ());
  EXPECT_EQ(tone.getJoints().size(), 2u);
}

TEST(ActuatorForces, InfoListsTheirParameters) {
  const ModelSpec m = readModel(document(kForces), "m.json");
  const std::string text = describeModel(m, buildModel(m, "m.json"), "m.json");
  for (const char* part :
       {"joint_actuator \"motor\": body \"upper\" u angle, tau = 2.5 * smooth_step(t) [0, 0.1, 0, 1], |tau| <= 4",
        "pd_servo \"hold\": body \"lower\" q angle, kp 50, kd 3, target hold the initial value",
        "pd_servo \"track\": body \"upper\" q angle, kp 20, kd 1, target spline(t) through 3 knots",
        "pd_servo \"fixed\": body \"lower\" q angle, kp 20, kd 1, target 0.785398, |tau| <= 9",
        "muscle_tone \"tone\": stiffness 30, damping 2 towards the initial posture, joints elbow, wrist"})
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
}

}  // namespace
