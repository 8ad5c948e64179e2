// trajectory.json as the writer streams it: the document's parts and every frame, numbers that
// read back as written (poses rounded to 1e-7), contacts with contact, meshes inline. (The bytes
// of the shipped models' files are pinned by the golden check, tests/golden.)
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "articula/model/ModelFile.h"
#include "articula/run/RunOutputs.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;
using nlohmann::json;

namespace {

struct Written {
  ModelSpec model;
  RunResult run;
  json document;
};

Written runAndParse(const std::string& file, Real duration) {
  Written w;
  w.model = loadModelFile(sourcePath(file));
  w.model.scenario.duration = duration;
  w.model.scenario.reportInterval = duration / 20;
  const BuiltModel b = buildModel(w.model, sourcePath(file));
  w.run = runSimulation(w.model, b, w.model.scenario);
  const std::string text = makeTrajectoryJson(w.model, w.run);
  EXPECT_EQ(text.back(), '\n');
  w.document = json::parse(text);
  return w;
}

Real round7(Real x) { return std::round(x * 1e7) / 1e7; }

}  // namespace

TEST(TrajectoryJson, BodiesAndEveryFrameWithRoundedPoses) {
  const Written w = runAndParse("models/double_pendulum.json", 0.5);
  const json& d = w.document;
  EXPECT_EQ(d["format"], "articula-trajectory");
  EXPECT_EQ(d["version"], 1);
  EXPECT_EQ(d["model"], w.model.name);
  EXPECT_EQ(d["up"], json::array({0.0, 0.0, 1.0}));
  ASSERT_EQ(d["bodies"].size(), w.model.bodies.size());
  for (size_t i = 0; i < w.model.bodies.size(); ++i) {
    EXPECT_EQ(d["bodies"][i]["name"], w.model.bodies[i].name);
    EXPECT_EQ(d["bodies"][i]["joint"], w.model.bodies[i].joint.name);
  }
  EXPECT_TRUE(d["bodies"][0]["parent"].is_null());
  ASSERT_EQ(d["frames"].size(), w.run.frames.size());
  for (size_t k = 0; k < w.run.frames.size(); ++k) {
    const json& f = d["frames"][k];
    EXPECT_EQ(f["t"].get<Real>(), w.run.frames[k].time);  // shortest text that reads back equal
    EXPECT_FALSE(f.contains("contacts"));
    const BodySample& b = w.run.frames[k].bodies.back();
    const json& pose = f["poses"].back();
    EXPECT_EQ(pose[0].get<Real>(), round7(b.origin[0]));
    EXPECT_EQ(pose[6].get<Real>(), round7(b.orientation.asVec4()[3]));
  }
}

TEST(TrajectoryJson, ContactsAndMeshesWithContact) {
  const Written w = runAndParse("models/mesh_drop.json", 0.2);
  const json& g = w.document["bodies"][0]["geometry"][0];
  EXPECT_EQ(g["type"], "mesh");
  EXPECT_EQ(g["size"]["vertices"].size(), w.model.bodies[0].geometry[0].mesh->vertices().size());
  EXPECT_EQ(g["size"]["faces"].size(), w.model.bodies[0].geometry[0].mesh->faces().size());
  size_t touching = 0;
  for (size_t k = 0; k < w.run.frames.size(); ++k) {
    const json& contacts = w.document["frames"][k]["contacts"];
    ASSERT_EQ(contacts.size(), w.run.frames[k].contacts.size());
    touching += contacts.empty() ? 0 : 1;
    for (const json& c : contacts) EXPECT_EQ(c["bodies"].size(), 2u);
  }
  EXPECT_GT(touching, 0u);
}
