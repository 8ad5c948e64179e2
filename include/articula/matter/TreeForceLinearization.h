// TreeForceLinearization: maps the linearization of a body wrench into the generalized force
// Jacobians that ForceJacobianSource adds to (D += ∂τ/∂u, K += (∂τ/∂q) N).
//
// A wrench W_B acting on body B (and −W_B on body A, action and reaction at one point; A may be
// Ground) gives τ = (J_B − J_A)ᵀ W_B. Its derivative along a generalized-speed displacement δ_j
// (δq = N e_j, u held fixed) has three parts:
//   * the wrench's own slopes: ∂W_B/∂X_e J_e + ∂W_B/∂V_e ∂V_e/∂δ_j for e = B, A, where X_e is the
//     body's pose (a twist ξ displaces it) and V_e its spatial velocity; both about the Ground
//     origin, in G;
//   * the convective term ∂V_e/∂δ_j at fixed u: the axes of the mobilizers below j move with it,
//     so V_e changes by (S_j ×) (V_e − V_j) (Featherstone's crm), plus a mobilizer's own axes' change;
//   * the geometric term (∂J_eᵀ/∂δ_j) W: the same axis motion seen by the wrench,
//     S_kᵀ W̄ S_j for j above k on the path, with W̄ = [[m×, f×], [f×, 0]].
// The caller supplies W_B and its 6×6 slopes; everything about the tree is done here, in
// O(depth²) per wrench. The result is exact for exact slopes (tests compare with central
// differences of τ on chains of every mobilizer kind).
#pragma once
#include <vector>

#include "articula/math/Types.h"
#include "articula/system/State.h"

namespace articula {

class MatterSubsystem;

// Slopes of a wrench W_B (about the Ground origin, in G) with respect to the pose twist ξ_e
// ([rotation; translation of the point at the Ground origin]) and the spatial velocity V_e
// (about the Ground origin) of body e = B and e = A.
struct WrenchSlopes {
  Mat66 K_B = Mat66::Zero(), K_A = Mat66::Zero();  // ∂W_B/∂ξ_B, ∂W_B/∂ξ_A
  Mat66 D_B = Mat66::Zero(), D_A = Mat66::Zero();  // ∂W_B/∂V_B, ∂W_B/∂V_A
};

// The point-map Φ(r) = [−r×, I]: the velocity of the point at r from a spatial velocity about the
// Ground origin (and the displacement of that point from a twist).
Eigen::Matrix<Real, 3, 6> pointMap(const Vec3& r);

class TreeForceLinearization {
 public:
  // Caches the mobility axes about `origin` (the "Ground origin" of everything here: a point near
  // the model keeps the spatial quantities well scaled), the body velocities and the mobilizers'
  // own axis derivatives. `state` realized through Velocity.
  void prepare(const MatterSubsystem& matter, const State& state, const Vec3& origin = Vec3::Zero());

  // Adds the linearization of W_B on bodyB and −W_B on bodyA (either may be 0, Ground) into the
  // System-sized D and K (the matter's u start at uStart in them).
  void addWrench(int bodyB, int bodyA, const SpatialVec& W_B, const WrenchSlopes& slopes, Matrix& D, Matrix& K);

  // Only the geometric term of a wrench W on `body` (what the structured form of ForceJacobian.h
  // leaves out): K(k, j) += (δ_j S_k)ᵀ W along the body's path.
  void addGeometric(int body, const SpatialVec& W, Matrix& K) const;

  // After prepare: the reference point, a body's spatial velocity about it, a matter u's axis about
  // it, and Σ_k (δ_j S_k) u_k over the u k of j's own mobilizer (its axes' motion with its own q).
  const Vec3& getOrigin() const { return origin_; }
  const SpatialVec& getVelocity(int body) const { return V_[body]; }
  auto getAxis(int u) const { return S_.col(u); }
  const SpatialVec& getOwnConvective(int u) const { return ownConvective_[u]; }
  // A body's Jacobian J (V = J u, about the origin) and convective Jacobian C (∂V/∂δ at fixed u)
  // on its path: column k belongs to matter u us[k] (the other columns are zero); none for Ground.
  void calcBodyJacobians(int body, std::vector<int>& us, Eigen::Matrix<Real, 6, Eigen::Dynamic>& J,
                         Eigen::Matrix<Real, 6, Eigen::Dynamic>& C) const;

 private:
  void gatherColumns(int bodyB, int bodyA);
  void fillJacobian(int body, Eigen::Matrix<Real, 6, Eigen::Dynamic>& J,
                    Eigen::Matrix<Real, 6, Eigen::Dynamic>& C) const;

  const MatterSubsystem* matter_ = nullptr;
  Vec3 origin_ = Vec3::Zero();
  int u0_ = 0;                                // the matter's first u in D and K
  Eigen::Matrix<Real, 6, Eigen::Dynamic> S_;  // axis of every matter u, about the Ground origin
  std::vector<SpatialVec> V_;                 // body velocities about the Ground origin
  std::vector<int> bodyOfU_;
  // δ_j S_k for j, k of one mobilizer (its own q moves its axes): column ownStart_[j] + (k − uStart).
  Eigen::Matrix<Real, 6, Eigen::Dynamic> ownDS_;
  std::vector<int> ownStart_;
  std::vector<SpatialVec> ownConvective_;  // Σ_k δ_j S_k u_k, per u j
  // Scratch: the union of the two paths' u (matter-local, ascending), and per-path matrices.
  std::vector<int> columns_;
  std::vector<char> used_;
  Eigen::Matrix<Real, 6, Eigen::Dynamic> JB_, JA_, CB_, CA_, G_, H_;
};

}  // namespace articula
