// A mobilizer type: the kinematics of one inboard joint, X_FM(q), H_FM(q), HDot_FM(q,u) and
// qdot = N(q) u (Theory Manual ch. 5). Objects are immutable after construction and may be
// shared by threads; everything variable comes in through q and u.
#pragma once
#include <memory>
#include <string>

#include "articula/math/Transform.h"

namespace articula {

class Mobilizer {
 public:
  virtual ~Mobilizer() = default;

  virtual std::string typeName() const = 0;
  virtual int nq() const = 0;
  virtual int nu() const = 0;
  // Index of the first of four quaternion coordinates in q, or -1 if the type has none.
  virtual int quaternionIndex() const { return -1; }
  // Coordinates giving X_FM = identity (zeros, quaternions (1,0,0,0)).
  virtual void setDefaultQ(Real* q) const;

  // Pose of M in F.
  virtual Transform calcX_FM(const Real* q) const = 0;
  // H_FM (6 x nu): V_FM = H_FM u, angular first, linear velocity of M's origin; expressed in F,
  // derivatives taken in F.
  virtual void calcH_FM(const Real* q, HMatrix& H_FM) const = 0;
  // Both at once (the position kinematics need both at every q): types whose X_FM and H_FM share
  // work (function-based ones evaluate their functions and rotations once) override it.
  virtual Transform calcX_FMAndH_FM(const Real* q, HMatrix& H_FM) const {
    calcH_FM(q, H_FM);
    return calcX_FM(q);
  }
  // Time derivative in F of H_FM along qdot = N(q) u.
  virtual void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot_FM) const = 0;
  // True if H_FM does not depend on q (so HDot_FM = 0): the kinematics then compute H_FM once
  // per State and skip HDot_FM u.
  virtual bool hasConstantH() const { return false; }

  // qdot = N(q) u; u = N(q)^-1 qdot (for quaternions N^-1 is the left inverse N^T-like map);
  // NDot(q,u) times a vector v (qdotdot = N udot + NDot u uses v = u). Defaults: N = identity.
  virtual void multiplyByN(const Real* q, const Real* u, Real* qdot) const;
  virtual void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const;
  virtual void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const;
  // Makes q valid (normalizes quaternions); returns true if q changed.
  virtual bool normalizeQ(Real* /*q*/) const { return false; }

  virtual std::unique_ptr<Mobilizer> clone() const = 0;
};

// Wraps a forward mobilizer type so that the same q and u keep their meaning when parent and
// child are swapped: X_FM = ~X_MF(q) (Theory Manual §5.1, eqs. 5.18-5.22).
std::unique_ptr<Mobilizer> makeReversed(std::unique_ptr<Mobilizer> forward);

}  // namespace articula
