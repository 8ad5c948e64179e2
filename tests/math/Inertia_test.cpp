// Inertia: factories against closed forms and against summing point masses, parallel-axis
// shifts, and rejection of invalid matrices.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "RandomMath.h"
#include "articula/Error.h"

using namespace articula;
using articula::testing::randomCentralInertia;
using articula::testing::randomRotation;
using articula::testing::randomVec3;

namespace {

// Inertia about the origin of a uniform solid {|x_i| <= h_i, inside(x)}, by the midpoint rule on
// an n^3 grid of equal point masses; independent of every closed form.
Mat33 integrateSolid(Real mass, const Vec3& h, const std::function<bool(const Vec3&)>& inside, int n = 80) {
  Mat33 I = Mat33::Zero();
  int count = 0;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      for (int c = 0; c < n; ++c) {
        const Vec3 p = (Vec3(a, b, c).array() + 0.5).matrix().cwiseProduct(2 * h / n) - h;
        if (!inside(p)) continue;
        I += p.squaredNorm() * Mat33::Identity() - p * p.transpose();
        ++count;
      }
  return I * (mass / count);
}

}  // namespace

TEST(Inertia, FactoriesMatchClosedForms) {
  const Real m = 2.5;
  EXPECT_LT((Inertia::sphere(m, 0.4).matrix() - 0.4 * m * 0.16 * Mat33::Identity()).norm(), 1e-15);
  const Vec3 h(0.5, 1.0, 1.5);
  EXPECT_LT((Inertia::brick(m, h).moments() - m / 3 * Vec3(1.0 + 2.25, 0.25 + 2.25, 0.25 + 1.0)).norm(), 1e-14);
  const Vec3 s(0.3, 0.7, 1.1);
  EXPECT_LT((Inertia::ellipsoid(m, s).moments() - m / 5 * Vec3(0.49 + 1.21, 0.09 + 1.21, 0.09 + 0.49)).norm(), 1e-14);
  const Real r = 0.2, hl = 0.6;  // full length 1.2
  EXPECT_LT((Inertia::cylinderAlongZ(m, r, hl).moments() -
             Vec3(m * (3 * r * r + 1.44) / 12, m * (3 * r * r + 1.44) / 12, m * r * r / 2))
                .norm(),
            1e-15);
  for (const Inertia& I :
       {Inertia::sphere(m, 0.4), Inertia::brick(m, h), Inertia::ellipsoid(m, s), Inertia::cylinderAlongZ(m, r, hl)}) {
    EXPECT_EQ(I.products(), Vec3::Zero());
    EXPECT_TRUE(I.isValid());
  }
}

TEST(Inertia, FactoriesMatchNumericalIntegration) {
  const Real m = 1.7;
  const Vec3 h(0.4, 0.9, 0.6);
  // Midpoint-rule error is O(1/n^2) for the box; about 1e-3 relative for the curved solids.
  const Mat33 box = integrateSolid(m, h, [](const Vec3&) { return true; });
  EXPECT_LT((box - Inertia::brick(m, h).matrix()).norm(), 3e-4 * box.norm());
  const Mat33 ell = integrateSolid(m, h, [&](const Vec3& p) { return p.cwiseQuotient(h).squaredNorm() <= 1; });
  EXPECT_LT((ell - Inertia::ellipsoid(m, h).matrix()).norm(), 5e-3 * ell.norm());
  const Real R = 0.5;
  const Mat33 sph = integrateSolid(m, Vec3::Constant(R), [&](const Vec3& p) { return p.squaredNorm() <= R * R; });
  EXPECT_LT((sph - Inertia::sphere(m, R).matrix()).norm(), 5e-3 * sph.norm());
  const Real rc = 0.3, hz = 0.8;
  const Mat33 cyl = integrateSolid(m, Vec3(rc, rc, hz),
                                   [&](const Vec3& p) { return p.x() * p.x() + p.y() * p.y() <= rc * rc; });
  EXPECT_LT((cyl - Inertia::cylinderAlongZ(m, rc, hz).matrix()).norm(), 5e-3 * cyl.norm());
}

TEST(Inertia, FactoriesRejectBadSizes) {
  EXPECT_THROW(Inertia::sphere(-1, 1), Error);
  EXPECT_THROW(Inertia::sphere(1, NAN), Error);
  EXPECT_THROW(Inertia::brick(1, Vec3(1, -1, 1)), Error);
  EXPECT_THROW(Inertia::ellipsoid(1, Vec3(1, 1, INFINITY)), Error);
  EXPECT_THROW(Inertia::cylinderAlongZ(1, 1, -0.1), Error);
}

