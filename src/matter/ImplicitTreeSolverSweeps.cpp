// The ImplicitTreeSolver's sweeps with its factors: right-hand sides, tree solves, the mass-weighted
// solve (the factorization and the Woodbury step are in ImplicitTreeSolver.cpp).
#include "HingeKernels.h"
#include "ImplicitTreeMaps.h"
#include "MatterImpl.h"
#include "articula/matter/ImplicitTreeSolver.h"

namespace articula {

using namespace treemaps;

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
