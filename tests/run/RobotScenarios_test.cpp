// The robot scenarios of models/scenarios/ (unmodified URDF files included with per-entry import
// options): ANYmal C dropped on its feet comes to rest standing on all four, as high as its leg
// geometry allows; the damped Panda arm's mechanical energy never rises while it swings.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using articula::iotest::sourcePath;

namespace {

RunResult runScenario(const std::string& name, ModelSpec& m) {
  const std::string file = sourcePath("models/scenarios/" + name);
  m = loadModelFile(file);
  const BuiltModel b = buildModel(m, file);
  RunSettings settings;
  settings.jointLoads = false;
  return runSimulation(m, b, m.scenario, nullptr, settings);
}

const char* const kLegs[] = {"LF", "RF", "LH", "RH"};

// The lowest point of a foot's collision sphere in Ground, from a frame's body pose.
Real footBottom(const ModelSpec& m, const Frame& f, const std::string& leg) {
  const int foot = m.findBody(leg + "_FOOT");
  const BodySample& s = f.bodies[foot];
  for (const GeometrySpec& g : m.bodies[foot].geometry)
    if (g.type == GeometryType::Sphere)
      return (s.origin + s.orientation.toRotation() * g.pose.position).z() - g.size[0];
  ADD_FAILURE() << leg << "_FOOT has no sphere";
  return 0;
}

}  // namespace

// Standing height: at t = 0 the legs are in the held posture, so the base frame's height over the
// lowest foot point is the height of a rigid robot standing in it (h0, from the URDF's geometry).
// The drives (stiffness k on each joint) yield under the weight W, W/4 on each foot, and lower it
// (below). The feet press into the floor by millimetres only. At the end: all four feet (and nothing else)
// on the floor carrying the weight, every body still.
TEST(RobotScenarios, AnymalSettlesStandingOnItsFourFeet) {
  ModelSpec m;
  const RunResult r = runScenario("anymal_drop.json", m);
  ASSERT_GT(r.frames.size(), 100u);
  const Frame &first = r.frames.front(), &last = r.frames.back();
  const int base = m.findBody("base_inertia");
  ASSERT_GE(base, 0);
  Real mass = 0;
  for (const BodySpec& b : m.bodies) mass += b.mass;
  const Real weight = mass * 9.81, kp = 200;  // the scenario's muscle_tone stiffness, N m/rad

  // A joint turning by d lowers the base, its foot planted, by d times the foot's horizontal
  // distance l from the joint's axis (HAA along x: l = |dy|; HFE and KFE across: l = |dx|), and
  // the foot's load W/4 turns it by d = (W/4) l / k: the base sinks by (W/4) / k * sum l^2.
  Real lowest = 1e9, sumOfSquares = 0;
  for (const std::string leg : kLegs) {
    lowest = std::min(lowest, footBottom(m, first, leg));
    const Vec3 foot = first.bodies[m.findBody(leg + "_FOOT")].origin;
    const auto at = [&](const char* joint) { return first.bodies[m.findBody(leg + joint)].origin; };
    const Real l = std::pow(foot.y() - at("_HIP").y(), 2) + std::pow(foot.x() - at("_THIGH").x(), 2) +
                   std::pow(foot.x() - at("_SHANK").x(), 2);
    sumOfSquares = std::max(sumOfSquares, l);
  }
  for (const std::string leg : kLegs) EXPECT_NEAR(footBottom(m, first, leg), lowest, 1e-9) << leg;  // level
  EXPECT_GT(lowest, 0.02);  // dropped from above the floor
  const Real h0 = first.bodies[base].origin.z() - lowest;
  const Real sag = weight / 4 / kp * sumOfSquares + 0.005;  // + the feet's mm in the floor, 2nd order
  const Real h = last.bodies[base].origin.z();
  std::printf("  standing height: rigid %.4f m, bound %.4f m, reached %.4f m\n", h0, h0 - sag, h);
  EXPECT_LE(h, h0);
  EXPECT_GE(h, h0 - sag);
  EXPECT_GT(h, 0.4);  // on its legs, not on its belly

  std::vector<Real> footForce(4, 0);
  Real total = 0;
  for (const ContactSample& c : last.contacts) {
    ASSERT_EQ(std::min(c.bodyA, c.bodyB), -1) << "only the floor is touched";
    const std::string& body = m.bodies[std::max(c.bodyA, c.bodyB)].name;
    const auto leg = std::find_if(std::begin(kLegs), std::end(kLegs),
                                  [&](const char* l) { return body == std::string(l) + "_FOOT"; });
    ASSERT_NE(leg, std::end(kLegs)) << body << " touches the floor";
    footForce[leg - std::begin(kLegs)] += c.normalForce;
    total += c.normalForce;
  }
  for (int i = 0; i < 4; ++i) EXPECT_GT(footForce[i], 0.1 * weight) << kLegs[i] << " carries its share";
  EXPECT_NEAR(total, weight, 0.01 * weight);  // at rest the floor carries the weight

  Real fastest = 0, spin = 0;
  for (const BodySample& s : last.bodies) {
    fastest = std::max(fastest, s.comVelocity.norm());
    spin = std::max(spin, s.angularVelocity.norm());
  }
  EXPECT_LT(fastest, 0.02);
  EXPECT_LT(spin, 0.1);
  EXPECT_LT(last.kineticEnergy, 1e-3);
}

// With viscous damping on every joint (and the stops' own), dE/dt = -sum c u^2 - limit damping <= 0:
// KE + PE (gravity and the stops' springs) never rises from one frame to the next beyond the
// integration error, and the swing is visible: the shoulder (joint 2) swings through the hanging
// position several times while the energy falls by several percent.
TEST(RobotScenarios, DampedPandaLosesEnergyMonotonically) {
  ModelSpec m;
  const RunResult r = runScenario("panda_swing.json", m);
  ASSERT_GT(r.frames.size(), 100u);
  const auto energy = [](const Frame& f) { return f.kineticEnergy + f.potentialEnergy; };
  const Real e0 = energy(r.frames.front());
  Real worstRise = 0;
  for (size_t k = 1; k < r.frames.size(); ++k)
    worstRise = std::max(worstRise, energy(r.frames[k]) - energy(r.frames[k - 1]));
  EXPECT_LE(worstRise, 1e-6 * e0);
  const Real lost = e0 - energy(r.frames.back());
  EXPECT_GT(lost, 0.05 * e0);
  EXPECT_NEAR(-r.frames.back().nonConservativeWork, lost, 1e-3 * lost);  // all of it dissipated

  // The elbow's horizontal offset from the mount (at x = y = 0), along its offset at release.
  const int elbow = m.findBody("panda_link4");
  ASSERT_GE(elbow, 0);
  const auto offset = [&](const Frame& f) { return Vec3(f.bodies[elbow].origin.x(), f.bodies[elbow].origin.y(), 0); };
  const Vec3 d0 = offset(r.frames.front());
  EXPECT_GT(d0.norm(), 0.2);  // released well away from hanging
  int crossings = 0;
  for (size_t k = 1; k < r.frames.size(); ++k)
    if ((offset(r.frames[k]).dot(d0) > 0) != (offset(r.frames[k - 1]).dot(d0) > 0)) ++crossings;
  EXPECT_GE(crossings, 3);
}
