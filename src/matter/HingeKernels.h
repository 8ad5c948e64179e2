// Private: per-mobilizer kernels specialized on the number of mobilities (1..6). Eigen's
// dynamic-size products cost far more than the arithmetic for 6 x n blocks, so each kernel is a
// template on N working through fixed-size maps of the fixed-capacity storage.
#pragma once
#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <type_traits>

#include "articula/math/ArticulatedInertia.h"

namespace articula::kernels {

template <int N> using Mat6N = Eigen::Matrix<double, 6, N>;
template <int N> using MatNN = Eigen::Matrix<double, N, N>;
template <int N> using VecN = Eigen::Matrix<double, N, 1>;

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

template <int N> inline Eigen::Map<const Mat6N<N>> mapH(const HMatrix& H) { return Eigen::Map<const Mat6N<N>>(H.data()); }
template <int N> inline Eigen::Map<const VecN<N>> mapV(const Real* v) { return Eigen::Map<const VecN<N>>(v); }

// phi(l) P phi(l)^T added into out (Theory Manual §12.5 rigid shift), for symmetric P.
inline void addShiftedSymmetric(const Mat66& P, const Vec3& l, Mat66& out) { ArticulatedInertia::addShifted(P, l, out); }

// Articulated shift across a free hinge: D = H^T P H, G = P H D^-1, P+ = P - G (P H)^T.
// P+ is skipped (left unset) for base bodies, whose parent is Ground (Theory Manual §12.5).
template <int N>
inline void articulate(const Mat66& P, const HMatrix& Hm, SmallMatrix& DInv, HMatrix& G, Mat66& PPlus,
                       bool needPPlus) {
  const auto H = mapH<N>(Hm);
  const Mat6N<N> PH = P * H;
  const MatNN<N> D = H.transpose() * PH;
  MatNN<N> Di;
  if constexpr (N <= 4) Di = D.inverse();
  else Di = D.llt().solve(MatNN<N>::Identity());
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
