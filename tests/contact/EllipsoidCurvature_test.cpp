#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include "ContactTestSupport.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {
namespace {

using namespace articula::testing;

// Height h(s) of the surface above the tangent plane at p, along tangent t, measured along -n:
// the point p + s t - h n lies on the surface. Solved by bisection on the implicit function.
Real sag(const Vec3& a, const Vec3& p, const Vec3& n, const Vec3& t, Real s) {
  auto F = [&](Real h) { return (p + s * t - h * n).cwiseQuotient(a).squaredNorm() - 1; };
  Real lo = 0, hi = 1e-2 * a.minCoeff();  // F(lo) >= 0 (tangent plane is outside), F(hi) < 0 for small s
  for (int i = 0; i < 200; ++i) {
    const Real mid = 0.5 * (lo + hi);
    (F(mid) > 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// Normal curvature along t by central differences of the sag: h(s) = k s^2 / 2 + O(s^4).
Real normalCurvatureFD(const Vec3& a, const Vec3& p, const Vec3& n, const Vec3& t) {
  const Real s = 1e-3 * a.minCoeff();
  return (sag(a, p, n, t, s) + sag(a, p, n, t, -s)) / (s * s);
}

TEST(EllipsoidCurvature, MatchesFiniteDifferencesOfTheSurface) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 60; ++trial) {
    const Vec3 a(uniformReal(rng, 0.1, 1), uniformReal(rng, 0.1, 1), uniformReal(rng, 0.1, 1));
    const Vec3 u = randomUnit(rng);
    const Vec3 p = u / u.cwiseQuotient(a).norm();  // on the surface
    const Vec3 n = p.cwiseQuotient(a.cwiseProduct(a)).normalized();
    const SurfaceCurvature c = ellipsoidCurvature(a, p);
    EXPECT_GE(c.k1, c.k2);
    EXPECT_NEAR(c.d1_G.norm(), 1, 1e-12);
    EXPECT_NEAR(c.d1_G.dot(n), 0, 1e-12);
    const Vec3 d2 = n.cross(c.d1_G);
    const Real tol = 1e-4 * c.k1;
    EXPECT_NEAR(normalCurvatureFD(a, p, n, c.d1_G), c.k1, tol) << "trial " << trial;
    EXPECT_NEAR(normalCurvatureFD(a, p, n, d2), c.k2, tol) << "trial " << trial;
    // Euler's theorem along any other tangent, and k1, k2 bound every normal curvature.
    const Real th = uniformReal(rng, 0, M_PI);
    const Vec3 t = std::cos(th) * c.d1_G + std::sin(th) * d2;
    const Real kt = normalCurvatureFD(a, p, n, t);
    EXPECT_NEAR(kt, c.k1 * std::cos(th) * std::cos(th) + c.k2 * std::sin(th) * std::sin(th), tol);
  }
}

TEST(EllipsoidCurvature, ClosedFormEigenPairsMatchAnIterativeSolver) {
  // The principal curvatures are the eigenvalues of the Weingarten map t -> P A t / |A p| on the
  // tangent plane (P projects onto it). Build it in 3D and solve it with Eigen's symmetric solver:
  // its two eigenvalues on the plane and their eigenvectors against the closed form.
  std::mt19937 rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    const Vec3 a(uniformReal(rng, 0.02, 1), uniformReal(rng, 0.02, 1), uniformReal(rng, 0.02, 1));
    const Vec3 u = randomUnit(rng);
    const Vec3 p = u / u.cwiseQuotient(a).norm();
    const Vec3 g = p.cwiseQuotient(a.cwiseProduct(a));
    const Vec3 n = g.normalized();
    const Mat33 P = Mat33::Identity() - n * n.transpose();
    const Mat33 W = P * Mat33(a.cwiseProduct(a).cwiseInverse().asDiagonal()) * P / g.norm();
    const Eigen::SelfAdjointEigenSolver<Mat33> eig(W);  // ascending; the normal's 0 is the smallest
    const SurfaceCurvature c = ellipsoidCurvature(a, p);
    EXPECT_NEAR(c.k1, eig.eigenvalues()[2], 1e-13 * c.k1) << "trial " << trial;
    EXPECT_NEAR(c.k2, eig.eigenvalues()[1], 1e-13 * c.k1) << "trial " << trial;
    if (eig.eigenvalues()[2] - eig.eigenvalues()[1] > 1e-6 * c.k1) {
      EXPECT_NEAR(std::abs(c.d1_G.dot(eig.eigenvectors().col(2))), 1, 1e-9) << "trial " << trial;
    }
  }
  // Umbilics: a sphere, and the tips of a spheroid's axis of symmetry.
  const SurfaceCurvature s = ellipsoidCurvature(Vec3(1, 2, 2), Vec3(1, 0, 0));
  EXPECT_NEAR(s.k1, 0.25, 1e-15);
  EXPECT_NEAR(s.k2, 0.25, 1e-15);
  EXPECT_NEAR(s.d1_G.norm(), 1, 1e-15);
  EXPECT_NEAR(s.d1_G.x(), 0, 1e-15);
}

TEST(EllipsoidCurvature, AnalyticValuesAtTheTips) {
  // At the tip of axis a (point (a,0,0)) the curvatures are a/b^2 and a/c^2.
  const Vec3 a(2, 1, 0.5);
  const SurfaceCurvature c = ellipsoidCurvature(a, Vec3(2, 0, 0));
  EXPECT_NEAR(c.k1, 2 / 0.25, 1e-12);
  EXPECT_NEAR(c.k2, 2 / 1.0, 1e-12);
  EXPECT_NEAR(std::abs(c.d1_G.z()), 1, 1e-12);
  const SurfaceCurvature s = ellipsoidCurvature(Vec3::Constant(0.5), Vec3(0.1, 0.2, 0.3));  // sphere, off-surface input
  EXPECT_NEAR(s.k1, 2, 1e-12);
  EXPECT_NEAR(s.k2, 2, 1e-12);
}

}  // namespace
}  // namespace articula
