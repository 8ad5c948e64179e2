#include "articula/contact/EllipsoidDistance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "articula/Error.h"

namespace articula {

namespace {

// Well-spread unit directions (Fibonacci lattice), built once.
template <int N>
const std::array<Vec3, N>& spreadDirections() {
  static const std::array<Vec3, N> dirs = [] {
    std::array<Vec3, N> d;
    const Real golden = M_PI * (3 - std::sqrt(5.0));
    for (int i = 0; i < N; ++i) {
      const Real z = 1 - (2 * i + 1.0) / N;
      const Real r = std::sqrt(1 - z * z);
      d[i] = Vec3(r * std::cos(golden * i), r * std::sin(golden * i), z);
    }
    return d;
  }();
  return dirs;
}

// The overlap function in A's frame: f(n) = |D_A n| + |D_B R n| - n.d, with M = R D^2 R'.
struct Overlap {
  Mat33 MA, MB;  // MA diagonal, MB full (zero for a point)
  Vec3 d;        // c_B - c_A in A
  bool pointB = false;
  Real scale = 1;  // length scale of the problem, for tolerances

  Real value(const Vec3& n) const {
    const Real sA = std::sqrt(n.dot(MA * n));
    const Real sB = pointB ? 0.0 : std::sqrt(n.dot(MB * n));
    return sA + sB - n.dot(d);
  }
  // Value, Riemannian gradient and Hessian in the tangent basis (t1, t2) at unit n.
  Real derivatives(const Vec3& n, const Vec3& t1, const Vec3& t2, Eigen::Vector2d& g, Eigen::Matrix2d& H) const {
    const Vec3 MAn = MA * n;
    const Real sA = std::sqrt(n.dot(MAn));
    const Vec3 gA = MAn / sA;
    Vec3 grad = gA - d;
    Mat33 hess = (MA - gA * gA.transpose()) / sA;
    Real f = sA - n.dot(d);
    if (!pointB) {
      const Vec3 MBn = MB * n;
      const Real sB = std::sqrt(n.dot(MBn));
      const Vec3 gB = MBn / sB;
      grad += gB;
      hess += (MB - gB * gB.transpose()) / sB;
      f += sB;
    }
    g << t1.dot(grad), t2.dot(grad);
    // Riemannian Hessian on the sphere: P H P - (n . grad f) P, and n . grad f = f (degree-1 homogeneous).
    H(0, 0) = t1.dot(hess * t1) - f;
    H(1, 1) = t2.dot(hess * t2) - f;
    H(0, 1) = H(1, 0) = t1.dot(hess * t2);
    return f;
  }
};

struct LocalMin {
  Vec3 n;
  Real f;
  Real gradNorm;
  int iterations;
  bool repeat = false;  // stopped on entering the basin of a minimum already found
};

// Minima found so far: a run coming within kBasin of one would only converge to it again.
struct FoundMinima {
  std::array<Vec3, 32> n;
  int count = 0;
  static constexpr Real kBasin2 = 1e-6;  // (1e-3 rad)^2: far inside any basin's quadratic region
  bool near(const Vec3& m) const {
    for (int i = 0; i < count; ++i)
      if ((m - n[i]).squaredNorm() < kBasin2) return true;
    return false;
  }
  void add(const Vec3& m) {
    if (count < static_cast<int>(n.size())) n[count++] = m;
  }
};

Vec3 perpendicular(const Vec3& n) {
  int i = 0;
  n.cwiseAbs().minCoeff(&i);
  return n.cross(Vec3::Unit(i)).normalized();
}

// Regularized Newton with Armijo backtracking on the unit sphere.
LocalMin newtonOnSphere(const Overlap& F, Vec3 n, int maxIterations, const FoundMinima& found) {
  const Real gradTol = 1e-13 * F.scale;
  Eigen::Vector2d g;
  Eigen::Matrix2d H;
  Real f = 0, gNorm = INFINITY;
  int it = 0;
  for (; it < maxIterations; ++it) {
    if (found.near(n)) return LocalMin{n, INFINITY, INFINITY, it, true};
    const Vec3 t1 = perpendicular(n);
    const Vec3 t2 = n.cross(t1);
    f = F.derivatives(n, t1, t2, g, H);
    gNorm = g.norm();
    if (gNorm <= gradTol) break;
    // Make H positive definite: shift by the most negative eigenvalue plus a floor.
    const Real tr = H.trace(), det = H.determinant();
    const Real lamMin = 0.5 * tr - std::sqrt(std::max(0.0, 0.25 * tr * tr - det));
    const Real floor = 1e-3 * std::max(std::abs(tr), 1e-12 * F.scale);
    if (lamMin < floor) H.diagonal().array() += floor - lamMin;
    // H is now symmetric positive definite: its 2x2 inverse in closed form (det > 0).
    const Real detH = H(0, 0) * H(1, 1) - H(0, 1) * H(0, 1);
    Eigen::Vector2d s(-(H(1, 1) * g[0] - H(0, 1) * g[1]) / detH, -(H(0, 0) * g[1] - H(0, 1) * g[0]) / detH);
    const Real sNorm = s.norm();
    if (sNorm > 0.5) s *= 0.5 / sNorm;  // at most ~30 degrees per step
    const Real slope = g.dot(s);
    Real alpha = 1;
    Vec3 trial;
    Real fTrial = 0;
    for (int k = 0; k < 40; ++k, alpha *= 0.5) {
      trial = (n + alpha * (s[0] * t1 + s[1] * t2)).normalized();
      fTrial = F.value(trial);
      if (fTrial <= f + 1e-4 * alpha * slope) break;
    }
    if (!(fTrial <= f)) break;  // no decrease even for a tiny step: at a minimum to round-off
    const bool tiny = alpha * s.norm() < 1e-15;
    n = trial;
    if (tiny) break;
  }
  if (it == maxIterations || gNorm > gradTol) {  // measure where we stopped
    const Vec3 t1 = perpendicular(n);
    f = F.derivatives(n, t1, n.cross(t1), g, H);
    gNorm = g.norm();
  }
  return LocalMin{n, f, gNorm, it};
}

// A seed list that is cheap and covers the sphere: the best few of many spread directions.
template <int N>
void addBestSeeds(const Overlap& F, std::array<Vec3, 16>& seeds, int& count, int wanted) {
  const auto& dirs = spreadDirections<N>();
  std::array<Real, N> values;
  for (int i = 0; i < N; ++i) values[i] = F.value(dirs[i]);
  for (int picked = 0; picked < wanted && count < 16; ++picked) {
    int best = -1;
    for (int i = 0; i < N; ++i) {
      if (!std::isfinite(values[i])) continue;
      if (best < 0 || values[i] < values[best]) best = i;
    }
    if (best < 0) break;
    seeds[count++] = dirs[best];
    // Drop neighbours of the pick so the next seeds come from other basins.
    for (int i = 0; i < N; ++i)
      if (dirs[i].dot(dirs[best]) > 0.8) values[i] = INFINITY;
  }
}

}  // namespace

EllipsoidGap calcEllipsoidGap(const Vec3& semiAxesA, const Transform& X_GA, const Vec3& semiAxesB,
                              const Transform& X_GB, const Vec3& nGuess_G) {
  const Mat33& R_GA = X_GA.R().matrix();
  const Mat33 R_AB = R_GA.transpose() * X_GB.R().matrix();
  Overlap F;
  F.MA = semiAxesA.cwiseProduct(semiAxesA).asDiagonal();
  F.pointB = semiAxesB.isZero(0);
  F.MB = R_AB * semiAxesB.cwiseProduct(semiAxesB).asDiagonal() * R_AB.transpose();
  F.d = R_GA.transpose() * (X_GB.p() - X_GA.p());
  F.scale = semiAxesA.maxCoeff() + semiAxesB.maxCoeff() + F.d.norm();

  // Seeds in order of promise: the warm start, the line of centres, then (only if neither proved
  // the shapes apart: most broad-phase pairs are) the best spread directions and both shapes'
  // axes (the overlap is often smallest across a thin axis).
  std::array<Vec3, 16> seeds;
  int count = 0;
  const bool warm = !nGuess_G.isZero(0);
  if (warm) seeds[count++] = (R_GA.transpose() * nGuess_G).normalized();
  if (F.d.norm() > 0) seeds[count++] = F.d.normalized();
  bool expanded = false, warmConverged = false;
  auto expand = [&] {
    expanded = true;
    const int spreadBegin = count;
    addBestSeeds<64>(F, seeds, count, 5);
    const int spreadEnd = count;
    // A converged warm start: the line of centres and the best three spread seeds suffice to
    // catch a basin that has become deeper since the last step.
    if (warmConverged) {
      count = std::min(spreadEnd, spreadBegin + 3);
      return;
    }
    for (int i = 0; i < 3 && count < 16; ++i) {
      const Vec3 a = F.value(Vec3::Unit(i)) < F.value(-Vec3::Unit(i)) ? Vec3::Unit(i) : Vec3(-Vec3::Unit(i));
      seeds[count++] = a;
    }
    for (int i = 0; i < 3 && count < 16 && !F.pointB; ++i) {
      const Vec3 b = R_AB.col(i);
      seeds[count++] = F.value(b) < F.value(-b) ? b : Vec3(-b);
    }
  };

  LocalMin best{Vec3::UnitZ(), INFINITY, INFINITY, 0};
  FoundMinima found;
  int iterations = 0;
  const Real gradTol = 1e-9 * F.scale;  // acceptance: far above Newton's own stopping test
  for (int k = 0;; ++k) {
    if (k == count && !expanded) expand();
    if (k >= count) break;
    const LocalMin m = newtonOnSphere(F, seeds[k], 60, found);
    iterations += m.iterations;
    if (m.repeat) continue;
    const bool converged = m.gradNorm <= gradTol;
    if (converged) found.add(m.n);
    if (converged && (m.f < best.f || best.gradNorm > gradTol)) best = m;
    else if (best.gradNorm > gradTol && m.f < best.f) best = m;
    // f is the support function of the Minkowski difference, convex and positively homogeneous
    // in n: a local minimum with f < 0 is the minimum over the unit ball, hence global (apart
    // shapes have one separating optimum). Only overlapping pairs need every seed.
    if (converged && m.f < 0) break;
    if (k == 0 && warm && converged) warmConverged = true;
  }
  if (best.gradNorm > gradTol) {  // fallback: many more seeds, longer runs
    std::array<Vec3, 16> more;
    int n = 0;
    addBestSeeds<1024>(F, more, n, 16);
    for (int k = 0; k < n; ++k) {
      const LocalMin m = newtonOnSphere(F, more[k], 400, found);
      iterations += m.iterations;
      if (m.repeat) continue;
      if (m.gradNorm <= gradTol) found.add(m.n);
      if (m.gradNorm <= gradTol && (m.f < best.f || best.gradNorm > gradTol)) best = m;
    }
  }
  if (!(best.gradNorm <= gradTol) || !std::isfinite(best.f)) {
    std::ostringstream os;
    os << "calcEllipsoidGap: no converged minimum (gradient " << best.gradNorm << " > " << gradTol
       << ") for semi-axes (" << semiAxesA.transpose() << ") and (" << semiAxesB.transpose() << "), centre offset ("
       << F.d.transpose() << ")";
    throw Error(os.str());
  }

  // Witness points: support points of A along n and of B along -n, in A's frame.
  const Vec3& n = best.n;
  const Vec3 MAn = F.MA * n;
  const Vec3 pA_A = MAn / std::sqrt(n.dot(MAn));
  Vec3 pB_A = F.d;
  if (!F.pointB) {
    const Vec3 MBn = F.MB * n;
    pB_A -= MBn / std::sqrt(n.dot(MBn));
  }
  EllipsoidGap gap;
  gap.depth = best.f;
  gap.n_G = R_GA * n;
  gap.pA_G = X_GA * pA_A;
  gap.pB_G = X_GA * pB_A;
  gap.iterations = iterations;
  return gap;
}

}  // namespace articula
