// The multibody system's ImplicitSolve: the matter's M and N, the force sources' D and K.
#include "articula/matter/MultibodyImplicitSolve.h"

#include "MultibodyIterationMatrix.h"
#include "articula/matter/MatterSubsystem.h"

namespace articula {

std::unique_ptr<IterationMatrix> MultibodyImplicitSolve::makeIterationMatrix(const State& layout) const {
  if (layout.getNU() == 0) return nullptr;  // no speeds: J = 0
  return std::make_unique<MultibodyIterationMatrix>(*this, matter_, sources_, layout);
}

bool MultibodyImplicitSolve::coversQAndU(const State& layout) const {
  return matter_.getNQ() == layout.getNQ() && matter_.getNU() == layout.getNU();
}

void MultibodyImplicitSolve::calcJacobianBlocks(const State& s, Matrix& M, Matrix& D, Matrix& K) const {
  const int nu = s.getNU();
  matter_.calcM(s, M);
  D.setZero(nu, nu);
  K.setZero(nu, nu);
  for (const ForceJacobianSource* source : sources_) source->addInForceJacobian(s, D, K);
}

void MultibodyImplicitSolve::multiplyByN(const State& s, const Vector& u, Vector& q) const {
  matter_.multiplyByN(s, u, q);
}

void MultibodyImplicitSolve::multiplyByNInv(const State& s, const Vector& q, Vector& u) const {
  matter_.multiplyByNInv(s, q, u);
}

}  // namespace articula
