#include "articula/contact/ElasticFoundationLaw.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "articula/Error.h"
#include "articula/contact/ElasticFoundation.h"
#include "articula/contact/PointContact.h"
#include "articula/matter/MatterSubsystem.h"

namespace articula {

bool ElasticFoundationLaw::takesPair(const ContactSetup& setup, int a, int b) const {
  return setup.geometry.getShape(a).type() == ShapeType::TriangleMesh ||
         setup.geometry.getShape(b).type() == ShapeType::TriangleMesh;
}

void ElasticFoundationLaw::realizeTopology(State& state, const ContactSetup& setup) {
  matter_ = &setup.matter;
  geometry_ = &setup.geometry;
  surfaces_ = &setup.surfaces;
  name_ = &setup.name;
  transitionSpeed_ = setup.transitionSpeed;
  cacheIndex_ = state.allocateCacheEntry(setup.subsystem, Stage::Position, std::vector<Contact>(),
                                         setup.name + ".foundation");
}

PreparedContact ElasticFoundationLaw::prepareFaces(const State& s, std::span<const MeshFaceContact> faces, int begin,
                                                   int end) const {
  const int mesh = faces[begin].meshShape, other = faces[begin].otherShape;
  const std::vector<ContactSurface>& sf = *surfaces_;
  if (sf[other].penalty || sf[mesh].penalty)
    throw Error("ContactForceSubsystem '" + *name_ + "': surface '" + geometry_->getName(other) +
                "' has a penalty material and cannot meet mesh '" + geometry_->getName(mesh) +
                "' (give it a ContactMaterial, or exclude the pair)");
  Contact p;
  p.surfaceA = other;  // the normal pushes the mesh: the mesh is B
  p.surfaceB = mesh;
  p.bodyA = geometry_->getBody(other);
  p.bodyB = geometry_->getBody(mesh);
  const Real hMesh = sf[mesh].layerThickness > 0 ? sf[mesh].layerThickness : kDefaultLayerThickness;
  const Real hOther = sf[other].layerThickness > 0 ? sf[other].layerThickness : hMesh;
  p.foundation = combineFoundation(sf[other].material, hOther, sf[mesh].material, hMesh);
  p.friction = combineFriction(sf[other].material, sf[mesh].material);
  p.faceBegin = begin;
  p.faceEnd = end;
  p.depth = -std::numeric_limits<Real>::infinity();
  for (int f = begin; f < end; ++f) {
    p.depth = std::max(p.depth, faces[f].depth);
    if (faces[f].depth > 0) {
      p.elastic += p.foundation.stiffness * faces[f].area * faces[f].depth;
      p.potentialEnergy += 0.5 * p.foundation.stiffness * faces[f].area * faces[f].depth * faces[f].depth;
    }
  }
  std::vector<Contact>& all = contacts(s);
  all.push_back(p);
  return {static_cast<int>(all.size()) - 1, p.bodyA, p.bodyB, p.depth, p.potentialEnergy};
}

bool ElasticFoundationLaw::applyForce(const State& s, const ContactGeometry& detection, int index, ContactRecord& rec,
                                      std::vector<SpatialVec>& F) const {
  const Contact& p = contacts(s)[index];
  const std::span<const Transform> X_GB = matter_->getBodyTransforms(s);
  const std::vector<MeshFaceContact>& faces = detection.getMeshFaceContacts();
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
    const FoundationSpringForce spring = calcFoundationSpring(p.foundation, mu, fc.area, fc.depth, xdot, fc.n_G, vRel);
    patch.add(P, spring, fc.area);
    addForceAt(F, p.bodyB, pM, P, spring.force_G);
    addForceAt(F, p.bodyA, pO, P, -spring.force_G);
    normalSum += spring.normal * fc.n_G;
    rateSum += spring.normal * xdot;
    rec.power += spring.force_G.dot(vRel);
    rec.nonConservativePower += spring.force_G.dot(vRel) + p.foundation.stiffness * fc.area * fc.depth * xdot;
  }
  if (patch.getNumSprings() == 0) return false;
  rec.surfaceA = p.surfaceA, rec.surfaceB = p.surfaceB, rec.bodyA = p.bodyA, rec.bodyB = p.bodyB;
  rec.model = ContactModel::ElasticFoundation;
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

}  // namespace articula
