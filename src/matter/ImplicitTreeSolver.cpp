// O(n) factorization of M − hγD − (hγ)²K in the structured form; see the header.
#include "articula/matter/ImplicitTreeSolver.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "HingeKernels.h"
#include "MatterImpl.h"

namespace articula {

namespace {

using Vec12 = Eigen::Matrix<Real, 12, 1>;

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

template <int N>
using Map12N = Eigen::Map<Eigen::Matrix<Real, 12, N>>;
template <int N>
using CMap12N = Eigen::Map<const Eigen::Matrix<Real, 12, N>>;
template <int N>
using Map6N = Eigen::Map<Eigen::Matrix<Real, 6, N>>;
template <int N>
using CMap6N = Eigen::Map<const Eigen::Matrix<Real, 6, N>>;
// N×N corner of a 6×6 (leading dimension 6), and the whole of an N×N SmallMatrix (leading dimension N).
template <int N>
using MapNN = Eigen::Map<Eigen::Matrix<Real, N, N>, 0, Eigen::OuterStride<6>>;
template <int N>
using CMapNN = Eigen::Map<const Eigen::Matrix<Real, N, N>, 0, Eigen::OuterStride<6>>;
template <int N>
using CMapSmall = Eigen::Map<const Eigen::Matrix<Real, N, N>>;

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

// Sizes the sweep scratch; Ground's motion terms are zero.
void ImplicitTreeSolver::startSweeps(int nb) {
  a_.resize(nb);
  alpha_.resize(nb);
  z_.resize(nb);
  a_[0].setZero();
  alpha_[0].setZero();
}

void ImplicitTreeSolver::formRightHandSide(const Eigen::Ref<const Vector>& r, const Eigen::Ref<const Vector>& w,
                                           Real hGamma, Eigen::Ref<Vector> rhs) {
  if (!combined_) combineTerms();
  const MatterSubsystem& m = *matter_;
  const int nb = m.getNumBodies();
  startSweeps(nb);  // α here: [J w; T w]
  // Base to tip: J r, J w and T w of every body.
  for (int b = 1; b < nb; ++b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    a_[b] = a_[info.parent];
    alpha_[b] = alpha_[info.parent];
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      const CMap12N<N> ST(blocks_[b].ST.data());
      a_[b].noalias() += ST.template topRows<6>() * kernels::mapV<N>(r.data() + info.uStart);
      alpha_[b].noalias() += ST * kernels::mapV<N>(w.data() + info.uStart);
    });
    z_[b].noalias() = inertia_[b] * a_[b];
    if (hasTerms_[b])
      z_[b].noalias() += hGamma * (KV_[b] * alpha_[b].head<6>() + terms_.damping[b] * alpha_[b].tail<6>());
  }
  // Tip to base: forces accumulated over subtrees, projected on each body's axes.
  for (int b = nb - 1; b >= 1; --b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      const CMap12N<N> ST(blocks_[b].ST.data());
      Eigen::Map<Eigen::Matrix<Real, N, 1>> out(rhs.data() + info.uStart);
      out.noalias() = ST.template topRows<6>().transpose() * z_[b];
      out.noalias() += hGamma *
                       (CMapSmall<N>(terms_.jointStiffness[b].data()) * kernels::mapV<N>(w.data() + info.uStart));
    });
    if (info.parent > 0) z_[info.parent] += z_[b];
  }
  for (const PairRows& rows : pairs_) rhs(rows.cols) += rows.G.transpose() * (hGamma * (rows.P * w(rows.cols)));
}

