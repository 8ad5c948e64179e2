#include "articula/forces/MuscleTone.h"

#include <algorithm>

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "MuscleTone";

// The first quaternion entry of the body's q, or -1.
int quaternionIndex(const MobilizedBodyInfo& info) { return info.mobilizer ? info.mobilizer->quaternionIndex() : -1; }
bool isQuaternionEntry(int qi, int k) { return qi >= 0 && k >= qi && k < qi + 4; }
// A quaternion joint's angular speeds come first: nu less one speed per coordinate outside the quaternion.
int angularSpeeds(const MobilizedBodyInfo& info) { return info.nu - (info.nq - 4); }
}  // namespace

MuscleTone::MuscleTone(Real stiffness, Real damping, std::string name) : ForceElement(std::move(name)) {
  k_ = nonNegative(kType, getName(), "stiffness", stiffness, "N m/rad (or N/m)");
  c_ = nonNegative(kType, getName(), "damping", damping, "N m s/rad (or N s/m)");
}

MuscleTone& MuscleTone::addJoint(const MobilizedBody& body) { return addJoint(body.getIndex()); }

MuscleTone& MuscleTone::addJoint(int body) {
  requireNotFrozen("the joints");
  chosen_.push_back(body);
  return *this;
}

void MuscleTone::finalize(const MatterSubsystem& matter) {
  bodies_.clear();
  if (chosen_.empty()) {
    for (int b = 1; b < matter.getNumBodies(); ++b)
      if (matter.getInfo(b).parent != 0) bodies_.push_back(b);
  }
  for (int b : chosen_) {
    checkBodyIndex(matter, b, "joint body");
    if (b == 0) fail(kType, getName(), "body 0 is Ground, which has no joint");
    if (std::find(bodies_.begin(), bodies_.end(), b) == bodies_.end()) bodies_.push_back(b);
  }
  defaultQ_.setZero(matter.getNQ());
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    if (info.defaultQ.size() == info.nq) defaultQ_.segment(info.qStart, info.nq) = info.defaultQ;
  }
}

void MuscleTone::allocateState(State& state, int subsystem) {
  referenceIndex_ = state.allocateDiscreteVariable(subsystem, Stage::Dynamics, defaultQ_, getName() + ".reference");
}

const Vector& MuscleTone::getReference(const State& state) const {
  return state.getDiscreteVariable<Vector>(referenceIndex_);
}

void MuscleTone::setReference(State& state, const Vector& q) const {
  Vector& ref = state.updDiscreteVariable<Vector>(referenceIndex_);
  if (q.size() != ref.size()) fail(kType, getName(), "reference posture has ", q.size(), " entries, not ", ref.size());
  if (!q.allFinite()) fail(kType, getName(), "reference posture is not finite");
  ref = q;
}

void MuscleTone::recordReferencePosture(State& state, const MatterSubsystem& matter) const {
  setReference(state, matter.getQ(state));
}

Vec3 MuscleTone::rotationTorque_G(const State& state, const MatterSubsystem& matter, int body) const {
  const MobilizedBodyInfo& info = matter.getInfo(body);
  if (quaternionIndex(info) < 0) return Vec3::Zero();
  const Real* qRef = getReference(state).data() + info.qStart;
  const Rotation R_ref = info.mobilizer->calcX_FM(qRef).R();
  const Rotation R_err = matter.getMobilizerTransform(state, body).R() * R_ref.transpose();
  const auto [angle, axis] = R_err.toAngleAxis();
  const Rotation R_GF = matter.getBodyTransform(state, info.parent).R() * info.X_PF.R();
  return R_GF * Vec3(-k_ * angle * axis);
}

void MuscleTone::calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                           Vector& mobilityForces) const {
  const Vector& ref = getReference(state);
  const auto q = matter.getQ(state);
  const auto u = matter.getU(state);
  for (int b : bodies_) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    const int qi = quaternionIndex(info);
    if (qi >= 0) {
      const Vec3 T_G = rotationTorque_G(state, matter, b);
      bodyForces_G[b].head<3>() += T_G;
      bodyForces_G[info.parent].head<3>() -= T_G;
    }
    for (int k = 0; k < info.nq; ++k) {
      if (isQuaternionEntry(qi, k)) continue;
      const int i = info.qStart + k;
      coordinateRow(matter, state, b, k).addForce(-k_ * (q[i] - ref[i]), mobilityForces);
    }
    mobilityForces.segment(info.uStart, info.nu) -= c_ * u.segment(info.uStart, info.nu);
  }
}

Real MuscleTone::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Vector& ref = getReference(state);
  const auto q = matter.getQ(state);
  const auto u = matter.getU(state);
  Real power = 0;
  for (int b : bodies_) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    const int qi = quaternionIndex(info);
    if (qi >= 0) {
      const Vec3 w_G = matter.getBodyVelocity(state, b).head<3>() -
                       matter.getBodyVelocity(state, info.parent).head<3>();
      power += rotationTorque_G(state, matter, b).dot(w_G);
    }
    for (int k = 0; k < info.nq; ++k) {
      if (isQuaternionEntry(qi, k)) continue;
      const int i = info.qStart + k;
      power += -k_ * (q[i] - ref[i]) * coordinateRow(matter, state, b, k).qdot(u.data());
    }
    power -= c_ * u.segment(info.uStart, info.nu).squaredNorm();
  }
  return power;
}

void MuscleTone::jointJacobian(const State& state, const MatterSubsystem& matter, int body, SmallMatrix& K,
                               SmallMatrix& D) const {
  const MobilizedBodyInfo& info = matter.getInfo(body);
  const int qi = quaternionIndex(info);
  D.diagonal().array() -= c_;
  if (qi >= 0) K.diagonal().head(angularSpeeds(info)).array() -= k_;
  for (int k = 0; k < info.nq; ++k) {
    if (isQuaternionEntry(qi, k)) continue;
    const CoordinateRow row = coordinateRow(matter, state, body, k);
    for (int i = 0; i < row.nu; ++i)
      for (int j = 0; j < row.nu; ++j) K(i, j) -= k_ * row.n[i] * row.n[j];
  }
}

void MuscleTone::addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D, Matrix& K) const {
  for (int b : bodies_) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    SmallMatrix Kb = SmallMatrix::Zero(info.nu, info.nu), Db = SmallMatrix::Zero(info.nu, info.nu);
    jointJacobian(state, matter, b, Kb, Db);
    K.block(info.uStart, info.uStart, info.nu, info.nu) += Kb;
    D.block(info.uStart, info.uStart, info.nu, info.nu) += Db;
  }
}

bool MuscleTone::addInTreeJacobian(const State& state, const MatterSubsystem& matter, TreeJacobianTerms& terms) const {
  for (int b : bodies_) jointJacobian(state, matter, b, terms.jointStiffness[b], terms.jointDamping[b]);
  return true;
}

}  // namespace articula
