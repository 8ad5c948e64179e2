// O(n) factorization of M − hγD − (hγ)²K in the structured form; see the header. The sweeps that
// use the factors are in ImplicitTreeSolverSweeps.cpp (two files so that they compile in parallel).
#include "articula/matter/ImplicitTreeSolver.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "HingeKernels.h"
#include "ImplicitTreeMaps.h"
#include "MatterImpl.h"

namespace articula {

using namespace treemaps;

namespace {

// The 6×6 matrix of V × (crm), acting on motion vectors.
Mat66 crossMotionMatrix(const SpatialVec& V) {
  const Mat33 w = skew(V.head<3>()), v = skew(V.tail<3>());
  Mat66 X;
  X << w, Mat33::Zero(), v, w;
  return X;
}

// Spatial inertia about a point o, from the body's about its origin Bo (p_oB = Bo − o).
Mat66 inertiaAbout(const SpatialInertia& M, const Vec3& p_oB) {
  const Vec3 c = p_oB + M.p_OC;  // mass centre from o
  const Mat33 Ic = M.I_O - M.m * (M.p_OC.squaredNorm() * Mat33::Identity() - M.p_OC * M.p_OC.transpose());
  const Mat33 Io = Ic + M.m * (c.squaredNorm() * Mat33::Identity() - c * c.transpose());
  Mat66 I;
  I << Io, M.m * skew(c), -M.m * skew(c), M.m * Mat33::Identity();
  return I;
}

}  // namespace

bool ImplicitTreeSolver::prepare(const MatterSubsystem& matter, const State& state) {
  matter_ = &matter;
  if (lockInfo(matter, state).any) return false;
  const int nb = matter.getNumBodies();
  const PositionCache& pc = positionCache(matter, state);
  const Vec3 origin = nb > 1 ? pc.X_GB[1].p() : Vec3::Zero();
  tree_.prepare(matter, state, origin);
  terms_.tree = &tree_;
  terms_.stiffness.assign(nb, Mat66::Zero());
  terms_.damping.assign(nb, Mat66::Zero());
  terms_.jointStiffness.resize(nb);
  terms_.jointDamping.resize(nb);
  terms_.pairs.clear();
  combined_ = false;
  inertia_.resize(nb);
  blocks_.resize(nb);
  for (int b = 1; b < nb; ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    terms_.jointStiffness[b].setZero(info.nu, info.nu);
    terms_.jointDamping[b].setZero(info.nu, info.nu);
    inertia_[b] = inertiaAbout(pc.M_G[b], pc.X_GB[b].p() - origin);
    // T_j = (V_j ×) S_j + the own-axis term: the convective Jacobian's column for u j.
    for (int j = 0; j < info.nu; ++j) {
      const int u = info.uStart + j;
      const SpatialVec S = tree_.getAxis(u);
      blocks_[b].ST.col(j) << S, crossMotion(tree_.getVelocity(b), S) + tree_.getOwnConvective(u);
    }
  }
  return true;
}

// K's body terms act on J through stiffness − damping (V ×) and on T through damping.
void ImplicitTreeSolver::combineTerms() {
  const int nb = matter_->getNumBodies();
  KV_.resize(nb);
  hasTerms_.assign(nb, 0);
  for (int b = 1; b < nb; ++b) {
    hasTerms_[b] = !terms_.stiffness[b].isZero(0) || !terms_.damping[b].isZero(0);
    if (hasTerms_[b]) KV_[b] = terms_.stiffness[b] - terms_.damping[b] * crossMotionMatrix(tree_.getVelocity(b));
  }
  hasJointTerms_.assign(nb, 0);
  for (int b = 1; b < nb; ++b)
    hasJointTerms_[b] = !terms_.jointStiffness[b].isZero(0) || !terms_.jointDamping[b].isZero(0);
  // Children come after their parents, so a descending pass sees every child first.
  clean_.assign(nb, 1);
  for (int b = nb - 1; b >= 1; --b) {
    if (hasTerms_[b]) clean_[b] = 0;
    const int parent = matter_->getInfo(b).parent;
    if (!clean_[b] && parent > 0) clean_[parent] = 0;
  }
  // Pair terms on the union of the two paths' u: D gets Gᵀ H, K gets Gᵀ P.
  const int nu = matter_->getNU();
  pairs_.resize(terms_.pairs.size());
  localOf_.assign(nu, -1);
  for (size_t i = 0; i < terms_.pairs.size(); ++i) {
    const WrenchPairTerm& t = terms_.pairs[i];
    PairRows& rows = pairs_[i];
    rows.cols.clear();
    for (int body : {t.bodyB, t.bodyA})
      for (int a = body; a > 0; a = matter_->getInfo(a).parent)
        for (int j = 0; j < matter_->getInfo(a).nu; ++j) rows.cols.push_back(matter_->getInfo(a).uStart + j);
    std::sort(rows.cols.begin(), rows.cols.end());
    rows.cols.erase(std::unique(rows.cols.begin(), rows.cols.end()), rows.cols.end());
    const int c = static_cast<int>(rows.cols.size());
    for (int k = 0; k < c; ++k) localOf_[rows.cols[k]] = k;
    rows.G.setZero(6, c);
    rows.H.setZero(6, c);
    rows.P.setZero(6, c);
    for (const auto& [body, K, D, sign] : {std::tuple(t.bodyB, &t.slopes.K_B, &t.slopes.D_B, 1.0),
                                           std::tuple(t.bodyA, &t.slopes.K_A, &t.slopes.D_A, -1.0)}) {
      if (body <= 0) continue;
      tree_.calcBodyJacobians(body, pathU_, pathJ_, pathC_);
      for (int k = 0; k < static_cast<int>(pathU_.size()); ++k) {
        const int l = localOf_[pathU_[k]];
        const SpatialVec Jk = pathJ_.col(k), Ck = pathC_.col(k);
        rows.G.col(l) += sign * Jk;
        rows.H.col(l).noalias() += *D * Jk;
        rows.P.col(l).noalias() += *K * Jk + *D * Ck;
      }
    }
  }
  combined_ = true;
}

// Eliminates body b's own u: pivot D = Sᵀ P [S; T] + joint blocks, then P_parent += P − G D⁻¹ Sᵀ P.
// In a clean subtree (no body terms, so P's T half is zero and stays zero) only the S half is
// worked: the elimination of Featherstone's ABA (with joint blocks in the pivot).
template <int N, bool Clean>
bool ImplicitTreeSolver::factorBody(int b, Real h, Block6x12& P) {
  BodyBlocks& k = blocks_[b];
  const CMap12N<N> ST(k.ST.data());
  const auto S = ST.template topRows<6>();
  constexpr int C = Clean ? 6 : 12;  // the columns of P in play
  const auto PC = P.template leftCols<C>();
  // lazyProduct: Eigen sends fixed products with rows + cols + depth > 20 to its GEMM, which costs
  // several times the arithmetic at these sizes.
  const Eigen::Matrix<Real, 6, N> G = PC.lazyProduct(ST.template topRows<C>());
  const Eigen::Matrix<Real, N, C> R = S.transpose().lazyProduct(PC);
  Eigen::Matrix<Real, N, N> D = S.transpose().lazyProduct(G);
  D -= h * CMapSmall<N>(terms_.jointDamping[b].data()) + (h * h) * CMapSmall<N>(terms_.jointStiffness[b].data());
  // The inverse by pivoted elimination, whose smallest pivot is the singularity test.
  Eigen::Matrix<Real, N, N> Dinv;
  const Real smallestPivot = kernels::invertSmall<N>(D, Dinv);
  if (!(smallestPivot > 1e-13 * D.cwiseAbs().maxCoeff())) return false;
  MapNN<N>(k.Dinv.data()) = Dinv;
  Map6N<N>(k.GD.data()).noalias() = G * Dinv;
  Map12N<N> RDt(k.RDt.data());
  RDt.template topRows<C>().noalias() = R.transpose().lazyProduct(Dinv.transpose());  // clean: T rows unused
  P.template leftCols<C>().noalias() -= Map6N<N>(k.GD.data()).lazyProduct(R);
  return true;
}

bool ImplicitTreeSolver::factor(Real hGamma) {
  if (!combined_) combineTerms();
  const MatterSubsystem& m = *matter_;
  if (6 * static_cast<int>(pairs_.size()) > m.getNU()) return false;  // before any tree work: see factorPairs
  const int nb = m.getNumBodies();
  const Real h = hGamma, h2 = hGamma * hGamma;
  P_.assign(nb, Block6x12::Zero());
  for (int b = nb - 1; b >= 1; --b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    Block6x12& P = P_[b];
    P.leftCols<6>() += inertia_[b];
    if (hasTerms_[b]) {
      P.leftCols<6>() -= h * terms_.damping[b] + h2 * KV_[b];
      P.rightCols<6>() -= h2 * terms_.damping[b];
    }
    bool ok = true;
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      ok = clean_[b] ? factorBody<N, true>(b, h, P) : factorBody<N, false>(b, h, P);
    });
    if (!ok) return false;
    if (info.parent > 0) P_[info.parent] += P;
  }
  return factorPairs(hGamma);
}

