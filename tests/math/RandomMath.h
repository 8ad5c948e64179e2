// Reproducible random vectors, rotations and inertias for the math tests.
#pragma once
#include <random>

#include "articula/math/Inertia.h"

namespace articula::testing {

inline Real uniform(std::mt19937& rng, Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(rng); }
inline Vec3 randomVec3(std::mt19937& rng, Real scale = 1) {
  return Vec3(uniform(rng, -scale, scale), uniform(rng, -scale, scale), uniform(rng, -scale, scale));
}
inline Vec6 randomVec6(std::mt19937& rng, Real scale = 1) {
  Vec6 v;
  for (int i = 0; i < 6; ++i) v[i] = uniform(rng, -scale, scale);
  return v;
}
// Uniform on SO(3): a normalized 4-D Gaussian is uniform on the unit quaternion sphere.
inline Rotation randomRotation(std::mt19937& rng) {
  std::normal_distribution<Real> n;
  return Quaternion(Vec4(n(rng), n(rng), n(rng), n(rng))).toRotation();
}
// A valid central inertia: random principal moments obeying the triangle inequality, rotated.
inline Inertia randomCentralInertia(std::mt19937& rng) {
  // Moments of a random solid box of unit mass always satisfy the triangle inequality.
  const Inertia box = Inertia::brick(uniform(rng, 0.5, 3),
                                     Vec3(uniform(rng, 0.1, 1), uniform(rng, 0.1, 1), uniform(rng, 0.1, 1)));
  return box.reexpress(randomRotation(rng));
}

}  // namespace articula::testing
