#include "articula/contact/PenaltyContactLaw.h"

#include <algorithm>
#include <limits>

#include "articula/matter/MatterSubsystem.h"

namespace articula {

bool PenaltyContactLaw::takesPair(const ContactSetup& setup, int a, int b) const {
  return setup.surfaces[a].penalty || setup.surfaces[b].penalty;
}

// Every pair with a penalty surface on two bodies gets a z; two penalty surfaces a series model.
void PenaltyContactLaw::realizeTopology(State& state, const ContactSetup& setup) {
  matter_ = &setup.matter;
  geometry_ = &setup.geometry;
  surfaces_ = &setup.surfaces;
  recoverySpeed_ = setup.recoverySpeed;
  subsystem_ = setup.subsystem;
  const int n = numSurfaces_ = static_cast<int>(setup.surfaces.size());
  models_.clear();
  std::vector<int> alone(n, -1);  // per penalty surface: its model against a rigid partner
  for (int i = 0; i < n; ++i)
    if (setup.surfaces[i].penalty) {
      alone[i] = static_cast<int>(models_.size());
      models_.emplace_back(setup.surfaces[i].penaltyMaterial);
    }
  pairModel_.assign(static_cast<size_t>(n) * n, -1);
  pairSlot_.assign(static_cast<size_t>(n) * n, -1);
  numSlots_ = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const bool pi = setup.surfaces[i].penalty, pj = setup.surfaces[j].penalty;
      if ((!pi && !pj) || setup.geometry.getBody(i) == setup.geometry.getBody(j)) continue;
      int model = pi ? alone[i] : alone[j];
      if (pi && pj) {
        model = static_cast<int>(models_.size());
        models_.emplace_back(setup.surfaces[i].penaltyMaterial, setup.surfaces[j].penaltyMaterial);
      }
      pairModel_[i * n + j] = pairModel_[j * n + i] = model;
      pairSlot_[i * n + j] = pairSlot_[j * n + i] = numSlots_++;
    }
  Scratch scratch;
  scratch.slotDepth.assign(numSlots_, 0);
  cacheIndex_ = state.allocateCacheEntry(setup.subsystem, Stage::Position, std::move(scratch), setup.name + ".penalty");
  zStart_ = state.allocateZ(setup.subsystem, numSlots_);  // the reached maxima, 0 initially
}

PreparedContact PenaltyContactLaw::preparePoint(const State& s, const ContactPoint& cp) const {
  Contact p;
  static_cast<PointContact&>(p) = startPointContact(*geometry_, cp);
  const int pair = cp.shapeA * numSurfaces_ + cp.shapeB;
  p.model = pairModel_[pair];
  p.slot = pairSlot_[pair];
  p.reachedMax = std::max(Real(0), s.getZ()[zStart(s) + p.slot]);  // an integrated z may undershoot 0 slightly
  // The series model's "A" is the lower surface index; a lone penalty surface takes all.
  const bool aPenalty = (*surfaces_)[cp.shapeA].penalty, bPenalty = (*surfaces_)[cp.shapeB].penalty;
  const bool bIsFirst = aPenalty && bPenalty ? cp.shapeB < cp.shapeA : !aPenalty;
  const PenaltyContactModel::Force f = models_[p.model].calcForce(cp.depth, 0, p.reachedMax);
  const Real shareA = bIsFirst ? 1 - f.shareA : f.shareA;
  p.elastic = f.elastic;
  p.storedSlope = f.storedSlope;
  p.potentialEnergy = f.stored;
  p.point_G = cp.pA_G - shareA * std::max(Real(0), cp.depth) * cp.n_G;
  p.placement.shareA = shareA;
  finishPointContact(cp, p);
  std::vector<Contact>& all = contacts(s);
  all.push_back(p);
  return {static_cast<int>(all.size()) - 1, p.bodyA, p.bodyB, p.depth, p.potentialEnergy};
}

