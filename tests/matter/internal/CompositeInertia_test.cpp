// CompositeInertia (src/matter/CompositeInertia.h) against clouds of point masses: the expected
// mass, first moment, inertia and momentum are sums over the particles, computed directly about
// each point and never through a shift formula.
#include "matter/CompositeInertia.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace articula {
namespace {

struct Particle {
  Real m;
  Vec3 x;  // from the reference point
};

std::vector<Particle> randomCloud(std::mt19937& rng, int n) {
  std::uniform_real_distribution<Real> mass(0.1, 2), coord(-1.5, 1.5);
  std::vector<Particle> cloud;
  for (int i = 0; i < n; ++i) cloud.push_back({mass(rng), Vec3(coord(rng), coord(rng), coord(rng))});
  return cloud;
}

// The same particles seen from a point displaced by -r (x -> x + r).
std::vector<Particle> seenFrom(std::vector<Particle> cloud, const Vec3& r) {
  for (Particle& p : cloud) p.x += r;
  return cloud;
}

Mat33 inertiaOf(const std::vector<Particle>& cloud) {
  Mat33 I = Mat33::Zero();
  for (const Particle& p : cloud) I += p.m * (p.x.squaredNorm() * Mat33::Identity() - p.x * p.x.transpose());
  return I;
}

// As the position kinematics hold a body: mass, centre of mass and inertia about its origin.
SpatialInertia spatialInertiaOf(const std::vector<Particle>& cloud) {
  SpatialInertia M;
  for (const Particle& p : cloud) {
    M.m += p.m;
    M.p_OC += p.m * p.x;
  }
  M.p_OC /= M.m;
  M.I_O = inertiaOf(cloud);
  return M;
}

void expectEqualsCloud(const CompositeInertia& c, const std::vector<Particle>& cloud) {
  Real m = 0;
  Vec3 h = Vec3::Zero();
  for (const Particle& p : cloud) m += p.m, h += p.m * p.x;
  EXPECT_NEAR(c.m, m, 1e-13 * m);
  EXPECT_LT((c.firstMoment() - h).norm(), 1e-13 * (1 + h.norm()));
  const Mat33 I = inertiaOf(cloud);
  EXPECT_LT((c.rotational() - I).norm(), 1e-13 * I.norm());
}

// A body's inertia referred to another point: added into an empty inertia about that point.
CompositeInertia about(const std::vector<Particle>& body, const Vec3& r) {
  CompositeInertia c;
  c.addShifted(CompositeInertia::of(spatialInertiaOf(body)), r);
  return c;
}

TEST(CompositeInertia, OfABodyHoldsItsMassFirstMomentAndInertia) {
  std::mt19937 rng(10);
  const std::vector<Particle> body = randomCloud(rng, 4);
  expectEqualsCloud(CompositeInertia::of(spatialInertiaOf(body)), body);
}

TEST(CompositeInertia, ShiftedToAnotherPointEqualsTheParticleSums) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<Real> coord(-3, 3);
  for (int trial = 0; trial < 20; ++trial) {
    const std::vector<Particle> body = randomCloud(rng, 1 + trial % 5);
    const Vec3 r(coord(rng), coord(rng), coord(rng));  // the body's origin minus the new point
    expectEqualsCloud(about(body, r), seenFrom(body, r));
  }
}

TEST(CompositeInertia, AddingShiftedChildrenGivesTheInertiaOfTheUnion) {
  std::mt19937 rng(13);
  const std::vector<Particle> parent = randomCloud(rng, 2), a = randomCloud(rng, 3), b = randomCloud(rng, 4);
  const Vec3 ra(0.5, -1, 2), rb(-2, 0.25, 1);
  CompositeInertia sum = CompositeInertia::of(spatialInertiaOf(parent));
  sum.addShifted(CompositeInertia::of(spatialInertiaOf(a)), ra);
  sum.addShifted(about(b, Vec3::Zero()), rb);
  std::vector<Particle> all = parent;
  for (const Particle& p : seenFrom(a, ra)) all.push_back(p);
  for (const Particle& p : seenFrom(b, rb)) all.push_back(p);
  expectEqualsCloud(sum, all);
}

TEST(CompositeInertia, ProductIsTheMomentumAboutTheReferencePoint) {
  std::mt19937 rng(14);
  const std::vector<Particle> body = randomCloud(rng, 5);
  const Vec3 r(1, -2, 0.5);
  const CompositeInertia c = about(body, r);
  const Vec3 w(0.3, -1.2, 0.7), v(2, 0.5, -1);  // velocity of the rigid motion at the reference point
  Vec3 angular = Vec3::Zero(), linear = Vec3::Zero();
  for (const Particle& p : seenFrom(body, r)) {
    const Vec3 momentum = p.m * (v + w.cross(p.x));
    linear += momentum;
    angular += p.x.cross(momentum);
  }
  const SpatialVec L = c * spatialVec(w, v);
  EXPECT_LT((Vec3(L.head<3>()) - angular).norm(), 1e-12 * angular.norm());
  EXPECT_LT((Vec3(L.tail<3>()) - linear).norm(), 1e-12 * linear.norm());
}

}  // namespace
}  // namespace articula