void ImplicitTreeSolver::solveMassWeighted(const Eigen::Ref<const Vector>& r, const Eigen::Ref<const Vector>& w,
                                           Real hGamma, Eigen::Ref<Vector> x) {
  if (!combined_) combineTerms();
  const MatterSubsystem& m = *matter_;
  const int nb = m.getNumBodies(), nu = m.getNU();
  const Real h = hGamma;
  v_ = h * r + w;
  y_.setZero(nu);
  startSweeps(nb);  // α here: [J v; T v]
  // Base to tip over the bodies on paths to body terms (their ancestors are never clean): J r, J v, T v.
  for (int b = 1; b < nb; ++b) {
    if (clean_[b]) continue;
    const MobilizedBodyInfo& info = m.getInfo(b);
    a_[b] = a_[info.parent];
    alpha_[b] = alpha_[info.parent];
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      const CMap12N<N> ST(blocks_[b].ST.data());
      a_[b].noalias() += ST.template topRows<6>() * kernels::mapV<N>(r.data() + info.uStart);
      alpha_[b].noalias() += ST * kernels::mapV<N>(v_.data() + info.uStart);
    });
    z_[b].setZero();
    if (hasTerms_[b])
      z_[b].noalias() = terms_.damping[b] * (a_[b] + alpha_[b].tail<6>()) + KV_[b] * alpha_[b].head<6>();
  }
  // Tip to base: the terms' forces projected on each non-clean body's axes; joint blocks anywhere.
  for (int b = nb - 1; b >= 1; --b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    if (!clean_[b] || hasJointTerms_[b]) {
      kernels::dispatch(info.nu, [&](auto n) {
        constexpr int N = decltype(n)::value;
        Eigen::Map<Eigen::Matrix<Real, N, 1>> out(y_.data() + info.uStart);
        if (!clean_[b]) out.noalias() = CMap12N<N>(blocks_[b].ST.data()).template topRows<6>().transpose() * z_[b];
        if (hasJointTerms_[b])
          out.noalias() += CMapSmall<N>(terms_.jointDamping[b].data()) * kernels::mapV<N>(r.data() + info.uStart) +
                           CMapSmall<N>(terms_.jointStiffness[b].data()) * kernels::mapV<N>(v_.data() + info.uStart);
      });
    }
    if (!clean_[b] && info.parent > 0) z_[info.parent] += z_[b];
  }
  y_ *= h;
  for (const PairRows& rows : pairs_) {  // the pairs' h (D r + K v) = Gᵀ (V r + h P w)
    const SpatialVec t = rows.V * r(rows.cols) + h * (rows.P * w(rows.cols));
    y_(rows.cols) += rows.G.transpose() * t;
  }
  solve(y_, x);
  x += r;
}

void ImplicitTreeSolver::solve(const Eigen::Ref<const Vector>& b, Eigen::Ref<Vector> x) {
  solveTree(b, x);
  if (pairs_.empty()) return;
  pairT_.resize(6 * pairs_.size());
  for (size_t i = 0; i < pairs_.size(); ++i) pairT_.segment<6>(6 * i) = pairs_[i].V * x(pairs_[i].cols);
  pairS_ = capacitance_.solve(pairT_);
  x.noalias() += pairZ_ * pairS_;
}

