#include "articula/forces/LinearBushing.h"

#include <cmath>

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "LinearBushing";

std::string vec6(const Vec6& v) {
  return cat("(", v[0], ", ", v[1], ", ", v[2], ", ", v[3], ", ", v[4], ", ", v[5], ")");
}

void checkTransform(const std::string& name, const char* field, const Transform& X) {
  if (!X.p().allFinite() || !X.R().matrix().allFinite())
    fail(kType, name, field, " has non-finite entries (translation ", vec(X.p()), " m)");
}
}  // namespace

LinearBushing::LinearBushing(const MobilizedBody& body1, const Transform& X_B1F, const MobilizedBody& body2,
                             const Transform& X_B2M, const Vec6& stiffness, const Vec6& damping, std::string name)
    : LinearBushing(body1.getIndex(), X_B1F, body2.getIndex(), X_B2M, stiffness, damping, std::move(name)) {}

LinearBushing::LinearBushing(int body1, const Transform& X_B1F, int body2, const Transform& X_B2M,
                             const Vec6& stiffness, const Vec6& damping, std::string name)
    : ForceElement(name.empty() ? cat("bushing (bodies ", body1, ", ", body2, ")") : std::move(name)),
      body1_(body1),
      body2_(body2),
      X_B1F_(X_B1F),
      X_B2M_(X_B2M),
      k_(stiffness),
      c_(damping) {
  checkTransform(getName(), "frame X_B1F", X_B1F);
  checkTransform(getName(), "frame X_B2M", X_B2M);
  for (const auto& [v, field] : {std::pair<const Vec6&, const char*>{stiffness, "stiffness"}, {damping, "damping"}}) {
    if (!v.allFinite()) fail(kType, getName(), field, " ", vec6(v), " is not finite");
    if ((v.array() < 0).any()) fail(kType, getName(), field, " ", vec6(v), " has a negative entry");
  }
}

void LinearBushing::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body1_, "body 1");
  checkBodyIndex(matter, body2_, "body 2");
}

// For R = Rx(a) Ry(b) Rz(c), w_F = E thetadot with E = [e_x, Rx(a) e_y, Rx(a) Ry(b) e_z]
// = [[1, 0, sb], [0, ca, -sa cb], [0, sa, ca cb]], det E = cb.
LinearBushing::Kinematics LinearBushing::evaluate(const State& state, const MatterSubsystem& matter,
                                                  bool withVelocity) const {
  Kinematics k;
  k.X_GF = matter.getBodyTransform(state, body1_) * X_B1F_;
  k.X_GM = matter.getBodyTransform(state, body2_) * X_B2M_;
  const Rotation R_FM = k.X_GF.R().transpose() * k.X_GM.R();
  const Vec3 theta = R_FM.toBodyFixedXYZ();
  const Vec3 p_FM_G = k.X_GM.p() - k.X_GF.p();
  k.q << theta, k.X_GF.R().transpose() * p_FM_G;
  k.qdot.setZero();
  k.EinvT.setZero();
  if (!withVelocity) return k;  // the energy is defined even at gimbal lock

  const Real sa = std::sin(theta[0]), ca = std::cos(theta[0]);
  const Real sb = std::sin(theta[1]), cb = std::cos(theta[1]);
  if (std::abs(cb) < 1e-10)
    fail(kType, getName(), "relative rotation is at gimbal lock (y angle ", theta[1],
         " rad); x-y-z bushing angles are undefined there");
  Mat33 Einv;                              // thetadot = Einv w_F
  Einv << 1, sa * sb / cb, -ca * sb / cb,  //
      0, ca, sa,                           //
      0, -sa / cb, ca / cb;
  k.EinvT = Einv.transpose();

  const SpatialVec& V1 = matter.getBodyVelocity(state, body1_);
  const SpatialVec& V2 = matter.getBodyVelocity(state, body2_);
  const Vec3 w1 = V1.head<3>(), w2 = V2.head<3>();
  const Vec3& p_GB1 = matter.getBodyTransform(state, body1_).p();
  const Vec3& p_GB2 = matter.getBodyTransform(state, body2_).p();
  // Velocity of M's origin, and of the point of B1 that coincides with it; their difference is
  // the derivative of p_FM taken in F.
  const Vec3 v_M = V2.tail<3>() + w2.cross(k.X_GM.p() - p_GB2);
  const Vec3 v_B1atM = V1.tail<3>() + w1.cross(k.X_GM.p() - p_GB1);
  const Mat33 R_FG = k.X_GF.R().transpose().matrix();
  k.qdot << Einv * (R_FG * (w2 - w1)), R_FG * (v_M - v_B1atM);
  return k;
}

Vec6 LinearBushing::calcQ(const State& state, const MatterSubsystem& matter) const {
  return evaluate(state, matter, false).q;
}

Vec6 LinearBushing::calcQDot(const State& state, const MatterSubsystem& matter) const {
  return evaluate(state, matter, true).qdot;
}

void LinearBushing::calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                              Vector& /*mobilityForces*/) const {
  const Kinematics k = evaluate(state, matter, true);
  const Vec6 f = -(k_.cwiseProduct(k.q) + c_.cwiseProduct(k.qdot));
  const Mat33& R_GF = k.X_GF.R().matrix();
  const Vec3 T_G = R_GF * (k.EinvT * Vec3(f.head<3>()));
  const Vec3 f_G = R_GF * Vec3(f.tail<3>());
  const Vec3& p_GM = k.X_GM.p();
  bodyForces_G[body2_].head<3>() += T_G + (p_GM - matter.getBodyTransform(state, body2_).p()).cross(f_G);
  bodyForces_G[body2_].tail<3>() += f_G;
  bodyForces_G[body1_].head<3>() -= T_G + (p_GM - matter.getBodyTransform(state, body1_).p()).cross(f_G);
  bodyForces_G[body1_].tail<3>() -= f_G;
}

Real LinearBushing::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  const Vec6 q = calcQ(state, matter);
  return 0.5 * q.dot(k_.cwiseProduct(q));
}

Real LinearBushing::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Kinematics k = evaluate(state, matter, true);
  return -(k_.cwiseProduct(k.q) + c_.cwiseProduct(k.qdot)).dot(k.qdot);
}

Real LinearBushing::calcNonConservativePower(const State& state, const MatterSubsystem& matter) const {
  const Vec6 qdot = calcQDot(state, matter);
  return -qdot.dot(c_.cwiseProduct(qdot));
}

}  // namespace articula
