// The matter subsystem: Ground plus a tree of mobilized bodies, and the O(n) operators on it
// (kinematics, articulated-body forward dynamics, Newton-Euler inverse dynamics, M products,
// Jacobian products, N products). Bodies are numbered so that parent < child; Ground is 0.
#pragma once
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "articula/matter/Body.h"
#include "articula/matter/ConstraintHooks.h"
#include "articula/matter/Mobilizer.h"
#include "articula/system/System.h"

namespace articula {

enum class Direction { Forward, Reverse };

// Construction-time description of one mobilized body.
struct MobilizedBodyInfo {
  int index = 0;
  int parent = -1;  // -1 for Ground
  std::string name;
  Body body;
  Transform X_PF;                                             // fixed frame F on the parent
  Transform X_BM;                                             // moving frame M on this body
  Transform X_MB;                                             // its inverse, kept for the position sweep
  bool X_PFIsTranslation = false, X_MBIsTranslation = false;  // rotation is exactly identity
  std::unique_ptr<Mobilizer> mobilizer;                       // null for Ground
  bool reversed = false;
  bool constantH = false;  // the mobilizer's H_FM does not depend on q (HDot_FM = 0)
  SmallVector defaultQ;
  int level = 0;           // Ground 0, its children 1, ...
  int qStart = 0, nq = 0;  // within the matter subsystem's q
  int uStart = 0, nu = 0;
  std::vector<int> children;
};

class MatterSubsystem : public Subsystem {
 public:
  MatterSubsystem();
  ~MatterSubsystem() override;

  // ---- construction (before System::realizeTopology) ----
  // Returns the new body's index. The mobilizer describes X_FM(q); reversed types are wrapped here.
  int addMobilizedBody(int parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
                       std::unique_ptr<Mobilizer> mobilizer, Direction direction, std::string name);
  void setDefaultQ(int body, const SmallVector& q);

  // ---- topology ----
  int getNumBodies() const { return static_cast<int>(bodies_.size()); }  // includes Ground
  int getNQ() const { return nq_; }
  int getNU() const { return nu_; }
  const MobilizedBodyInfo& getInfo(int body) const { return bodies_.at(body); }
  const Mobilizer& getMobilizer(int body) const { return *bodies_.at(body).mobilizer; }
  int findBodyByName(const std::string& name) const;  // -1 if absent

  // ---- state access ----
  ConstVectorView getQ(const State& s) const;
  ConstVectorView getU(const State& s) const;
  VectorView updQ(State& s) const;
  VectorView updU(State& s) const;
  // Locks a mobilizer at q (u becomes 0); locked mobilities are prescribed with udot = 0 and the
  // forward dynamics returns the force needed to hold them.
  void lock(State& s, int body, const SmallVector& q) const;
  void lockAtCurrent(State& s, int body) const;
  void unlock(State& s, int body) const;
  bool isLocked(const State& s, int body) const;
  // Normalizes quaternions in q; returns true if anything changed.
  bool normalizeQ(State& s) const;

  // ---- Position stage results ----
  const Transform& getBodyTransform(const State& s, int body) const;       // X_GB
  std::span<const Transform> getBodyTransforms(const State& s) const;      // X_GB of every body, by index
  const Transform& getMobilizerTransform(const State& s, int body) const;  // X_FM
  // ---- Velocity stage results ----
  const SpatialVec& getBodyVelocity(const State& s, int body) const;       // V_GB at Bo, in G
  const SpatialVec& getMobilizerVelocity(const State& s, int body) const;  // V_FM in F
  // ---- Acceleration stage results ----
  const SpatialVec& getBodyAcceleration(const State& s, int body) const;  // A_GB at Bo, in G
  ConstVectorView getUDot(const State& s) const;
  // Applied forces gathered at Dynamics from the force subsystems.
  const std::vector<SpatialVec>& getAppliedBodyForces(const State& s) const;
  const Vector& getAppliedMobilityForces(const State& s) const;
  // Mobility forces the locks needed (zero for unlocked mobilities); valid at Acceleration.
  const Vector& getLockForces(const State& s) const;

