// What the matter subsystem needs from a source of forces: at Dynamics stage, add body forces
// (spatial forces in Ground, moment about each body's origin) and mobility forces.
#pragma once
#include <string>
#include <vector>

#include "articula/system/System.h"

namespace articula {

class MatterSubsystem;

class ForceSubsystem : public Subsystem {
 public:
  using Subsystem::Subsystem;
  // Called during Dynamics realization, after matter has zeroed the accumulators.
  virtual void addInForces(const State& state, std::vector<SpatialVec>& bodyForces_G, Vector& mobilityForces) const = 0;
  virtual Real calcPotentialEnergy(const State&) const { return 0; }
  // Diagnostics: the names of this subsystem's parts whose forces alone are not finite at
  // `state` (realized through Velocity), separated by ", "; "" if none.
  virtual std::string findNonFiniteForces(const State& /*state*/) const { return ""; }

 protected:
  // The matter of the MultibodySystem this was added to (addForceSubsystem); null before.
  const MatterSubsystem* findMatter() const { return addedTo_; }

 private:
  friend class MultibodySystem;
  const MatterSubsystem* addedTo_ = nullptr;
};

}  // namespace articula
