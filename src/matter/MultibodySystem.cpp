#include "articula/matter/MultibodySystem.h"

namespace articula {

MultibodySystem::MultibodySystem(std::string name) : System(std::move(name)) {
  auto matter = std::make_unique<MatterSubsystem>();
  matter_ = matter.get();
  adoptSubsystem(std::move(matter));
}

Real MultibodySystem::calcPotentialEnergy(const State& s) const {
  Real pe = 0;
  for (int i = 0; i < getNumSubsystems(); ++i)
    if (auto* f = dynamic_cast<const ForceSubsystem*>(&getSubsystem(i))) pe += f->calcPotentialEnergy(s);
  return pe;
}

}  // namespace articula
