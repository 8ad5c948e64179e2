#include "articula/contact/ContactForceSubsystem.h"
#include "articula/contact/ContactForceJacobian.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <sstream>

#include "articula/Error.h"
#include "articula/contact/ElasticFoundation.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/contact/HertzStiffnessRate.h"
#include "articula/contact/NarrowPhase.h"
#include "articula/contact/StribeckFriction.h"
#include "articula/matter/MultibodySystem.h"

namespace articula {

// One detected contact and everything about it that depends on positions only.
struct ContactForceSubsystem::Prepared {
  int surfaceA = -1, surfaceB = -1, bodyA = 0, bodyB = 0;
  ContactModel model = ContactModel::Hertz;
  Vec3 point_G = Vec3::Zero(), normal_G = Vec3::UnitZ();
  Real depth = 0;
  Real stiffness = 0, dissipation = 0;         // Hertz: K (N/m^{3/2}) and c*
  FrictionCoefficients friction;               // Hertz and foundation pairs
  Real patchMajor = 0, patchMinor = 0;
  int penaltyModel = -1, slot = -1;            // penalty pairs
  bool penaltyBIsFirst = false;                // the model's "A" is surface B
  Real reachedMax = 0;                         // z of the pair
  FoundationPair foundation;                   // mesh pairs
  int faceBegin = 0, faceEnd = 0;              // range in the geometry's mesh face contacts
  Real elastic = 0, potentialEnergy = 0;
  Real storedSlope = 0;                        // d(potentialEnergy)/d(depth); Hertz: elastic
  Real modulus = 0;                            // Hertz: E* of the pair
  HertzEllipse ellipse;                        // Hertz: of the clamped semi-curvatures
  bool ellipsoidOnPlane = false;               // Hertz: B an ellipsoid, A a half-space (stiffness turns with B)
  PointContactPlacement placement;             // point contacts: for the force's linearization
};

struct ContactForceSubsystem::Workspace {
  ContactGeometry geometry;  // per State: detection buffers and warm starts are not shared
  std::vector<Prepared> contacts;
  std::vector<Real> slotDepth;  // per penalty pair: the deepest contact's depth (realizeAcceleration)
  Real potentialEnergy = 0;
  TreeForceLinearization tree;  // addInForceJacobian's mapping to generalized coordinates
};

const char* contactModelName(ContactModel model) {
  switch (model) {
    case ContactModel::Hertz: return "Hertz";
    case ContactModel::Penalty: return "Penalty";
    case ContactModel::ElasticFoundation: return "ElasticFoundation";
  }
  return "?";
}

namespace {

// Velocity in G of the point of body b that is at p_G (V_GB = [w; v] at Bo).
Vec3 stationVelocity(const SpatialVec& V, const Vec3& p_GBo, const Vec3& p_G) {
  return V.tail<3>() + V.head<3>().cross(p_G - p_GBo);
}

void addAt(std::vector<SpatialVec>& F, int body, const Vec3& p_GBo, const Vec3& p_G, const Vec3& f_G) {
  if (body == 0) return;  // Ground takes no forces
  F[body].head<3>() += (p_G - p_GBo).cross(f_G);
  F[body].tail<3>() += f_G;
}

}  // namespace

ContactForceSubsystem::ContactForceSubsystem(std::string name) : ForceSubsystem(std::move(name)) {}

int ContactForceSubsystem::addSurface(int body, const Transform& X_BS, ContactShape shape,
                                      const ContactMaterial& material, std::string name) {
  requireNotFrozen("addSurface");
  material.validate();
  const int index = geometry_.addShape(body, X_BS, std::move(shape), std::move(name));
  surfaces_.push_back(Surface{false, material, -1, 0});
  penaltyMaterials_.resize(surfaces_.size());
  return index;
}

int ContactForceSubsystem::addSurface(int body, const Transform& X_BS, ContactShape shape,
                                      const PenaltyMaterial& material, std::string name) {
  requireNotFrozen("addSurface");
  material.validate();
  if (shape.type() == ShapeType::TriangleMesh)
    throw Error("ContactForceSubsystem '" + getName() + "': penalty material '" + material.name +
                "' needs a convex shape, not a triangle mesh (use a ContactMaterial for meshes)");
  const int index = geometry_.addShape(body, X_BS, std::move(shape), std::move(name));
  models_.emplace_back(material);
  Surface s;
  s.penalty = true;
  s.material.name = material.name;
  s.penaltyModel = static_cast<int>(models_.size()) - 1;
  surfaces_.push_back(s);
  penaltyMaterials_.resize(surfaces_.size());
  penaltyMaterials_.back() = material;
  return index;
}

void ContactForceSubsystem::setLayerThickness(int surface, Real thickness) {
  requireNotFrozen("setLayerThickness");
  if (surface < 0 || surface >= getNumSurfaces())
    throw Error("ContactForceSubsystem '" + getName() + "': setLayerThickness: no surface " + std::to_string(surface));
  if (!(std::isfinite(thickness) && thickness > 0)) {
    std::ostringstream os;
    os << "ContactForceSubsystem '" << getName() << "': layer thickness of surface '" << geometry_.getName(surface)
       << "' = " << thickness << " m must be finite and > 0";
    throw Error(os.str());
  }
  surfaces_[surface].layerThickness = thickness;
}

void ContactForceSubsystem::setTransitionSpeed(Real speed) {
  requireNotFrozen("setTransitionSpeed");
  StribeckFriction(0, 0, 0, speed);  // validates with a named error
  transitionSpeed_ = speed;
}

void ContactForceSubsystem::setRecoverySpeed(Real speed) {
  requireNotFrozen("setRecoverySpeed");
  if (!(std::isfinite(speed) && speed > 0)) {
    std::ostringstream os;
    os << "ContactForceSubsystem '" << getName() << "': recovery speed " << speed << " m/s must be finite and > 0";
    throw Error(os.str());
  }
  recoverySpeed_ = speed;
}

void ContactForceSubsystem::setMaximumRadius(Real radius) {
  requireNotFrozen("setMaximumRadius");
  if (!(std::isfinite(radius) && radius > 0)) {
    std::ostringstream os;
    os << "ContactForceSubsystem '" << getName() << "': maximum radius " << radius << " m must be finite and > 0";
    throw Error(os.str());
  }
  maximumRadius_ = radius;
}

ContactGeometry& ContactForceSubsystem::updGeometry() {
  requireNotFrozen("updGeometry");
  return geometry_;
}

bool ContactForceSubsystem::isPenaltySurface(int surface) const { return surfaces_.at(surface).penalty; }

void ContactForceSubsystem::requireTopology(const char* what) const {
  if (!matter_)
    throw Error("ContactForceSubsystem '" + getName() + "': " + what + " before the System's realizeTopology()");
}

// ---- Topology: the body tree, penalty models per pair, State resources ----------------------

void ContactForceSubsystem::realizeTopology(State& state) {
  matter_ = findMatter();  // handed over by MultibodySystem::addForceSubsystem
  if (!matter_) throw Error("ContactForceSubsystem '" + getName() + "': must belong to a MultibodySystem");
  const int nb = matter_->getNumBodies(), n = getNumSurfaces();
  std::vector<int> parents(nb);
  for (int b = 0; b < nb; ++b) parents[b] = matter_->getInfo(b).parent;
  geometry_.setBodyParents(parents);
  for (int i = 0; i < n; ++i)
    if (geometry_.getBody(i) >= nb)
      throw Error("ContactForceSubsystem '" + getName() + "': surface '" + geometry_.getName(i) + "' is on body " +
                  std::to_string(geometry_.getBody(i)) + ", which the matter does not have (" + std::to_string(nb) +
                  " bodies)");
  // Every pair with a penalty surface gets a hysteresis slot; two penalty surfaces get a series model.
  pairModel_.assign(static_cast<size_t>(n) * n, -1);
  pairSlot_.assign(static_cast<size_t>(n) * n, -1);
  numSlots_ = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const bool pi = surfaces_[i].penalty, pj = surfaces_[j].penalty;
      if (!pi && !pj) continue;
      if (geometry_.getBody(i) == geometry_.getBody(j)) continue;
      int model = pi ? surfaces_[i].penaltyModel : surfaces_[j].penaltyModel;
      if (pi && pj) {
        models_.emplace_back(penaltyMaterials_[i], penaltyMaterials_[j]);
        model = static_cast<int>(models_.size()) - 1;
      }
      pairModel_[pairIndex(i, j)] = pairModel_[pairIndex(j, i)] = model;
      pairSlot_[pairIndex(i, j)] = pairSlot_[pairIndex(j, i)] = numSlots_++;
    }
  tabulateMaterialPairs();
  Workspace w;
  w.geometry = geometry_;
  w.slotDepth.assign(numSlots_, 0);
  workspaceIndex_ = state.allocateCacheEntry(getIndex(), Stage::Position, std::move(w), getName() + ".detection");
  ContactReport r;
  r.bodyForces_G.assign(nb, SpatialVec::Zero());
  reportIndex_ = state.allocateCacheEntry(getIndex(), Stage::Dynamics, std::move(r), getName() + ".report");
  zStart_ = state.allocateZ(getIndex(), numSlots_);  // the penalty pairs' reached maxima, 0 initially
}

