#include "articula/contact/MeshIO.h"

#include <gtest/gtest.h>

#include "articula/Error.h"
#include "support/TestPaths.h"

namespace articula {
namespace {

std::string dataFile(const std::string& name) {
  return std::string(articula::testpaths::kTestDir) + "/contact/data/" + name;
}

// Volume and area from the faces (divergence theorem): checks vertices, faces and orientation.
Real volumeOf(const TriangleMesh& m) {
  Real v = 0;
  for (int f = 0; f < m.numFaces(); ++f) v += m.faceCentroid(f).dot(m.faceNormal(f)) * m.faceArea(f) / 3;
  return v;
}
Real areaOf(const TriangleMesh& m) {
  Real a = 0;
  for (int f = 0; f < m.numFaces(); ++f) a += m.faceArea(f);
  return a;
}

TEST(MeshIO, ObjCubeWithQuadsSlashesAndNegativeIndices) {
  const auto m = readMesh(dataFile("cube.obj"));
  EXPECT_EQ(m->numVertices(), 8);
  EXPECT_EQ(m->numFaces(), 12);
  EXPECT_NEAR(volumeOf(*m), 1, 1e-14);
  EXPECT_NEAR(areaOf(*m), 6, 1e-14);
  EXPECT_EQ(m->name(), "cube.obj");
}

TEST(MeshIO, AsciiAndBinaryStlTetrahedra) {
  const auto a = readMesh(dataFile("tetra_ascii.stl"));
  EXPECT_EQ(a->numVertices(), 4);  // shared corners merged
  EXPECT_EQ(a->numFaces(), 4);
  EXPECT_NEAR(volumeOf(*a), 1.0 / 6, 1e-15);
  const auto b = readStlMesh(dataFile("tetra_binary.stl"));  // the same, scaled by 2
  EXPECT_EQ(b->numVertices(), 4);
  EXPECT_EQ(b->numFaces(), 4);
  EXPECT_NEAR(volumeOf(*b), 8.0 / 6, 1e-14);
  EXPECT_NEAR(areaOf(*b), 4 * (1.5 + std::sqrt(3.0) / 2), 1e-12);
}

void expectError(const std::string& file, const std::vector<std::string>& words) {
  try {
    readMesh(dataFile(file));
    FAIL() << "no Error for " << file;
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(file), std::string::npos) << msg;
    for (const auto& w : words) EXPECT_NE(msg.find(w), std::string::npos) << "'" << w << "' not in: " << msg;
  }
}

TEST(MeshIO, MalformedFilesNameFileLineAndProblem) {
  expectError("bad_number.obj", {"line 4", "'1.5e' is not a finite number"});
  expectError("bad_index.obj", {"line 5", "index 9 is outside 1..3"});
  expectError("bad_degenerate.obj", {"line 6", "degenerate triangle"});
  expectError("bad_short_face.obj", {"line 4", "face has 2 vertices"});
  expectError("bad_no_faces.obj", {"no faces"});
  expectError("bad_two_vertices.stl", {"line 14", "facet has 2 vertices, needs 3"});
  expectError("bad_no_endsolid.stl", {"missing 'endsolid'"});
  expectError("bad_keyword.stl", {"line 4", "unexpected keyword 'vertx'"});
  expectError("bad_truncated_binary.stl", {"neither ASCII STL", "277 bytes"});
  expectError("missing.obj", {"cannot open"});
  expectError("cube.ply", {"unknown mesh extension 'ply'"});
}

}  // namespace
}  // namespace articula
