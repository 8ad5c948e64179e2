// Private: per-mobilizer kernels specialized on the number of mobilities (1..6). Eigen's
// dynamic-size products cost far more than the arithmetic for 6 x n blocks, so each kernel is a
// template on N working through fixed-size maps of the fixed-capacity storage.
#pragma once
#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "articula/math/ArticulatedInertia.h"

namespace articula::kernels {

template <int N>
using Mat6N = Eigen::Matrix<double, 6, N>;
template <int N>
using MatNN = Eigen::Matrix<double, N, N>;
template <int N>
using VecN = Eigen::Matrix<double, N, 1>;

// Calls f(std::integral_constant<int, N>{}) for N = nu in 1..6.
// Always inlined: as an out-of-line call per body it cost as much as the arithmetic it wraps.
template <class F>
[[gnu::always_inline]] inline void dispatch(int nu, F&& f) {
  switch (nu) {
    case 1: f(std::integral_constant<int, 1>{}); break;
    case 2: f(std::integral_constant<int, 2>{}); break;
    case 3: f(std::integral_constant<int, 3>{}); break;
    case 4: f(std::integral_constant<int, 4>{}); break;
    case 5: f(std::integral_constant<int, 5>{}); break;
    case 6: f(std::integral_constant<int, 6>{}); break;
    default: break;
  }
}

template <int N>
inline Eigen::Map<const Mat6N<N>> mapH(const HMatrix& H) {
  return Eigen::Map<const Mat6N<N>>(H.data());
}
template <int N>
inline Eigen::Map<const VecN<N>> mapV(const Real* v) {
  return Eigen::Map<const VecN<N>>(v);
}

// Ainv = A⁻¹ by Gauss-Jordan elimination on columns (contiguous in Eigen's storage, so each step
// is a few vector operations) with partial pivoting along each row, for fixed N: Eigen's inverse
// past 4 x 4, and its LU and LLT solves with a matrix right-hand side, go through its blocked
// triangular solver, several times the arithmetic at these sizes. Returns the smallest |pivot|
// (the partially pivoted LU of Aᵀ's smallest |U_ii|); a zero pivot leaves inf or NaN.
template <int N>
inline Real invertSmall(const MatNN<N>& A, MatNN<N>& Ainv) {
  MatNN<N> a = A;
  Ainv.setIdentity();
  Real smallest = std::numeric_limits<Real>::infinity();
  for (int k = 0; k < N; ++k) {
    int p = k;
    for (int j = k + 1; j < N; ++j)
      if (std::abs(a(k, j)) > std::abs(a(k, p))) p = j;
    if (p != k) {
      a.col(k).swap(a.col(p));
      Ainv.col(k).swap(Ainv.col(p));
    }
    const Real pivot = a(k, k);
    smallest = std::min(smallest, std::abs(pivot));
    const Real inv = 1 / pivot;
    a.col(k) *= inv;
    Ainv.col(k) *= inv;
    for (int j = 0; j < N; ++j) {
      if (j == k) continue;
      const Real f = a(k, j);
      a.col(j) -= f * a.col(k);
      Ainv.col(j) -= f * Ainv.col(k);
    }
  }
  return smallest;
}

// phi(l) P phi(l)^T added into out (Theory Manual §12.5 rigid shift), for symmetric P.
inline void addShiftedSymmetric(const Mat66& P, const Vec3& l, Mat66& out) {
  ArticulatedInertia::addShifted(P, l, out);
}

// Articulated shift across a free hinge: D = H^T P H, G = P H D^-1, P+ = P - G (P H)^T.
// P+ is skipped (left unset) for base bodies, whose parent is Ground (Theory Manual §12.5).
template <int N>
inline void articulate(const Mat66& P, const HMatrix& Hm, SmallMatrix& DInv, HMatrix& G, Mat66& PPlus, bool needPPlus) {
  const auto H = mapH<N>(Hm);
  const Mat6N<N> PH = P * H;
  const MatNN<N> D = H.transpose() * PH;
  MatNN<N> Di;
  if constexpr (N <= 4) Di = D.inverse();
  else invertSmall<N>(D, Di);
  DInv.resize(N, N);
  Eigen::Map<MatNN<N>>(DInv.data()) = Di;
  G.resize(6, N);
  Eigen::Map<Mat6N<N>> Gm(G.data());
  Gm.noalias() = PH * Di;
  if (!needPPlus) return;
  PPlus = P;
  PPlus.noalias() -= Gm * PH.transpose();
}

}  // namespace articula::kernels