bool PenaltyContactLaw::applyForce(const State& s, const ContactGeometry&, int index, ContactRecord& rec,
                                   std::vector<SpatialVec>& F) const {
  const Contact& p = contacts(s)[index];
  const PointContactMotion m = calcPointContactMotion(*matter_, s, p);
  const PenaltyContactModel& model = models_[p.model];
  const Real fn = model.calcForce(p.depth, m.xdot, p.reachedMax).force;
  const Vec3 friction = model.getFriction().calcForce(m.vSlip, fn);
  applyPointContactForce(p, m, fn, friction, ContactModel::Penalty, rec, F);
  // Power plus dU/dt: U moves at a share of the elastic force times ẋ while loading (the rest is
  // hysteresis loss). The + 0 turns a −0 into +0, as the Hertz law's sum does.
  rec.nonConservativePower = rec.power + p.storedSlope * m.xdot + Real(0);
  return true;
}

// Penalty curves are tabulated: the slopes are central differences of the scalar law.
bool PenaltyContactLaw::linearizeWrench(const State& s, int index, const TreeForceLinearization& tree, SpatialVec& W_B,
                                        WrenchSlopes& slopes) const {
  const Contact& p = contacts(s)[index];
  SpatialVec VRel;
  const Vec3 v = calcPointContactVelocity(p, tree, VRel);
  const Real xdot = -v.dot(p.normal_G);
  const PenaltyContactModel& model = models_[p.model];
  NormalForceSlope slope;
  slope.force = model.calcForce(p.depth, xdot, p.reachedMax).force;
  const Real hx = 1e-6 * std::max(p.depth, Real(1e-4)), hv = 1e-6;
  slope.dx = (model.calcForce(p.depth + hx, xdot, p.reachedMax).force -
              model.calcForce(p.depth - hx, xdot, p.reachedMax).force) /
             (2 * hx);
  slope.dxdot = (model.calcForce(p.depth, xdot + hv, p.reachedMax).force -
                 model.calcForce(p.depth, xdot - hv, p.reachedMax).force) /
                (2 * hv);
  if (slope.force <= 0 && slope.dx == 0 && slope.dxdot == 0) return false;
  const PointContactJacobian jac = calcPointContactJacobian(p.normal_G, v, slope, model.getFriction());
  mapPointContactWrench(p, tree, VRel, jac, W_B, slopes);
  return true;
}

// ż per pair: follows the penetration while loading past the maximum, holds while below it, and
// relaxes at the recovery speed once the pair is apart (not detected, or x <= 0). A pair with
// several contacts follows its deepest.
void PenaltyContactLaw::realizeAcceleration(State& s) const {
  if (numSlots_ == 0) return;
  Scratch& w = s.updCacheEntry<Scratch>(cacheIndex_);
  const int start = zStart(s);
  const Real* z = s.getZ().data() + start;
  Real* zdot = s.updZDot().data() + start;
  std::fill(w.slotDepth.begin(), w.slotDepth.end(), -std::numeric_limits<Real>::infinity());
  for (int k = 0; k < numSlots_; ++k) zdot[k] = z[k] > 0 ? -recoverySpeed_ : 0;
  for (const Contact& p : w.contacts) {
    if (!(p.depth > 0) || p.depth <= w.slotDepth[p.slot]) continue;
    w.slotDepth[p.slot] = p.depth;
    const Real xdot = calcPointContactMotion(*matter_, s, p).xdot;
    zdot[p.slot] = p.depth >= z[p.slot] && xdot > 0 ? xdot : 0;
  }
}

int PenaltyContactLaw::slotOf(int a, int b) const {
  return a >= 0 && b >= 0 && a < numSurfaces_ && b < numSurfaces_ ? pairSlot_[a * numSurfaces_ + b] : -1;
}

Real PenaltyContactLaw::getReachedMax(const State& state, int a, int b) const {
  const int slot = slotOf(a, b);
  return slot < 0 ? 0 : std::max(Real(0), state.getZ()[zStart(state) + slot]);
}

void PenaltyContactLaw::setReachedMax(State& state, int a, int b, Real depth) const {
  state.updZ()[zStart(state) + slotOf(a, b)] = depth;
}

}  // namespace articula
