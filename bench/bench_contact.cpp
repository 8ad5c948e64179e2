// Google Benchmarks of contact detection (broad + narrow phase) on random scenes of 20, 200 and
// 2000 shapes at constant density: the cost should grow about linearly with the shape count.
// Names are <op>/<shapes>; counters: contacts and candidate pairs per call, time per shape.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

#include "articula/contact/ContactGeometry.h"
#include "articula/contact/EllipsoidDistance.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula::bench {
namespace {

// n shapes on n bodies (mostly ellipsoids, some spheres and capsules) in a cube whose volume grows
// with n, over a floor; each shape overlaps about one or two others.
struct Scene {
  ContactGeometry geo;
  std::vector<Transform> X_GB;
};

Scene makeScene(int n, unsigned seed) {
  Scene s;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<Real> u(0, 1);
  std::normal_distribution<Real> g;
  const Real side = 0.55 * std::cbrt(static_cast<Real>(n));
  s.X_GB.resize(n + 1);
  s.geo.addShape(0, Transform(), ContactShape::halfSpace(), "floor");
  for (int b = 1; b <= n; ++b) {
    const Real k = u(rng);
    if (k < 0.7)
      s.geo.addShape(b, Transform(),
                     ContactShape::ellipsoid(Vec3(0.05 + 0.1 * u(rng), 0.05 + 0.1 * u(rng), 0.1 + 0.15 * u(rng))));
    else if (k < 0.85) s.geo.addShape(b, Transform(), ContactShape::sphere(0.05 + 0.1 * u(rng)));
    else s.geo.addShape(b, Transform(), ContactShape::capsule(0.04 + 0.04 * u(rng), 0.05 + 0.1 * u(rng)));
    s.X_GB[b] = Transform(Quaternion(Vec4(g(rng), g(rng), g(rng), g(rng))).toRotation(),
                          Vec3(side * u(rng), side * u(rng), side * u(rng) - 0.05));
  }
  // Capsule-ellipsoid pairs stay excluded, as when these figures were first taken (they now go
  // through GJK/EPA; see ConvexPair).
  for (int i = 0; i < s.geo.numShapes(); ++i)
    for (int j = i + 1; j < s.geo.numShapes(); ++j) {
      const ShapeType a = s.geo.getShape(i).type(), b = s.geo.getShape(j).type();
      if ((a == ShapeType::Capsule && b == ShapeType::Ellipsoid) ||
          (a == ShapeType::Ellipsoid && b == ShapeType::Capsule))
        s.geo.excludePair(i, j);
    }
  return s;
}

void FindContacts(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  Scene s = makeScene(n, 42);
  size_t contacts = s.geo.findContacts(s.X_GB).size();
  for (auto _ : state) benchmark::DoNotOptimize(s.geo.findContacts(s.X_GB).data());
  state.counters["contacts"] = static_cast<double>(contacts);
  state.counters["pairs"] = static_cast<double>(s.geo.getCandidatePairs().size());
  state.counters["time_per_shape"] = benchmark::Counter(
      static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(FindContacts)->Arg(20)->Arg(200)->Arg(2000)->Unit(benchmark::kMicrosecond);

// A figure like the human fall's: 20 ellipsoids in one clique (they touch only the floor), in a
// column 1.8 m high with neighbours overlapping, the lowest 5 reaching into the floor.
void FindContactsClique(benchmark::State& state) {
  ContactGeometry geo;
  std::vector<Transform> X_GB(21);
  geo.addShape(0, Transform(), ContactShape::halfSpace(), "floor");
  std::vector<int> clique;
  for (int b = 1; b <= 20; ++b) {
    clique.push_back(geo.addShape(b, Transform(), ContactShape::ellipsoid(Vec3(0.06, 0.08, 0.12))));
    X_GB[b] = Transform(Rotation::bodyFixedXYZ(Vec3(0.1 * b, 0.05 * b, 0.2)),
                        Vec3(0.02 * (b % 3), 0.3 * (b % 2), b <= 5 ? 0.05 : 0.09 * b));
  }
  geo.addClique(clique);
  const size_t contacts = geo.findContacts(X_GB).size();
  for (auto _ : state) benchmark::DoNotOptimize(geo.findContacts(X_GB).data());
  state.counters["contacts"] = static_cast<double>(contacts);
}
BENCHMARK(FindContactsClique)->Unit(benchmark::kMicrosecond);

// The Hertz contact ellipse for relative semi-curvatures B/A = 1 + 1e-6 (0), 1.5 (1), 4 (2),
// 30 (3): the root solve of the ellipse's aspect ratio with its elliptic integrals.
void HertzEllipse(benchmark::State& state) {
  const Real ratio[4] = {1 + 1e-6, 1.5, 4, 30};
  const Real A = 2.0, B = A * ratio[state.range(0)];
  for (auto _ : state) benchmark::DoNotOptimize(calcHertzEllipse(A, B).stiffnessPerModulus);
}
BENCHMARK(HertzEllipse)->DenseRange(0, 3);

// Principal curvatures of an ellipsoid at a surface point.
void EllipsoidCurvature(benchmark::State& state) {
  const Vec3 axes(0.07, 0.08, 0.2), p = Vec3(0.3, -0.5, 0.8).normalized().cwiseProduct(axes);
  for (auto _ : state) benchmark::DoNotOptimize(ellipsoidCurvature(axes, p).k1);
}
BENCHMARK(EllipsoidCurvature);

// One ellipsoid pair (the narrow phase's costliest kernel): overlapping cold (0) and warm-started
// (1), 3 cm apart cold (2) and warm-started (3).
void EllipsoidGap(benchmark::State& state) {
  const bool warm = state.range(0) % 2 != 0, apart = state.range(0) >= 2;
  const Vec3 a(0.07, 0.08, 0.2), b(0.05, 0.06, 0.15);
  const Transform X_GA(Rotation::bodyFixedXYZ(Vec3(0.3, 0.2, 0.1)), Vec3::Zero());
  Transform X_GB(Rotation::bodyFixedXYZ(Vec3(-0.5, 0.9, 0.2)), Vec3(0.1, 0.05, 0.2));
  if (apart) {
    const articula::EllipsoidGap g = calcEllipsoidGap(a, X_GA, b, X_GB);
    X_GB = Transform(X_GB.R(), X_GB.p() + (g.depth + 0.03) * g.n_G);
  }
  const Vec3 n = calcEllipsoidGap(a, X_GA, b, X_GB).n_G;
  for (auto _ : state) benchmark::DoNotOptimize(calcEllipsoidGap(a, X_GA, b, X_GB, warm ? n : Vec3::Zero()).depth);
}
BENCHMARK(EllipsoidGap)->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

// The other convex pairs through GJK/EPA and patch clipping: a brick resting on a brick (0), an
// ellipsoid on a brick (1), a cylinder end on a brick (2), capsule against ellipsoid (3), each
// overlapping by 1 mm; one collide() call.
void ConvexPair(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const ContactShape base = ContactShape::brick(Vec3(0.3, 0.3, 0.1));
  const ContactShape ell = ContactShape::ellipsoid(Vec3(0.07, 0.08, 0.2));
  const ContactShape shapes[4] = {ContactShape::brick(Vec3(0.1, 0.07, 0.05)), ell, ContactShape::cylinder(0.05, 0.1),
                                  ContactShape::capsule(0.04, 0.1)};
  const Real lift[4] = {0.05, 0.2, 0.1, 0};
  const Rotation R_GA = Rotation::bodyFixedXYZ(Vec3(0.3, 0.2, 0.1));
  PlacedShape a{&base, Transform(R_GA, Vec3::Zero()), 0};
  PlacedShape b{&shapes[k], Transform(R_GA * Rotation::aboutZ(0.4), R_GA * Vec3(0.05, 0.02, 0.1 + lift[k] - 1e-3)), 1};
  if (k == 3) {
    a = PlacedShape{&ell, Transform(R_GA, Vec3::Zero()), 0};
    b = PlacedShape{&shapes[3], Transform(R_GA * Rotation::aboutY(1.5), R_GA * Vec3(0.01, 0, 0.2 + 0.04 - 1e-3)), 1};
  }
  if (a.shape->type() > b.shape->type()) std::swap(a, b);  // collide() wants the type order
  std::vector<ContactPoint> out;
  std::vector<MeshFaceContact> meshOut;
  for (auto _ : state) {
    out.clear();
    collide(a, b, 0, out, meshOut);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["contacts"] = static_cast<double>(out.size());
}
BENCHMARK(ConvexPair)->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace articula::bench

BENCHMARK_MAIN();
