#include "articula/contact/TriangleMesh.h"

#include <gtest/gtest.h>

#include <random>

#include "Icosphere.h"
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
  expectError({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(0, 1, 0)}, {{0, 1, 3}, {0, 1, 2}},
              "face 1 (vertices 0, 1, 2) is degenerate");
}

// The hierarchy's nearest point against brute force over every face (the closest point of each
// triangle from a dense barycentric grid refined locally), and the sign against convexity.
TEST(TriangleMesh, NearestPointMatchesBruteForce) {
  testing::Icosphere ico = testing::makeIcosphere(3);
  const TriangleMesh m(ico.vertices, ico.faces, "ball");
  std::mt19937 rng(4);
  std::uniform_real_distribution<Real> u(-1.5, 1.5);
  for (int trial = 0; trial < 200; ++trial) {
    const Vec3 p(u(rng), u(rng), u(rng));
    const TriangleMesh::Nearest r = m.nearestPoint(p);
    // Brute force: the squared distance to each face by minimizing over barycentric coordinates.
    Real best = INFINITY;
    for (int f = 0; f < m.numFaces(); ++f) {
      const Vec3 &a = m.vertex(m.face(f)[0]), &b = m.vertex(m.face(f)[1]), &c = m.vertex(m.face(f)[2]);
      Real s0 = 1.0 / 3, t0 = 1.0 / 3;
      for (Real step = 0.25; step > 1e-12; step *= 0.5)
        for (bool moved = true; moved;) {
          moved = false;
          for (const auto& [ds, dt] :
               {std::pair{step, 0.0}, {-step, 0.0}, {0.0, step}, {0.0, -step}, {step, -step}, {-step, step}}) {
            const Real s = s0 + ds, t = t0 + dt;
            if (s < 0 || t < 0 || s + t > 1) continue;
            if ((a + s * (b - a) + t * (c - a) - p).squaredNorm() < (a + s0 * (b - a) + t0 * (c - a) - p).squaredNorm())
              s0 = s, t0 = t, moved = true;
          }
        }
      best = std::min(best, (a + s0 * (b - a) + t0 * (c - a) - p).squaredNorm());
    }
    EXPECT_NEAR(std::abs(r.depth), std::sqrt(best), 1e-9) << "trial " << trial;
    EXPECT_NEAR((r.q_S - p).norm(), std::abs(r.depth), 1e-12);
    // A convex mesh: inside iff below every face's plane.
    bool inside = true;
    for (int f = 0; f < m.numFaces(); ++f) inside = inside && m.faceNormal(f).dot(p - m.faceCentroid(f)) < 0;
    EXPECT_EQ(r.depth > 0, inside) << "trial " << trial;
    EXPECT_NEAR(r.n_S.norm(), 1, 1e-12);
  }
}

}  // namespace
}  // namespace articula
