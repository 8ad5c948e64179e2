// The multibody system's IterationMatrix: I − hγJ reduced to A = M − hγD − (hγ)²K on u,
//     A k_u = M r_u + hγ K N⁺ r_q,   k_q = r_q + hγ N k_u,   k_z = r_z,
// factored by the O(n) ImplicitTreeSolver when every source gives the structured form, else from
// dense M, D and K by TreeLU when they keep the tree's pattern, else by a pivoting LU.
#pragma once
#include <Eigen/LU>
#include <vector>

#include "articula/math/TreeLU.h"
#include "articula/matter/ForceJacobian.h"
#include "articula/matter/ImplicitTreeSolver.h"
#include "articula/system/ImplicitSolve.h"

namespace articula {

class MultibodyImplicitSolve;

class MultibodyIterationMatrix final : public IterationMatrix {
 public:
  MultibodyIterationMatrix(const MultibodyImplicitSolve& blocks, const MatterSubsystem& matter,
                           const std::vector<const ForceJacobianSource*>& sources, const State& layout);
  void linearize(const State& state, const IterationMatrixOptions& options) override;
  Factorization factor(Real hGamma) override;
  void solve(const State& state, const Vector& r, Vector& k) override;

 private:
  void buildMobilityTree(const State& layout);
  void formDenseJacobian();

  const MultibodyImplicitSolve& blocks_;
  const MatterSubsystem& matter_;
  const std::vector<const ForceJacobianSource*>& sources_;
  const State* state_ = nullptr;  // the linearized state
  int nq_ = 0, nu_ = 0;
  Matrix M_, D_, K_, A_;
  Eigen::PartialPivLU<Matrix> lu_;
  TreeLU tree_;  // mobilities' tree; empty when the u are not tree-ordered
  bool useTree_ = true, jacobianFitsTree_ = false, factoredByTree_ = false;
  ImplicitTreeSolver solver_;
  bool structuredEligible_ = false, structured_ = false;
  Vector rhs_, ku_, tmpU_, tmpQ_;
  Real factoredHGamma_ = -1;
};

}  // namespace articula