// Z = A_tree⁻¹ Gᵀ and the LU of I − V Z (Woodbury); false when the capacitance matrix is
// singular. factor() has already refused more pair rank than mobilities (a dense LU is cheaper).
bool ImplicitTreeSolver::factorPairs(Real hGamma) {
  const int m = 6 * static_cast<int>(pairs_.size()), nu = matter_->getNU();
  if (m == 0) return true;
  for (PairRows& rows : pairs_) rows.V = hGamma * rows.H + (hGamma * hGamma) * rows.P;
  // Z = A_tree⁻¹ (J_Bᵀ − J_Aᵀ) per pair, from A_tree⁻¹ J_bᵀ once per body that any pair touches.
  const int nb = matter_->getNumBodies();
  bodyZStart_.assign(nb, -1);
  int cols = 0;
  for (const WrenchPairTerm& t : terms_.pairs)
    for (int b : {t.bodyB, t.bodyA})
      if (b > 0 && bodyZStart_[b] < 0) bodyZStart_[b] = cols, cols += 6;
  bodyZ_.resize(nu, cols);
  for (int b = 1; b < nb; ++b)
    if (bodyZStart_[b] >= 0) solveTreeForBody(b, bodyZ_.middleCols<6>(bodyZStart_[b]));
  pairZ_.setZero(nu, m);
  for (int i = 0; i < m / 6; ++i) {
    const WrenchPairTerm& t = terms_.pairs[i];
    if (t.bodyB > 0) pairZ_.middleCols<6>(6 * i) += bodyZ_.middleCols<6>(bodyZStart_[t.bodyB]);
    if (t.bodyA > 0) pairZ_.middleCols<6>(6 * i) -= bodyZ_.middleCols<6>(bodyZStart_[t.bodyA]);
  }
  Matrix S = Matrix::Identity(m, m);
  for (int i = 0; i < m / 6; ++i) S.middleRows<6>(6 * i).noalias() -= pairs_[i].V * pairZ_(pairs_[i].cols, Eigen::all);
  capacitance_.compute(S);
  // Partial pivoting puts the smallest pivots last; a tiny one relative to the largest: singular.
  const auto pivots = capacitance_.matrixLU().diagonal().cwiseAbs();
  return pivots.minCoeff() > 1e-13 * pivots.maxCoeff();
}

void ImplicitTreeSolver::solve(const Eigen::Ref<const Vector>& b, Eigen::Ref<Vector> x) {
  solveTree(b, x);
  if (pairs_.empty()) return;
  pairT_.resize(6 * pairs_.size());
  for (size_t i = 0; i < pairs_.size(); ++i) pairT_.segment<6>(6 * i) = pairs_[i].V * x(pairs_[i].cols);
  pairS_ = capacitance_.solve(pairT_);
  x.noalias() += pairZ_ * pairS_;
}

}  // namespace articula
