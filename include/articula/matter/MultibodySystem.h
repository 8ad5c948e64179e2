// A System made of one matter subsystem and any number of force subsystems.
#pragma once
#include "articula/matter/ForceSubsystem.h"
#include "articula/matter/MatterSubsystem.h"

namespace articula {

class MultibodySystem : public System {
 public:
  explicit MultibodySystem(std::string name = "multibody");
  MatterSubsystem& updMatter() { return *matter_; }
  const MatterSubsystem& getMatter() const { return *matter_; }
  // Adopts a force subsystem and returns a reference to it.
  template <class F>
  F& addForceSubsystem(std::unique_ptr<F> forces) {
    if (!forces) throw Error("MultibodySystem '" + getName() + "': addForceSubsystem was given a null subsystem");
    F& ref = *forces;
    matter_->registerForceSubsystem(&ref);
    adoptSubsystem(std::move(forces));
    return ref;
  }
  Real calcPotentialEnergy(const State& s) const;
  Real calcKineticEnergy(const State& s) const { return matter_->calcKineticEnergy(s); }
  Real calcEnergy(const State& s) const { return calcKineticEnergy(s) + calcPotentialEnergy(s); }

 private:
  MatterSubsystem* matter_;
};

}  // namespace articula
