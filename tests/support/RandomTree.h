// Seeded random multibody trees over every mobilizer type (DESIGN.md §5). Each body records how it
// was made (RandomBodySpec) so that the same model can be rebuilt in another engine (Simbody).
#pragma once
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "support/TestForces.h"

namespace articula::testing {

// One entry per mobilizer type and coordinate option of mobilizers.h.
enum class MobilizerKind {
  Weld,
  Pin,
  Slider,
  Screw,
  Universal,
  Cylinder,
  BendStretch,
  Planar,
  Gimbal,
  BallQuaternion,
  BallEuler,
  SphericalCoords,
  Ellipsoid,
  Translation,
  FreeQuaternion,
  FreeEuler,
  LineOrientation,
  FreeLine,
  Bushing,
  FunctionBased
};
const std::vector<MobilizerKind>& allMobilizerKinds();
std::string kindName(MobilizerKind kind);

struct RandomBodySpec {
  MobilizerKind kind = MobilizerKind::Weld;
  int parent = -1;  // body index; Ground is 0
  Transform X_PF, X_BM;
  MassProperties massProperties;
  Direction direction = Direction::Forward;
  Real pitch = 0;                          // Screw
  Vec3 semiAxes = Vec3::Ones();            // Ellipsoid
  mobilizers::SpatialFunctions functions;  // FunctionBased
};

struct RandomTreeOptions {
  int numBodies = 30;  // excluding Ground; with >= 20 every kind appears at least once
  bool allowReversed = true;
  std::vector<MobilizerKind> kinds = allMobilizerKinds();
  Vec3 gravity = Vec3(0, -9.81, 0);
  // Floating base: body 1 is a Free (quaternion) body on Ground and every other body descends
  // from it, so no force but the applied ones acts on the system from outside.
  bool floating = false;
  // Function-based mobilizers with at most two rotational functions unless all three are linear:
  // Simbody 3.7's FunctionBased velocity-dependent terms (HDot) disagree with differences of its
  // own velocities when three rotations are active and one is nonlinear, so the Simbody
  // cross-check avoids that case. Articula's own tests keep it.
  bool simbodyFunctionBasedLimits = false;
};

// A random tree: body i's mobilizer kind cycles through a shuffled `kinds` so that every kind is
// used; its parent is the previous body half the time (long chains) and any earlier body
// otherwise (branching). Frames, masses, inertias, pitches, semi-axes and the function-based
// mobilizers' splines are all random, and each body is reversed with probability 1/2.
class RandomTree {
 public:
  explicit RandomTree(unsigned seed, const RandomTreeOptions& options = {});
  // A given model (specs[0] stands for Ground), e.g. one body of a chosen kind.
  RandomTree(std::vector<RandomBodySpec> specs, const Vec3& gravity);

  MultibodySystem& system() { return *system_; }
  const MultibodySystem& system() const { return *system_; }
  const MatterSubsystem& matter() const { return system_->getMatter(); }
  TestForces& forces() { return *forces_; }
  const TestForces& forces() const { return *forces_; }
  // bodies()[i] and specs()[i] describe body index i; entry 0 is Ground (its spec is unused).
  const std::vector<MobilizedBody>& bodies() const { return bodies_; }
  const std::vector<RandomBodySpec>& specs() const { return specs_; }
  unsigned seed() const { return seed_; }
  // "seed 3, 30 bodies, nu 71" for failure messages.
  std::string describe() const;

  // The default State with random valid q and random u drawn from `rng`.
  State randomState(std::mt19937& rng) const;
  void randomizeQ(State& state, std::mt19937& rng) const;
  void randomizeU(State& state, std::mt19937& rng) const;

 private:
  unsigned seed_;
  std::unique_ptr<MultibodySystem> system_;
  TestForces* forces_ = nullptr;
  std::vector<MobilizedBody> bodies_;
  std::vector<RandomBodySpec> specs_;
};

// Random building blocks, exposed for hand-made models in tests.
Rotation randomRotation(std::mt19937& rng);
Transform randomTransform(std::mt19937& rng, Real maxOffset = 0.5);
// Positive-definite central inertia of a random solid ellipsoid in a random orientation (so the
// triangle inequality holds strictly), with a random mass-centre offset.
MassProperties randomMassProperties(std::mt19937& rng);
// Random valid coordinates of one mobilizer: angles in [-1.2, 1.2] (Euler middle angles stay away
// from +-pi/2), unit quaternions, translations in the same range.
SmallVector randomQ(const Mobilizer& mobilizer, std::mt19937& rng);

// Adds one body of the given spec to `matter` (used by RandomTree and by tests that build
// variants of a random model, e.g. a Weld in place of a locked mobilizer).
MobilizedBody addBody(const MobilizedBody& parent, const RandomBodySpec& spec);

}  // namespace articula::testing
