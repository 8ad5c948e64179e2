// Mesh geometry in model files: reading (the file relative to the model, the scale applied),
// writing back (the relative path kept), a scenario's include resolving the path relative to the
// included file, the elastic-foundation drop of models/mesh_drop.json, and the mesh carried into
// trajectory.json and drawn by `articula render`.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "articula/contact/ContactMaterial.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"
#include "support/ImageReading.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using articula::iotest::CliResult;
using articula::iotest::readText;
using articula::iotest::runCli;
using articula::iotest::sourcePath;
using articula::iotest::TempDir;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

// A tetrahedron with faces counter-clockwise seen from outside (OBJ indices are 1-based).
const char* const kTetObj = "# tetrahedron\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";

std::string tetModel(const std::string& meshFile, const std::string& scale) {
  return R"({"format": "articula-model", "version": 1, "name": "tet",
    "contact_materials": {"rubber": {"type": "hertz", "youngs_modulus": 1e6}},
    "bodies": [{"name": "tet", "mass": 1, "inertia": [0.01, 0.01, 0.01],
      "joint": {"name": "j", "type": "free", "parent": "ground"},
      "geometry": [{"name": "shell", "type": "mesh", "file": ")" +
         meshFile + R"(", "scale": )" + scale + R"(, "position": [0.1, 0, 0], "material": "rubber"}]}]})";
}

}  // namespace

TEST(MeshGeometry, ReadsTheFileRelativeToTheModelAndScalesIt) {
  TempDir dir;
  writeFile(dir.path / "meshes" / "tet.obj", kTetObj);
  writeFile(dir.path / "tet.json", tetModel("meshes/tet.obj", "[1, 2, 3]"));
  const ModelSpec m = loadModelFile(dir / "tet.json");
  const GeometrySpec& g = m.bodies[0].geometry[0];
  EXPECT_EQ(g.type, GeometryType::Mesh);
  EXPECT_EQ(g.meshFile, "meshes/tet.obj");
  EXPECT_EQ(g.size, Vec3(1, 2, 3));
  ASSERT_NE(g.mesh, nullptr);
  ASSERT_EQ(g.mesh->numVertices(), 4);
  EXPECT_EQ(g.mesh->numFaces(), 4);
  EXPECT_EQ(g.mesh->vertex(1), Vec3(1, 0, 0));
  EXPECT_EQ(g.mesh->vertex(2), Vec3(0, 2, 0));
  EXPECT_EQ(g.mesh->vertex(3), Vec3(0, 0, 3));
  EXPECT_EQ(g.pose.position, Vec3(0.1, 0, 0));
}

TEST(MeshGeometry, RoundTripKeepsTheRelativePathAndScale) {
  TempDir dir;
  writeFile(dir.path / "meshes" / "tet.obj", kTetObj);
  for (const std::string scale : {"[1, 2, 3]", "0.5"}) {
    writeFile(dir.path / "tet.json", tetModel("meshes/tet.obj", scale));
    const ModelSpec a = loadModelFile(dir / "tet.json");
    const nlohmann::json written = writeArticulaModel(a);
    const nlohmann::json& g = written["bodies"][0]["geometry"][0];
    EXPECT_EQ(g["file"], "meshes/tet.obj");
    EXPECT_EQ(g["scale"], nlohmann::json::parse(scale));  // one number stays one number
    saveModelFile(a, dir / "copy.json");
    const ModelSpec b = loadModelFile(dir / "copy.json");
    const GeometrySpec &ga = a.bodies[0].geometry[0], &gb = b.bodies[0].geometry[0];
    EXPECT_EQ(gb.meshFile, ga.meshFile);
    EXPECT_EQ(gb.size, ga.size);
    EXPECT_EQ(gb.material, "rubber");
    ASSERT_NE(gb.mesh, nullptr);
    EXPECT_EQ(gb.mesh->vertices(), ga.mesh->vertices());
    EXPECT_EQ(writeArticulaModel(b), written);
  }
}

// The included file's mesh path is relative to the included file; merged into the scenario it is
// rewritten relative to the scenario's folder, so writing the scenario out keeps it valid.
TEST(MeshGeometry, ScenarioIncludeResolvesTheMeshBesideTheIncludedFile) {
  TempDir dir;
  writeFile(dir.path / "parts" / "shapes" / "tet.obj", kTetObj);
  writeFile(dir.path / "parts" / "tet.json", tetModel("shapes/tet.obj", "2"));
  writeFile(dir.path / "scene.json", R"({"format": "articula-model", "version": 1, "name": "scene",
    "models": [{"file": "parts/tet.json", "prefix": "a_"}], "contact": {"ground": {}}})");
  const ModelSpec m = loadModelFile(dir / "scene.json");
  ASSERT_EQ(m.bodies.size(), 1u);
  const GeometrySpec& g = m.bodies[0].geometry[0];
  EXPECT_EQ(g.meshFile, "parts/shapes/tet.obj");
  ASSERT_NE(g.mesh, nullptr);
  EXPECT_EQ(g.mesh->vertex(3), Vec3(0, 0, 2));
  saveModelFile(m, dir / "flat.json");
  EXPECT_EQ(loadModelFile(dir / "flat.json").bodies[0].geometry[0].meshFile, "parts/shapes/tet.obj");
  // Saved into another folder, the mesh is named relative to the new file.
  saveModelFile(m, dir / "parts/shapes/moved.json");
  const ModelSpec moved = loadModelFile(dir / "parts/shapes/moved.json");
  EXPECT_EQ(moved.bodies[0].geometry[0].meshFile, "tet.obj");
  ASSERT_NE(moved.bodies[0].geometry[0].mesh, nullptr);
  const BuiltModel b = buildModel(m, dir / "scene.json");
  ASSERT_NE(b.contact, nullptr);
  EXPECT_EQ(b.contact->getNumSurfaces(), 2);  // ground + the mesh
  EXPECT_EQ(b.contact->getGeometry().getShape(1).type(), ShapeType::TriangleMesh);
}

