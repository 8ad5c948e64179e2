#include "articula/forces/PassiveJointDamping.h"

#include <Eigen/Eigenvalues>
#include <limits>

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "PassiveJointDamping";
constexpr const char* kUnit = "N m s/rad (or N s/m)";
}  // namespace

PassiveJointDamping::PassiveJointDamping(Real defaultDamping, std::string name) : ForceElement(std::move(name)) {
  default_ = nonNegative(kType, getName(), "default damping", defaultDamping, kUnit);
}

PassiveJointDamping& PassiveJointDamping::setDampRootJoints(bool damp) {
  requireNotFrozen("root-joint damping");
  dampRoots_ = damp;
  return *this;
}

PassiveJointDamping& PassiveJointDamping::setBodyDamping(const MobilizedBody& body, Real damping) {
  return setBodyDamping(body.getIndex(), damping);
}

PassiveJointDamping& PassiveJointDamping::setBodyDamping(int body, Real damping) {
  requireNotFrozen("body damping");
  overrides_.push_back({body, -1, nonNegative(kType, getName(), "body damping", damping, kUnit)});
  return *this;
}

PassiveJointDamping& PassiveJointDamping::setMobilityDamping(const MobilizedBody& body, int whichU, Real damping) {
  return setMobilityDamping(body.getIndex(), whichU, damping);
}

PassiveJointDamping& PassiveJointDamping::setMobilityDamping(int body, int whichU, Real damping) {
  requireNotFrozen("mobility damping");
  overrides_.push_back({body, whichU, nonNegative(kType, getName(), "mobility damping", damping, kUnit)});
  return *this;
}

void PassiveJointDamping::finalize(const MatterSubsystem& matter) {
  c_.setZero(matter.getNU());
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    if (info.parent == 0 && !dampRoots_) continue;
    c_.segment(info.uStart, info.nu).setConstant(default_);
  }
  for (const Override& o : overrides_) {
    checkBodyIndex(matter, o.body, "body");
    const MobilizedBodyInfo& info = matter.getInfo(o.body);
    if (o.whichU < 0) {
      c_.segment(info.uStart, info.nu).setConstant(o.damping);
    } else {
      checkMobility(kType, getName(), matter, o.body, o.whichU);
      c_[info.uStart + o.whichU] = o.damping;
    }
  }
}

Real PassiveJointDamping::getDamping(int uIndex) const {
  if (uIndex < 0 || uIndex >= c_.size())
    fail(kType, getName(), "u index ", uIndex, " is out of range [0, ", c_.size(),
         ") (or the System is not built yet)");
  return c_[uIndex];
}

void PassiveJointDamping::calcForce(const State& state, const MatterSubsystem& matter,
                                    std::vector<SpatialVec>& /*bodyForces_G*/, Vector& mobilityForces) const {
  mobilityForces -= c_.cwiseProduct(matter.getU(state));
}

void PassiveJointDamping::addInForceJacobian(const State&, const MatterSubsystem&, Matrix& D, Matrix&) const {
  D.diagonal() -= c_;
}

bool PassiveJointDamping::addInTreeJacobian(const State&, const MatterSubsystem& matter,
                                            TreeJacobianTerms& terms) const {
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    if (info.nu) terms.jointDamping[b].diagonal() -= c_.segment(info.uStart, info.nu);
  }
  return true;
}

Real PassiveJointDamping::calcPower(const State& state, const MatterSubsystem& matter) const {
  const auto u = matter.getU(state);
  return -u.dot(c_.cwiseProduct(u));
}

Real PassiveJointDamping::calcStableStepLimit(const State& state, const MatterSubsystem& matter) const {
  if (c_.size() == 0 || c_.maxCoeff() == 0) return std::numeric_limits<Real>::infinity();
  Matrix M;
  matter.calcM(state, M);
  const Matrix C = c_.asDiagonal();
  Eigen::GeneralizedSelfAdjointEigenSolver<Matrix> eig(C, M, Eigen::EigenvaluesOnly);
  if (eig.info() != Eigen::Success) fail(kType, getName(), "mass matrix is not positive definite");
  return 2 / eig.eigenvalues().maxCoeff();
}

}  // namespace articula
