#include "articula/matter/MultibodySystem.h"

namespace articula {

MultibodySystem::MultibodySystem(std::string name) : System(std::move(name)) {
  auto matter = std::make_unique<MatterSubsystem>();
  matter_ = matter.get();
  implicit_ = std::make_unique<MultibodyImplicitSolve>(*matter_);
  adoptSubsystem(std::move(matter));
}

Real MultibodySystem::calcPotentialEnergy(const State& s) const {
  Real pe = 0;
  for (const ForceSubsystem* f : forces_) pe += f->calcPotentialEnergy(s);
  return pe;
}

// "body 'shank', Pin mobilizer" and the index among that mobilizer's q (or u).
VariablePart MultibodySystem::describeVariablePart(const State& s, int i) const {
  const int nq = s.getNQ(), nu = s.getNU();
  const bool isQ = i < nq, isU = !isQ && i < nq + nu;
  if (!isQ && !isU) return {};
  const int m = (isQ ? i : i - nq) - (isQ ? s.getQStart(matter_->getIndex()) : s.getUStart(matter_->getIndex()));
  for (int b = 1; b < matter_->getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter_->getInfo(b);
    const int first = isQ ? info.qStart : info.uStart, count = isQ ? info.nq : info.nu;
    if (m >= first && m < first + count)
      return {"body '" + info.name + "', " + info.mobilizer->typeName() + " mobilizer", m - first};
  }
  return {};
}

std::string MultibodySystem::describeNonFiniteSources(const State& s) const {
  if (s.getSystemStage() < Stage::Velocity) return "";
  std::string found;
  for (const ForceSubsystem* f : forces_) {
    const std::string names = f->findNonFiniteForces(s);
    if (!names.empty()) found += (found.empty() ? "" : ", ") + names;
  }
  return found.empty() ? "" : "non-finite force from " + found;
}

}  // namespace articula
