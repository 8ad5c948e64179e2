// Base-to-tip kinematics: X_GB, H (Theory Manual §5.2), V_GB, and the velocity-dependent
// acceleration terms (coriolis and gyroscopic) used by every dynamics operator.
#include "HingeKernels.h"
#include "MatterImpl.h"

namespace articula {

void calcPositionKinematics(const MatterSubsystem& m, const Real* q, PositionCache& pc) {
  pc.X_GB[0] = Transform();
  pc.M_G[0] = SpatialInertia{};
  for (int b = 1; b < m.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    const Mobilizer& mob = *info.mobilizer;
    const Real* qb = q + info.qStart;
    const Transform& X_GP = pc.X_GB[info.parent];

    HMatrix& H_FM = pc.H_FM[b];
    // Constant H_FM were filled at Topology.
    const Transform X_FM = info.constantH ? mob.calcX_FM(qb) : mob.calcX_FMAndH_FM(qb, H_FM);
    const Transform& X_MB = info.X_MB;
    // Frames that only translate (the common case) cost a vector add instead of a 3x3 product.
    const Transform X_GF = info.X_PFIsTranslation ? Transform(X_GP.R(), X_GP * info.X_PF.p()) : X_GP * info.X_PF;
    const Transform X_GM = X_GF * X_FM;
    const Transform X_GB = info.X_MBIsTranslation ? Transform(X_GM.R(), X_GM * X_MB.p()) : X_GM * X_MB;
    pc.X_FM[b] = X_FM;
    pc.X_GB[b] = X_GB;
    pc.R_GF[b] = X_GF.R();
    pc.p_PB_G[b] = X_GB.p() - X_GP.p();

    // H_FB: shift H_FM's linear rows from M's origin to B's origin (eq. 5.23), then to G:
    // column j is [R_GF h_w; R_GF h_v + (R_GF h_w) x p_MB_G].
    const Vec3 p_MB_F = X_FM.R() * X_MB.p();
    const Mat33& R_GF = X_GF.R().matrix();
    const Vec3 p_MB_G = R_GF * p_MB_F;
    pc.p_MB_F[b] = p_MB_F;
    HMatrix& H_G = pc.H_G[b];
    H_G.resize(6, info.nu);
    switch (pc.hinge[b]) {
      case Hinge::Ball:  // H_FM = [1; 0]
        for (int j = 0; j < 3; ++j) H_G.col(j) << R_GF.col(j), R_GF.col(j).cross(p_MB_G);
        break;
      case Hinge::Free:  // H_FM = 1
        for (int j = 0; j < 3; ++j) {
          H_G.col(j) << R_GF.col(j), R_GF.col(j).cross(p_MB_G);
          H_G.col(3 + j) << Vec3::Zero(), R_GF.col(j);
        }
        break;
      case Hinge::General:
        kernels::dispatch(info.nu, [&](auto n) {
          constexpr int N = decltype(n)::value;
          const auto H = kernels::mapH<N>(H_FM);
          Eigen::Map<kernels::Mat6N<N>> HG(H_G.data());
          HG.template topRows<3>().noalias() = R_GF * H.template topRows<3>();
          HG.template bottomRows<3>().noalias() = R_GF * H.template bottomRows<3>();
          for (int j = 0; j < N; ++j) HG.col(j).template tail<3>() += Vec3(HG.col(j).template head<3>()).cross(p_MB_G);
        });
        break;
    }

    const MassProperties& mp = info.body.getMassProperties();
    const Mat33& R_GB = X_GB.R().matrix();
    // R I R^T: only the upper triangle of the symmetric product is computed.
    const Mat33 RI = R_GB * mp.inertiaAboutOrigin().matrix();
    SpatialInertia& M = pc.M_G[b];
    M.m = mp.mass();
    M.p_OC.noalias() = R_GB * mp.massCenter();
    for (int i = 0; i < 3; ++i)
      for (int j = i; j < 3; ++j) M.I_O(i, j) = M.I_O(j, i) = RI.row(i).dot(R_GB.row(j));
  }
}

namespace {

// 3-vector pieces on raw storage: the velocity kinematics below reads and writes halves of
// 6-vectors, which as Eigen 3-vectors went through the stack and stalled store forwarding
// (MatterImpl.h, shiftMotionInto).
inline void cross(const Real* a, const Real* b, Real* out) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}
// out = R v, R column-major 3 x 3.
inline void rotate(const Real* R, const Real* v, Real* out) {
  for (int i = 0; i < 3; ++i) out[i] = R[i] * v[0] + R[3 + i] * v[1] + R[6 + i] * v[2];
}

}  // namespace

