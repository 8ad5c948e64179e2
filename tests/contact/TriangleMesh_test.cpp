#include "articula/contact/TriangleMesh.h"

#include <gtest/gtest.h>

#include "articula/Error.h"

namespace articula {
namespace {

void expectError(std::vector<Vec3> v, std::vector<std::array<int, 3>> f, const std::string& words) {
  try {
    TriangleMesh m(std::move(v), std::move(f), "part");
    FAIL() << "no Error: " << words;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("TriangleMesh 'part'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(TriangleMesh, FaceQuantities) {
  const TriangleMesh m({Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 3)}, {{0, 1, 2}, {0, 1, 3}});
  EXPECT_EQ(m.faceArea(0), 1);
  EXPECT_EQ(m.faceArea(1), 3);
  EXPECT_EQ(m.faceNormal(0), Vec3::UnitZ());
  EXPECT_EQ(m.faceNormal(1), -Vec3::UnitY());
  EXPECT_TRUE(m.faceCentroid(1).isApprox(Vec3(2.0 / 3, 0, 1)));
  EXPECT_EQ(m.boundingRadius(), 3);
  EXPECT_EQ(m.hi(), Vec3(2, 1, 3));
}

TEST(TriangleMesh, BadInputNamesMeshAndProblem) {
  const std::vector<Vec3> v{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)};
  expectError(v, {}, "has no faces");
  expectError(v, {{0, 1, 3}}, "face 0 uses vertex index 3, outside [0, 3)");
  expectError({Vec3(0, 0, 0), Vec3(1, NAN, 0), Vec3(0, 1, 0)}, {{0, 1, 2}}, "vertex 1 is not finite");
  expectError({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(0, 1, 0)}, {{0, 1, 3}, {0, 1, 2}}, "face 1 (vertices 0, 1, 2) is degenerate");
}

}  // namespace
}  // namespace articula
