#include "support/RandomTree.h"

#include <algorithm>
#include <sstream>

namespace articula::testing {
namespace {

Real uniform(std::mt19937& rng, Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(rng); }

Vec3 uniformVec3(std::mt19937& rng, Real lo, Real hi) {
  return Vec3(uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi));
}

Vec3 randomUnitVector(std::mt19937& rng) {
  std::normal_distribution<Real> gauss;
  Vec3 v;
  do {
    v = Vec3(gauss(rng), gauss(rng), gauss(rng));
  } while (v.norm() < 1e-3);
  return v.normalized();
}

// Three unit axes that are well away from linearly dependent (Simbody and our own function-based
// mobilizer need independent rotation axes and independent translation axes).
std::array<Vec3, 3> randomIndependentAxes(std::mt19937& rng) {
  std::array<Vec3, 3> a;
  do {
    for (Vec3& v : a) v = randomUnitVector(rng);
  } while (std::abs(a[0].dot(a[1].cross(a[2]))) < 0.3);
  return a;
}

// A smooth random curve through a few knots spanning the coordinates' range (knee-like coupling:
// a translation or a small rotation that follows the flexion angle).
FunctionPtr randomSpline(std::mt19937& rng, Real amplitude) {
  const int n = std::uniform_int_distribution<int>(3, 6)(rng);
  std::vector<Real> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = -2.0 + 4.0 * i / (n - 1);
    y[i] = uniform(rng, -amplitude, amplitude);
  }
  return functions::naturalCubicSpline(std::move(x), std::move(y));
}

// Coordinate k drives rotation k one-to-one (so H has full column rank); the rest of X_FM is
// either absent or coupled to the coordinates through splines and multi-argument linear maps.
mobilizers::SpatialFunctions randomSpatialFunctions(std::mt19937& rng, bool simbodyLimits) {
  mobilizers::SpatialFunctions f;
  f.numCoordinates = std::uniform_int_distribution<int>(1, 3)(rng);
  f.rotationAxes = randomIndependentAxes(rng);
  f.translationAxes = randomIndependentAxes(rng);
  std::uniform_int_distribution<int> pick(0, 2), coord(0, f.numCoordinates - 1);
  for (int k = 0; k < 3; ++k) {
    if (k < f.numCoordinates) {
      f.rotations[k] = {functions::linear({uniform(rng, 0.5, 1.5)}, uniform(rng, -0.2, 0.2)), {k}};
    } else if (pick(rng) > 0) {
      f.rotations[k] = {randomSpline(rng, 0.3), {coord(rng)}};
      if (simbodyLimits && k == 2) f.rotations[k] = {};  // drawn anyway: same random sequence
    }
  }
  for (auto& t : f.translations) {
    switch (pick(rng)) {
      case 0: break;  // identically zero
      case 1: t = {randomSpline(rng, 0.1), {coord(rng)}}; break;
      default: {
        // Two different coordinates: Simbody 3.7 mis-differentiates a function that takes the
        // same coordinate twice, and the Simbody cross-check reuses these models.
        if (f.numCoordinates < 2) {
          t = {functions::linear({uniform(rng, -0.1, 0.1)}, uniform(rng, -0.1, 0.1)), {0}};
          break;
        }
        const int a = coord(rng);
        const int b = (a + std::uniform_int_distribution<int>(1, f.numCoordinates - 1)(rng)) % f.numCoordinates;
        t = {functions::linear({uniform(rng, -0.1, 0.1), uniform(rng, -0.1, 0.1)}, uniform(rng, -0.1, 0.1)), {a, b}};
      }
    }
  }
  return f;
}

}  // namespace

const std::vector<MobilizerKind>& allMobilizerKinds() {
  using K = MobilizerKind;
  static const std::vector<MobilizerKind> all = {
      K::Weld,        K::Pin,          K::Slider,         K::Screw,          K::Universal,       K::Cylinder,
      K::BendStretch, K::Planar,       K::Gimbal,         K::BallQuaternion, K::BallEuler,       K::SphericalCoords,
      K::Ellipsoid,   K::Translation,  K::FreeQuaternion, K::FreeEuler,      K::LineOrientation, K::FreeLine,
      K::Bushing,     K::FunctionBased};
  return all;
}

