// Helpers for the contact tests: random poses and an independent, sampling-based oracle for the
// signed overlap of two convex shapes given by their support functions.
#pragma once
#include <array>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "articula/math/Transform.h"

namespace articula::testing {

inline Real uniformReal(std::mt19937& rng, Real lo, Real hi) {
  return std::uniform_real_distribution<Real>(lo, hi)(rng);
}

inline Rotation randomRotationC(std::mt19937& rng) {
  std::normal_distribution<Real> g;
  return Quaternion(Vec4(g(rng), g(rng), g(rng), g(rng))).toRotation();
}

inline Vec3 randomUnit(std::mt19937& rng) {
  std::normal_distribution<Real> g;
  return Vec3(g(rng), g(rng), g(rng)).normalized();
}

// Fibonacci-lattice directions on the unit sphere.
inline std::vector<Vec3> fibonacciSphere(int n) {
  std::vector<Vec3> d(n);
  const Real golden = M_PI * (3 - std::sqrt(5.0));
  for (int i = 0; i < n; ++i) {
    const Real z = 1 - (2 * i + 1.0) / n, r = std::sqrt(1 - z * z);
    d[i] = Vec3(r * std::cos(golden * i), r * std::sin(golden * i), z);
  }
  return d;
}

// Minimum over unit n of f(n) by dense sampling, then compass (pattern) search around the best
// samples: derivative-free, so independent of the Newton solver under test. Returns the direction.
inline Vec3 sampledMinimum(const std::function<Real(const Vec3&)>& f, int samples, int refineBest, Real* fMin) {
  const std::vector<Vec3> dirs = fibonacciSphere(samples);
  std::vector<std::pair<Real, int>> values(samples);
  for (int i = 0; i < samples; ++i) values[i] = {f(dirs[i]), i};
  std::partial_sort(values.begin(), values.begin() + refineBest, values.end());
  Vec3 bestN = dirs[values[0].second];
  Real best = values[0].first;
  for (int k = 0; k < refineBest; ++k) {
    Vec3 n = dirs[values[k].second];
    Real fn = values[k].first;
    for (Real step = 0.05; step > 1e-11;) {
      int i = 0;
      n.cwiseAbs().minCoeff(&i);
      const Vec3 t1 = n.cross(Vec3::Unit(i)).normalized(), t2 = n.cross(t1);
      bool moved = false;
      for (const Vec3& t :
           {t1, Vec3(-t1), t2, Vec3(-t2), Vec3((t1 + t2) / std::sqrt(2.0)), Vec3(-(t1 + t2) / std::sqrt(2.0)),
            Vec3((t1 - t2) / std::sqrt(2.0)), Vec3((t2 - t1) / std::sqrt(2.0))}) {
        const Vec3 m = (n + step * t).normalized();
        const Real fm = f(m);
        if (fm < fn) {
          n = m, fn = fm, moved = true;
          break;
        }
      }
      if (!moved) step *= 0.5;
    }
    if (fn < best) best = fn, bestN = n;
  }
  *fMin = best;
  return bestN;
}

// The overlap of two ellipsoids along n written from its definition: half-widths along n minus
// the centre offset along n.
inline Real ellipsoidOverlapAlong(const Vec3& a, const Transform& X_GA, const Vec3& b, const Transform& X_GB,
                                  const Vec3& n) {
  const Vec3 nA = X_GA.R().matrix().transpose() * n, nB = X_GB.R().matrix().transpose() * n;
  return a.cwiseProduct(nA).norm() + b.cwiseProduct(nB).norm() - n.dot(X_GB.p() - X_GA.p());
}

// Points on an ellipsoid's surface from a latitude-longitude grid, in G.
inline std::vector<Vec3> ellipsoidSurfaceSamples(const Vec3& a, const Transform& X_GS, int nLat, int nLon) {
  std::vector<Vec3> pts;
  for (int i = 0; i <= nLat; ++i) {
    const Real th = M_PI * i / nLat;
    for (int j = 0; j < nLon; ++j) {
      const Real ph = 2 * M_PI * j / nLon;
      pts.push_back(
          X_GS * Vec3(a.x() * std::sin(th) * std::cos(ph), a.y() * std::sin(th) * std::sin(ph), a.z() * std::cos(th)));
    }
  }
  return pts;
}

}  // namespace articula::testing
