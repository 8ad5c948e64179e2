// ImplicitTreeSolver: O(n) factorization and solution of the linearly implicit iteration matrix
//   A = M − hγ D − (hγ)² K
// when D and K come in the structured form of ForceJacobian.h (TreeJacobianTerms). The mass
// matrix is Σ_b J_bᵀ I_b J_b, and the terms add, per body, 6×6 blocks acting on J_b and on the
// convective Jacobian C_b = −(V_b ×) J_b + T_b, whose column for u j is
// T_j = (V_j ×) S_j + (the own-axis motion of j's mobilizer). So every entry of A is
//   A_ij = S_iᵀ P_d [S_j; T_j]    (d: the deeper of i's and j's bodies, P_d a 6×12 composite)
// plus the joint blocks, and Gaussian elimination from the leaves, one mobilizer at a time, keeps
// that form: an articulated-body recursion with 6×12 articulated blocks in place of the 6×6
// articulated inertias (Featherstone's ABA is the case D = K = 0). Pivots are the nu_b × nu_b
// blocks, factored with partial pivoting; a (numerically) singular pivot makes factor() return
// false so the caller can fall back to a dense LU.
//
// Wrench pairs between two moving bodies (contact between bodies) fit no tree recursion: their
// part of A is a rank-6 product Gᵀ V per pair (ForceJacobian.h), so A = A_tree − U V with U the
// stacked Gᵀ, and the solve is Woodbury's: x = x₀ + Z (I − V Z)⁻¹ V x₀, x₀ = A_tree⁻¹ b,
// Z = A_tree⁻¹ U (m = 6·pairs tree solves per factorization, an m × m LU). Beyond m > nu that
// costs more than a dense LU, and factor() returns false.
//
// Everything is about a reference point near the model (the first body's origin at prepare()).
#pragma once
#include <Eigen/LU>
#include <vector>


#include "articula/matter/ForceJacobian.h"
#include "articula/matter/TreeForceLinearization.h"

namespace articula {

class MatterSubsystem;

class ImplicitTreeSolver {
 public:
  // Caches axes, velocities and inertias at `state` (realized through Velocity) and clears the
  // terms. False if the matter has prescribed or locked mobilities (not handled here).
  bool prepare(const MatterSubsystem& matter, const State& state);
  TreeJacobianTerms& terms() { return terms_; }

  // Factors A for this hγ; false if a pivot block is singular (then solve() must not be used).
  bool factor(Real hGamma);
  // rhs = M r + hγ K w (the Rosenbrock-W right-hand side), all matter-sized.
  void formRightHandSide(const Eigen::Ref<const Vector>& r, const Eigen::Ref<const Vector>& w, Real hGamma,
                         Eigen::Ref<Vector> rhs);
  // x = A⁻¹ b with the last factorization.
  void solve(const Eigen::Ref<const Vector>& b, Eigen::Ref<Vector> x);
  // x = A⁻¹ (M r + hγ K w) (the Rosenbrock-W stage solve), as r + A⁻¹ y with
  // y = hγ (D r + K (hγ r + w)): y needs only the bodies on paths to body terms and the joint
  // blocks, not the inertias of the whole tree. hγ must be the factored one.
  void solveMassWeighted(const Eigen::Ref<const Vector>& r, const Eigen::Ref<const Vector>& w, Real hGamma,
                         Eigen::Ref<Vector> x);

 private:
  // Per body, fixed-capacity blocks of which the first nu_b columns are used (fixed-size kernels
  // on N = nu_b: Eigen's dynamic-size products cost more than the arithmetic at these sizes).
  struct BodyBlocks {
    Eigen::Matrix<Real, 12, 6> ST;   // [S; T] of the body's own u
    Mat66 GD;                        // G D⁻¹, G = P [S; T]
    Eigen::Matrix<Real, 12, 6> RDt;  // (D⁻¹ Sᵀ P)ᵀ
    Mat66 Dinv;
  };
  using Block6x12 = Eigen::Matrix<Real, 6, 12>;
  template <int N, bool Clean>
  bool factorBody(int body, Real hGamma, Block6x12& P);
  void combineTerms();
  void startSweeps(int nb);
  bool factorPairs(Real hGamma);
  void solveTree(const Eigen::Ref<const Vector>& b, Eigen::Ref<Vector> x);
  void solveTreeForBody(int body, Eigen::Ref<Matrix> X);

  const MatterSubsystem* matter_ = nullptr;
  TreeForceLinearization tree_;
  TreeJacobianTerms terms_;
  bool combined_ = false;
  std::vector<Mat66> inertia_;       // I_b about the reference point
  std::vector<Mat66> KV_;            // stiffness_b − damping_b (V_b ×): what multiplies J in K
  std::vector<char> hasTerms_;       // body slopes not both zero (most bodies touch nothing)
  std::vector<char> clean_;          // no body in the subtree has terms: P's T half is zero
  std::vector<char> hasJointTerms_;  // joint damping or stiffness block not zero
  Vector y_, v_;                     // solveMassWeighted scratch
  std::vector<BodyBlocks> blocks_;
  std::vector<Block6x12> P_;  // composite / articulated blocks (factor scratch)
  // solve / right-hand-side scratch
  std::vector<SpatialVec> z_, a_;
  std::vector<Eigen::Matrix<Real, 12, 1>> alpha_;
  Vector eps_;
  // Wrench pairs, 6 rows each on the union of the two paths' u (cols): G = J_B − J_A, H (D's
  // right factor), P (K's), V = hγ H + (hγ)² P.
  struct PairRows {
    std::vector<int> cols;
    Eigen::Matrix<Real, 6, Eigen::Dynamic> G, H, P, V;
  };
  std::vector<PairRows> pairs_;
  std::vector<int> localOf_;
  Matrix pairZ_;                             // A_tree⁻¹ Gᵀ, all pairs (nu × 6·pairs)
  Eigen::PartialPivLU<Matrix> capacitance_;  // I − V Z
  Vector pairT_, pairS_;
  std::vector<int> pathU_, bodyZStart_;
  Matrix bodyZ_;  // A_tree⁻¹ J_bᵀ of the pairs' bodies, 6 columns each
  std::vector<char> onPath_;
  std::vector<Mat66> bodyEps_;  // D⁻¹ ε per path body (first nu_b rows)
  std::vector<Eigen::Matrix<Real, 12, 6>> bodyAlpha_;
  Eigen::Matrix<Real, 6, Eigen::Dynamic> pathJ_, pathC_;
};

}  // namespace articula