std::string kindName(MobilizerKind kind) {
  static const char* names[] = {
      "Weld",        "Pin",          "Slider", "Screw",     "Universal",       "Cylinder",
      "BendStretch", "Planar",       "Gimbal", "Ball",      "BallEuler",       "SphericalCoords",
      "Ellipsoid",   "Translation",  "Free",   "FreeEuler", "LineOrientation", "FreeLine",
      "Bushing",     "FunctionBased"};
  return names[static_cast<int>(kind)];
}

Rotation randomRotation(std::mt19937& rng) {
  std::normal_distribution<Real> gauss;
  Vec4 q;
  do {
    q = Vec4(gauss(rng), gauss(rng), gauss(rng), gauss(rng));
  } while (q.norm() < 1e-3);
  return Quaternion(q).toRotation();
}

Transform randomTransform(std::mt19937& rng, Real maxOffset) {
  const Rotation R = randomRotation(rng);
  return Transform(R, uniformVec3(rng, -maxOffset, maxOffset));
}

MassProperties randomMassProperties(std::mt19937& rng) {
  const Real mass = uniform(rng, 0.5, 3.0);
  const Vec3 semiAxes = uniformVec3(rng, 0.1, 0.6);
  const Mat33 R = randomRotation(rng).matrix();
  Mat33 I = R * Inertia::ellipsoid(mass, semiAxes).matrix() * R.transpose();
  I = 0.5 * (I + I.transpose());  // exact symmetry after rounding
  return MassProperties::fromCentral(mass, uniformVec3(rng, -0.3, 0.3), Inertia(I, "random body"));
}

SmallVector randomQ(const Mobilizer& m, std::mt19937& rng) {
  SmallVector q(m.nq());
  for (int i = 0; i < m.nq(); ++i) q[i] = uniform(rng, -1.2, 1.2);
  const int qi = m.quaternionIndex();
  if (qi >= 0) q.segment<4>(qi) = randomRotation(rng).toQuaternion().asVec4();
  return q;
}

MobilizedBody addBody(const MobilizedBody& parent, const RandomBodySpec& s) {
  using K = MobilizerKind;
  using MB = MobilizedBody;
  const Body body(s.massProperties);
  const Direction d = s.direction;
  const auto Q = RotationCoordinates::Quaternion, E = RotationCoordinates::EulerXYZ;
  switch (s.kind) {
    case K::Weld: return MB::Weld(parent, s.X_PF, body, s.X_BM, d);
    case K::Pin: return MB::Pin(parent, s.X_PF, body, s.X_BM, d);
    case K::Slider: return MB::Slider(parent, s.X_PF, body, s.X_BM, d);
    case K::Screw: return MB::Screw(parent, s.X_PF, body, s.X_BM, s.pitch, d);
    case K::Universal: return MB::Universal(parent, s.X_PF, body, s.X_BM, d);
    case K::Cylinder: return MB::Cylinder(parent, s.X_PF, body, s.X_BM, d);
    case K::BendStretch: return MB::BendStretch(parent, s.X_PF, body, s.X_BM, d);
    case K::Planar: return MB::Planar(parent, s.X_PF, body, s.X_BM, d);
    case K::Gimbal: return MB::Gimbal(parent, s.X_PF, body, s.X_BM, d);
    case K::BallQuaternion: return MB::Ball(parent, s.X_PF, body, s.X_BM, Q, d);
    case K::BallEuler: return MB::Ball(parent, s.X_PF, body, s.X_BM, E, d);
    case K::SphericalCoords: return MB::SphericalCoords(parent, s.X_PF, body, s.X_BM, d);
    case K::Ellipsoid: return MB::Ellipsoid(parent, s.X_PF, body, s.X_BM, s.semiAxes, d);
    case K::Translation: return MB::Translation(parent, s.X_PF, body, s.X_BM, d);
    case K::FreeQuaternion: return MB::Free(parent, s.X_PF, body, s.X_BM, Q, d);
    case K::FreeEuler: return MB::Free(parent, s.X_PF, body, s.X_BM, E, d);
    case K::LineOrientation: return MB::LineOrientation(parent, s.X_PF, body, s.X_BM, d);
    case K::FreeLine: return MB::FreeLine(parent, s.X_PF, body, s.X_BM, d);
    case K::Bushing: return MB::Bushing(parent, s.X_PF, body, s.X_BM, d);
    case K::FunctionBased: return MB::FunctionBased(parent, s.X_PF, body, s.X_BM, s.functions, d);
  }
  throw Error("addBody: unknown mobilizer kind");
}