// X = A_tree⁻¹ J_bᵀ (nu × 6), six right-hand sides at once. Row block k of J_bᵀ is S_kᵀ on b's
// path and zero elsewhere, so the tip-to-base pass of solveTree() only runs along the path.
void ImplicitTreeSolver::solveTreeForBody(int body, Eigen::Ref<Matrix> X) {
  const MatterSubsystem& m = *matter_;
  const int nb = m.getNumBodies();
  onPath_.assign(nb, 0);
  bodyEps_.resize(nb);
  Mat66 z = Mat66::Zero();  // the path's accumulated z, six columns
  for (int k = body; k > 0; k = m.getInfo(k).parent) {
    onPath_[k] = 1;
    kernels::dispatch(m.getInfo(k).nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      const BodyBlocks& f = blocks_[k];
      const auto S = CMap12N<N>(f.ST.data()).template topRows<6>();
      const Eigen::Matrix<Real, N, 6> e = S.transpose() - S.transpose().lazyProduct(z);
      z.noalias() += CMap6N<N>(f.GD.data()).lazyProduct(e);
      Eigen::Map<Eigen::Matrix<Real, N, 6>, 0, Eigen::OuterStride<6>>(bodyEps_[k].data()).noalias() =
          CMapNN<N>(f.Dinv.data()).lazyProduct(e);
    });
  }
  bodyAlpha_.resize(nb);
  bodyAlpha_[0].setZero();
  for (int k = 1; k < nb; ++k) {
    const MobilizedBodyInfo& info = m.getInfo(k);
    const bool clean = clean_[k];
    if (clean) bodyAlpha_[k].topRows<6>() = bodyAlpha_[info.parent].topRows<6>();
    else bodyAlpha_[k] = bodyAlpha_[info.parent];
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      const BodyBlocks& f = blocks_[k];
      const CMap12N<N> RDt(f.RDt.data()), ST(f.ST.data());
      // Fixed-size products (lazyProduct): Eigen sends these sizes to its GEMM otherwise.
      Eigen::Matrix<Real, N, 6> xk;
      if (onPath_[k]) xk = Eigen::Map<const Eigen::Matrix<Real, N, 6>, 0, Eigen::OuterStride<6>>(bodyEps_[k].data());
      else xk.setZero();
      if (clean) {
        xk -= RDt.template topRows<6>().transpose().lazyProduct(bodyAlpha_[info.parent].topRows<6>());
        bodyAlpha_[k].topRows<6>() += ST.template topRows<6>().lazyProduct(xk);
      } else {
        xk -= RDt.transpose().lazyProduct(bodyAlpha_[info.parent]);
        bodyAlpha_[k] += ST.lazyProduct(xk);
      }
      X.template middleRows<N>(info.uStart) = xk;
    });
  }
}

void ImplicitTreeSolver::solveTree(const Eigen::Ref<const Vector>& b, Eigen::Ref<Vector> x) {
  const MatterSubsystem& m = *matter_;
  const int nb = m.getNumBodies();
  z_.assign(nb, SpatialVec::Zero());
  alpha_.resize(nb);
  alpha_[0].setZero();
  eps_.resize(m.getNU());
  // Tip to base: ε = b − Sᵀ z (kept as D⁻¹ ε), and z passes G D⁻¹ ε up.
  for (int k = nb - 1; k >= 1; --k) {
    const MobilizedBodyInfo& info = m.getInfo(k);
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      const BodyBlocks& f = blocks_[k];
      const CMap12N<N> ST(f.ST.data());
      const Eigen::Matrix<Real, N, 1> e = kernels::mapV<N>(b.data() + info.uStart) -
                                          ST.template topRows<6>().transpose() * z_[k];
      z_[k].noalias() += CMap6N<N>(f.GD.data()) * e;
      Eigen::Map<Eigen::Matrix<Real, N, 1>>(eps_.data() + info.uStart).noalias() = CMapNN<N>(f.Dinv.data()) * e;
    });
    if (info.parent > 0) z_[info.parent] += z_[k];
  }
  // Base to tip: x = D⁻¹ ε − D⁻¹ R α_parent, α accumulating [S; T] x.
  // A clean body's RDt has zero T rows and its descendants are clean: only α's S half is used.
  for (int k = 1; k < nb; ++k) {
    const MobilizedBodyInfo& info = m.getInfo(k);
    const bool clean = clean_[k];
    if (clean) alpha_[k].head<6>() = alpha_[info.parent].head<6>();
    else alpha_[k] = alpha_[info.parent];
    kernels::dispatch(info.nu, [&](auto n) {
      constexpr int N = decltype(n)::value;
      const BodyBlocks& f = blocks_[k];
      Eigen::Map<Eigen::Matrix<Real, N, 1>> xb(x.data() + info.uStart);
      const CMap12N<N> RDt(f.RDt.data()), ST(f.ST.data());
      if (clean) {
        xb = kernels::mapV<N>(eps_.data() + info.uStart) -
             RDt.template topRows<6>().transpose() * alpha_[info.parent].head<6>();
        alpha_[k].head<6>().noalias() += ST.template topRows<6>() * xb;
      } else {
        xb = kernels::mapV<N>(eps_.data() + info.uStart) - RDt.transpose() * alpha_[info.parent];
        alpha_[k].noalias() += ST * xb;
      }
    });
  }
}

}  // namespace articula