TEST(Inertia, PointMass) {
  const Vec3 p(1, 2, 3);
  const Mat33 I = Inertia::pointMass(2, p).matrix();
  // Direct sum over the single particle: I_ij = m (|p|^2 delta_ij - p_i p_j).
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_DOUBLE_EQ(I(i, j), 2 * ((i == j ? 14.0 : 0.0) - p[i] * p[j]));
  EXPECT_LT((I - 2 * skew(p).transpose() * skew(p)).norm(), 1e-13);
  EXPECT_LT((I * p).norm(), 1e-13);  // spinning about the line through p needs no torque
}

TEST(Inertia, ParallelAxisRoundTrip) {
  std::mt19937 rng(41);
  for (int t = 0; t < 100; ++t) {
    const Inertia I_C = randomCentralInertia(rng);
    const Real m = articula::testing::uniform(rng, 0.1, 5);
    const Vec3 p = randomVec3(rng, 2);
    const Inertia I_Q = I_C.shiftFromMassCenter(p, m);
    EXPECT_LT((I_Q.matrix() - (I_C.matrix() + m * (p.squaredNorm() * Mat33::Identity() - p * p.transpose()))).norm(),
              1e-13);
    EXPECT_TRUE(I_Q.isValid(1e-12));
    // Moving away from the mass center never lowers a diagonal moment.
    EXPECT_TRUE(((I_Q.moments() - I_C.moments()).array() >= -1e-15).all());
    EXPECT_LT((I_Q.shiftToMassCenter(p, m).matrix() - I_C.matrix()).norm(), 1e-13);
    // Shifting by the sum of two vectors through the mass center equals a direct shift (the
    // cross terms cancel only at the mass center, so go back to C in between).
    const Vec3 p2 = randomVec3(rng, 2);
    const Inertia viaC = I_Q.shiftToMassCenter(p, m).shiftFromMassCenter(p2, m);
    EXPECT_LT((viaC.matrix() - I_C.shiftFromMassCenter(p2, m).matrix()).norm(), 1e-13);
  }
}

TEST(Inertia, ReexpressIsSimilarityTransform) {
  std::mt19937 rng(42);
  const Inertia I = randomCentralInertia(rng);
  const Rotation R = randomRotation(rng);
  const Inertia J = I.reexpress(R);
  EXPECT_NEAR(J.matrix().trace(), I.matrix().trace(), 1e-13);
  const Vec3 w = randomVec3(rng);
  EXPECT_NEAR((R * w).dot(J.matrix() * (R * w)), w.dot(I.matrix() * w), 1e-13);
}

TEST(Inertia, ConstructorRejectsInvalid) {
  EXPECT_NO_THROW(Inertia(1, 2, 3));
  EXPECT_NO_THROW(Inertia(1, 1, 2));  // flat lamina: triangle inequality with equality
  EXPECT_NO_THROW(Inertia(0, 0, 0));
  EXPECT_THROW(Inertia(-1, 2, 3), Error);
  EXPECT_THROW(Inertia(1, 1, 3), Error);  // Ixx + Iyy < Izz
  EXPECT_THROW(Inertia(NAN, 1, 1), Error);
  EXPECT_THROW(Inertia(1, 1, 1, INFINITY), Error);
  Mat33 asym = Inertia(2, 3, 4).matrix();
  asym(0, 1) = 0.1;
  EXPECT_THROW(Inertia(asym, "body 'arm'"), Error);
  // Diagonal fine, but products make a principal moment negative.
  EXPECT_THROW(Inertia(1, 1, 1, 0.9, 0.9, 0.9), Error);
  // Asymmetry at rounding level is tolerated and removed.
  Mat33 nearly = Inertia(2, 3, 4, 0.1).matrix();
  nearly(1, 0) += 1e-15;
  const Inertia ok(nearly);
  EXPECT_EQ(ok.matrix(), ok.matrix().transpose());
}

TEST(Inertia, ErrorNamesOwnerAndValue) {
  try {
    Inertia(Mat33(Vec3(-2.5, 3, 3).asDiagonal()), "body 'shin'");
    FAIL() << "no exception";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("body 'shin'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("-2.5"), std::string::npos) << msg;
    EXPECT_NE(msg.find("Ixx"), std::string::npos) << msg;
  }
}

TEST(Inertia, ParticleAndLineCentralInertia) {
  // Particle: zero central inertia. Thin rod along z: zero axial moment, equal transverse ones.
  const Real m = 3;
  const Vec3 p(0.2, -0.4, 1.0);
  EXPECT_LT(Inertia::pointMass(m, p).shiftToMassCenter(p, m).matrix().norm(), 1e-15);
  const Inertia rod = Inertia::cylinderAlongZ(m, 0, 0.5);
  EXPECT_EQ(rod.moments()[2], 0);
  EXPECT_DOUBLE_EQ(rod.moments()[0], rod.moments()[1]);
  EXPECT_DOUBLE_EQ(rod.moments()[0], m * 1.0 / 12);
  EXPECT_TRUE(rod.isValid());
}
