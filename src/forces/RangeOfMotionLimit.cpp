#include "articula/forces/RangeOfMotionLimit.h"

#include <algorithm>
#include <cmath>

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "RangeOfMotionLimit";
constexpr const char* kAxisName[3] = {"x axis", "y axis", "z axis"};

// The decomposition is written for twist about z; a cyclic relabelling (a proper rotation of the
// axes) moves any twist axis there: primed component m is original component idx[m].
std::array<int, 3> cyclic(CoordinateAxis twist) {
  switch (twist) {
    case CoordinateAxis::X: return {1, 2, 0};
    case CoordinateAxis::Y: return {2, 0, 1};
    default: return {0, 1, 2};
  }
}

// Swing-twist about z in the primed frame: angles (s_x, s_y, psi) and J' with rates = J' w'.
//  * Swing from n = R e_z, the twist axis's direction: R_swing turns e_z to n about
//    e_z x n / |e_z x n| by phi = atan2(rho, n_z), rho = |(n_x, n_y)|, so its rotation vector is
//    s = h (-n_y, n_x) with h = phi / rho. With ndot = w x n, sdot = -D [n]x w where D = ds/dn.
//  * Twist from the quaternion q = (w, x, y, z) of R (w >= 0): q = q_swing q_twist gives
//    psi = 2 atan2(z, w), and qdot = (0, w_F) q / 2 gives
//    psidot = w_z + (Q w_x - P w_y) / (w^2 + z^2), P = w x - z y, Q = z x + w y.
Vec3 swingTwistZ(const Mat33& R, Mat33& J) {
  const Vec3 n = R.col(2);
  const Quaternion q = Rotation::trusted(R).toQuaternion();
  const Real w = q.w(), x = q.vec().x(), y = q.vec().y(), z = q.vec().z();
  Vec3 angles;
  J.setZero();

  const Real rho = std::hypot(n.x(), n.y());
  if (rho == 0 && n.z() < 0) {
    angles.head<2>() << M_PI, 0;  // swing of exactly pi: axis undefined, no swing torque
  } else {
    Real h, k;  // h = phi / rho and k = (n_z rho - phi) / rho^3, by series near rho = 0
    if (rho < 1e-4 && n.z() > 0) {
      h = 1 + rho * rho / 6;
      k = -2.0 / 3 - rho * rho / 5;
    } else {
      const Real phi = std::atan2(rho, n.z());
      h = phi / rho;
      k = (n.z() * rho - phi) / (rho * rho * rho);
    }
    angles.head<2>() << -h * n.y(), h * n.x();
    Eigen::Matrix<Real, 2, 3> D;
    D << -k * n.x() * n.y(), -k * n.y() * n.y() - h, n.y(),  //
        k * n.x() * n.x() + h, k * n.x() * n.y(), -n.x();
    J.topRows<2>() = -D * skew(n);
  }

  const Real cs2 = w * w + z * z;  // cos^2 of half the swing angle
  if (cs2 > 1e-24) {
    angles[2] = 2 * std::atan2(z, w);
    const Real P = w * x - z * y, Q = z * x + w * y;
    J.row(2) << Q / cs2, -P / cs2, 1;
  } else {
    angles[2] = 0;  // twist undefined at a swing of pi: report 0, apply no twist torque
  }
  return angles;
}
}  // namespace

Vec3 RangeOfMotionLimit::swingTwistAnglesAndJacobian(const Rotation& R_FM, CoordinateAxis twistAxis, Mat33& J) {
  const std::array<int, 3> idx = cyclic(twistAxis);
  const Mat33& R = R_FM.matrix();
  Mat33 Rp, Jp;
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) Rp(a, b) = R(idx[a], idx[b]);
  const Vec3 ap = swingTwistZ(Rp, Jp);
  Vec3 angles;
  for (int a = 0; a < 3; ++a) {
    angles[idx[a]] = ap[a];
    for (int b = 0; b < 3; ++b) J(idx[a], idx[b]) = Jp(a, b);
  }
  return angles;
}

Vec3 RangeOfMotionLimit::swingTwistAngles(const Rotation& R_FM, CoordinateAxis twistAxis) {
  Mat33 J;
  return swingTwistAnglesAndJacobian(R_FM, twistAxis, J);
}

Rotation RangeOfMotionLimit::rotationFromSwingTwist(const Vec3& angles, CoordinateAxis twistAxis) {
  const std::array<int, 3> idx = cyclic(twistAxis);
  const Vec3 swing(angles[idx[0]], angles[idx[1]], 0);
  const Real swingAngle = swing.norm();
  const Mat33 Rp = (swingAngle > 0 ? Rotation::aboutAxis(swingAngle, swing) : Rotation()).matrix() *
                   Rotation::aboutZ(angles[idx[2]]).matrix();
  Mat33 R;
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) R(idx[a], idx[b]) = Rp(a, b);
  return Rotation::trusted(R);
}