RandomTree::RandomTree(unsigned seed, const RandomTreeOptions& options)
    : seed_(seed), system_(std::make_unique<MultibodySystem>("random tree")) {
  std::mt19937 rng(seed);
  MatterSubsystem& matter = system_->updMatter();
  forces_ = &addTestForces(*system_);
  forces_->gravity = options.gravity;

  bodies_.push_back(MobilizedBody::Ground(matter));
  specs_.emplace_back();
  std::vector<MobilizerKind> kinds = options.kinds;
  std::shuffle(kinds.begin(), kinds.end(), rng);
  std::bernoulli_distribution half(0.5);
  for (int i = 1; i <= options.numBodies; ++i) {
    RandomBodySpec s;
    s.kind = kinds[(i - 1) % kinds.size()];
    const int firstParent = options.floating && i > 1 ? 1 : 0;
    s.parent = half(rng) ? i - 1 : std::uniform_int_distribution<int>(firstParent, i - 1)(rng);
    s.X_PF = randomTransform(rng);
    s.X_BM = randomTransform(rng);
    s.massProperties = randomMassProperties(rng);
    s.direction = options.allowReversed && half(rng) ? Direction::Reverse : Direction::Forward;
    if (options.floating && i == 1) {
      s.kind = MobilizerKind::FreeQuaternion;
      s.direction = Direction::Forward;
    }
    s.pitch = uniform(rng, -0.5, 0.5);
    s.semiAxes = uniformVec3(rng, 0.2, 1.0);
    if (s.kind == MobilizerKind::FunctionBased)
      s.functions = randomSpatialFunctions(rng, options.simbodyFunctionBasedLimits);
    bodies_.push_back(addBody(bodies_[s.parent], s));
    specs_.push_back(std::move(s));
  }
  system_->realizeTopology();
}

RandomTree::RandomTree(std::vector<RandomBodySpec> specs, const Vec3& gravity)
    : seed_(0), system_(std::make_unique<MultibodySystem>("given tree")), specs_(std::move(specs)) {
  MatterSubsystem& matter = system_->updMatter();
  forces_ = &addTestForces(*system_);
  forces_->gravity = gravity;
  bodies_.push_back(MobilizedBody::Ground(matter));
  for (size_t i = 1; i < specs_.size(); ++i) bodies_.push_back(addBody(bodies_[specs_[i].parent], specs_[i]));
  system_->realizeTopology();
}

std::string RandomTree::describe() const {
  std::ostringstream out;
  out << "seed " << seed_ << ", " << bodies_.size() - 1 << " bodies, nu " << matter().getNU();
  return out.str();
}

void RandomTree::randomizeQ(State& state, std::mt19937& rng) const {
  for (size_t b = 1; b < bodies_.size(); ++b)
    bodies_[b].setQ(state, randomQ(matter().getMobilizer(static_cast<int>(b)), rng));
}

void RandomTree::randomizeU(State& state, std::mt19937& rng) const {
  for (size_t b = 1; b < bodies_.size(); ++b) {
    SmallVector u(bodies_[b].getNumU());
    for (int i = 0; i < u.size(); ++i) u[i] = uniform(rng, -1, 1);
    bodies_[b].setU(state, u);
  }
}

State RandomTree::randomState(std::mt19937& rng) const {
  State state = system_->getDefaultState();
  randomizeQ(state, rng);
  randomizeU(state, rng);
  return state;
}

}  // namespace articula::testing