// Combining two materials costs two cube roots and several divisions: done once per pair of
// distinct materials here rather than per contact per evaluation.
void ContactForceSubsystem::tabulateMaterialPairs() {
  auto same = [](const ContactMaterial& a, const ContactMaterial& b) {
    return a.youngsModulus == b.youngsModulus && a.poissonRatio == b.poissonRatio &&
           a.dissipation == b.dissipation && a.staticFriction == b.staticFriction &&
           a.dynamicFriction == b.dynamicFriction && a.viscousFriction == b.viscousFriction;
  };
  std::vector<const ContactMaterial*> distinct;
  materialIndex_.clear();
  for (const Surface& sf : surfaces_) {
    size_t k = 0;
    while (k < distinct.size() && !same(*distinct[k], sf.material)) ++k;
    if (k == distinct.size()) distinct.push_back(&sf.material);
    materialIndex_.push_back(static_cast<int>(k));
  }
  numMaterials_ = static_cast<int>(distinct.size());
  materialPairHertz_.resize(distinct.size() * distinct.size());
  materialPairFriction_.resize(distinct.size() * distinct.size());
  for (int a = 0; a < numMaterials_; ++a)
    for (int b = 0; b < numMaterials_; ++b) {
      materialPairHertz_[a * numMaterials_ + b] = combineHertz(*distinct[a], *distinct[b]);
      materialPairFriction_[a * numMaterials_ + b] = combineFriction(*distinct[a], *distinct[b]);
    }
}