  // ---- stations and frames (Position / Velocity / Acceleration as needed) ----
  Vec3 findStationLocationInGround(const State& s, int body, const Vec3& p_BS) const;
  Vec3 findStationVelocityInGround(const State& s, int body, const Vec3& p_BS) const;
  Vec3 findStationAccelerationInGround(const State& s, int body, const Vec3& p_BS) const;
  Transform findFrameTransformInGround(const State& s, int body, const Transform& X_BF) const;
  SpatialVec findFrameVelocityInGround(const State& s, int body, const Transform& X_BF) const;
  SpatialVec findFrameAccelerationInGround(const State& s, int body, const Transform& X_BF) const;

  // ---- O(n) dynamics operators (require Velocity unless noted) ----
  // Forward dynamics ignoring constraints (articulated-body method): udot and A_GB from applied
  // mobility forces and body forces (in G, about Bo; gravity is NOT added here).
  void calcAccelerationIgnoringConstraints(const State& s, const Vector& mobilityForces,
                                           const std::vector<SpatialVec>& bodyForces_G, Vector& udot,
                                           std::vector<SpatialVec>& A_GB) const;
  // Inverse dynamics (recursive Newton-Euler): f = M udot + c(q,u) - f_applied, where the applied
  // forces are mapped by J^T.
  // Hybrid dynamics (Theory Manual §8.4, "dyn"): udot of the free mobilities from the given
  // forces while locked mobilities have udot = 0; tau receives the mobility forces the locks need
  // (zero for free mobilities). Without velocity terms (no coriolis, gyroscopic) this is the
  // "minv" operator M_ff^-1 of the free block. Requires Position, and Velocity if withVelocityTerms.
  void calcHybridDynamics(const State& s, const Vector& mobilityForces, const std::vector<SpatialVec>& bodyForces_G,
                          bool withVelocityTerms, Vector& udot, std::vector<SpatialVec>& A_GB, Vector& tau) const;
  void calcResidualForceIgnoringConstraints(const State& s, const Vector& mobilityForces,
                                            const std::vector<SpatialVec>& bodyForces_G, const Vector& knownUdot,
                                            Vector& residual) const;
  // Position stage: M v (O(n), no velocity terms) and M^-1 v. M^-1 v is a back substitution with
  // M's factor in its tree pattern, built at the first product at each position and cached
  // (about 2-4x faster than a sweep), unless the tree is deep (more than 24 entries below the
  // diagonal per mobility, e.g. long chains) or large (nu > 128): then the O(n) articulated-body
  // sweep.
  void multiplyByM(const State& s, const Vector& v, Vector& Mv) const;
  void multiplyByMInv(const State& s, const Vector& v, Vector& MinvV) const;
  // W = B^T M^-1 B for an nu x m matrix B (e.g. G^T) from M's tree factor M = U D U^T:
  // W = Y^T D^-1 Y with Y = U^-1 B, one elimination per column over the root paths where it is
  // nonzero. Returns false, W untouched, where the factor is not used (deep or large trees, a
  // failed pivot, more than 16 mobilities on one root path), where it would lose more than about
  // two digits to cancellation (long chains), and when mobilities are prescribed (M_ff^-1 is
  // wanted then): the caller uses sweeps.
  // Position stage; no allocation after the first call with m columns.
  bool calcMInvCongruence(const State& s, const Matrix& B, Matrix& W) const;
  // Whether calcMInvCongruence would succeed at this State (builds the factor if needed).
  bool hasAccurateMInvFactor(const State& s) const;
  // Which of the two M^-1 v uses (fixed at Topology).
  bool factorsMassMatrix() const;
  // Topology: the mobilities as a forest in this subsystem's u numbering, for tree-pattern
  // factorizations (math/TreeLU.h): parent[i] is the previous mobility of the same body, else the
  // last one on the path to Ground (-1 for none). Empty when the u are not numbered parents first.
  std::vector<int> calcMobilityParents() const;
  // Position stage, O(n^2): composite-rigid-body mass matrix, and its inverse by n M^-1 products.
  void calcM(const State& s, Matrix& M) const;
  void calcMInv(const State& s, Matrix& MInv) const;

