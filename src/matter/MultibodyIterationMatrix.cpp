// The multibody iteration matrix: structured O(n) solve, TreeLU or dense LU (see the header).
#include "MultibodyIterationMatrix.h"

#include <Eigen/Dense>

#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MultibodyImplicitSolve.h"

namespace articula {

MultibodyIterationMatrix::MultibodyIterationMatrix(const MultibodyImplicitSolve& blocks, const MatterSubsystem& matter,
                                                   const std::vector<const ForceJacobianSource*>& sources,
                                                   const State& layout)
    : blocks_(blocks), matter_(matter), sources_(sources), nq_(layout.getNQ()), nu_(layout.getNU()) {
  M_.setZero(nu_, nu_);
  D_.setZero(nu_, nu_);
  K_.setZero(nu_, nu_);
  A_.setZero(nu_, nu_);
  rhs_.resize(nu_);
  ku_.resize(nu_);
  tmpU_.resize(nu_);
  tmpQ_.resize(nq_);
  buildMobilityTree(layout);
  structuredEligible_ = nu_ > 0 && layout.getUStart(matter_.getIndex()) == 0 && matter_.getNU() == nu_;
}

// parent[i] for each system u: the matter's mobility forest shifted to the system's numbering.
// Left empty (dense LU only) if u are not numbered parents first.
void MultibodyIterationMatrix::buildMobilityTree(const State& layout) {
  if (nu_ == 0) return;
  const int u0 = layout.getUStart(matter_.getIndex());
  const std::vector<int> local = matter_.calcMobilityParents();
  if (static_cast<int>(local.size()) != matter_.getNU()) return;
  std::vector<int> parent(nu_, -1);
  for (size_t i = 0; i < local.size(); ++i) parent[u0 + i] = local[i] < 0 ? -1 : u0 + local[i];
  tree_ = TreeLU(std::move(parent));
}

// Structured terms if every source gives them, else M, D and K.
void MultibodyIterationMatrix::linearize(const State& s, const IterationMatrixOptions& options) {
  state_ = &s;
  useTree_ = options.treeLU;
  factoredHGamma_ = -1;
  structured_ = options.structured && structuredEligible_ && solver_.prepare(matter_, s);
  for (size_t i = 0; structured_ && i < sources_.size(); ++i)
    structured_ = sources_[i]->addInTreeJacobian(s, solver_.terms());
  if (!structured_) formDenseJacobian();
}

void MultibodyIterationMatrix::formDenseJacobian() {
  structured_ = false;
  blocks_.calcJacobianBlocks(*state_, M_, D_, K_);
  jacobianFitsTree_ = useTree_ && tree_.size() == nu_ && tree_.fitsPattern(D_) && tree_.fitsPattern(K_);
}

Factorization MultibodyIterationMatrix::factor(Real hg) {
  if (hg == factoredHGamma_) return Factorization::Reused;
  factoredHGamma_ = hg;
  if (structured_) {
    if (solver_.factor(hg)) return Factorization::Structured;
    formDenseJacobian();  // a singular pivot block, or more pair rank than mobilities: the dense LU
  }
  A_ = M_ - hg * D_ - (hg * hg) * K_;
  factoredByTree_ = jacobianFitsTree_ && tree_.compute(A_);
  if (factoredByTree_) return Factorization::Tree;
  lu_.compute(A_);
  return Factorization::Dense;
}

void MultibodyIterationMatrix::solve(const State& s, const Vector& r, Vector& k) {
  const Real hg = factoredHGamma_;
  // rhs = M r_u + hγ K N⁺ r_q
  tmpQ_ = r.head(nq_);
  matter_.multiplyByNInv(s, tmpQ_, tmpU_);
  if (structured_) {
    solver_.solveMassWeighted(r.segment(nq_, nu_), tmpU_, hg, ku_);
  } else {
    rhs_.noalias() = M_ * r.segment(nq_, nu_);
    rhs_.noalias() += hg * (K_ * tmpU_);
    if (factoredByTree_) tree_.solve(rhs_, ku_);
    else ku_ = lu_.solve(rhs_);
  }
  matter_.multiplyByN(s, ku_, tmpQ_);
  const int nz = static_cast<int>(r.size()) - nq_ - nu_;
  k.head(nq_) = r.head(nq_) + hg * tmpQ_;
  k.segment(nq_, nu_) = ku_;
  k.tail(nz) = r.tail(nz);
}

}  // namespace articula
