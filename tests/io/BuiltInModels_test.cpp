// The model files shipped in models/: every one loads, builds and passes the checks; the adult
// male has de Leva's masses and flexion signs that bend the joints the anatomical way.
#include <gtest/gtest.h>

#include <filesystem>

#include "IoTestSupport.h"
#include "articula/io/ModelBuilder.h"
#include "articula/io/ModelFile.h"

using namespace articula;
using namespace articula::io;
using namespace articula::iotest;

TEST(BuiltInModels, EveryModelLoadsAndBuilds) {
  int count = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(sourcePath("models"))) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    const ModelSpec m = loadModelFile(e.path().string());
    EXPECT_NO_THROW(buildModel(m, e.path().string()));
    ++count;
  }
  EXPECT_GE(count, 2);
}

TEST(BuiltInModels, AdultMaleHasDeLevasMasses) {
  const ModelSpec m = loadModelFile(sourcePath("models/adult_male.json"));
  EXPECT_GE(m.bodies.size(), 15u);
  Real total = 0;
  for (const auto& b : m.bodies) total += b.mass;
  EXPECT_NEAR(total, 73.0, 1e-4);  // de Leva's male fractions sum to 100 % of 73.0 kg
  EXPECT_NEAR(m.bodies[m.findBody("thigh_l")].mass, 0.1416 * 73.0, 1e-5);
  EXPECT_NEAR(m.bodies[m.findBody("head")].mass, 0.0694 * 73.0, 1e-5);
}

TEST(BuiltInModels, AdultMaleStandsAndFlexesAnatomically) {
  ModelSpec m = loadModelFile(sourcePath("models/adult_male.json"));
  const Real d = M_PI / 180;
  m.initialState.q["knee_l.angle"] = 30 * d;
  m.initialState.q["elbow_l.angle"] = 30 * d;
  const BuiltModel b = buildModel(m);
  const auto& matter = b.system->getMatter();
  auto origin = [&](const char* body) { return matter.getBodyTransform(b.initialState, b.mobodOfBody[m.findBody(body)]).p(); };
  auto com = [&](const char* body) {
    const int i = m.findBody(body);
    return matter.findStationLocationInGround(b.initialState, b.mobodOfBody[i], m.bodies[i].massCenter);
  };
  // The right leg is straight: its ankle joint is 0.065 m above the floor (the sole on z = 0).
  EXPECT_NEAR(origin("foot_r").z(), 0.065, 1e-9);
  // Knee flexion moves the shank backward (-x), elbow flexion moves the forearm forward (+x).
  EXPECT_LT(com("shank_l").x(), -0.05);
  EXPECT_GT(com("forearm_l").x(), 0.05);
  // The head is on top.
  EXPECT_GT(com("head").z(), 1.5);
}