// ---------------------------------------------------------------------------------------------

RangeOfMotionLimit::RangeOfMotionLimit(const MobilizedBody& body, int whichQ, const Axis& axis, std::string name)
    : RangeOfMotionLimit(body.getIndex(), whichQ, axis, std::move(name)) {}

RangeOfMotionLimit::RangeOfMotionLimit(int body, int whichQ, const Axis& axis, std::string name)
    : ForceElement(name.empty() ? cat("range of motion (body ", body, ", q ", whichQ, ")") : std::move(name)),
      orientation_(false),
      body_(body),
      whichQ_(whichQ) {
  checkAxis(axis, "q");
  axes_[0] = axis;
}

RangeOfMotionLimit::RangeOfMotionLimit(const MobilizedBody& body, CoordinateAxis twistAxis,
                                       const std::array<Axis, 3>& axes, std::string name)
    : RangeOfMotionLimit(body.getIndex(), twistAxis, axes, std::move(name)) {}

RangeOfMotionLimit::RangeOfMotionLimit(int body, CoordinateAxis twistAxis, const std::array<Axis, 3>& axes,
                                       std::string name)
    : ForceElement(name.empty() ? cat("range of motion (body ", body, ")") : std::move(name)),
      orientation_(true),
      body_(body),
      twistAxis_(twistAxis),
      axes_(axes) {
  const int t = static_cast<int>(twistAxis);
  if (t < 0 || t > 2) fail(kType, getName(), "twist axis ", t, " is not X, Y or Z");
  for (int i = 0; i < 3; ++i) checkAxis(axes[i], kAxisName[i]);
}

void RangeOfMotionLimit::checkAxis(const Axis& a, const char* which) const {
  bounds(kType, getName(), which, a.lower, a.upper, "rad");
  nonNegative(kType, getName(), cat(which, " stiffness").c_str(), a.stiffness, "N m/rad");
  nonNegative(kType, getName(), cat(which, " damping").c_str(), a.damping, "N m s/rad");
}

void RangeOfMotionLimit::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  if (body_ == 0) fail(kType, getName(), "body 0 is Ground, which has no joint to limit");
  const MobilizedBodyInfo& info = matter.getInfo(body_);
  parent_ = info.parent;
  R_PF_ = info.X_PF.R();
  if (!orientation_) {
    checkScalarCoordinate(kType, getName(), matter, body_, whichQ_);
    qIndex_ = info.qStart + whichQ_;
  }
}

Rotation RangeOfMotionLimit::calcR_GF(const State& state, const MatterSubsystem& matter) const {
  return matter.getBodyTransform(state, parent_).R() * R_PF_;
}

RangeOfMotionLimit::Eval RangeOfMotionLimit::evaluate(const State& state, const MatterSubsystem& matter,
                                                      bool withVelocity) const {
  Eval e;
  if (orientation_) {
    e.angle = swingTwistAnglesAndJacobian(matter.getMobilizerTransform(state, body_).R(), twistAxis_, e.J);
  } else {
    e.angle[0] = matter.getQ(state)[qIndex_];
  }
  bool outside = false;
  for (int i = 0; i < numAxes(); ++i) {
    const Axis& a = axes_[i];
    e.x[i] = e.angle[i] > a.upper ? e.angle[i] - a.upper : (e.angle[i] < a.lower ? a.lower - e.angle[i] : 0);
    outside = outside || e.x[i] > 0;
  }
  if (!withVelocity || !outside) return e;

  if (orientation_) {
    // F and M are fixed on parent and child, so w_FM = w_child - w_parent (in G).
    const Vec3 w_G = matter.getBodyVelocity(state, body_).head<3>() - matter.getBodyVelocity(state, parent_).head<3>();
    e.rate = e.J * (calcR_GF(state, matter).transpose() * w_G);
  } else {
    e.rate[0] = coordinateRow(matter, state, body_, whichQ_).qdot(matter.getU(state).data());
  }
  for (int i = 0; i < numAxes(); ++i) {
    if (e.x[i] == 0) continue;
    const Axis& a = axes_[i];
    const Real sign = e.angle[i] > a.upper ? 1 : -1;  // direction of deeper penetration
    e.xdot[i] = sign * e.rate[i];
    e.tau[i] = -sign * std::max<Real>(0, a.stiffness * e.x[i] + a.damping * e.xdot[i]);
  }
  return e;
}