void calcVelocityKinematics(const MatterSubsystem& m, const Real* q, const Real* u, const PositionCache& pc,
                            VelocityCache& vc) {
  using Vec6Map = Eigen::Map<Vec6>;
  vc.V_GB[0].setZero();
  for (int b = 1; b < m.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = m.getInfo(b);
    const Real* ub = u + info.uStart;
    const Real* V_GP = vc.V_GB[info.parent].data();  // w_GP is its first three entries
    const Real* p = pc.p_PB_G[b].data();

    // V_FM = H_FM u, V_rel = H_PB_G u (at Bo, in G), and HDot_FM u.
    Real V_FM[6] = {0, 0, 0, 0, 0, 0}, V_rel[6] = {0, 0, 0, 0, 0, 0}, hdu[6] = {0, 0, 0, 0, 0, 0};
    if (info.nu) {
      HMatrix HDot_FM;
      if (!info.constantH) info.mobilizer->calcHDot_FM(q + info.qStart, ub, HDot_FM);  // else HDot = 0
      kernels::dispatch(info.nu, [&](auto n) {
        constexpr int N = decltype(n)::value;
        const auto uN = kernels::mapV<N>(ub);
        Vec6Map(V_FM).noalias() = kernels::mapH<N>(pc.H_FM[b]) * uN;
        Vec6Map(V_rel).noalias() = kernels::mapH<N>(pc.H_G[b]) * uN;
        if (!info.constantH) Vec6Map(hdu).noalias() = kernels::mapH<N>(HDot_FM) * uN;
      });
    }
    for (int i = 0; i < 6; ++i) vc.V_FM[b][i] = V_FM[i];
    Real* V = vc.V_GB[b].data();
    shiftMotionInto(V_GP, p, V);
    for (int i = 0; i < 6; ++i) V[i] += V_rel[i];

    // HDot_FB u in F (eqs. 5.26-5.27): HDot_FM u shifted to Bo plus the rotation of p_MB:
    // hduV = hdu_v + hdu_w x p_MB + w_FM x (w_FM x p_MB).
    const Real* p_MB_F = pc.p_MB_F[b].data();
    Real hduWxp[3], wxp[3], wwxp[3];
    cross(hdu, p_MB_F, hduWxp);
    cross(V_FM, p_MB_F, wxp);
    cross(V_FM, wxp, wwxp);
    const Real hduV[3] = {(hdu[3] + hduWxp[0]) + wwxp[0], (hdu[4] + hduWxp[1]) + wwxp[1],
                          (hdu[5] + hduWxp[2]) + wwxp[2]};
    // coriolis = [R_GF hdu_w + w_GP x w_rel; R_GF hduV + w_GP x (w_GP x p) + 2 w_GP x v_rel].
    const Real* R_GF = pc.R_GF[b].matrix().data();
    Real Rw[3], Rv[3], wxw[3], wxp2[3], wwxp2[3], wxv[3];
    rotate(R_GF, hdu, Rw);
    rotate(R_GF, hduV, Rv);
    cross(V_GP, V_rel, wxw);
    cross(V_GP, p, wxp2);
    cross(V_GP, wxp2, wwxp2);
    cross(V_GP, V_rel + 3, wxv);
    Real* a = vc.coriolis[b].data();
    for (int i = 0; i < 3; ++i) a[i] = Rw[i] + wxw[i], a[3 + i] = (Rv[i] + wwxp2[i]) + 2.0 * wxv[i];

    // gyroscopic = [w x I w; m w x (w x c)].
    const SpatialInertia& M = pc.M_G[b];
    Real Iw[3], wxc[3], wwxc[3];
    rotate(M.I_O.data(), V, Iw);
    cross(V, M.p_OC.data(), wxc);
    cross(V, wxc, wwxc);
    Real* g = vc.gyroscopic[b].data();
    cross(V, Iw, g);
    for (int i = 0; i < 3; ++i) g[3 + i] = M.m * wwxc[i];
  }
}

// ---- stations and frames ----------------------------------------------------------------------

Vec3 MatterSubsystem::findStationLocationInGround(const State& s, int body, const Vec3& p_BS) const {
  return getBodyTransform(s, body) * p_BS;
}

Vec3 MatterSubsystem::findStationVelocityInGround(const State& s, int body, const Vec3& p_BS) const {
  const Vec3 r = getBodyTransform(s, body).R() * p_BS;
  return shiftMotion(getBodyVelocity(s, body), r).tail<3>();
}

Vec3 MatterSubsystem::findStationAccelerationInGround(const State& s, int body, const Vec3& p_BS) const {
  const Vec3 r = getBodyTransform(s, body).R() * p_BS;
  const SpatialVec& V = getBodyVelocity(s, body);
  const SpatialVec& A = getBodyAcceleration(s, body);
  const Vec3 w = V.head<3>();
  return Vec3(A.tail<3>()) + Vec3(A.head<3>()).cross(r) + w.cross(w.cross(r));
}

Transform MatterSubsystem::findFrameTransformInGround(const State& s, int body, const Transform& X_BF) const {
  return getBodyTransform(s, body) * X_BF;
}

SpatialVec MatterSubsystem::findFrameVelocityInGround(const State& s, int body, const Transform& X_BF) const {
  const Vec3 r = getBodyTransform(s, body).R() * X_BF.p();
  return shiftMotion(getBodyVelocity(s, body), r);
}

SpatialVec MatterSubsystem::findFrameAccelerationInGround(const State& s, int body, const Transform& X_BF) const {
  const Vec3 r = getBodyTransform(s, body).R() * X_BF.p();
  const SpatialVec& V = getBodyVelocity(s, body);
  const SpatialVec& A = getBodyAcceleration(s, body);
  const Vec3 w = V.head<3>();
  return spatialVec(A.head<3>(), Vec3(A.tail<3>()) + Vec3(A.head<3>()).cross(r) + w.cross(w.cross(r)));
}

}  // namespace articula
