// What the contact subsystem reports per contact and per body after Dynamics
// (ContactForceSubsystem::getReport); each force law fills the records of its contacts.
#pragma once
#include <vector>

#include "articula/math/Types.h"

namespace articula {

// The force law a contact was computed with.
enum class ContactModel { Hertz, Penalty, ElasticFoundation };
inline const char* contactModelName(ContactModel model) {
  switch (model) {
    case ContactModel::Hertz: return "Hertz";
    case ContactModel::Penalty: return "Penalty";
    case ContactModel::ElasticFoundation: return "ElasticFoundation";
  }
  return "?";
}

struct ContactRecord {
  int surfaceA = -1, surfaceB = -1;  // surface (= shape) indices; A is the lower ShapeType
  int bodyA = 0, bodyB = 0;
  ContactModel model = ContactModel::Hertz;
  Vec3 point_G = Vec3::Zero();          // where the force acts (Hertz, penalty: placed by relative stiffness)
  Vec3 normal_G = Vec3::UnitZ();        // unit, from A towards B: the normal force pushes B along it
  Real depth = 0;                       // penetration, m (elastic foundation: the deepest face)
  Real depthRate = 0;                   // m/s, > 0 approaching (elastic foundation: at the centre of pressure)
  Real patchMajor = 0, patchMinor = 0;  // semi-axes of the contact patch, m (mesh: equivalent circle)
  Real patchArea = 0;                   // m²
  Real normalForce = 0;                 // N, >= 0
  Real elasticForce = 0;                // the normal force without dissipation, N
  Vec3 frictionForce_G = Vec3::Zero();  // on B, N
  Vec3 force_G = Vec3::Zero();          // total on B (normal + friction); −force_G acts on A
  Vec3 centreOfPressure_G = Vec3::Zero();
  Real potentialEnergy = 0;  // elastic energy stored (penalty: returnable on the current branch), J
  Real power = 0;            // rate of work of this contact's forces on the two bodies, W
  // power + rate of the stored energy's change, W: dissipation, friction and penalty hysteresis
  // (<= 0), plus for an ellipsoid on a plane the work (2/5) K̇ x^{5/2} the Hertz law does as the
  // body turns (either sign). Integrated, it closes KE + PE − W_nc.
  Real nonConservativePower = 0;
};

struct ContactReport {
  std::vector<ContactRecord> contacts;
  std::vector<SpatialVec> bodyForces_G;  // per body: [moment about Bo; force], in Ground
  Real potentialEnergy = 0, power = 0, nonConservativePower = 0;
};

}  // namespace articula
