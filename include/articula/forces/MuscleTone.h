// Muscle tone: joints held towards a reference posture by a stiffness and a damping, the way a
// conscious person's muscles hold a stance (and a faint, an event switching the element off,
// lets go). Per joint:
//   * rotation of a quaternion joint (Ball, Free, Ellipsoid, ...): a torque pair T = -k theta on
//     the child's M frame and -T on the parent's F frame, theta the rotation vector (in F) of
//     R_FM R_FM,ref^T, the rotation from the reference orientation to the current one;
//   * every other coordinate q_i (a Pin's angle, a Universal's two, a Free joint's translation):
//     f_q = -k (q_i - q_i,ref) mapped to the body's u as N^T f_q (as MobilityLinearSpring);
//   * damping -c u on every mobility of the joint.
// The reference posture lives in the State: recordReferencePosture() takes the State's q (a model
// builder calls it once the initial state is assembled); until then it is the default q.
// By default every joint but the root joints (parent Ground: holding those would tie the body to
// the floor) has tone; addJoint() chooses joints instead. One k and one c for all of them, in
// N m/rad and N m s/rad (N/m and N s/m on translations).
// The element stores no energy: its whole power is input work (the actuators' work), which is
// what a tone that a person switches on and off is.
#pragma once
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class MuscleTone : public ForceElement {
 public:
  MuscleTone(Real stiffness, Real damping, std::string name = "muscle tone");

  // The joint of this body gets tone (once any is added, only the added ones do).
  MuscleTone& addJoint(const MobilizedBody& body);
  MuscleTone& addJoint(int body);

  Real getStiffness() const { return k_; }
  Real getDamping() const { return c_; }
  // The bodies whose joints have tone (after the System is built).
  const std::vector<int>& getJoints() const { return bodies_; }
  // The reference posture: a whole q vector of the matter.
  const Vector& getReference(const State& state) const;
  void setReference(State& state, const Vector& q) const;

  void finalize(const MatterSubsystem& matter) override;
  void allocateState(State& state, int subsystem) override;
  void recordReferencePosture(State& state, const MatterSubsystem& matter) const override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  // Per joint: D -= c I; K -= k n n^T per scalar coordinate and -k I on a quaternion joint's
  // angular speeds (exact for a Ball at the reference; an approximation elsewhere, as W-methods allow).
  void addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D, Matrix& K) const override;
  bool addInTreeJacobian(const State& state, const MatterSubsystem& matter, TreeJacobianTerms& terms) const override;

 private:
  // The torque pair's moment on the child, in G, for a quaternion joint (zero otherwise).
  Vec3 rotationTorque_G(const State& state, const MatterSubsystem& matter, int body) const;
  // Adds the joint's block of K and D (nu x nu) into `K`, `D`.
  void jointJacobian(const State& state, const MatterSubsystem& matter, int body, SmallMatrix& K, SmallMatrix& D) const;
  Real k_, c_;
  std::vector<int> chosen_;  // addJoint()
  std::vector<int> bodies_;  // finalize(): the bodies whose joints have tone
  Vector defaultQ_;          // the matter's default q: the reference until one is recorded
  int referenceIndex_ = -1;  // discrete variable (Vector)
};

}  // namespace articula