// ---- Position: detection and the force laws' geometric part ---------------------------------

const ContactForceSubsystem::Workspace& ContactForceSubsystem::workspace(const State& s) const {
  requireTopology("results requested");
  return s.getCacheEntry<Workspace>(workspaceIndex_);
}

void ContactForceSubsystem::realizePosition(State& s) const {
  Workspace& w = s.updCacheEntry<Workspace>(workspaceIndex_);
  const std::vector<ContactPoint>& points = w.geometry.findContacts(matter_->getBodyTransforms(s), s.getHistoryId());
  const Real* z = s.getZ().data() + s.getZStart(getIndex()) + zStart_;
  w.contacts.clear();
  w.potentialEnergy = 0;
  for (const ContactPoint& cp : points) {
    Prepared p;
    p.surfaceA = cp.shapeA;
    p.surfaceB = cp.shapeB;
    p.bodyA = geometry_.getBody(cp.shapeA);
    p.bodyB = geometry_.getBody(cp.shapeB);
    p.normal_G = cp.n_G;
    p.depth = cp.depth;
    const int model = pairModel_[pairIndex(cp.shapeA, cp.shapeB)];
    if (model >= 0) {
      p.model = ContactModel::Penalty;
      p.penaltyModel = model;
      p.slot = pairSlot_[pairIndex(cp.shapeA, cp.shapeB)];
      p.reachedMax = std::max(Real(0), z[p.slot]);  // an integrated z may undershoot 0 slightly
      // The series model's "A" is the lower surface index; a lone penalty surface takes all.
      const bool aPenalty = surfaces_[cp.shapeA].penalty, bPenalty = surfaces_[cp.shapeB].penalty;
      p.penaltyBIsFirst = aPenalty && bPenalty ? cp.shapeB < cp.shapeA : !aPenalty;
      const PenaltyContactModel::Force f = models_[model].calcForce(cp.depth, 0, p.reachedMax);
      const Real shareA = p.penaltyBIsFirst ? 1 - f.shareA : f.shareA;
      p.elastic = f.elastic;
      p.storedSlope = f.storedSlope;
      p.potentialEnergy = f.stored;
      p.point_G = cp.pA_G - shareA * std::max(Real(0), cp.depth) * cp.n_G;
      p.placement.shareA = shareA;
    } else {
      prepareHertz(cp, p);
    }
    p.placement.point = p.point_G;
    p.placement.pointA = cp.pA_G;
    p.placement.pointB = cp.pB_G;
    p.placement.normal = cp.n_G;
    p.placement.curvatureA = cp.curvatureA;
    p.placement.curvatureB = cp.curvatureB;
    w.potentialEnergy += p.potentialEnergy;
    w.contacts.push_back(p);
  }
  prepareFoundations(w);
}

