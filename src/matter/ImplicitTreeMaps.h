// Fixed-size views of the ImplicitTreeSolver's per-body blocks (12 × N [S; T], 6 × N, N × N), for
// its two source files (ImplicitTreeSolver.cpp, ImplicitTreeSolverSweeps.cpp).
#pragma once
#include <Eigen/Core>

#include "articula/math/Types.h"

namespace articula::treemaps {

template <int N>
using Map12N = Eigen::Map<Eigen::Matrix<Real, 12, N>>;
template <int N>
using CMap12N = Eigen::Map<const Eigen::Matrix<Real, 12, N>>;
template <int N>
using Map6N = Eigen::Map<Eigen::Matrix<Real, 6, N>>;
template <int N>
using CMap6N = Eigen::Map<const Eigen::Matrix<Real, 6, N>>;
// N×N corner of a 6×6 (leading dimension 6), and the whole of an N×N SmallMatrix (leading dimension N).
template <int N>
using MapNN = Eigen::Map<Eigen::Matrix<Real, N, N>, 0, Eigen::OuterStride<6>>;
template <int N>
using CMapNN = Eigen::Map<const Eigen::Matrix<Real, N, N>, 0, Eigen::OuterStride<6>>;
template <int N>
using CMapSmall = Eigen::Map<const Eigen::Matrix<Real, N, N>>;

}  // namespace articula::treemaps
