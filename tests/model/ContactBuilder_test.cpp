// Contact from model files: a ball settling on a raised floor against Hertz theory, the standing
// fall of the adult male (energy bookkeeping, head-impact time against a toppling rod and free
// fall), OpenMBD's four files on the floor, and which pairs the exclusion rules keep apart.
#include "articula/model/ModelBuilder.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>

#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using articula::iotest::openMbdPath;
using articula::iotest::sourcePath;

namespace {

constexpr Real kG = 9.81;

bool allFinite(const RunResult& r) {
  for (const Frame& f : r.frames) {
    if (!std::isfinite(f.kineticEnergy + f.potentialEnergy + f.nonConservativeWork)) return false;
    for (const BodySample& b : f.bodies)
      if (!b.com.allFinite() || !b.comVelocity.allFinite() || !b.comAcceleration.allFinite()) return false;
    for (const Vec3& F : f.contactForce)
      if (!F.allFinite()) return false;
  }
  return true;
}

// First report time at which a body touches the ground (-1 if never).
Real firstGroundContact(const RunResult& r, int body) {
  for (const Frame& f : r.frames)
    for (const ContactSample& c : f.contacts)
      if ((c.bodyA == -1 && c.bodyB == body) || (c.bodyB == -1 && c.bodyA == body)) return f.time;
  return -1;
}

// A uniform rod of length L pivoting on its foot from angle th0 (from the vertical) to horizontal:
// th'' = 3g/(2L) sin th, integrated with small semi-implicit steps.
Real rodToppleTime(Real L, Real th0) {
  Real th = th0, w = 0, t = 0;
  const Real h = 1e-5;
  while (th < M_PI / 2) {
    w += h * 1.5 * kG / L * std::sin(th);
    th += h * w;
    t += h;
  }
  return t;
}

}  // namespace

// A rubber ball on a steel floor raised to z = 0.2: at rest the Hertz law m g = 4/3 E' sqrt(R) x^1.5
// gives the penetration (the floor is so much stiffer that E* is the ball's plane-strain modulus).
TEST(ContactBuilder, BallRestsOnARaisedFloorAtTheHertzDepth) {
  const char* text = R"({"format": "articula-model", "version": 1, "name": "ball",
    "contact_materials": {"rubber": {"type": "hertz", "youngs_modulus": 1e7, "poisson_ratio": 0.3, "dissipation": 20},
                          "steel": {"type": "hertz", "youngs_modulus": 2e13, "poisson_ratio": 0.3}},
    "bodies": [{"name": "ball", "mass": 1, "inertia": [0.004, 0.004, 0.004],
                "joint": {"name": "j", "type": "free", "parent": "ground"},
                "geometry": [{"type": "sphere", "radius": 0.1, "material": "rubber"}]}],
    "contact": {"ground": {"height": 0.2, "normal": [0, 0, 1], "material": "steel"}},
    "initial_state": {"q": {"j.z": 0.3}},
    "scenario": {"duration": 1, "accuracy": 1e-6, "report_interval": 0.01}})";
  const ModelSpec m = readModel(nlohmann::json::parse(text), "ball.json");
  const BuiltModel b = buildModel(m, "ball.json");
  ASSERT_NE(b.contact, nullptr);
  EXPECT_EQ(b.contact->getNumSurfaces(), 2);
  const RunResult r = runSimulation(m, b, m.scenario);
  const Real Eprime = 1e7 / (1 - 0.09);
  const Real depth = std::pow(1.0 * kG / (4.0 / 3.0 * Eprime * std::sqrt(0.1)), 2.0 / 3.0);
  const Frame& last = r.frames.back();
  ASSERT_EQ(last.contacts.size(), 1u);
  EXPECT_NEAR(last.contacts[0].depth, depth, 0.02 * depth);
  EXPECT_NEAR(last.bodies[0].com.z(), 0.3 - depth, 0.02 * depth);
  EXPECT_NEAR(last.contactForce[0].z(), kG, 1e-3 * kG);  // the floor carries the weight
  EXPECT_EQ(last.contacts[0].bodyA, -1);                 // Ground first, its normal up
  EXPECT_NEAR(last.contacts[0].normal.z(), 1, 1e-9);
}

