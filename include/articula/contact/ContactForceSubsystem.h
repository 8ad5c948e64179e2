// ContactForceSubsystem: compliant contact between shapes on bodies. Each surface is a shape
// (ContactShape) on a body with a material; detection (ContactGeometry: broad and narrow phase)
// runs at Position stage and is cached, forces are computed at Dynamics from the bodies'
// velocities and applied in Ground about body origins, like every ForceSubsystem.
//
//   auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
//   contact.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
//   contact.addSurface(ball, Transform(), ContactShape::sphere(0.1), ContactMaterial::rubber(), "ball");
//   contact.addSurface(heel, X_BS, ContactShape::ellipsoid({0.05, 0.04, 0.03}), heelPenalty, "heel");
//   ...
//   system.realize(state, Stage::Dynamics);
//   const ContactReport& r = contact.getReport(state);   // every active contact, net body forces
//
// Which force law a pair uses is decided once, at Topology: the subsystem asks its force laws
// (ContactForceLaw.h) in order and the first that takes the pair computes all its contacts —
//   - a triangle mesh against any surface: ElasticFoundationLaw (one spring per face, with the
//     layer thicknesses of setLayerThickness(); a penalty partner is refused when they touch);
//   - either surface a PenaltyMaterial: PenaltyContactLaw, OpenMBD's penalty curves with
//     hysteresis (the reached maximum penetration of each pair is an auxiliary state z);
//   - both surfaces elastic (ContactMaterial), convex shapes: HertzContactLaw (Hertz with the
//     elliptical correction + Hunt–Crossley + Stribeck friction). Flat-on-flat contact is given
//     the curvature of a sphere of setMaximumRadius() (default 10 m) rather than failing.
// addForceLaw() registers another law, asked before these.
//
// Reports: per contact the surfaces and bodies, point, normal, penetration and its rate, patch
// size, normal and friction force, centre of pressure, energy and power; the net force and moment
// (about the body origin, in Ground) on each body. calcSurfaceDistance is the signed distance of a
// pair: study/ContactOnsetWitness.h wraps it in an event witness that crosses zero when the pair
// starts touching, so a TimeStepper can isolate impacts.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "articula/contact/ContactForceLaw.h"
#include "articula/contact/ContactGeometry.h"
#include "articula/contact/ContactMaterial.h"
#include "articula/contact/ContactRecord.h"
#include "articula/contact/ElasticFoundationLaw.h"
#include "articula/contact/HertzContactLaw.h"
#include "articula/contact/PenaltyContactLaw.h"
#include "articula/matter/ForceJacobian.h"
#include "articula/matter/ForceSubsystem.h"

namespace articula {

class ContactForceSubsystem : public ForceSubsystem, public ForceJacobianSource {
 public:
  static constexpr Real kDefaultLayerThickness = ElasticFoundationLaw::kDefaultLayerThickness;  // m
  static constexpr Real kDefaultMaximumRadius = 10;                                             // m, flat-on-flat Hertz
  static constexpr Real kSharpestCurvature = HertzContactLaw::kSharpestCurvature;               // 1/m
  static constexpr Real kDefaultRecoverySpeed = 1;  // m/s, penalty hysteresis after separation

  explicit ContactForceSubsystem(std::string name = "contact");

  // ---- construction (before System::realizeTopology) ----
  // Returns the surface index (the shape's index in the geometry). Materials are validated here.
  int addSurface(int body, const Transform& X_BS, ContactShape shape, const ContactMaterial& material,
                 std::string name = "");
  int addSurface(int body, const Transform& X_BS, ContactShape shape, const PenaltyMaterial& material,
                 std::string name = "");
  // Elastic-foundation layer thickness of a surface (m, > 0); a non-mesh partner of a mesh uses the
  // mesh's thickness unless set.
  void setLayerThickness(int surface, Real thickness);
  void setTransitionSpeed(Real speed);  // Stribeck transition speed of every elastic pair (m/s)
  void setMaximumRadius(Real radius);
  void setRecoverySpeed(Real speed);  // how fast a separated penalty pair forgets its maximum (m/s)
  // Exclusions, cliques, margin: the detection settings (the body tree is set at Topology).
  ContactGeometry& updGeometry();
  const ContactGeometry& getGeometry() const { return geometry_; }
  int getNumSurfaces() const { return geometry_.numShapes(); }
  bool isPenaltySurface(int surface) const;
  // Registers a force law, asked before the ones already registered (the built-in elastic
  // foundation, penalty and Hertz laws, in that order) which pairs it takes.
  ContactForceLaw& addForceLaw(std::unique_ptr<ContactForceLaw> law);
  // The law that computes the contacts of two surfaces (after Topology; null for one body's pair).
  const ContactForceLaw* getForceLaw(int surfaceA, int surfaceB) const;

  // ---- results ----
  // Every active contact and the net force on each body (needs Dynamics).
  const ContactReport& getReport(const State& state) const;
  // Contacts found at Position (before forces): their number.
  int getNumContacts(const State& state) const;

  // ---- hysteresis of penalty pairs ----
  // The reached maximum penetration z of a pair of surfaces (0 when not a penalty pair).
  Real getReachedMaxPenetration(const State& state, int surfaceA, int surfaceB) const;
  void setReachedMaxPenetration(State& state, int surfaceA, int surfaceB, Real depth) const;
  int getNumPenaltyPairs() const { return penalty_->getNumPairs(); }  // = this subsystem's number of z

  // ---- events ----
  // Signed distance between two surfaces at the state's Position stage (> 0 apart, < 0
  // overlapping: minus the deepest penetration). Allocates; meant for event witnesses.
  Real calcSurfaceDistance(const State& state, int surfaceA, int surfaceB) const;

  // ---- ForceSubsystem / Subsystem ----
  void addInForces(const State& state, std::vector<SpatialVec>& bodyForces_G, Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state) const override;  // needs Position
  void realizeTopology(State& state) override;
  void realizePosition(State& state) const override;
  void realizeAcceleration(State& state) const override;  // ż of the penalty pairs
  // ForceJacobianSource: point contacts' ∂τ/∂u and (∂τ/∂q) N (needs Velocity; no mesh contacts).
  void addInForceJacobian(const State& state, Matrix& D, Matrix& K) const override;
  // The structured form when every point contact is with Ground (no mesh contacts either way).
  bool addInTreeJacobian(const State& state, TreeJacobianTerms& terms) const override;

  struct Workspace;  // the Position-stage cache

 private:
  void requireTopology(const char* what) const;
  void dispatchPairs(const ContactSetup& setup);
  void prepareFoundations(const State& s, Workspace& w) const;
  const ContactForceLaw& lawOf(int a, int b) const;
  const Workspace& workspace(const State& s) const;

  ContactGeometry geometry_;
  std::vector<ContactSurface> surfaces_;
  std::vector<std::unique_ptr<ContactForceLaw>> laws_;  // in the order they are asked
  PenaltyContactLaw* penalty_ = nullptr;
  std::vector<int> pairLaw_;  // per ordered pair (n x n): index into laws_, -1 for one body's pairs
  Real transitionSpeed_ = StribeckFriction::kDefaultTransitionSpeed;
  Real maximumRadius_ = kDefaultMaximumRadius;
  Real recoverySpeed_ = kDefaultRecoverySpeed;
  const class MatterSubsystem* matter_ = nullptr;
  int workspaceIndex_ = -1, reportIndex_ = -1;
};

}  // namespace articula
