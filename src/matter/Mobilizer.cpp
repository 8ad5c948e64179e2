// Default virtuals of Mobilizer: types whose q are plain coordinates with qdot = u only need
// to override the kinematics; quaternion types override N and normalization.
#include "articula/matter/Mobilizer.h"

namespace articula {

void Mobilizer::setDefaultQ(Real* q) const {
  const int n = nq();
  for (int i = 0; i < n; ++i) q[i] = 0;
  const int qi = quaternionIndex();
  if (qi >= 0) q[qi] = 1;  // identity quaternion (1,0,0,0), scalar first
}

// N = identity requires nq == nu, which every type that keeps these defaults satisfies.
void Mobilizer::multiplyByN(const Real* /*q*/, const Real* u, Real* qdot) const {
  const int n = nu();
  for (int i = 0; i < n; ++i) qdot[i] = u[i];
}

void Mobilizer::multiplyByNInv(const Real* /*q*/, const Real* qdot, Real* u) const {
  const int n = nu();
  for (int i = 0; i < n; ++i) u[i] = qdot[i];
}

void Mobilizer::multiplyByNDot(const Real* /*q*/, const Real* /*u*/, const Real* /*v*/, Real* out) const {
  const int n = nq();
  for (int i = 0; i < n; ++i) out[i] = 0;
}

}  // namespace articula
