#include <cmath>

#include <Eigen/Eigenvalues>

#include "articula/contact/ShapeCurvature.h"

namespace articula {

Vec3 perpendicularTo(const Vec3& n) {
  // Cross with the coordinate axis least aligned with n: never near-parallel.
  int i = 0;
  n.cwiseAbs().minCoeff(&i);
  return n.cross(Vec3::Unit(i)).normalized();
}

SurfaceCurvature ellipsoidCurvature(const Vec3& semiAxes, const Vec3& p_S) {
  const Vec3 A = semiAxes.cwiseProduct(semiAxes).cwiseInverse();
  const Vec3 p = p_S / std::sqrt(p_S.cwiseProduct(p_S).dot(A));  // onto the surface
  const Vec3 g = A.cwiseProduct(p);                               // half the gradient of p'Ap - 1
  const Real gNorm = g.norm();
  const Vec3 n = g / gNorm;
  const Vec3 t1 = perpendicularTo(n);
  const Vec3 t2 = n.cross(t1);
  Eigen::Matrix2d W;  // shape operator in the tangent basis (t1, t2)
  W(0, 0) = t1.cwiseProduct(A).dot(t1) / gNorm;
  W(1, 1) = t2.cwiseProduct(A).dot(t2) / gNorm;
  W(0, 1) = W(1, 0) = t1.cwiseProduct(A).dot(t2) / gNorm;
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> eig(W);  // ascending eigenvalues
  const Eigen::Vector2d e = eig.eigenvectors().col(1);
  return SurfaceCurvature{eig.eigenvalues()[1], eig.eigenvalues()[0], (e[0] * t1 + e[1] * t2).normalized()};
}

}  // namespace articula
