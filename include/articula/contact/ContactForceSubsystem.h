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
// Which force law a pair uses:
//   - both surfaces elastic (ContactMaterial), convex shapes: Hertz with the elliptical correction
//     + Hunt–Crossley + Stribeck friction, applied at the contact point placed by relative stiffness;
//   - either surface a PenaltyMaterial: OpenMBD's penalty law (two penalty surfaces in series, an
//     elastic partner taken as rigid). The reached maximum penetration z of each such pair is an
//     auxiliary state variable: ż = ẋ while loading past it (x >= z, ẋ > 0), 0 while unloading or
//     reloading below it, and −v_r (the recovery speed, default 1 m/s) once apart until z = 0. As a
//     continuous state it is integrated, error-controlled, interpolated and copied with the rest of
//     y, so dense output, event isolation and reporters all see consistent hysteresis;
//   - a triangle mesh against an elastic surface: the elastic foundation (one spring per face),
//     with the layer thicknesses of setLayerThickness().
// Flat-on-flat Hertz contact (zero relative curvature) is given the curvature of a sphere of
// setMaximumRadius() (default 10 m) rather than failing.
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

#include "articula/contact/ContactGeometry.h"
#include "articula/contact/ContactMaterial.h"
#include "articula/contact/PenaltyCurveMaterial.h"
#include "articula/matter/ForceJacobian.h"
#include "articula/matter/ForceSubsystem.h"

namespace articula {

enum class ContactModel { Hertz, Penalty, ElasticFoundation };
const char* contactModelName(ContactModel model);

struct PointContactJacobian;
struct WrenchSlopes;

struct ContactRecord {
  int surfaceA = -1, surfaceB = -1;  // surface (= shape) indices; A is the lower ShapeType
  int bodyA = 0, bodyB = 0;
  ContactModel model = ContactModel::Hertz;
  Vec3 point_G = Vec3::Zero();   // where the force acts (Hertz, penalty: placed by relative stiffness)
  Vec3 normal_G = Vec3::UnitZ(); // unit, from A towards B: the normal force pushes B along it
  Real depth = 0;                // penetration, m (elastic foundation: the deepest face)
  Real depthRate = 0;            // m/s, > 0 approaching (elastic foundation: at the centre of pressure)
  Real patchMajor = 0, patchMinor = 0;  // semi-axes of the contact patch, m (mesh: equivalent circle)
  Real patchArea = 0;            // m²
  Real normalForce = 0;          // N, >= 0
  Real elasticForce = 0;         // the normal force without dissipation, N
  Vec3 frictionForce_G = Vec3::Zero();  // on B, N
  Vec3 force_G = Vec3::Zero();          // total on B (normal + friction); −force_G acts on A
  Vec3 centreOfPressure_G = Vec3::Zero();
  Real potentialEnergy = 0;      // elastic energy stored (penalty: returnable on the current branch), J
  Real power = 0;                // rate of work of this contact's forces on the two bodies, W
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

class ContactForceSubsystem : public ForceSubsystem, public ForceJacobianSource {
 public:
  static constexpr Real kDefaultLayerThickness = 0.01;  // m, elastic foundation
  static constexpr Real kDefaultMaximumRadius = 10;     // m, flat-on-flat Hertz
  static constexpr Real kSharpestCurvature = 0.5 / 1e-5;  // 1/m, semi-curvature cap (radius 10 µm) for Hertz
  static constexpr Real kDefaultRecoverySpeed = 1;      // m/s, penalty hysteresis after separation

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

  // ---- results ----
  // Every active contact and the net force on each body (needs Dynamics).
  const ContactReport& getReport(const State& state) const;
  // Contacts found at Position (before forces): their number.
  int getNumContacts(const State& state) const;

  // ---- hysteresis of penalty pairs ----
  // The reached maximum penetration z of a pair of surfaces (0 when not a penalty pair).
  Real getReachedMaxPenetration(const State& state, int surfaceA, int surfaceB) const;
  void setReachedMaxPenetration(State& state, int surfaceA, int surfaceB, Real depth) const;
  int getNumPenaltyPairs() const { return numSlots_; }  // = this subsystem's number of z

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

  struct Surface {
    bool penalty = false;
    ContactMaterial material;
    int penaltyModel = -1;  // index into models_ (the surface against a rigid partner)
    Real layerThickness = 0;  // 0: not set
  };
  struct Prepared;   // one detected contact with its position-level force-law data
  struct Workspace;  // the Position-stage cache

 private:
  void requireTopology(const char* what) const;
  void prepareHertz(const ContactPoint& cp, Prepared& p) const;
  bool linearizePointContact(const Prepared& p, const Vec3& v, PointContactJacobian& jac) const;
  bool linearizeWrench(const Prepared& p, const TreeForceLinearization& tree, SpatialVec& W_B,
                       WrenchSlopes& slopes) const;
  void prepareFoundations(Workspace& w) const;
  Real stiffnessChangePower(const State& s, const Workspace& w, const Prepared& p) const;
  void applyPointContact(const State& s, const Workspace& w, const Prepared& p, ContactRecord& rec,
                         std::vector<SpatialVec>& F) const;
  bool applyFoundation(const State& s, const Workspace& w, const Prepared& p, ContactRecord& rec,
                       std::vector<SpatialVec>& F) const;
  int slotOf(int a, int b) const;
  void tabulateMaterialPairs();
  int pairIndex(int a, int b) const { return a * geometry_.numShapes() + b; }
  const Workspace& workspace(const State& s) const;

  ContactGeometry geometry_;
  std::vector<Surface> surfaces_;
  std::vector<PenaltyContactModel> models_;
  std::vector<PenaltyMaterial> penaltyMaterials_;  // per surface (default for elastic ones)
  std::vector<int> pairModel_;  // per ordered pair (n x n): penalty model index, -1 for elastic pairs
  std::vector<int> pairSlot_;   // per ordered pair: its z (hysteresis slot), -1 for elastic pairs
  int numSlots_ = 0;
  // Hertz pair constants per pair of distinct materials (Topology): surface i has material
  // materialIndex_[i]; entry a * numMaterials_ + b combines a (as surface A) with b.
  std::vector<int> materialIndex_;
  int numMaterials_ = 0;
  std::vector<HertzPair> materialPairHertz_;
  std::vector<FrictionCoefficients> materialPairFriction_;
  Real transitionSpeed_ = StribeckFriction::kDefaultTransitionSpeed;
  Real maximumRadius_ = kDefaultMaximumRadius;
  Real recoverySpeed_ = kDefaultRecoverySpeed;
  const class MatterSubsystem* matter_ = nullptr;
  int workspaceIndex_ = -1, reportIndex_ = -1, zStart_ = 0;
};

}  // namespace articula
