// Block-diagonal kinematic coupling qdot = N(q) u and its inverse and time derivative.
#include "MatterImpl.h"

namespace articula {

void MatterSubsystem::multiplyByN(const State& s, const Vector& u, Vector& qdot) const {
  if (u.size() != nu_) throw Error("multiplyByN: expected " + std::to_string(nu_) + " speeds");
  const Real* q = getQ(s).data();
  qdot.resize(nq_);
  for (const auto& b : bodies_)
    if (b.nq) b.mobilizer->multiplyByN(q + b.qStart, u.data() + b.uStart, qdot.data() + b.qStart);
}

void MatterSubsystem::multiplyByNInv(const State& s, const Vector& qdot, Vector& u) const {
  if (qdot.size() != nq_) throw Error("multiplyByNInv: expected " + std::to_string(nq_) + " coordinate rates");
  const Real* q = getQ(s).data();
  u.resize(nu_);
  for (const auto& b : bodies_)
    if (b.nq) b.mobilizer->multiplyByNInv(q + b.qStart, qdot.data() + b.qStart, u.data() + b.uStart);
}

void MatterSubsystem::multiplyByNDot(const State& s, const Vector& v, Vector& out) const {
  if (v.size() != nu_) throw Error("multiplyByNDot: expected " + std::to_string(nu_) + " values");
  const Real* q = getQ(s).data();
  const Real* u = getU(s).data();
  out.resize(nq_);
  for (const auto& b : bodies_)
    if (b.nq) b.mobilizer->multiplyByNDot(q + b.qStart, u + b.uStart, v.data() + b.uStart, out.data() + b.qStart);
}

}  // namespace articula