void ContactForceSubsystem::prepareHertz(const ContactPoint& cp, Prepared& p) const {
  p.model = ContactModel::Hertz;
  const int pairOfMaterials = materialIndex_[cp.shapeA] * numMaterials_ + materialIndex_[cp.shapeB];
  const HertzPair& pair = materialPairHertz_[pairOfMaterials];
  p.dissipation = pair.dissipation;
  p.friction = materialPairFriction_[pairOfMaterials];
  p.modulus = pair.modulus;
  p.ellipsoidOnPlane = geometry_.getShape(cp.shapeA).type() == ShapeType::HalfSpace &&
                       geometry_.getShape(cp.shapeB).type() == ShapeType::Ellipsoid;
  const Real x = std::max(Real(0), cp.depth);
  p.point_G = cp.pA_G - pair.shareA * x * cp.n_G;
  p.placement.shareA = pair.shareA;
  RelativeCurvature rc = calcRelativeCurvature(cp.curvatureA, cp.curvatureB, cp.n_G);
  // Flat-on-flat gets a large sphere; sharp corners (or infinite curvature) a small one.
  const Real floor = 0.5 / maximumRadius_, ceiling = kSharpestCurvature;
  rc.B = std::isfinite(rc.B) ? std::clamp(rc.B, floor, ceiling) : ceiling;
  rc.A = std::isfinite(rc.A) ? std::clamp(rc.A, floor, rc.B) : rc.B;
  const HertzEllipse& ell = p.ellipse = calcHertzEllipse(rc.A, rc.B);
  p.stiffness = ell.stiffnessPerModulus * pair.modulus;
  p.patchMajor = ell.majorPerSqrtDepth * std::sqrt(x);
  p.patchMinor = p.patchMajor / ell.ratio;
  const HuntCrossleyForce f = calcHuntCrossley(p.stiffness, 0, x, 0);
  p.elastic = p.storedSlope = f.elastic;
  p.potentialEnergy = f.potentialEnergy;
}

// Groups the mesh face contacts by (mesh, other) pair: one elastic-foundation contact each.
void ContactForceSubsystem::prepareFoundations(Workspace& w) const {
  const std::vector<MeshFaceContact>& faces = w.geometry.getMeshFaceContacts();
  size_t i = 0;
  while (i < faces.size()) {
    size_t j = i;
    while (j < faces.size() && faces[j].meshShape == faces[i].meshShape && faces[j].otherShape == faces[i].otherShape)
      ++j;
    const int mesh = faces[i].meshShape, other = faces[i].otherShape;
    if (surfaces_[other].penalty || surfaces_[mesh].penalty)
      throw Error("ContactForceSubsystem '" + getName() + "': surface '" + geometry_.getName(other) +
                  "' has a penalty material and cannot meet mesh '" + geometry_.getName(mesh) +
                  "' (give it a ContactMaterial, or exclude the pair)");
    Prepared p;
    p.model = ContactModel::ElasticFoundation;
    p.surfaceA = other;  // the normal pushes the mesh: the mesh is B
    p.surfaceB = mesh;
    p.bodyA = geometry_.getBody(other);
    p.bodyB = geometry_.getBody(mesh);
    const Real hMesh = surfaces_[mesh].layerThickness > 0 ? surfaces_[mesh].layerThickness : kDefaultLayerThickness;
    const Real hOther = surfaces_[other].layerThickness > 0 ? surfaces_[other].layerThickness : hMesh;
    p.foundation = combineFoundation(surfaces_[other].material, hOther, surfaces_[mesh].material, hMesh);
    p.friction = combineFriction(surfaces_[other].material, surfaces_[mesh].material);
    p.faceBegin = static_cast<int>(i);
    p.faceEnd = static_cast<int>(j);
    p.depth = -std::numeric_limits<Real>::infinity();
    for (size_t f = i; f < j; ++f) {
      p.depth = std::max(p.depth, faces[f].depth);
      if (faces[f].depth > 0) {
        p.elastic += p.foundation.stiffness * faces[f].area * faces[f].depth;
        p.potentialEnergy += 0.5 * p.foundation.stiffness * faces[f].area * faces[f].depth * faces[f].depth;
      }
    }
    w.potentialEnergy += p.potentialEnergy;
    w.contacts.push_back(p);
    i = j;
  }
}

int ContactForceSubsystem::getNumContacts(const State& state) const {
  int n = 0;
  for (const Prepared& p : workspace(state).contacts) n += p.depth > 0 ? 1 : 0;
  return n;
}

