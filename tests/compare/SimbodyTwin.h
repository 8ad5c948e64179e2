// The Simbody 3.7 twin of an Articula model: the same bodies, frames, mass properties and
// mobilizer types, built from RandomBodySpec, plus conversions of states and results between
// the two engines. Compiled without -DNDEBUG (Debian's Simbody headers need that, DESIGN.md §4).
#pragma once
#include "compare/SimbodyHeaders.h"

#include <functional>
#include <vector>

#include "support/RandomTree.h"

namespace articula::testing {

// Mobilizer kinds whose Simbody counterpart has the same q, u and X_FM conventions, forward and
// reversed (checked one body at a time by the MobilizerConventions tests). Ball and Free with
// Euler angles need Simbody's global useEulerAngles option, so they form their own group.
// Ellipsoid is left out: Simbody puts Mo at diag(a) Mz, Articula at the point whose normal is Mz.
const std::vector<MobilizerKind>& kindsMatchingSimbodyQuaternionMode();
const std::vector<MobilizerKind>& kindsMatchingSimbodyEulerMode();

SimTK::Transform toSimbody(const Transform& X);
Transform fromSimbody(const SimTK::Transform& X);
SimTK::Vec3 toSimbody(const Vec3& v);
Vec3 fromSimbody(const SimTK::Vec3& v);
SimTK::SpatialVec toSimbody(const SpatialVec& v);
SpatialVec fromSimbody(const SimTK::SpatialVec& v);
SimTK::Vector toSimbody(const Vector& v);
Vector fromSimbody(const SimTK::Vector& v);
SimTK::Vector_<SimTK::SpatialVec> toSimbody(const std::vector<SpatialVec>& v);

class SimbodyTwin {
 public:
  // `useEulerAngles` sets Simbody's model option for Ball/Free (BallEuler/FreeEuler kinds).
  // `addConstraints`, if given, runs after the bodies are added and before Simbody's topology is
  // realized (Simbody constraints need non-const bodies: updBody).
  SimbodyTwin(const std::vector<RandomBodySpec>& specs, const Vec3& gravity, bool useEulerAngles,
              const std::function<void(SimbodyTwin&)>& addConstraints = {});

  SimTK::MultibodySystem& system() { return system_; }
  const SimTK::SimbodyMatterSubsystem& matter() const { return matter_; }
  const SimTK::MobilizedBody& body(int b) const { return bodies_.at(b); }
  SimTK::MobilizedBody& updBody(int b) { return bodies_.at(b); }
  SimTK::State& state() { return state_; }
  const SimTK::Force::DiscreteForces& discreteForces() const { return discrete_; }

  // Copies q and u body by body (the kinds have the same coordinates in both engines).
  void copyState(const MatterSubsystem& matter, const State& s);
  // Maps Simbody's u-space vectors and matrices to Articula's u order (body by body).
  Vector toArticulaU(const MatterSubsystem& matter, const SimTK::Vector& v) const;
  SimTK::Vector toSimbodyU(const MatterSubsystem& matter, const Vector& v) const;
  Matrix toArticulaU(const MatterSubsystem& matter, const SimTK::Matrix& M) const;

 private:
  std::vector<int> simbodyUIndexOfArticulaU(const MatterSubsystem& matter) const;

  SimTK::MultibodySystem system_;
  SimTK::SimbodyMatterSubsystem matter_;
  SimTK::GeneralForceSubsystem forces_;
  SimTK::Force::DiscreteForces discrete_;
  std::vector<SimTK::MobilizedBody> bodies_;
  SimTK::State state_;
};

}  // namespace articula::testing