TEST(MeshGeometry, StlMeshesReadToo) {
  TempDir dir;
  writeFile(
      dir.path / "tri.stl",
      "solid t\nfacet normal 0 0 -1\nouter loop\nvertex 0 0 0\nvertex 0 1 0\nvertex 1 0 0\nendloop\nendfacet\n"
      "facet normal 0 -1 0\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 0 1\nendloop\nendfacet\n"
      "facet normal -1 0 0\nouter loop\nvertex 0 0 0\nvertex 0 0 1\nvertex 0 1 0\nendloop\nendfacet\n"
      "facet normal 1 1 1\nouter loop\nvertex 1 0 0\nvertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\nendsolid t\n");
  writeFile(dir.path / "m.json", tetModel("tri.stl", "1"));
  const ModelSpec m = loadModelFile(dir / "m.json");
  ASSERT_NE(m.bodies[0].geometry[0].mesh, nullptr);
  EXPECT_EQ(m.bodies[0].geometry[0].mesh->numVertices(), 4);  // coincident STL vertices merged
}

// models/mesh_drop.json: a 2 kg cube mesh falls 5 cm and settles on the floor; the elastic
// foundation then carries the weight and the cube is still.
TEST(MeshGeometry, DroppedMeshCubeComesToRestCarryingItsWeight) {
  const std::string file = sourcePath("models/mesh_drop.json");
  const ModelSpec m = loadModelFile(file);
  const BuiltModel b = buildModel(m, file);
  ASSERT_NE(b.contact, nullptr);
  const RunResult r = runSimulation(m, b, m.scenario);
  const Frame& last = r.frames.back();
  const Real weight = m.bodies[0].mass * 9.81;
  ASSERT_FALSE(last.contacts.empty());
  EXPECT_NEAR(last.contactForce[0].z(), weight, 0.01 * weight);
  EXPECT_NEAR(last.contactForce[0].x(), 0, 0.01 * weight);
  EXPECT_LT(last.bodies[0].comVelocity.norm(), 1e-3);
  // Resting flat on its face (0.2 x 0.2 m): a Winkler layer deflects x = W / (k A), with k the
  // series stiffness of the rubber's 2 cm layer (the model's layer_thickness, not the default 1 cm)
  // and the concrete floor's (which takes the mesh's thickness).
  ContactMaterial rubber;
  rubber.youngsModulus = 1e5;
  rubber.poissonRatio = 0.3;
  const Real k = combineFoundation(ContactMaterial::ground(), 0.02, rubber, 0.02).stiffness;
  const Real x = weight / (k * 0.2 * 0.2);
  EXPECT_NEAR(last.contacts[0].depth, x, 0.05 * x);
  EXPECT_NEAR(last.bodies[0].com.z(), 0.1 - x, 0.05 * x);
  // It did fall: early on it was still in the air.
  EXPECT_GT(r.frames[5].bodies[0].com.z(), 0.12);
}

// trajectory.json carries the scaled mesh; `articula render` draws it, so removing it from the
// file changes the GIF.
TEST(MeshGeometry, TrajectoryCarriesTheMeshAndTheRendererDrawsIt) {
  TempDir dir;
  const fs::path run = dir.path / "run";
  const CliResult r = runCli(
      "run " + sourcePath("models/mesh_drop.json") + " --duration 0.2 --quiet --out " + run.string(), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  nlohmann::json traj = nlohmann::json::parse(readText((run / "trajectory.json").string()));
  const nlohmann::json& g = traj["bodies"][0]["geometry"][0];
  EXPECT_EQ(g["type"], "mesh");
  ASSERT_EQ(g["size"]["vertices"].size(), 98u);
  EXPECT_EQ(g["size"]["faces"].size(), 192u);
  double hi = 0;
  for (const auto& v : g["size"]["vertices"]) hi = std::max(hi, v[2].get<double>());
  EXPECT_DOUBLE_EQ(hi, 0.1);  // the unit cube scaled by 0.2
  ASSERT_EQ(
      runCli("render " + run.string() + " --gif --size 120x90 --fps 10 --camera fixed --view 0.8,-0.8,0.5:0,0,0.1", dir)
          .exitCode,
      0);
  const auto with = articula::test::readGif((run / "animation.gif").string());

  const fs::path bare = dir.path / "bare";
  fs::create_directories(bare);
  traj["bodies"][0]["geometry"] = nlohmann::json::array();
  std::ofstream(bare / "trajectory.json") << traj.dump();
  ASSERT_EQ(
      runCli("render " + bare.string() + " --gif --size 120x90 --fps 10 --camera fixed --view 0.8,-0.8,0.5:0,0,0.1",
             dir)
          .exitCode,
      0);
  const auto without = articula::test::readGif((bare / "animation.gif").string());
  ASSERT_EQ(with.frames.size(), without.frames.size());
  ASSERT_FALSE(with.frames.empty());
  EXPECT_NE(with.frames[0], without.frames[0]);
}