Vec3 RangeOfMotionLimit::calcAngles(const State& state, const MatterSubsystem& matter) const {
  return evaluate(state, matter, false).angle;
}

Vec3 RangeOfMotionLimit::calcAxisTorques(const State& state, const MatterSubsystem& matter) const {
  return evaluate(state, matter, true).tau;
}

void RangeOfMotionLimit::calcForce(const State& state, const MatterSubsystem& matter,
                                   std::vector<SpatialVec>& bodyForces_G, Vector& mobilityForces) const {
  const Eval e = evaluate(state, matter, true);
  if (e.tau.isZero(0)) return;
  if (orientation_) {
    const Vec3 T_G = calcR_GF(state, matter) * Vec3(e.J.transpose() * e.tau);
    bodyForces_G[body_].head<3>() += T_G;
    bodyForces_G[parent_].head<3>() -= T_G;
  } else {
    coordinateRow(matter, state, body_, whichQ_).addForce(e.tau[0], mobilityForces);
  }
}

Matrix RangeOfMotionLimit::calcAngleRows(const State& state, const MatterSubsystem& matter, const Eval& e) const {
  const int nu = matter.getNU();
  Matrix G = Matrix::Zero(numAxes(), nu);
  if (orientation_) {
    Matrix JF_child, JF_parent;
    matter.calcFrameJacobian(state, body_, Vec3::Zero(), JF_child);
    if (parent_ > 0) matter.calcFrameJacobian(state, parent_, Vec3::Zero(), JF_parent);
    else JF_parent = Matrix::Zero(6, nu);
    const Mat33 JR = e.J * calcR_GF(state, matter).transpose().matrix();
    G = JR * (JF_child.topRows(3) - JF_parent.topRows(3));
  } else {
    const CoordinateRow row = coordinateRow(matter, state, body_, whichQ_);
    for (int j = 0; j < row.nu; ++j) G(0, row.uStart + j) = row.n[j];
  }
  return G;
}

void RangeOfMotionLimit::addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D,
                                            Matrix& K) const {
  const Eval e = evaluate(state, matter, true);
  if (e.tau.isZero(0)) return;
  // G: rows θdot_i = G_i u for the active axes (the clamp max(0, ·) is flat where tau = 0).
  const Matrix G = calcAngleRows(state, matter, e);
  for (int i = 0; i < numAxes(); ++i) {
    if (e.tau[i] == 0) continue;
    D.noalias() -= axes_[i].damping * G.row(i).transpose() * G.row(i);
    K.noalias() -= axes_[i].stiffness * G.row(i).transpose() * G.row(i);
  }
}

bool RangeOfMotionLimit::addInTreeJacobian(const State& state, const MatterSubsystem& matter,
                                           TreeJacobianTerms& terms) const {
  const Eval e = evaluate(state, matter, true);
  if (e.tau.isZero(0)) return true;
  const Matrix G = calcAngleRows(state, matter, e);
  const MobilizedBodyInfo& info = matter.getInfo(body_);
  const int n = info.nu;
  // Only the body's own mobilities may move the limited angles.
  if (!G.leftCols(info.uStart).isZero(0) || !G.rightCols(G.cols() - info.uStart - n).isZero(0)) return false;
  for (int i = 0; i < numAxes(); ++i) {
    if (e.tau[i] == 0) continue;
    const auto g = G.row(i).segment(info.uStart, n);
    terms.jointDamping[body_] -= axes_[i].damping * g.transpose() * g;
    terms.jointStiffness[body_] -= axes_[i].stiffness * g.transpose() * g;
  }
  return true;
}

Real RangeOfMotionLimit::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  const Eval e = evaluate(state, matter, false);
  Real pe = 0;
  for (int i = 0; i < numAxes(); ++i) pe += 0.5 * axes_[i].stiffness * e.x[i] * e.x[i];
  return pe;
}

// tau . thetadot: the body torque pair's power T . w_FM equals it because T = J^T tau.
Real RangeOfMotionLimit::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Eval e = evaluate(state, matter, true);
  return e.tau.dot(e.rate);
}

// P + dPE/dt = sum_i (tau_i thetadot_i + k_i x_i xdot_i) = -sum_i (force_i - k_i x_i) xdot_i <= 0.
Real RangeOfMotionLimit::calcNonConservativePower(const State& state, const MatterSubsystem& matter) const {
  const Eval e = evaluate(state, matter, true);
  Real p = e.tau.dot(e.rate);
  for (int i = 0; i < numAxes(); ++i) p += axes_[i].stiffness * e.x[i] * e.xdot[i];
  return p;
}

}  // namespace articula
