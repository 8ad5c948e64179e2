#include "articula/contact/ContactForceSubsystem.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "articula/Error.h"
#include "articula/contact/NarrowPhase.h"
#include "articula/contact/StribeckFriction.h"
#include "articula/matter/MultibodySystem.h"

namespace articula {

// The contacts of one State in detection order (the order the body forces are summed in), each
// with its law; the laws keep the rest.
struct ContactForceSubsystem::Workspace {
  struct Entry {
    int law = -1;
    PreparedContact contact;
  };
  ContactGeometry geometry;  // per State: detection buffers and warm starts are not shared
  std::vector<Entry> contacts;
  Real potentialEnergy = 0;
  TreeForceLinearization tree;  // addInForceJacobian's mapping to generalized coordinates
};

ContactForceSubsystem::ContactForceSubsystem(std::string name) : ForceSubsystem(std::move(name)) {
  laws_.push_back(std::make_unique<ElasticFoundationLaw>());
  auto penalty = std::make_unique<PenaltyContactLaw>();
  penalty_ = penalty.get();
  laws_.push_back(std::move(penalty));
  laws_.push_back(std::make_unique<HertzContactLaw>());
}

int ContactForceSubsystem::addSurface(int body, const Transform& X_BS, ContactShape shape,
                                      const ContactMaterial& material, std::string name) {
  requireNotFrozen("addSurface");
  material.validate();
  const int index = geometry_.addShape(body, X_BS, std::move(shape), std::move(name));
  ContactSurface s;
  s.material = material;
  surfaces_.push_back(std::move(s));
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
  ContactSurface s;
  s.penalty = true;
  s.material.name = material.name;
  s.penaltyMaterial = material;
  surfaces_.push_back(std::move(s));
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

ContactForceLaw& ContactForceSubsystem::addForceLaw(std::unique_ptr<ContactForceLaw> law) {
  requireNotFrozen("addForceLaw");
  if (!law) throw Error("ContactForceSubsystem '" + getName() + "': addForceLaw: no law");
  laws_.insert(laws_.begin(), std::move(law));
  return *laws_.front();
}

const ContactForceLaw* ContactForceSubsystem::getForceLaw(int a, int b) const {
  requireTopology("getForceLaw");
  const int n = getNumSurfaces();
  if (a < 0 || b < 0 || a >= n || b >= n) return nullptr;
  const int law = pairLaw_[a * n + b];
  return law < 0 ? nullptr : laws_[law].get();
}

void ContactForceSubsystem::requireTopology(const char* what) const {
  if (!matter_)
    throw Error("ContactForceSubsystem '" + getName() + "': " + what + " before the System's realizeTopology()");
}

// ---- Topology: the body tree, each pair's law, State resources --------------------------------

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
  const ContactSetup setup{getName(), getIndex(),       *matter_,       geometry_,
                           surfaces_, transitionSpeed_, maximumRadius_, recoverySpeed_};
  for (const auto& law : laws_) law->realizeTopology(state, setup);
  dispatchPairs(setup);
  Workspace w;
  w.geometry = geometry_;
  workspaceIndex_ = state.allocateCacheEntry(getIndex(), Stage::Position, std::move(w), getName() + ".detection");
  ContactReport r;
  r.bodyForces_G.assign(nb, SpatialVec::Zero());
  reportIndex_ = state.allocateCacheEntry(getIndex(), Stage::Dynamics, std::move(r), getName() + ".report");
}

// Each pair of surfaces on two bodies goes to the first law that takes it, once (the built-in
// Hertz and penalty laws between them take every pair).
void ContactForceSubsystem::dispatchPairs(const ContactSetup& setup) {
  const int n = getNumSurfaces();
  pairLaw_.assign(static_cast<size_t>(n) * n, -1);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      if (geometry_.getBody(i) == geometry_.getBody(j)) continue;
      int law = 0;
      while (!laws_[law]->takesPair(setup, i, j)) ++law;
      pairLaw_[i * n + j] = pairLaw_[j * n + i] = law;
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
  for (const auto& law : laws_) law->clearContacts(s);
  w.contacts.clear();
  w.potentialEnergy = 0;
  const int n = getNumSurfaces();
  for (const ContactPoint& cp : points) {
    const int law = pairLaw_[cp.shapeA * n + cp.shapeB];
    w.contacts.push_back({law, laws_[law]->preparePoint(s, cp)});
    w.potentialEnergy += w.contacts.back().contact.potentialEnergy;
  }
  prepareFoundations(s, w);
}

// Groups the mesh face contacts by (mesh, other) pair: one contact each.
void ContactForceSubsystem::prepareFoundations(const State& s, Workspace& w) const {
  const std::vector<MeshFaceContact>& faces = w.geometry.getMeshFaceContacts();
  const int n = getNumSurfaces();
  size_t i = 0;
  while (i < faces.size()) {
    size_t j = i;
    while (j < faces.size() && faces[j].meshShape == faces[i].meshShape && faces[j].otherShape == faces[i].otherShape)
      ++j;
    const int law = pairLaw_[faces[i].meshShape * n + faces[i].otherShape];
    w.contacts.push_back({law, laws_[law]->prepareFaces(s, faces, static_cast<int>(i), static_cast<int>(j))});
    w.potentialEnergy += w.contacts.back().contact.potentialEnergy;
    i = j;
  }
}

int ContactForceSubsystem::getNumContacts(const State& state) const {
  int n = 0;
  for (const Workspace::Entry& e : workspace(state).contacts) n += e.contact.depth > 0 ? 1 : 0;
  return n;
}

Real ContactForceSubsystem::calcPotentialEnergy(const State& state) const { return workspace(state).potentialEnergy; }

// ---- Dynamics: forces and the report -----------------------------------------------------------

void ContactForceSubsystem::addInForces(const State& s, std::vector<SpatialVec>& bodyForces_G, Vector&) const {
  const Workspace& w = workspace(s);
  ContactReport& r = s.updCacheEntry<ContactReport>(reportIndex_);
  r.contacts.clear();
  for (auto& F : r.bodyForces_G) F.setZero();
  r.potentialEnergy = w.potentialEnergy;
  r.power = r.nonConservativePower = 0;
  for (const Workspace::Entry& e : w.contacts) {
    if (!(e.contact.depth > 0)) continue;
    ContactRecord rec;
    if (!laws_[e.law]->applyForce(s, w.geometry, e.contact.index, rec, r.bodyForces_G)) continue;
    r.power += rec.power;
    r.nonConservativePower += rec.nonConservativePower;
    r.contacts.push_back(rec);
  }
  for (size_t b = 0; b < r.bodyForces_G.size(); ++b) bodyForces_G[b] += r.bodyForces_G[b];
}

const ContactReport& ContactForceSubsystem::getReport(const State& state) const {
  requireTopology("getReport");
  return state.getCacheEntry<ContactReport>(reportIndex_);
}

// ---- linearization for implicit integrators ----------------------------------------------------

// Per point contact the law's linearization becomes slopes of the contact wrench, which
// TreeForceLinearization maps to D and K with the convective and geometric terms of the tree.
// Without those the steps of a fall were 2.8× as many: friction near sticking is a steep damper,
// and at fixed u the contact point's velocity changes with q. Laws without a Jacobian (the
// elastic foundation) are left out.
void ContactForceSubsystem::addInForceJacobian(const State& s, Matrix& D, Matrix& K) const {
  Workspace& w = s.updCacheEntry<Workspace>(workspaceIndex_);
  bool prepared = false;
  for (const Workspace::Entry& e : w.contacts) {
    const ContactForceLaw& law = *laws_[e.law];
    if (!(e.contact.depth > 0) || !law.contributesJacobian()) continue;
    if (!prepared) w.tree.prepare(*matter_, s), prepared = true;
    SpatialVec W_B;
    WrenchSlopes slopes;
    if (law.linearizeWrench(s, e.contact.index, w.tree, W_B, slopes))
      w.tree.addWrench(e.contact.bodyB, e.contact.bodyA, W_B, slopes, D, K);
  }
}

// Contact with Ground: the wrench on the moving body is W_B (B moving) or −W_B (A moving), a body
// term. Contact between two moving bodies: a pair term.
bool ContactForceSubsystem::addInTreeJacobian(const State& s, TreeJacobianTerms& terms) const {
  const Workspace& w = workspace(s);
  for (const Workspace::Entry& e : w.contacts) {
    const ContactForceLaw& law = *laws_[e.law];
    if (!(e.contact.depth > 0) || !law.contributesJacobian()) continue;
    SpatialVec W_B;
    WrenchSlopes slopes;
    if (!law.linearizeWrench(s, e.contact.index, *terms.tree, W_B, slopes)) continue;
    const int bodyA = e.contact.bodyA, bodyB = e.contact.bodyB;
    if (bodyA != 0 && bodyB != 0) {
      terms.pairs.push_back(WrenchPairTerm{bodyB, bodyA, slopes});
    } else if (bodyB != 0) {
      terms.stiffness[bodyB] += slopes.K_B;
      terms.damping[bodyB] += slopes.D_B;
    } else if (bodyA != 0) {
      terms.stiffness[bodyA] -= slopes.K_A;
      terms.damping[bodyA] -= slopes.D_A;
    }
  }
  return true;
}

// ---- hysteresis -------------------------------------------------------------------------------

Real ContactForceSubsystem::getReachedMaxPenetration(const State& state, int a, int b) const {
  requireTopology("getReachedMaxPenetration");
  return penalty_->getReachedMax(state, a, b);
}

void ContactForceSubsystem::setReachedMaxPenetration(State& state, int a, int b, Real depth) const {
  requireTopology("setReachedMaxPenetration");
  if (!penalty_->hasPair(a, b))
    throw Error("ContactForceSubsystem '" + getName() + "': surfaces " + std::to_string(a) + " and " +
                std::to_string(b) + " are not a penalty pair");
  if (!(std::isfinite(depth) && depth >= 0)) {
    std::ostringstream os;
    os << "ContactForceSubsystem '" << getName() << "': reached maximum penetration " << depth
       << " m must be finite and >= 0";
    throw Error(os.str());
  }
  penalty_->setReachedMax(state, a, b, depth);
}

void ContactForceSubsystem::realizeAcceleration(State& s) const {
  for (const auto& law : laws_) law->realizeAcceleration(s);
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
