// ContactForceLaw: one compliant contact force law as a generator registered with the contact
// subsystem (ContactForceSubsystem). The subsystem owns the surfaces and the detection; at
// Topology it asks its laws in order which one takes each pair of surfaces and records the
// answer, so detected contacts go to their law without a test of the law per contact. A law owns
// its tables (material pairs, penalty models), its per-State prepared contacts (a cache entry it
// allocates), its force, its report records and its Jacobian contribution.
//
// Per State the subsystem calls, in order:
//   Position      clearContacts, then preparePoint / prepareFaces for each detected contact;
//   Dynamics      applyForce per prepared contact, in detection order (the body sums' order);
//   Velocity+     linearizeWrench per contact for implicit integrators (contributesJacobian);
//   Acceleration  realizeAcceleration (the laws' auxiliary z, e.g. the penalty hysteresis).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "articula/contact/ContactGeometry.h"
#include "articula/contact/ContactMaterial.h"
#include "articula/contact/ContactRecord.h"
#include "articula/contact/PenaltyCurveMaterial.h"
#include "articula/matter/TreeForceLinearization.h"
#include "articula/system/State.h"

namespace articula {

class MatterSubsystem;

// A surface as the subsystem registered it: an elastic ContactMaterial or a PenaltyMaterial.
struct ContactSurface {
  bool penalty = false;
  ContactMaterial material;         // elastic surfaces (penalty ones: its name only)
  PenaltyMaterial penaltyMaterial;  // penalty surfaces
  Real layerThickness = 0;          // elastic foundation, m; 0: not set
};

// What a law may keep from the subsystem at Topology (all outlive the law's use of them).
struct ContactSetup {
  const std::string& name;  // the subsystem's, for errors
  int subsystem = -1;       // its index, for State resources
  const MatterSubsystem& matter;
  const ContactGeometry& geometry;  // shapes and bodies (detection buffers are per State)
  const std::vector<ContactSurface>& surfaces;
  Real transitionSpeed = 0, maximumRadius = 0, recoverySpeed = 0;
};

// One prepared contact as the subsystem tracks it: `index` into its law's contacts.
struct PreparedContact {
  int index = -1;
  int bodyA = 0, bodyB = 0;
  Real depth = 0;            // > 0: the contact carries force
  Real potentialEnergy = 0;  // J
};

class ContactForceLaw {
 public:
  virtual ~ContactForceLaw() = default;
  virtual ContactModel getModel() const = 0;

  // Topology. Whether this law computes the contacts of surfaces a and b (a < b).
  virtual bool takesPair(const ContactSetup& setup, int a, int b) const = 0;
  // Tables and State resources; called once per System realizeTopology.
  virtual void realizeTopology(State& state, const ContactSetup& setup) = 0;

  // Position. Forgets the previous evaluation's contacts.
  virtual void clearContacts(const State& s) const = 0;
  // A contact between two convex surfaces (a pair this law takes). Throws Error if the law has none.
  virtual PreparedContact preparePoint(const State& s, const ContactPoint& cp) const;
  // The mesh face contacts [begin, end) of one (mesh, other) pair. Throws Error if the law has none.
  virtual PreparedContact prepareFaces(const State& s, std::span<const MeshFaceContact> faces, int begin,
                                       int end) const;

  // Dynamics. Adds the contact's forces to F (per body, about Bo, in G) and fills its record;
  // false if it carried no force (no record). `detection` is the State's geometry.
  virtual bool applyForce(const State& s, const ContactGeometry& detection, int index, ContactRecord& rec,
                          std::vector<SpatialVec>& F) const = 0;

  // Linearization. Whether linearizeWrench has anything to say (mesh contacts have not).
  virtual bool contributesJacobian() const { return false; }
  // The wrench on B and its slopes about the tree's reference point; false where the law is flat
  // and zero (nothing to add).
  virtual bool linearizeWrench(const State& s, int index, const TreeForceLinearization& tree, SpatialVec& W_B,
                               WrenchSlopes& slopes) const;

  // Acceleration: time derivatives of the law's auxiliary state (z), if any.
  virtual void realizeAcceleration(State& /*s*/) const {}
};

}  // namespace articula
