// Construction, state layout, realization hooks and cache access of the matter subsystem.
#include "articula/matter/MatterSubsystem.h"

#include <cmath>

#include "MatterImpl.h"
#include "articula/Counted.h"
#include "articula/matter/ForceSubsystem.h"

namespace articula {

namespace {
std::string bodyLabel(const MobilizedBodyInfo& b) {
  return "MobilizedBody " + std::to_string(b.index) + (b.name.empty() ? "" : " '" + b.name + "'");
}
}  // namespace

MatterSubsystem::MatterSubsystem() : Subsystem("matter"), impl_(std::make_unique<Impl>()) {
  MobilizedBodyInfo ground;
  ground.index = 0;
  ground.parent = -1;
  ground.name = "ground";
  bodies_.push_back(std::move(ground));
}

MatterSubsystem::~MatterSubsystem() = default;

int MatterSubsystem::addMobilizedBody(int parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
                                      std::unique_ptr<Mobilizer> mobilizer, Direction direction, std::string name) {
  requireNotFrozen("addMobilizedBody");
  const std::string label = "MobilizedBody '" + name + "'";
  if (parent < 0 || parent >= getNumBodies())
    throw Error(label + ": parent index " + std::to_string(parent) + " does not exist");
  if (!mobilizer) throw Error(label + ": mobilizer is null");
  const MassProperties& mp = body.getMassProperties();
  if (!(mp.mass() >= 0) || !std::isfinite(mp.mass()))
    throw Error(label + ": mass " + std::to_string(mp.mass()) + " is invalid");
  MobilizedBodyInfo info;
  info.index = getNumBodies();
  info.parent = parent;
  info.name = std::move(name);
  info.body = body;
  info.X_PF = X_PF;
  info.X_BM = X_BM;
  info.X_MB = X_BM.inverse();
  info.X_PFIsTranslation = X_PF.R().matrix() == Mat33::Identity();
  info.X_MBIsTranslation = X_BM.R().matrix() == Mat33::Identity();
  info.reversed = direction == Direction::Reverse;
  info.mobilizer = info.reversed ? makeReversed(std::move(mobilizer)) : std::move(mobilizer);
  info.nq = info.mobilizer->nq();
  info.nu = info.mobilizer->nu();
  info.constantH = info.mobilizer->hasConstantH();
  info.defaultQ.resize(info.nq);
  info.mobilizer->setDefaultQ(info.defaultQ.data());
  info.level = bodies_[parent].level + 1;
  bodies_[parent].children.push_back(info.index);
  bodies_.push_back(std::move(info));
  return bodies_.back().index;
}

void MatterSubsystem::setDefaultQ(int body, const SmallVector& q) {
  requireNotFrozen("setDefaultQ");
  MobilizedBodyInfo& b = bodies_.at(body);
  if (q.size() != b.nq)
    throw Error(bodyLabel(b) + ": default q needs " + std::to_string(b.nq) + " values, got " +
                std::to_string(q.size()));
  b.defaultQ = q;
  b.mobilizer->normalizeQ(b.defaultQ.data());
}

int MatterSubsystem::findBodyByName(const std::string& name) const {
  for (const auto& b : bodies_)
    if (b.name == name) return b.index;
  return -1;
}

void MatterSubsystem::adoptConstraintHooks(std::unique_ptr<ConstraintHooks> hooks) {
  requireNotFrozen("adoptConstraintHooks");
  if (!hooks) throw Error("MatterSubsystem: adoptConstraintHooks was given null hooks");
  if (constraintHooks_) throw Error("MatterSubsystem: constraint hooks are already installed");
  constraintHooks_ = std::move(hooks);
}

void MatterSubsystem::registerForceSubsystem(const ForceSubsystem* forces) {
  requireNotFrozen("registerForceSubsystem");
  forceSubsystems_.push_back(forces);
}

// ---------------------------------------------------------------------------------------------
void MatterSubsystem::realizeTopology(State& s) {
  nq_ = nu_ = 0;
  for (auto& b : bodies_) {
    b.qStart = nq_;
    b.uStart = nu_;
    nq_ += b.nq;
    nu_ += b.nu;
  }
  impl_->tree.clear();
  for (const auto& b : bodies_) impl_->tree.push_back({b.parent, b.uStart, b.nu});
  impl_->pathRuns = calcPathRuns(impl_->tree);
  impl_->singleMobilities = true;
  for (size_t b = 1; b < impl_->tree.size(); ++b)
    impl_->singleMobilities = impl_->singleMobilities && impl_->tree[b].nu <= 1;
  const int ss = getIndex();
  s.allocateQ(ss, nq_);
  s.allocateU(ss, nu_);
  const size_t nb = bodies_.size();

  PositionCache pc;
  pc.X_FM.resize(nb);
  pc.X_GB.resize(nb);
  pc.R_GF.resize(nb);
  pc.H_FM.assign(nb, HMatrix(6, 0));
  pc.H_G.assign(nb, HMatrix(6, 0));
  // Constant H_FM is computed here once; calcPositionKinematics fills the others.
  for (size_t b = 1; b < nb; ++b)
    if (bodies_[b].constantH) bodies_[b].mobilizer->calcH_FM(bodies_[b].defaultQ.data(), pc.H_FM[b]);
  // Ball-like and free mobilizers: H_G from R_GF's columns (MatterImpl.h).
  pc.hinge.assign(nb, Hinge::General);
  for (size_t b = 1; b < nb; ++b) {
    const HMatrix& H = pc.H_FM[b];
    if (!bodies_[b].constantH) continue;
    if (H.cols() == 3 && H.topRows<3>().isIdentity(0) && H.bottomRows<3>().isZero(0)) pc.hinge[b] = Hinge::Ball;
    if (H.cols() == 6 && H.isIdentity(0)) pc.hinge[b] = Hinge::Free;
  }
  pc.p_PB_G.assign(nb, Vec3::Zero());
  pc.p_MB_F.assign(nb, Vec3::Zero());
  pc.M_G.resize(nb);
  impl_->positionCache = s.allocateCacheEntry(ss, Stage::Position, std::move(pc), "matter position kinematics");

  VelocityCache vc;
  vc.V_FM.assign(nb, SpatialVec::Zero());
  vc.V_GB.assign(nb, SpatialVec::Zero());
  vc.coriolis.assign(nb, SpatialVec::Zero());
  vc.gyroscopic.assign(nb, SpatialVec::Zero());
  impl_->velocityCache = s.allocateCacheEntry(ss, Stage::Velocity, std::move(vc), "matter velocity kinematics");

  DynamicsCache dc;
  dc.bodyForces_G.assign(nb, SpatialVec::Zero());
  dc.mobilityForces = Vector::Zero(nu_);
  impl_->dynamicsCache = s.allocateCacheEntry(ss, Stage::Dynamics, std::move(dc), "matter applied forces");

  ArticulatedInertiaCache abi;
  abi.P.assign(nb, Mat66::Zero());
  abi.PPlus.assign(nb, Mat66::Zero());
  abi.DInv.assign(nb, SmallMatrix(0, 0));
  abi.G.assign(nb, HMatrix(6, 0));
  impl_->abiFree = s.allocateLazyCacheEntry(ss, Stage::Position, abi, "matter articulated-body inertias");
  impl_->abiLocked = s.allocateLazyCacheEntry(ss, Stage::Position, std::move(abi),
                                              "matter articulated-body inertias with locks");
  allocateMassMatrixFactor(*this, *impl_, s);

  AccelerationCache ac;
  ac.A_GB.assign(nb, SpatialVec::Zero());
  ac.lockForces = Vector::Zero(nu_);
  ac.netMobilityForces = Vector::Zero(nu_);
  ac.z.assign(nb, SpatialVec::Zero());
  ac.zPlus.assign(nb, SpatialVec::Zero());
  ac.eps.assign(nb, SmallVector(0));
  for (const auto& b : bodies_) ac.eps[b.index].resize(b.nu);
  impl_->accelerationCache = s.allocateCacheEntry(ss, Stage::Acceleration, std::move(ac), "matter accelerations");

  OperatorScratch scratch;
  scratch.A.assign(nb, SpatialVec::Zero());
  scratch.F.assign(nb, SpatialVec::Zero());
  scratch.z.assign(nb, SpatialVec::Zero());
  scratch.eps.assign(nb, SmallVector(0));
  scratch.pinEps.assign(nb, 0);
  scratch.composite.assign(nb, CompositeInertia{});
  scratch.hingeAtOrigin.setZero(6, nu_);
  for (const auto& b : bodies_) scratch.eps[b.index].resize(b.nu);
  // Scratch is never "realized"; it only avoids allocation. Depends on Topology so it stays valid.
  impl_->scratch = s.allocateCacheEntry(ss, Stage::Topology, std::move(scratch), "matter operator scratch");

  LockInfo locks;
  locks.locked.assign(nb, 0);
  locks.motion.assign(nb, MotionSpec{});
  impl_->locks = s.allocateDiscreteVariable(ss, Stage::Instance, std::move(locks), "matter locks");
  if (constraintHooks_) constraintHooks_->realizeTopology(s, ss);
}

void MatterSubsystem::initializeState(State& s) const {
  VectorView q = updQ(s);
  for (const auto& b : bodies_)
    for (int i = 0; i < b.nq; ++i) q[b.qStart + i] = b.defaultQ[i];
  updU(s).setZero();
}

void MatterSubsystem::realizeInstance(State&) const {}

void MatterSubsystem::realizePosition(State& s) const {
  if (lockInfo(*this, s).anyMotion) imposePrescribedPositionsAndSpeeds(*this, s);
  PositionCache& pc = s.updCacheEntry<PositionCache>(impl_->positionCache);
  calcPositionKinematics(*this, getQ(s).data(), pc);
  if (!constraintHooks_) return;
  // The kinematics are complete: let the constraints read them through the usual checked getters.
  s.advanceSubsystemToStage(getIndex(), Stage::Position);
  constraintHooks_->realizePosition(s);
}

void MatterSubsystem::realizeVelocity(State& s) const {
  const PositionCache& pc = s.updCacheEntry<PositionCache>(impl_->positionCache);
  VelocityCache& vc = s.updCacheEntry<VelocityCache>(impl_->velocityCache);
  const Real* q = getQ(s).data();
  const Real* u = getU(s).data();
  calcVelocityKinematics(*this, q, u, pc, vc);
  Real* qdot = s.updQDot().data() + s.getQStart(getIndex());
  for (const auto& b : bodies_)
    if (b.nq) b.mobilizer->multiplyByN(q + b.qStart, u + b.uStart, qdot + b.qStart);
  if (!constraintHooks_) return;
  s.advanceSubsystemToStage(getIndex(), Stage::Velocity);
  constraintHooks_->realizeVelocity(s);
}

void MatterSubsystem::realizeDynamics(State& s) const {
  DynamicsCache& dc = s.updCacheEntry<DynamicsCache>(impl_->dynamicsCache);
  for (auto& F : dc.bodyForces_G) F.setZero();
  dc.mobilityForces.setZero();
  for (const ForceSubsystem* f : forceSubsystems_) f->addInForces(s, dc.bodyForces_G, dc.mobilityForces);
}

// ---------------------------------------------------------------------------------------------
ConstVectorView MatterSubsystem::getQ(const State& s) const {
  return ConstVectorView(s.getY().data() + s.getQStart(getIndex()), nq_);
}
ConstVectorView MatterSubsystem::getU(const State& s) const {
  return ConstVectorView(s.getY().data() + s.getNQ() + s.getUStart(getIndex()), nu_);
}
VectorView MatterSubsystem::updQ(State& s) const {
  VectorView y = s.updQ();
  return VectorView(y.data() + s.getQStart(getIndex()), nq_);
}
VectorView MatterSubsystem::updU(State& s) const {
  VectorView u = s.updU();
  return VectorView(u.data() + s.getUStart(getIndex()), nu_);
}
ConstVectorView MatterSubsystem::getUDot(const State& s) const {
  return ConstVectorView(s.getUDot().data() + s.getUStart(getIndex()), nu_);
}

bool MatterSubsystem::normalizeQ(State& s) const {
  // Normalize a copy of each body's q; write back (invalidating Position) only if it changed.
  bool changed = false;
  for (const auto& b : bodies_) {
    if (b.mobilizer == nullptr || b.mobilizer->quaternionIndex() < 0) continue;
    SmallVector qb = getQ(s).segment(b.qStart, b.nq);
    if (b.mobilizer->normalizeQ(qb.data())) {
      updQ(s).segment(b.qStart, b.nq) = qb;
      changed = true;
    }
  }
  return changed;
}

void MatterSubsystem::lock(State& s, int body, const SmallVector& q) const {
  const MobilizedBodyInfo& b = bodies_.at(body);
  if (body == 0) throw Error("MatterSubsystem::lock: Ground cannot be locked");
  if (q.size() != b.nq)
    throw Error(bodyLabel(b) + ": lock needs " + counted(b.nq, "coordinate", "coordinates") + ", got " +
                std::to_string(q.size()));
  LockInfo& locks = s.updDiscreteVariable<LockInfo>(impl_->locks);
  locks.locked[body] = 1;
  locks.any = true;
  locks.motion[body] = MotionSpec{};  // a lock replaces a prescribed motion
  locks.anyMotion = false;
  for (const MotionSpec& m : locks.motion) locks.anyMotion = locks.anyMotion || m.level >= 0;
  VectorView qs = updQ(s);
  for (int i = 0; i < b.nq; ++i) qs[b.qStart + i] = q[i];
  VectorView us = updU(s);
  for (int i = 0; i < b.nu; ++i) us[b.uStart + i] = 0;
}

void MatterSubsystem::lockAtCurrent(State& s, int body) const {
  const MobilizedBodyInfo& b = bodies_.at(body);
  lock(s, body, getQ(s).segment(b.qStart, b.nq));
}

void MatterSubsystem::unlock(State& s, int body) const {
  LockInfo& locks = s.updDiscreteVariable<LockInfo>(impl_->locks);
  if (locks.motion.at(body).level >= 0) return;  // a moving mobilizer is not locked; see removeMotion
  locks.locked.at(body) = 0;
  locks.any = false;
  for (char c : locks.locked) locks.any = locks.any || c;
}

bool MatterSubsystem::isLocked(const State& s, int body) const {
  const LockInfo& locks = s.getDiscreteVariable<LockInfo>(impl_->locks);
  return locks.locked.at(body) != 0 && locks.motion.at(body).level < 0;
}

// ---------------------------------------------------------------------------------------------
const PositionCache& positionCache(const MatterSubsystem& m, const State& s) {
  return s.getCacheEntry<PositionCache>(m.impl().positionCache);
}
const VelocityCache& velocityCache(const MatterSubsystem& m, const State& s) {
  return s.getCacheEntry<VelocityCache>(m.impl().velocityCache);
}
OperatorScratch& operatorScratch(const MatterSubsystem& m, const State& s) {
  return s.updCacheEntry<OperatorScratch>(m.impl().scratch);
}
const LockInfo& lockInfo(const MatterSubsystem& m, const State& s) {
  return s.getDiscreteVariable<LockInfo>(m.impl().locks);
}

const ArticulatedInertiaCache& articulatedInertias(const MatterSubsystem& m, const State& s, bool withLocks) {
  const LockInfo& locks = lockInfo(m, s);
  const bool useLocks = withLocks && locks.any;
  const int entry = useLocks ? m.impl().abiLocked : m.impl().abiFree;
  if (!s.isCacheEntryRealized(entry)) {
    const PositionCache& pc = positionCache(m, s);
    ArticulatedInertiaCache& abi = s.updCacheEntry<ArticulatedInertiaCache>(entry);
    calcArticulatedInertias(m, pc, useLocks ? &locks.locked : nullptr, abi);
    abi.pinsReady = false;
    s.markCacheEntryRealized(entry);
  }
  return s.getCacheEntry<ArticulatedInertiaCache>(entry);
}

const Transform& MatterSubsystem::getBodyTransform(const State& s, int body) const {
  return positionCache(*this, s).X_GB.at(body);
}
std::span<const Transform> MatterSubsystem::getBodyTransforms(const State& s) const {
  return positionCache(*this, s).X_GB;
}
const Transform& MatterSubsystem::getMobilizerTransform(const State& s, int body) const {
  return positionCache(*this, s).X_FM.at(body);
}
const SpatialVec& MatterSubsystem::getBodyVelocity(const State& s, int body) const {
  return velocityCache(*this, s).V_GB.at(body);
}
const SpatialVec& MatterSubsystem::getMobilizerVelocity(const State& s, int body) const {
  return velocityCache(*this, s).V_FM.at(body);
}
const SpatialVec& MatterSubsystem::getBodyAcceleration(const State& s, int body) const {
  return s.getCacheEntry<AccelerationCache>(impl_->accelerationCache).A_GB.at(body);
}
const std::vector<SpatialVec>& MatterSubsystem::getAppliedBodyForces(const State& s) const {
  return s.getCacheEntry<DynamicsCache>(impl_->dynamicsCache).bodyForces_G;
}
const Vector& MatterSubsystem::getAppliedMobilityForces(const State& s) const {
  return s.getCacheEntry<DynamicsCache>(impl_->dynamicsCache).mobilityForces;
}
const Vector& MatterSubsystem::getLockForces(const State& s) const {
  return s.getCacheEntry<AccelerationCache>(impl_->accelerationCache).lockForces;
}

}  // namespace articula
