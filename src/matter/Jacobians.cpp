// System, station and frame Jacobians: O(n) products J u and J^T F, explicit matrices, and the
// bias accelerations (what J udot leaves out).
#include "MatterImpl.h"
#include "articula/math/UpperVectorState.h"

namespace articula {

void MatterSubsystem::multiplyBySystemJacobian(const State& s, const Vector& u, std::vector<SpatialVec>& V_GB) const {
  clearUpperVectorState();
  const PositionCache& pc = positionCache(*this, s);
  if (u.size() != nu_) throw Error("multiplyBySystemJacobian: expected " + std::to_string(nu_) + " speeds");
  const int nb = getNumBodies();
  V_GB.resize(nb);
  V_GB[0].setZero();
  for (int b = 1; b < nb; ++b) {
    const MobilizedBodyInfo& info = getInfo(b);
    V_GB[b] = shiftMotion(V_GB[info.parent], pc.p_PB_G[b]);
    if (info.nu) V_GB[b].noalias() += pc.H_G[b] * u.segment(info.uStart, info.nu);
  }
}

void MatterSubsystem::multiplyBySystemJacobianTranspose(const State& s, const std::vector<SpatialVec>& F_G,
                                                        Vector& f) const {
  clearUpperVectorState();
  const PositionCache& pc = positionCache(*this, s);
  OperatorScratch& scratch = operatorScratch(*this, s);
  const int nb = getNumBodies();
  if (static_cast<int>(F_G.size()) != nb)
    throw Error("multiplyBySystemJacobianTranspose: expected " + std::to_string(nb) + " body forces");
  f.resize(nu_);
  std::vector<SpatialVec>& F = scratch.F;
  // Subtrees without force are skipped (a constraint row's G^T column loads two bodies): adding
  // or multiplying their zeros would change nothing but signs of zero.
  for (int b = nb - 1; b >= 1; --b) {
    const MobilizedBodyInfo& info = getInfo(b);
    F[b] = F_G[b];
    for (int c : info.children)
      if (!F[c].isZero(0)) F[b] += shiftForceToParent(F[c], pc.p_PB_G[c]);
    if (info.nu == 0) continue;
    if (F[b].isZero(0)) f.segment(info.uStart, info.nu).setZero();
    else f.segment(info.uStart, info.nu).noalias() = pc.H_G[b].transpose() * F[b];
  }
}

void MatterSubsystem::calcSystemJacobian(const State& s, Matrix& J) const {
  const int nb = getNumBodies();
  J.setZero(6 * nb, nu_);
  Vector e = Vector::Zero(nu_);
  std::vector<SpatialVec> V;
  for (int i = 0; i < nu_; ++i) {
    e[i] = 1;
    multiplyBySystemJacobian(s, e, V);
    for (int b = 0; b < nb; ++b) J.block<6, 1>(6 * b, i) = V[b];
    e[i] = 0;
  }
}

void MatterSubsystem::calcFrameJacobian(const State& s, int body, const Vec3& p_BF, Matrix& JF) const {
  const PositionCache& pc = positionCache(*this, s);
  const Vec3 p_GF = pc.X_GB.at(body) * p_BF;
  JF.setZero(6, nu_);
  // Each ancestor's hinge columns, moved from its body origin to the frame's origin.
  for (int a = body; a > 0; a = getInfo(a).parent) {
    const MobilizedBodyInfo& info = getInfo(a);
    const Vec3 r = p_GF - pc.X_GB[a].p();
    for (int j = 0; j < info.nu; ++j) JF.col(info.uStart + j) = shiftMotion(pc.H_G[a].col(j), r);
  }
}

void MatterSubsystem::calcStationJacobian(const State& s, int body, const Vec3& p_BS, Matrix& JS) const {
  const PositionCache& pc = positionCache(*this, s);
  const Vec3 p_GS = pc.X_GB.at(body) * p_BS;
  JS.setZero(3, nu_);
  for (int a = body; a > 0; a = getInfo(a).parent) {
    const MobilizedBodyInfo& info = getInfo(a);
    const Vec3 r = p_GS - pc.X_GB[a].p();
    for (int j = 0; j < info.nu; ++j) JS.col(info.uStart + j) = shiftMotion(pc.H_G[a].col(j), r).tail<3>();
  }
}

void MatterSubsystem::calcStationJacobianOnPath(const State& s, int body, const Vec3& p_BS, Matrix& JS) const {
  const PositionCache& pc = positionCache(*this, s);
  const Vec3 p_GS = pc.X_GB.at(body) * p_BS;
  int n = 0;
  for (int a = body; a > 0; a = getInfo(a).parent) n += getInfo(a).nu;
  JS.resize(3, n);
  int c = 0;
  for (int a = body; a > 0; a = getInfo(a).parent) {
    const MobilizedBodyInfo& info = getInfo(a);
    const Vec3 r = p_GS - pc.X_GB[a].p();
    for (int j = 0; j < info.nu; ++j, ++c) {
      const auto H = pc.H_G[a].col(j);
      JS.col(c) = H.tail<3>() + H.head<3>().cross(r);
    }
  }
}

void MatterSubsystem::calcBiasForSystemJacobian(const State& s, std::vector<SpatialVec>& bias_G) const {
  const PositionCache& pc = positionCache(*this, s);
  const VelocityCache& vc = velocityCache(*this, s);
  const int nb = getNumBodies();
  bias_G.resize(nb);
  bias_G[0].setZero();
  for (int b = 1; b < nb; ++b) bias_G[b] = shiftMotion(bias_G[getInfo(b).parent], pc.p_PB_G[b]) + vc.coriolis[b];
}

SpatialVec MatterSubsystem::calcBiasForFrameJacobian(const State& s, int body, const Vec3& p_BF) const {
  std::vector<SpatialVec>& bias = operatorScratch(*this, s).A;
  calcBiasForSystemJacobian(s, bias);
  const Vec3 r = getBodyTransform(s, body).R() * p_BF;
  const Vec3 w = getBodyVelocity(s, body).head<3>();
  const SpatialVec& Ab = bias[body];
  return spatialVec(Ab.head<3>(), Vec3(Ab.tail<3>()) + Vec3(Ab.head<3>()).cross(r) + w.cross(w.cross(r)));
}

Vec3 MatterSubsystem::calcBiasForStationJacobian(const State& s, int body, const Vec3& p_BS) const {
  return calcBiasForFrameJacobian(s, body, p_BS).tail<3>();
}

}  // namespace articula