Real ContactForceSubsystem::calcPotentialEnergy(const State& state) const { return workspace(state).potentialEnergy; }

// ---- Dynamics: velocities, forces, the report ------------------------------------------------

void ContactForceSubsystem::addInForces(const State& s, std::vector<SpatialVec>& bodyForces_G, Vector&) const {
  const Workspace& w = workspace(s);
  ContactReport& r = s.updCacheEntry<ContactReport>(reportIndex_);
  r.contacts.clear();
  for (auto& F : r.bodyForces_G) F.setZero();
  r.potentialEnergy = w.potentialEnergy;
  r.power = r.nonConservativePower = 0;
  for (const Prepared& p : w.contacts) {
    if (!(p.depth > 0)) continue;
    ContactRecord rec;
    if (p.model == ContactModel::ElasticFoundation) {
      if (!applyFoundation(s, w, p, rec, r.bodyForces_G)) continue;
    } else {
      applyPointContact(s, w, p, rec, r.bodyForces_G);
    }
    r.power += rec.power;
    r.nonConservativePower += rec.nonConservativePower;
    r.contacts.push_back(rec);
  }
  for (size_t b = 0; b < r.bodyForces_G.size(); ++b) bodyForces_G[b] += r.bodyForces_G[b];
}

// (2/5) K̇ x^{5/2}: the work the Hertz law adds while an ellipsoid turns on a plane (HertzStiffnessRate.h).
Real ContactForceSubsystem::stiffnessChangePower(const State& s, const Workspace& w, const Prepared& p) const {
  if (!p.ellipsoidOnPlane) return 0;
  const Mat33 R_GS = w.geometry.getShapePosesInGround()[p.surfaceB].R().matrix();
  const Vec3& n = p.normal_G;
  const Vec3 wPlane = matter_->getBodyVelocity(s, p.bodyA).head<3>();
  const Vec3 wEllipsoid = matter_->getBodyVelocity(s, p.bodyB).head<3>();
  const Vec3 n_S = R_GS.transpose() * n;
  const Vec3 nDot_S = R_GS.transpose() * (wPlane - wEllipsoid).cross(n);  // ṅ_G = w_A x n, seen turning in S
  const SurfaceCurvature& c = p.placement.curvatureB;
  const Real sDot = calcEllipsoidOnPlaneStiffnessRate(geometry_.getShape(p.surfaceB).size(), n_S, nDot_S,
                                                      {c.k1, c.k2, R_GS.transpose() * c.d1_G}, p.ellipse,
                                                      0.5 / maximumRadius_, kSharpestCurvature);
  const Real x = p.depth;
  return 0.4 * p.modulus * sDot * x * x * std::sqrt(x);
}

void ContactForceSubsystem::applyPointContact(const State& s, const Workspace& w, const Prepared& p,
                                              ContactRecord& rec, std::vector<SpatialVec>& F) const {
  const std::span<const Transform> X_GB = matter_->getBodyTransforms(s);
  const Vec3& n = p.normal_G;
  const Vec3 pA = X_GB[p.bodyA].p(), pB = X_GB[p.bodyB].p();
  const Vec3 vA = stationVelocity(matter_->getBodyVelocity(s, p.bodyA), pA, p.point_G);
  const Vec3 vB = stationVelocity(matter_->getBodyVelocity(s, p.bodyB), pB, p.point_G);
  const Vec3 vRel = vB - vA;
  const Vec3 vSlip = vRel - vRel.dot(n) * n;
  const Real xdot = -vRel.dot(n);
  Real fn = 0;
  Vec3 friction = Vec3::Zero();
  if (p.model == ContactModel::Hertz) {
    fn = calcHuntCrossley(p.stiffness, p.dissipation, p.depth, xdot).force;
    const StribeckFriction mu(p.friction.staticFriction, p.friction.dynamicFriction, p.friction.viscousFriction,
                              transitionSpeed_);
    friction = mu.calcForce(vSlip, fn);
  } else {
    const PenaltyContactModel& model = models_[p.penaltyModel];
    fn = model.calcForce(p.depth, xdot, p.reachedMax).force;
    friction = model.getFriction().calcForce(vSlip, fn);
  }
  const Vec3 f = fn * n + friction;
  addAt(F, p.bodyB, pB, p.point_G, f);
  addAt(F, p.bodyA, pA, p.point_G, -f);
  rec.surfaceA = p.surfaceA, rec.surfaceB = p.surfaceB, rec.bodyA = p.bodyA, rec.bodyB = p.bodyB;
  rec.model = p.model;
  rec.point_G = rec.centreOfPressure_G = p.point_G;
  rec.normal_G = n;
  rec.depth = p.depth;
  rec.depthRate = xdot;
  rec.patchMajor = p.patchMajor;
  rec.patchMinor = p.patchMinor;
  rec.patchArea = std::numbers::pi * p.patchMajor * p.patchMinor;
  rec.normalForce = fn;
  rec.elasticForce = p.elastic;
  rec.frictionForce_G = friction;
  rec.force_G = f;
  rec.potentialEnergy = p.potentialEnergy;
  rec.power = f.dot(vRel);
  // Power plus dU/dt: U moves at (dU/dx) ẋ (the elastic force for Hertz, a share of it while a
  // penalty contact loads) plus, for Hertz, the stiffness's own change (see above).
  rec.nonConservativePower = rec.power + p.storedSlope * xdot + stiffnessChangePower(s, w, p);
}

