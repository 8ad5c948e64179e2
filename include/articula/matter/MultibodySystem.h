// A System made of one matter subsystem and any number of force subsystems.
#pragma once
#include <type_traits>

#include "articula/matter/ForceSubsystem.h"
#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MultibodyImplicitSolve.h"

namespace articula {

class MultibodySystem : public System {
 public:
  explicit MultibodySystem(std::string name = "multibody");
  MatterSubsystem& updMatter() { return *matter_; }
  const MatterSubsystem& getMatter() const { return *matter_; }
  // Adopts a force subsystem and returns a reference to it. Its capabilities are read from its
  // type F here, once: pass the subsystem's own type (a ForceJacobianSource linearizes its forces
  // for implicit integrators only if F says it is one).
  template <class F>
  F& addForceSubsystem(std::unique_ptr<F> forces) {
    if (!forces) throw Error("MultibodySystem '" + getName() + "': addForceSubsystem was given a null subsystem");
    F& ref = *forces;
    matter_->registerForceSubsystem(&ref);
    static_cast<ForceSubsystem&>(ref).addedTo_ = matter_;
    forces_.push_back(&ref);
    if constexpr (std::is_base_of_v<ForceJacobianSource, F>) implicit_->addSource(&ref);
    adoptSubsystem(std::move(forces));
    return ref;
  }
  Real calcPotentialEnergy(const State& s) const;
  Real calcKineticEnergy(const State& s) const { return matter_->calcKineticEnergy(s); }
  Real calcEnergy(const State& s) const { return calcKineticEnergy(s) + calcPotentialEnergy(s); }

  const ImplicitSolve* getImplicitSolve() const override { return implicit_.get(); }
  VariablePart describeVariablePart(const State& state, int yIndex) const override;
  std::string describeNonFiniteSources(const State& state) const override;

 private:
  MatterSubsystem* matter_;
  std::vector<const ForceSubsystem*> forces_;  // in the order they were added
  std::unique_ptr<MultibodyImplicitSolve> implicit_;
};

}  // namespace articula
