// The actuators' work in a run: the summary's actuator_work_J is the integral of each actuator's
// generalized force times its speed, computed here independently from the frames (the
// trajectory.csv columns J.C.tau_actuator and J.C.u), and the energy balance closes with it; a
// muscle tone switched off by a scenario event exerts nothing afterwards.
#include <gtest/gtest.h>

#include "articula/model/ModelFile.h"
#include "articula/run/RunOutputs.h"
#include "articula/run/SimulationRun.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using nlohmann::json;

namespace {

// Two links on pins about y under gravity, started at 40 and -30 degrees.
json document(const json& forces, const json& events = json::array()) {
  auto link = [](const char* name, const char* joint, const char* parent, double z) {
    return json{{"name", name},
                {"mass", 1.0},
                {"mass_center", {0, 0, -0.25}},
                {"inertia", {{"moments", {0.02, 0.02, 0.001}}}},
                {"joint",
                 {{"name", joint},
                  {"type", "pin"},
                  {"parent", parent},
                  {"axis", {0, 1, 0}},
                  {"parent_frame", {{"position", {0, 0, z}}}}}}};
  };
  return json{{"format", "articula-model"},
              {"version", 1},
              {"name", "arm"},
              {"bodies", {link("upper", "shoulder", "ground", 0), link("lower", "elbow", "upper", -0.5)}},
              {"forces", forces},
              {"initial_state", {{"q_deg", {{"shoulder.angle", 40}, {"elbow.angle", -30}}}}},
              {"scenario",
               {{"duration", 1.0},
                {"integrator", "RungeKuttaMerson"},
                {"accuracy", 1e-8},
                {"report_interval", 1e-4},
                {"events", events}}}};
}

const ForceClass kActuator = ForceClass::Actuator;

// Trapezoid rule over the frames of sum_i tau_actuator_i u_i.
Real workFromFrames(const std::vector<Frame>& frames) {
  Real w = 0;
  for (size_t k = 1; k < frames.size(); ++k) {
    const Frame &a = frames[k - 1], &b = frames[k];
    const Real pa = a.loads.byClass[static_cast<int>(kActuator)].dot(a.u);
    const Real pb = b.loads.byClass[static_cast<int>(kActuator)].dot(b.u);
    w += 0.5 * (pa + pb) * (b.time - a.time);
  }
  return w;
}

TEST(ActuatorWork, SummaryWorkIsTheIntegralOfTauTimesU) {
  const json forces = json::array(
      {{{"type", "pd_servo"},
        {"name", "track"},
        {"body", "upper"},
        {"coordinate", "angle"},
        {"kp", 40},
        {"kd", 2},
        {"target", {{"type", "sinusoid"}, {"coefficients", {0.5, 6.0, 0.0, 0.2}}, {"args", {"t"}}}}},
       {{"type", "joint_actuator"},
        {"name", "motor"},
        {"body", "lower"},
        {"coordinate", "angle"},
        {"scale", 3},
        {"function", {{"type", "smooth_step"}, {"coefficients", {0.2, 0.4, 0, 1}}, {"args", {"t"}}}}},
       {{"type", "muscle_tone"}, {"name", "tone"}, {"stiffness", 5}, {"damping", 0.2}},
       {{"type", "passive_joint_damping"}, {"damping", 0.3}}});
  const ModelSpec m = readModel(document(forces), "arm.json");
  const BuiltModel b = buildModel(m, "arm.json");
  const RunResult r = runSimulation(m, b, m.scenario);
  const Real work = r.totals.last.actuatorWork;
  const Real fromFrames = workFromFrames(r.frames);
  EXPECT_GT(std::abs(work), 1.0);  // the actuators did real work
  EXPECT_NEAR(work, fromFrames, 1e-4 * std::abs(work));

  RunDescription d;
  d.modelFile = "arm.json";
  d.scenario = m.scenario;
  const json s = makeSummaryJson(m, d, r);
  EXPECT_EQ(s["energy"]["actuator_work_J"].get<double>(), work);
  // The passive damping's share is what was dissipated: W_nc - W_actuators.
  EXPECT_NEAR(s["energy"]["dissipated_J"].get<double>(), -(r.totals.last.nonConservativeWork - work), 1e-12);
  EXPECT_LT(std::abs(s["energy"]["relative_balance_error"].get<double>()), 1e-5);
  EXPECT_NE(makeSummaryText(s).find("work by actuators"), std::string::npos);
}

TEST(ActuatorWork, ToneSwitchedOffByAnEventExertsNothingAfterIt) {
  const json forces = json::array({{{"type", "muscle_tone"}, {"name", "tone"}, {"stiffness", 50}, {"damping", 2}}});
  const json events = json::array(
      {{{"name", "faint"}, {"when", {{"time", 0.3}}}, {"action", {{"disable_force", "tone"}}}}});
  ModelSpec m = readModel(document(forces, events), "arm.json");
  m.scenario.reportInterval = 1e-3;
  // Held at the start: the shoulder is a root joint (no tone), the elbow has it.
  const BuiltModel b = buildModel(m, "arm.json");
  const RunResult r = runSimulation(m, b, m.scenario);
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_NEAR(r.events[0].time, 0.3, 1e-9);
  Real before = 0;
  int after = 0;
  for (const Frame& f : r.frames) {
    const Vector& tau = f.loads.byClass[static_cast<int>(kActuator)];
    if (f.time < 0.29) before = std::max(before, tau.cwiseAbs().maxCoeff());
    if (f.time > 0.3 + 1e-9) {
      ++after;
      EXPECT_EQ(tau.cwiseAbs().maxCoeff(), 0.0) << "t = " << f.time;
    }
  }
  EXPECT_GT(before, 0.1);
  EXPECT_GT(after, 600);
  // The work stops growing at the event.
  EXPECT_NEAR(r.totals.last.actuatorWork, workFromFrames(r.frames), 1e-3 * std::abs(r.totals.last.actuatorWork) + 1e-9);
}

}  // namespace