bool ContactForceSubsystem::applyFoundation(const State& s, const Workspace& w, const Prepared& p,
                                            ContactRecord& rec, std::vector<SpatialVec>& F) const {
  const std::span<const Transform> X_GB = matter_->getBodyTransforms(s);
  const std::vector<MeshFaceContact>& faces = w.geometry.getMeshFaceContacts();
  const StribeckFriction mu(p.friction.staticFriction, p.friction.dynamicFriction, p.friction.viscousFriction,
                            transitionSpeed_);
  const Vec3 pO = X_GB[p.bodyA].p(), pM = X_GB[p.bodyB].p();
  const SpatialVec& VO = matter_->getBodyVelocity(s, p.bodyA);
  const SpatialVec& VM = matter_->getBodyVelocity(s, p.bodyB);
  ElasticFoundationPatch patch;
  Vec3 normalSum = Vec3::Zero();
  Real rateSum = 0;
  for (int i = p.faceBegin; i < p.faceEnd; ++i) {
    const MeshFaceContact& fc = faces[i];
    if (!(fc.depth > 0)) continue;
    // The spring's point: the centroid moved out by the mesh's share of the deformation.
    const Vec3 P = fc.p_G + (1 - p.foundation.shareA) * fc.depth * fc.n_G;
    const Vec3 vRel = stationVelocity(VM, pM, P) - stationVelocity(VO, pO, P);
    const Real xdot = -vRel.dot(fc.n_G);
    const FoundationSpringForce spring =
        calcFoundationSpring(p.foundation, mu, fc.area, fc.depth, xdot, fc.n_G, vRel);
    patch.add(P, spring, fc.area);
    addAt(F, p.bodyB, pM, P, spring.force_G);
    addAt(F, p.bodyA, pO, P, -spring.force_G);
    normalSum += spring.normal * fc.n_G;
    rateSum += spring.normal * xdot;
    rec.power += spring.force_G.dot(vRel);
    rec.nonConservativePower += spring.force_G.dot(vRel) + p.foundation.stiffness * fc.area * fc.depth * xdot;
  }
  if (patch.getNumSprings() == 0) return false;
  rec.surfaceA = p.surfaceA, rec.surfaceB = p.surfaceB, rec.bodyA = p.bodyA, rec.bodyB = p.bodyB;
  rec.model = p.model;
  rec.centreOfPressure_G = rec.point_G = patch.getCentreOfPressure();
  rec.normal_G = normalSum.norm() > 0 ? Vec3(normalSum.normalized()) : faces[p.faceBegin].n_G;
  rec.depth = p.depth;
  rec.depthRate = patch.getNormalLoad() > 0 ? rateSum / patch.getNormalLoad() : 0;
  rec.patchArea = patch.getContactArea();
  rec.patchMajor = rec.patchMinor = std::sqrt(rec.patchArea / std::numbers::pi);
  rec.normalForce = patch.getNormalLoad();
  rec.elasticForce = p.elastic;
  rec.force_G = patch.getForce();
  rec.frictionForce_G = rec.force_G - rec.force_G.dot(rec.normal_G) * rec.normal_G;
  rec.potentialEnergy = p.potentialEnergy;
  return true;
}

const ContactReport& ContactForceSubsystem::getReport(const State& state) const {
  requireTopology("getReport");
  return state.getCacheEntry<ContactReport>(reportIndex_);
}

// ---- linearization for implicit integrators ----------------------------------------------------

