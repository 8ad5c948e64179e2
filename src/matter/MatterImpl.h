// Private: cache layouts of the matter subsystem and the tree algorithms that fill them.
// All spatial quantities are expressed in Ground and refer to body origins (Bo); accelerations
// are classical (A_GB = [dw/dt; d^2 p_GBo/dt^2]).
#pragma once
#include <vector>

#include "CompositeInertia.h"
#include "articula/math/Function.h"
#include "articula/math/TreeLU.h"
#include "articula/matter/MatterSubsystem.h"

namespace articula {

// Two common mobilizers whose H_G the kinematics builds from R_GF's columns instead of by
// products: Ball-like ones (a rotation about M's origin, H_FM = [1; 0]) and free ones (six
// mobilities, H_FM = 1). Fixed at Topology.
enum class Hinge : char { General, Ball, Free };

struct PositionCache {
  std::vector<Hinge> hinge;  // constant
  std::vector<Transform> X_FM, X_GB;
  std::vector<Rotation> R_GF;
  std::vector<HMatrix> H_FM;        // in F
  std::vector<HMatrix> H_G;         // motion of B relative to P, at Bo, in G (Theory Manual 5.28)
  std::vector<Vec3> p_PB_G;         // parent origin -> body origin
  std::vector<Vec3> p_MB_F;         // mobilizer M origin -> body origin, in F
  std::vector<SpatialInertia> M_G;  // about Bo, in G
};

struct VelocityCache {
  std::vector<SpatialVec> V_FM, V_GB;
  std::vector<SpatialVec> coriolis;    // A_GB - phi^T A_GP - H udot
  std::vector<SpatialVec> gyroscopic;  // [w x I w; m w x (w x c)]
};

struct DynamicsCache {
  std::vector<SpatialVec> bodyForces_G;
  Vector mobilityForces;
};

// What the M^-1 v sweep reads of a body with one mobility (or none), in one place: its hinge column H and
// G = P H / D (in G, at its origin), 1 / D, and p_PB (two cache lines per body, in sweep order).
struct alignas(64) PinSweepRecord {
  Real H[6], G[6], p[3], dInv;
};

// Articulated-body inertias (lazy, depend on q and on which mobilities are prescribed).
struct ArticulatedInertiaCache {
  std::vector<Mat66> P;      // articulated inertia of B's subtree at Bo
  std::vector<Mat66> PPlus;  // P - G H^T P (the part passed across the mobilizer)
  std::vector<SmallMatrix> DInv;
  std::vector<HMatrix> G;  // P H D^-1
  // M^-1 v on a tree of bodies with at most one mobility each, packed per body on demand (pinsReady):
  // ArticulatedBodyDynamics.cpp, multiplyByMInvOnPins.
  std::vector<PinSweepRecord> pins;
  bool pinsReady = false;
};

struct AccelerationCache {
  std::vector<SpatialVec> A_GB;
  Vector lockForces;
  Vector netMobilityForces;  // applied minus constraint forces (constrained path only)
  // ABA scratch: articulated bias forces and mobility residuals.
  std::vector<SpatialVec> z, zPlus;
  std::vector<SmallVector> eps;
};

// Scratch owned by a State for operators that must not allocate after their first use.
struct OperatorScratch {
  std::vector<SpatialVec> A, F, z;
  std::vector<CompositeInertia> composite;                                // per body
  Eigen::Matrix<Real, 6, Eigen::Dynamic, Eigen::RowMajor> hingeAtOrigin;  // a column per mobility
  std::vector<SmallVector> eps;
  std::vector<Real> pinEps;  // per body, multiplyByMInvOnPins
  Matrix Y, Z;               // calcMInvCongruence: U⁻¹ B and D⁻¹ U⁻¹ B
};

// Prescribed motion of one mobilizer (Motion.h): level 0 position, 1 velocity, 2 acceleration;
// -1 means none (free, or locked at udot = 0).
struct MotionSpec {
  int level = -1;
  std::vector<FunctionPtr> f;  // one function of time per mobility
};

// Per body: `locked` marks every prescribed mobilizer (locked or moved), which is what the
// sweeps need; `motion` says which of them follow functions of time.
struct LockInfo {
  std::vector<char> locked;
  std::vector<MotionSpec> motion;
  bool any = false;
  bool anyMotion = false;
};

// Motion.cpp: writes q and u of position- and velocity-level motions at the State's time
// (before Position kinematics), and the known udot of every prescribed mobility (zero for locks).
void imposePrescribedPositionsAndSpeeds(const MatterSubsystem& m, State& s);
void calcPrescribedUDot(const MatterSubsystem& m, const State& s, Real* knownUdot);

// One body's place in the tree. The sweeps read these packed 12 bytes per body, in sweep order
// (a parent's index is below its children's), instead of striding through MobilizedBodyInfo.
struct TreeNode {
  int parent = -1, uStart = 0, nu = 0;
};

// The mobilities on each body's path from Ground, its own included, as runs of consecutive
// indices, ascending (a chain's are one run): the rows where M has nonzeros on and above that
// body's columns (MassMatrix.cpp).
struct PathRuns {
  struct Run {
    int start, end;
  };
  std::vector<Run> runs;
  std::vector<int> first;  // body b's runs are runs[first[b] .. first[b + 1])
};
PathRuns calcPathRuns(const std::vector<TreeNode>& tree);

struct MatterSubsystem::Impl {
  std::vector<TreeNode> tree;  // Topology
  PathRuns pathRuns;           // Topology
  int positionCache = -1, velocityCache = -1, dynamicsCache = -1, accelerationCache = -1;
  int abiFree = -1, abiLocked = -1, scratch = -1, locks = -1;
  int massFactor = -1;            // MassMatrixFactor.cpp
  bool factorMassMatrix = false;  // the tree is shallow enough (Topology)
  int mobilityDepth = 0;          // most mobilities on one root path (Topology)
  bool singleMobilities = false;  // no body has more than one mobility (Topology)
};

// M = L U in M's branch-induced pattern (TreeLU), for repeated M⁻¹ products at one position:
// a back substitution in O(nnz) where the articulated-body sweep costs O(36 n).
struct MassMatrixFactorCache {
  Matrix M;
  TreeLU lu;
  bool ok = false;  // false: a pivot failed, and the sweep answers
};

// ---- algorithms (one file each) ----
void calcPositionKinematics(const MatterSubsystem& m, const Real* q, PositionCache& pc);
void calcVelocityKinematics(const MatterSubsystem& m, const Real* q, const Real* u, const PositionCache& pc,
                            VelocityCache& vc);
void calcArticulatedInertias(const MatterSubsystem& m, const PositionCache& pc, const std::vector<char>* prescribed,
                             ArticulatedInertiaCache& abi);

const PositionCache& positionCache(const MatterSubsystem& m, const State& s);
const VelocityCache& velocityCache(const MatterSubsystem& m, const State& s);
const ArticulatedInertiaCache& articulatedInertias(const MatterSubsystem& m, const State& s, bool withLocks);
OperatorScratch& operatorScratch(const MatterSubsystem& m, const State& s);
// Topology: the mobilities' tree for TreeLU, the choice of method, and the lazy cache entry.
void allocateMassMatrixFactor(const MatterSubsystem& m, MatterSubsystem::Impl& impl, State& s);
// The factor at this position (built on first use), or null for deep trees and when a pivot
// failed: the articulated-body sweep answers then.
const MassMatrixFactorCache* massMatrixFactor(const MatterSubsystem& m, const State& s);
const LockInfo& lockInfo(const MatterSubsystem& m, const State& s);

// Body origin shift: phi(l) F moves a force from Bo to Po; phi^T V moves motion from Po to Bo.
inline SpatialVec shiftMotionToChild(const SpatialVec& V_P, const Vec3& p_PB) { return shiftMotion(V_P, p_PB); }
inline SpatialVec shiftForceToParent(const SpatialVec& F_B, const Vec3& p_PB) {
  const Vec3 f = F_B.tail<3>();  // halves, not copy-and-update (Spatial.h)
  return spatialVec(Vec3(F_B.head<3>()) + p_PB.cross(f), f);
}

// The sweeps' shifts in scalars on a 6-vector's storage. Eigen's 3-vector halves were staged
// through the stack and reloaded across two 16-byte stores, and those stalled store forwards
// were half of the Newton-Euler sweep's time.
// out = A_P moved to B's origin, p = p_PB: [w; v + w x p].
inline void shiftMotionInto(const Real* A, const Real* p, Real* out) {
  out[0] = A[0], out[1] = A[1], out[2] = A[2];
  out[3] = A[3] + (A[1] * p[2] - A[2] * p[1]);
  out[4] = A[4] + (A[2] * p[0] - A[0] * p[2]);
  out[5] = A[5] + (A[0] * p[1] - A[1] * p[0]);
}
// F_P += F_B moved to the parent's origin: the moment gains p x f, with B's moment added last
// (the chain towards the root is then one addition per body).
inline void addForceShiftedToParent(const Real* F, const Real* p, Real* Fp) {
  Fp[0] = (Fp[0] + (p[1] * F[5] - p[2] * F[4])) + F[0];
  Fp[1] = (Fp[1] + (p[2] * F[3] - p[0] * F[5])) + F[1];
  Fp[2] = (Fp[2] + (p[0] * F[4] - p[1] * F[3])) + F[2];
  Fp[3] += F[3], Fp[4] += F[4], Fp[5] += F[5];
}

}  // namespace articula