  // ---- Jacobians (Position stage) ----
  // V_GB for all bodies from u: J u (u need not be the state's).
  void multiplyBySystemJacobian(const State& s, const Vector& u, std::vector<SpatialVec>& V_GB) const;
  // Generalized forces equivalent to body forces (in G, about Bo): J^T F.
  void multiplyBySystemJacobianTranspose(const State& s, const std::vector<SpatialVec>& F_G, Vector& f) const;
  void calcSystemJacobian(const State& s, Matrix& J) const;                                // 6 nb x nu, body-major
  void calcStationJacobian(const State& s, int body, const Vec3& p_BS, Matrix& JS) const;  // 3 x nu
  void calcFrameJacobian(const State& s, int body, const Vec3& p_BF, Matrix& JF) const;    // 6 x nu
  // The station Jacobian's only nonzero columns, those of the mobilities on the path to Ground:
  // `body`'s u in order, then its parent's, and so on (3 x their count; no allocation when JS
  // already has that size). For sparse uses such as inverse kinematics' normal equations.
  void calcStationJacobianOnPath(const State& s, int body, const Vec3& p_BS, Matrix& JS) const;
  // Velocity stage: the part of acceleration that J udot leaves out (A with udot = 0).
  void calcBiasForSystemJacobian(const State& s, std::vector<SpatialVec>& bias_G) const;
  Vec3 calcBiasForStationJacobian(const State& s, int body, const Vec3& p_BS) const;
  SpatialVec calcBiasForFrameJacobian(const State& s, int body, const Vec3& p_BF) const;

  // ---- N products (Position stage) ----
  void multiplyByN(const State& s, const Vector& u, Vector& qdot) const;
  void multiplyByNInv(const State& s, const Vector& qdot, Vector& u) const;
  // Velocity stage: NDot(q,u) v.
  void multiplyByNDot(const State& s, const Vector& v, Vector& out) const;

  // ---- scalar and momentum quantities ----
  Real calcKineticEnergy(const State& s) const;  // Velocity
  Real calcSystemMass() const;
  Vec3 calcSystemMassCenterLocationInGround(const State& s) const;  // Position
  // Total momentum [angular about p_GP; linear], in G (Velocity).
  SpatialVec calcSystemMomentumAboutPoint(const State& s, const Vec3& p_GP) const;
  // Acceleration stage: force each mobilizer transmits from parent to child, applied on the child
  // at M's origin, expressed in G (Simbody's convention).
  void calcMobilizerReactionForces(const State& s, std::vector<SpatialVec>& forcesAtMInG) const;

  // ---- Subsystem hooks ----
  void realizeTopology(State&) override;
  void initializeState(State&) const override;
  void realizeInstance(State&) const override;
  void realizePosition(State&) const override;
  void realizeVelocity(State&) const override;
  void realizeDynamics(State&) const override;
  void realizeAcceleration(State&) const override;
  // Integrator hooks (src/matter/IntegratorHooks.cpp): quaternion normalization, unit weights
  // from each mobilizer's H_FM and the length scale, N⁺ on the matter's q slice.
  bool project(State& s, Real tolerance, Vector* yErrEst) const override;
  void calcUWeights(const State& s, Real lengthScale, Vector& uWeights) const override;
  void multiplyByNInvSlice(const State& s, const Vector& qLike, Vector& uLike) const override;

  // Constraints (owned by the constraints layer's ConstraintSet, see ConstraintHooks.h): installed
  // once, before the topology is realized.
  void adoptConstraintHooks(std::unique_ptr<ConstraintHooks> hooks);
  const ConstraintHooks* getConstraintHooks() const { return constraintHooks_.get(); }
  ConstraintHooks* updConstraintHooks() { return constraintHooks_.get(); }

  // Adds a force subsystem to be gathered at Dynamics (MultibodySystem does this).
  void registerForceSubsystem(const class ForceSubsystem* forces);

  struct Impl;  // caches and algorithms, defined in src/matter
  const Impl& impl() const { return *impl_; }

 private:
  std::vector<MobilizedBodyInfo> bodies_;
  std::vector<const class ForceSubsystem*> forceSubsystems_;
  int nq_ = 0, nu_ = 0;
  std::unique_ptr<ConstraintHooks> constraintHooks_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace articula