// Per point contact: the force law's linearization (ContactForceJacobian.h) becomes slopes of the
// contact wrench, which TreeForceLinearization maps to D and K with the convective and geometric
// terms of the tree. Without those the steps of a fall were 2.8× as many: friction near sticking
// is a steep damper, and at fixed u the contact point's velocity changes with q. Elastic
// foundation (mesh) contacts are left out.
// The force law's value and slopes at the contact's current relative velocity v (of the contact
// point, B − A); false where the law is flat and zero (nothing to add).
bool ContactForceSubsystem::linearizePointContact(const Prepared& p, const Vec3& v, PointContactJacobian& jac) const {
  const Real xdot = -v.dot(p.normal_G);
  NormalForceSlope slope;
  const StribeckFriction* mu = nullptr;
  std::optional<StribeckFriction> hertzFriction;
  if (p.model == ContactModel::Hertz) {
    slope = calcHuntCrossleySlope(p.stiffness, p.dissipation, p.depth, xdot);
    hertzFriction.emplace(p.friction.staticFriction, p.friction.dynamicFriction, p.friction.viscousFriction,
                          transitionSpeed_);
    mu = &*hertzFriction;
  } else {
    // Penalty curves are tabulated: central differences of the scalar law.
    const PenaltyContactModel& model = models_[p.penaltyModel];
    slope.force = model.calcForce(p.depth, xdot, p.reachedMax).force;
    const Real hx = 1e-6 * std::max(p.depth, Real(1e-4)), hv = 1e-6;
    slope.dx = (model.calcForce(p.depth + hx, xdot, p.reachedMax).force -
                model.calcForce(p.depth - hx, xdot, p.reachedMax).force) / (2 * hx);
    slope.dxdot = (model.calcForce(p.depth, xdot + hv, p.reachedMax).force -
                   model.calcForce(p.depth, xdot - hv, p.reachedMax).force) / (2 * hv);
    mu = &model.getFriction();
  }
  if (slope.force <= 0 && slope.dx == 0 && slope.dxdot == 0) return false;
  jac = calcPointContactJacobian(p.normal_G, v, slope, *mu);
  return true;
}

// The wrench on B and its slopes, everything about the tree's reference point.
bool ContactForceSubsystem::linearizeWrench(const Prepared& p, const TreeForceLinearization& tree, SpatialVec& W_B,
                                            WrenchSlopes& slopes) const {
  const Vec3& o = tree.getOrigin();
  const SpatialVec VRel = tree.getVelocity(p.bodyB) - tree.getVelocity(p.bodyA);
  const Vec3 point = p.point_G - o;
  const Vec3 v = Vec3(VRel.tail<3>()) + Vec3(VRel.head<3>()).cross(point);
  PointContactJacobian jac;
  if (!linearizePointContact(p, v, jac)) return false;
  PointContactPlacement where = p.placement;
  where.point -= o;
  where.pointA -= o;
  where.pointB -= o;
  slopes = calcPointContactWrenchSlopes(jac, where, VRel.head<3>());
  W_B = spatialVec(point.cross(jac.force), jac.force);
  return true;
}

void ContactForceSubsystem::addInForceJacobian(const State& s, Matrix& D, Matrix& K) const {
  Workspace& w = s.updCacheEntry<Workspace>(workspaceIndex_);
  bool prepared = false;
  for (const Prepared& p : w.contacts) {
    if (!(p.depth > 0) || p.model == ContactModel::ElasticFoundation) continue;
    if (!prepared) w.tree.prepare(*matter_, s), prepared = true;
    SpatialVec W_B;
    WrenchSlopes slopes;
    if (linearizeWrench(p, w.tree, W_B, slopes)) w.tree.addWrench(p.bodyB, p.bodyA, W_B, slopes, D, K);
  }
}

// Contact with Ground: the wrench on the moving body is W_B (B moving) or −W_B (A moving), a body
// term. Contact between two moving bodies: a pair term.
bool ContactForceSubsystem::addInTreeJacobian(const State& s, TreeJacobianTerms& terms) const {
  const Workspace& w = workspace(s);
  for (const Prepared& p : w.contacts) {
    if (!(p.depth > 0) || p.model == ContactModel::ElasticFoundation) continue;
    SpatialVec W_B;
    WrenchSlopes slopes;
    if (!linearizeWrench(p, *terms.tree, W_B, slopes)) continue;
    if (p.bodyA != 0 && p.bodyB != 0) {
      terms.pairs.push_back(WrenchPairTerm{p.bodyB, p.bodyA, slopes});
    } else if (p.bodyB != 0) {
      terms.stiffness[p.bodyB] += slopes.K_B;
      terms.damping[p.bodyB] += slopes.D_B;
    } else if (p.bodyA != 0) {
      terms.stiffness[p.bodyA] -= slopes.K_A;
      terms.damping[p.bodyA] -= slopes.D_A;
    }
  }
  return true;
}

