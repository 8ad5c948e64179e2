// Articulated-body inertia P = [[J, F], [F^T, M]] (Theory Manual §12.5): a symmetric 6x6 spatial
// inertia about a point, expressed in some frame (Articula keeps them in Ground, about body
// origins). Supports the rigid shift across a weld or prescribed mobilizer and the articulated
// shift across a free mobilizer with hinge matrix H.
#pragma once
#include "articula/math/Inertia.h"

namespace articula {

class ArticulatedInertia {
 public:
  ArticulatedInertia() : P_(Mat66::Zero()) {}
  explicit ArticulatedInertia(const Mat66& P) : P_(P) {}
  explicit ArticulatedInertia(const SpatialInertia& M) : P_(M.toMat66()) {}

  const Mat66& toMat66() const { return P_; }
  ArticulatedInertia& operator+=(const ArticulatedInertia& other) {
    P_ += other.P_;
    return *this;
  }
  SpatialVec operator*(const SpatialVec& A) const { return P_ * A; }

  // Rigid shift to a point at -l from the current one (l points from the new point to the old):
  // phi(l) P phi(l)^T with phi(l) = [[1, l x], [0, 1]]; F' = F + l x M, J' = J + l x F^T - F' l x.
  ArticulatedInertia shift(const Vec3& l) const {
    ArticulatedInertia out;
    addShifted(P_, l, out.P_);
    return out;
  }
  // out += phi(l) P phi(l)^T for a symmetric P, with the products by l x done as cross products.
  static void addShifted(const Mat66& P, const Vec3& l, Mat66& out) {
    Mat33 Fp = P.topRightCorner<3, 3>();
    const auto M = P.bottomRightCorner<3, 3>();
    const auto F = P.topRightCorner<3, 3>();
    for (int k = 0; k < 3; ++k) Fp.col(k) += l.cross(Vec3(M.col(k)));
    Mat33 Jp = P.topLeftCorner<3, 3>();
    for (int k = 0; k < 3; ++k) Jp.col(k) += l.cross(Vec3(F.row(k).transpose()));
    for (int i = 0; i < 3; ++i) Jp.row(i) -= Vec3(Fp.row(i).transpose()).cross(l).transpose();
    out.topLeftCorner<3, 3>() += Jp;
    out.topRightCorner<3, 3>() += Fp;
    out.bottomLeftCorner<3, 3>() += Fp.transpose();
    out.bottomRightCorner<3, 3>() += M;
  }

  // Articulated shift across a hinge with full-column-rank H (6 x n): returns
  // P+ = P - P H D^-1 H^T P with D = H^T P H (the part of P felt through the hinge), and D^-1 and
  // G = P H D^-1 if asked. Throws Error if D is singular (a massless subtree on that hinge).
  ArticulatedInertia articulatedShiftPart(const Eigen::Ref<const Matrix>& H, Matrix* DInv = nullptr,
                                          Matrix* G = nullptr) const;

 private:
  Mat66 P_;
};

}  // namespace articula
