// The multibody system's ImplicitSolve (system/ImplicitSolve.h): M and N from the matter, D and K
// from the force subsystems that are ForceJacobianSources (ForceJacobian.h), registered when they
// are added to the MultibodySystem. The iteration matrix takes the O(n) ImplicitTreeSolver when
// every source gives the structured form, else TreeLU or a dense LU (docs/design.md).
#pragma once
#include <memory>
#include <vector>

#include "articula/matter/ForceJacobian.h"
#include "articula/system/ImplicitSolve.h"

namespace articula {

class MatterSubsystem;

class MultibodyImplicitSolve final : public ImplicitSolve {
 public:
  explicit MultibodyImplicitSolve(const MatterSubsystem& matter) : matter_(matter) {}
  void addSource(const ForceJacobianSource* source) { sources_.push_back(source); }

  std::unique_ptr<IterationMatrix> makeIterationMatrix(const State& layout) const override;
  bool coversQAndU(const State& layout) const override;
  void calcJacobianBlocks(const State& state, Matrix& M, Matrix& D, Matrix& K) const override;
  void multiplyByN(const State& state, const Vector& u, Vector& q) const override;
  void multiplyByNInv(const State& state, const Vector& q, Vector& u) const override;

 private:
  const MatterSubsystem& matter_;
  std::vector<const ForceJacobianSource*> sources_;  // in the order they were added
};

}  // namespace articula