// ---- hysteresis -------------------------------------------------------------------------------

int ContactForceSubsystem::slotOf(int a, int b) const {
  return a >= 0 && b >= 0 && a < getNumSurfaces() && b < getNumSurfaces() ? pairSlot_[pairIndex(a, b)] : -1;
}

Real ContactForceSubsystem::getReachedMaxPenetration(const State& state, int a, int b) const {
  requireTopology("getReachedMaxPenetration");
  const int slot = slotOf(a, b);
  return slot < 0 ? 0 : std::max(Real(0), state.getZ()[state.getZStart(getIndex()) + zStart_ + slot]);
}

void ContactForceSubsystem::setReachedMaxPenetration(State& state, int a, int b, Real depth) const {
  requireTopology("setReachedMaxPenetration");
  const int slot = slotOf(a, b);
  if (slot < 0)
    throw Error("ContactForceSubsystem '" + getName() + "': surfaces " + std::to_string(a) + " and " +
                std::to_string(b) + " are not a penalty pair");
  if (!(std::isfinite(depth) && depth >= 0)) {
    std::ostringstream os;
    os << "ContactForceSubsystem '" << getName() << "': reached maximum penetration " << depth
       << " m must be finite and >= 0";
    throw Error(os.str());
  }
  state.updZ()[state.getZStart(getIndex()) + zStart_ + slot] = depth;
}

// ż per penalty pair: follows the penetration while loading past the maximum, holds while below
// it, and relaxes at the recovery speed once the pair is apart (not detected, or x <= 0).
void ContactForceSubsystem::realizeAcceleration(State& s) const {
  if (numSlots_ == 0) return;
  Workspace& w = s.updCacheEntry<Workspace>(workspaceIndex_);
  const std::span<const Transform> X_GB = matter_->getBodyTransforms(s);
  const int start = s.getZStart(getIndex()) + zStart_;
  const Real* z = s.getZ().data() + start;
  Real* zdot = s.updZDot().data() + start;
  std::fill(w.slotDepth.begin(), w.slotDepth.end(), -std::numeric_limits<Real>::infinity());
  for (int k = 0; k < numSlots_; ++k) zdot[k] = z[k] > 0 ? -recoverySpeed_ : 0;
  for (const Prepared& p : w.contacts) {
    if (p.slot < 0 || !(p.depth > 0) || p.depth <= w.slotDepth[p.slot]) continue;
    w.slotDepth[p.slot] = p.depth;
    const Vec3 pA = X_GB[p.bodyA].p(), pB = X_GB[p.bodyB].p();
    const Vec3 vRel = stationVelocity(matter_->getBodyVelocity(s, p.bodyB), pB, p.point_G) -
                      stationVelocity(matter_->getBodyVelocity(s, p.bodyA), pA, p.point_G);
    const Real xdot = -vRel.dot(p.normal_G);
    zdot[p.slot] = p.depth >= z[p.slot] && xdot > 0 ? xdot : 0;
  }
}

// ---- events -----------------------------------------------------------------------------------

Real ContactForceSubsystem::calcSurfaceDistance(const State& state, int a, int b) const {
  requireTopology("calcSurfaceDistance");
  if (a < 0 || b < 0 || a >= getNumSurfaces() || b >= getNumSurfaces() || a == b)
    throw Error("ContactForceSubsystem '" + getName() + "': calcSurfaceDistance: surfaces " + std::to_string(a) +
                " and " + std::to_string(b) + " are not two distinct surfaces");
  if (geometry_.getShape(a).type() > geometry_.getShape(b).type()) std::swap(a, b);
  auto placed = [&](int i) {
    return PlacedShape{&geometry_.getShape(i),
                       matter_->getBodyTransform(state, geometry_.getBody(i)) * geometry_.getPoseInBody(i), i};
  };
  std::vector<ContactPoint> points;
  std::vector<MeshFaceContact> faces;
  collide(placed(a), placed(b), std::numeric_limits<Real>::max() / 4, points, faces);
  Real deepest = -std::numeric_limits<Real>::infinity();
  for (const ContactPoint& p : points) deepest = std::max(deepest, p.depth);
  for (const MeshFaceContact& f : faces) deepest = std::max(deepest, f.depth);
  return std::isfinite(deepest) ? -deepest : std::numeric_limits<Real>::max();
}

}  // namespace articula