TEST(ContactBuilder, StandingFallConservesEnergyAndTheHeadLandsInAPlausibleTime) {
  const std::string file = sourcePath("models/scenarios/standing_fall.json");
  const ModelSpec m = loadModelFile(file);
  const BuiltModel b = buildModel(m, file);
  const RunResult r = runSimulation(m, b, m.scenario);
  ASSERT_TRUE(allFinite(r));
  ASSERT_NEAR(r.frames.back().time, 2.0, 1e-12);
  // Energy balance: KE + PE - W_nc never rises above its start by more than 2.5 % of the energy that
  // is there to fall. Without contact's work in W_nc it would be off by the ~600 J dissipated; what
  // remains (about 1.4 %) comes from the contact layer's power bookkeeping during hard impacts.
  const Frame& first = r.frames.front();
  const Real e0 = first.kineticEnergy + first.potentialEnergy;
  Real worst = 0;
  for (const Frame& f : r.frames)
    worst = std::max(worst, f.kineticEnergy + f.potentialEnergy - f.nonConservativeWork - e0);
  EXPECT_LT(worst, 0.025 * first.potentialEnergy);
  // The fall dissipates: the model ends low and nearly at rest.
  EXPECT_LT(r.frames.back().kineticEnergy, 0.01 * first.potentialEnergy);
  EXPECT_LT(r.frames.back().nonConservativeWork, -0.5 * first.potentialEnergy);
  // The head lands no sooner than in free fall from its height, and no later than a rigid body of
  // the same height toppling from the same 5 degree lean (passive joints only shorten the fall).
  const int head = findHeadBody(m);
  ASSERT_GE(head, 0);
  const Real tHead = firstGroundContact(r, head);
  const Real dropHeight = first.bodies[head].com.z() - m.bodies[head].geometry[0].size.minCoeff();
  const Real tFreeFall = std::sqrt(2 * dropHeight / kG);
  const Real stature = first.bodies[head].com.z() + m.bodies[head].geometry[0].size.z();
  const Real tRod = rodToppleTime(stature, 5 * M_PI / 180);
  EXPECT_GT(tHead, tFreeFall) << "free fall " << tFreeFall << " s";
  EXPECT_LT(tHead, tRod) << "rigid toppling " << tRod << " s";
  // The feet carried the body at the start (they touch the floor at t = 0 and settle into it).
  Real feet = 0;
  for (const Frame& f : r.frames) {
    if (f.time > 0.2) break;
    Real sum = 0;
    for (size_t i = 0; i < m.bodies.size(); ++i)
      if (m.bodies[i].name.find("foot") != std::string::npos) sum += f.contactForce[i].z();
    feet = std::max(feet, sum);
  }
  EXPECT_GT(feet, 0.5 * 73.0 * kG);
}

// OpenMBD's files run with their penalty-curve ellipsoids: no NaN, and what stands on the floor
// (the humans' feet, the vehicles' lowest parts) is touching it after 0.1 s.
TEST(ContactBuilder, OpenMbdFilesRunOnTheFloor) {
  for (const char* name : {"openmbd_male.json", "openmbd_female.json", "openmbd_car.json", "openmbd_bicycle.json"}) {
    SCOPED_TRACE(name);
    const std::string file = openMbdPath(name);
    ModelSpec m = loadModelFile(file);
    m.scenario.duration = 0.1;
    m.scenario.reportInterval = 0.01;
    const BuiltModel b = buildModel(m, file);
    ASSERT_NE(b.contact, nullptr);
    size_t shapes = 0;
    for (const BodySpec& body : m.bodies) shapes += body.geometry.size();
    EXPECT_EQ(b.contact->getNumSurfaces(), static_cast<int>(shapes) + 1);  // every ellipsoid and the floor
    const RunResult r = runSimulation(m, b, m.scenario);
    ASSERT_TRUE(allFinite(r));
    const Frame& last = r.frames.back();
    Real up = 0;
    bool feetDown = false;
    for (const ContactSample& c : last.contacts) {
      if (c.bodyA != -1) continue;
      up += c.force.z();
      std::string n = m.bodies[c.bodyB].name;
      for (char& ch : n) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      feetDown = feetDown || n.find("foot") != std::string::npos;
    }
    EXPECT_GT(up, 0) << "nothing rests on the floor";
    if (std::string(name) == "openmbd_male.json" || std::string(name) == "openmbd_female.json") {
      EXPECT_TRUE(feetDown);
    }
  }
}

// Two persons: each one's own segments never touch (a clique per model), the persons touch each
// other, roots included (the joint-distance rule does not count a path through Ground), and
// parent/child pairs stay excluded.
TEST(ContactBuilder, ExclusionsOfTwoModelsInOneScenario) {
  const std::string file = sourcePath("models/scenarios/tackle.json");
  const ModelSpec m = loadModelFile(file);
  const BuiltModel b = buildModel(m, file);
  auto surface = [&](const std::string& body) {
    for (size_t s = 0; s < b.geometryOfSurface.size(); ++s)
      if (b.geometryOfSurface[s][0] == m.findBody(body)) return static_cast<int>(s);
    ADD_FAILURE() << "no surface on " << body;
    return -1;
  };
  const ContactGeometry& geo = b.contact->getGeometry();
  auto excluded = [&](const std::string& x, const std::string& y) {
    return geo.isPairExcluded(surface(x), surface(y));
  };
  EXPECT_TRUE(excluded("a_pelvis", "a_thigh_l"));
  EXPECT_TRUE(excluded("a_hand_l", "a_thigh_l"));  // same person, self_contact false
  EXPECT_FALSE(excluded("a_pelvis", "b_pelvis"));  // two roots
  EXPECT_FALSE(excluded("a_head", "b_hand_r"));
  EXPECT_FALSE(geo.isPairExcluded(0, surface("b_foot_l")));  // the floor (surface 0)
}
