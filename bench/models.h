// Articula builds of the engine-neutral benchmark models (model_spec.h), shared by the Google
// Benchmarks and the comparison program.
#pragma once
#include <memory>
#include <vector>

#include "articula/matter/MultibodySystem.h"
#include "model_spec.h"

namespace articula::bench {

struct ArticulaModel {
  ModelSpec spec;
  std::unique_ptr<MultibodySystem> system;
  const MatterSubsystem* matter = nullptr;
  State state;                      // realized to Acceleration at randomState(spec, 1)
  std::vector<int> body;            // Articula body index of spec body i
  std::vector<int> qStart, uStart;  // per spec body, within the matter's q and u

  // Neutral layout <-> the matter's q and u. Conventions are identical, only the order may differ.
  Vector toQ(const std::vector<double>& q) const;
  Vector toU(const std::vector<double>& u) const;
  std::vector<double> fromQ(const Vector& q) const;
  std::vector<double> fromU(const Vector& u) const;
  // Writes q and u (invalidating Position and everything after it).
  void setState(State& s, const Vector& q, const Vector& u) const;
};

// Bodies, pins/balls/universals/free joints and uniform gravity exactly as the spec says.
std::unique_ptr<ArticulaModel> buildArticula(const ModelSpec& spec);

}  // namespace articula::bench
