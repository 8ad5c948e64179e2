// Geom mass properties (src/model/MjcfInertia.h) against textbook closed forms and, for the
// capsule, a quadrature over its slices computed here.
#include "model/MjcfInertia.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace articula;
using namespace articula::model;
using namespace articula::model::mjcf;

TEST(MjcfInertia, PrimitivesMatchTheirClosedForms) {
  const Real rho = 1000;
  // Box of half sizes (0.1, 0.2, 0.3): m = 8 abc rho = 48; Ixx = m (b^2 + c^2) / 3 = 2.08.
  const Vec3 box(0.1, 0.2, 0.3);
  const MassBody b = shapeMass(GeometryType::Box, box, rho * shapeVolume(GeometryType::Box, box));
  EXPECT_NEAR(b.mass, 48, 1e-12);
  EXPECT_TRUE(b.inertia.diagonal().isApprox(Vec3(2.08, 1.6, 0.8), 1e-12));
  // Cylinder r = 0.1, half-length 0.3: m = pi r^2 (0.6) rho; Ixx = m (3 r^2 + 0.6^2) / 12, Izz = m r^2 / 2.
  const MassBody c = shapeMass(GeometryType::Cylinder, Vec3(0.1, 0.3, 0), rho * M_PI * 0.01 * 0.6);
  EXPECT_NEAR(shapeVolume(GeometryType::Cylinder, Vec3(0.1, 0.3, 0)), M_PI * 0.006, 1e-15);
  EXPECT_NEAR(c.inertia(0, 0), c.mass * (0.03 + 0.36) / 12, 1e-14);
  EXPECT_NEAR(c.inertia(2, 2), c.mass * 0.01 / 2, 1e-14);
  // Ellipsoid (0.1, 0.2, 0.3): m = 4/3 pi abc rho; Ixx = m (b^2 + c^2) / 5.
  const Real me = 4.0 / 3 * M_PI * 0.006 * rho;
  EXPECT_NEAR(shapeVolume(GeometryType::Ellipsoid, box) * rho, me, 1e-12);
  EXPECT_NEAR(shapeMass(GeometryType::Ellipsoid, box, me).inertia(0, 0), me * 0.13 / 5, 1e-14);
  EXPECT_NEAR(shapeMass(GeometryType::Sphere, Vec3(0.1, 0, 0), 2).inertia(1, 1), 0.4 * 2 * 0.01, 1e-15);
}

TEST(MjcfInertia, CapsuleMatchesAQuadratureOverItsSlices) {
  // A solid of revolution about z: slices of radius s(z) and thickness dz have dm = rho pi s^2 dz,
  // dIzz = dm s^2 / 2, dIxx = dm (s^2 / 4 + z^2). Midpoint rule with 2e5 slices.
  const Real r = 0.1, h = 0.3, rho = 1000;
  const int n = 200000;
  const Real z0 = -h - r, dz = 2 * (h + r) / n;
  Real m = 0, ixx = 0, izz = 0;
  for (int i = 0; i < n; ++i) {
    const Real z = z0 + (i + 0.5) * dz, e = std::max<Real>(0, std::abs(z) - h);
    const Real s2 = r * r - e * e, dm = rho * M_PI * s2 * dz;
    m += dm;
    ixx += dm * (s2 / 4 + z * z);
    izz += dm * s2 / 2;
  }
  const MassBody cap = shapeMass(GeometryType::Capsule, Vec3(r, h, 0),
                                 rho * shapeVolume(GeometryType::Capsule, Vec3(r, h, 0)));
  EXPECT_NEAR(cap.mass / m, 1, 1e-8);
  EXPECT_NEAR(cap.inertia(0, 0) / ixx, 1, 1e-8);
  EXPECT_NEAR(cap.inertia(2, 2) / izz, 1, 1e-8);
}

TEST(MjcfInertia, MeshCubeAndCombination) {
  // A unit cube [0,1]^3 as 12 outward triangles: volume 1, centroid (0.5, 0.5, 0.5), I = m/6.
  const std::vector<Vec3> v{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  const std::vector<std::array<int, 3>> f{{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
                                          {1, 2, 6}, {1, 6, 5}, {2, 3, 7}, {2, 7, 6}, {3, 0, 4}, {3, 4, 7}};
  const auto cube = meshMass(TriangleMesh(v, f), 3);
  ASSERT_TRUE(cube);
  EXPECT_NEAR(cube->mass, 3, 1e-12);
  EXPECT_TRUE(cube->com.isApprox(Vec3(0.5, 0.5, 0.5), 1e-12));
  EXPECT_TRUE(cube->inertia.isApprox(Mat33::Identity() * 0.5, 1e-12)) << cube->inertia;
  // Two spheres of mass 1 at x = -1 and x = 1 about their middle: Iyy = Izz = 2 + 2 (0.4 r^2).
  const MassBody s = shapeMass(GeometryType::Sphere, Vec3(0.1, 0, 0), 1);
  const MassBody both = combined(placed(s, Transform(Rotation(), Vec3(-1, 0, 0))),
                                 placed(s, Transform(Rotation(), Vec3(1, 0, 0))));
  EXPECT_NEAR(both.mass, 2, 1e-15);
  EXPECT_TRUE(both.com.isZero(1e-15));
  EXPECT_NEAR(both.inertia(0, 0), 2 * 0.004, 1e-15);
  EXPECT_NEAR(both.inertia(1, 1), 2 + 2 * 0.004, 1e-15);
}
